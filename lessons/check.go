package lessons

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// CheckOptions say where the golden transcripts of a check are and whether
// the check compares with them or records them anew.
type CheckOptions struct {
	// GoldenDir holds the built-in lessons' transcripts on disk
	// (lessons/testdata in the source tree); a lesson file's transcript
	// is always the file next to it (see GoldenPath).
	GoldenDir string
	// ReadGoldenDir makes built-in lessons compare with the files in
	// GoldenDir instead of the copies compiled into the program.
	ReadGoldenDir bool
	// Update writes each transcript to its golden path instead of
	// comparing.
	Update bool
}

// CheckStatus is how one lesson fared in a check.
type CheckStatus int

// The outcomes of checking one lesson.
const (
	CheckOK       CheckStatus = iota // the transcript matches its golden copy
	CheckWrote                       // Update: the transcript was written to Path
	CheckRunError                    // the lesson did not run to the end (Err)
	CheckNoGolden                    // there is no golden transcript at Path
	CheckDiffers                     // the transcript differs (Diff)
	// CheckProse: the prose states numbers or moves without a source
	// (Prose); with Update nothing was written.
	CheckProse
)

// CheckResult is the verdict on one lesson of a check.
type CheckResult struct {
	Lesson  *Lesson
	Status  CheckStatus
	Path    string        // the golden transcript's path on disk
	Elapsed time.Duration // how long the lesson's cells took to run
	Err     error         // CheckRunError: why the lesson stopped
	Diff    *Difference   // CheckDiffers: where the transcripts part
	// Prose are the numbers and moves of the prose without a source
	// (LintResult), whatever the status; any of them fails the check.
	Prose []ProseIssue
}

// Failed reports whether the result counts against the check.
func (r CheckResult) Failed() bool {
	return r.Status == CheckRunError || r.Status == CheckNoGolden || r.Status == CheckDiffers || r.Status == CheckProse || len(r.Prose) > 0
}

// Check compares (or with Update, records) the transcripts of lessons run
// by RunMany, one result per run in the same order, and lints their prose
// (LintResult): a number or move without a source fails the lesson, and
// Update does not write the transcript of a lesson whose prose fails, nor
// of one that stopped (an assertion of its prose that no longer holds
// stops it). Its error is only a failure to write a golden file; the
// verdicts are in the results.
func Check(runs []LessonRun, opt CheckOptions) ([]CheckResult, error) {
	out := make([]CheckResult, 0, len(runs))
	for _, run := range runs {
		l := run.Lesson
		r := CheckResult{Lesson: l, Path: GoldenPath(l, opt.GoldenDir)}
		if run.Err != nil {
			r.Status, r.Err = CheckRunError, run.Err
			r.Prose = Problems(l, nil, run.Err) // numbers only: the names have no values
			out = append(out, r)
			continue
		}
		r.Elapsed = run.Result.Elapsed
		r.Prose = Problems(l, run.Result, nil)
		if len(r.Prose) > 0 {
			r.Status = CheckProse
			out = append(out, r)
			continue
		}
		got := run.Result.Transcript()
		if opt.Update {
			if err := os.WriteFile(r.Path, []byte(got), 0o644); err != nil {
				return out, err
			}
			r.Status = CheckWrote
			out = append(out, r)
			continue
		}
		want, ok := "", false
		if l.Path == "" && !opt.ReadGoldenDir {
			want, ok = Golden(l)
		} else if b, err := os.ReadFile(r.Path); err == nil {
			want, ok = string(b), true
		}
		switch {
		case !ok:
			r.Status = CheckNoGolden
		default:
			if r.Diff = CompareTranscripts(l, got, want); r.Diff != nil {
				r.Status = CheckDiffers
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// GoldenFolderError is why an update of golden transcripts cannot write
// one: the folder of Path does not exist.
type GoldenFolderError struct {
	Path   string // the golden transcript to write
	Folder string // its folder, missing
}

func (e *GoldenFolderError) Error() string {
	return fmt.Sprintf("cannot write %s: folder %s does not exist", e.Path, e.Folder)
}

// UpdateFolderError returns a *GoldenFolderError when an Update check of
// ls could not write a golden transcript because its folder does not
// exist, naming the first such file; nil when every folder is there.
func UpdateFolderError(ls []*Lesson, goldenDir string) error {
	for _, l := range ls {
		path := GoldenPath(l, goldenDir)
		if d := filepath.Dir(path); !isDir(d) {
			return &GoldenFolderError{Path: path, Folder: d}
		}
	}
	return nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// LessonRef is how a person names l on the command line: its file for a
// lesson file, else its number.
func LessonRef(l *Lesson) string {
	if l.Path != "" {
		return l.Path
	}
	return strconv.Itoa(l.Number)
}

// ExportFormat returns the export format name for what a person typed:
// "html", or "md" (also for "markdown"); ok is false for anything else.
func ExportFormat(name string) (format string, ok bool) {
	switch name {
	case "html":
		return "html", true
	case "md", "markdown":
		return "md", true
	}
	return "", false
}

// ExportRuns writes the lessons of runs (from RunMany) as notebooks in
// format "html" or "md" into dir. It returns the files written and the
// path of the index page. A run that stopped early is an error naming
// its lesson, and so is a lesson whose prose `lesson check` refuses (a
// *ProseError), unless opt.Draft; then nothing is written.
func ExportRuns(dir, format string, runs []LessonRun, opt ExportOptions) (files []string, index string, err error) {
	results, problems, err := Results(runs, opt.Draft)
	if err != nil {
		return nil, "", err
	}
	opt.Problems = problems
	switch format {
	case "html":
		files, err = ExportHTML(dir, results, opt)
	case "md":
		files, err = ExportMarkdown(dir, results, opt)
	default:
		return nil, "", fmt.Errorf("unknown export format %q; use html or md", format)
	}
	if err != nil {
		return nil, "", err
	}
	return files, filepath.Join(dir, "index."+format), nil
}
