package lessons

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// What the lesson commands do between their flags and their output: a
// lesson run in a terminal (RunInTerminal), many lessons checked or
// exported at once (Batch), and the lines they print. The CLI parses the
// flags, fills these values and passes its streams, colour and progress
// line.

// Progress is a transient status line, such as the CLI's progress line on
// a terminal's stderr.
type Progress interface {
	// Update redraws the line with the formatted text.
	Update(format string, args ...any)
	// Done clears the line.
	Done()
}

// RunOptions are one `lesson run`: the lesson, how the person named it,
// where its pictures go and what runs its cells.
type RunOptions struct {
	Lesson *Lesson
	// Ref is the lesson as the person named it ("3", "alphabeta", a
	// file), repeated in the hints printed for them.
	Ref string
	// Files keeps the pictures the cells draw in this folder; "" keeps
	// them in memory for the run only.
	Files string
	// Run runs one command of a cell.
	Run RunFunc
	// Draft shows a lesson whose prose `lesson check` refuses, saying it
	// is not checked and listing the problems at the end; without it,
	// RunInTerminal refuses such a lesson (a *ProseError).
	Draft bool
}

// RunInTerminal runs o's lesson and presents it on t, whose KeepDir and
// ExportHint it sets from o. Typing q at a pause prints how to continue
// and is no error. When ctx ended, the error is ctx's; a failing cell's is
// an *Error with its file and line.
func RunInTerminal(ctx context.Context, t *Terminal, o RunOptions) error {
	files, cleanup, err := PictureFolder(o.Files)
	if err != nil {
		return err
	}
	defer cleanup()
	t.KeepDir = o.Files
	t.ExportHint = fmt.Sprintf("plylab lesson export %s --format html -o site", o.Ref)
	// The numbers of the prose are judged before anything is shown, its
	// moves once the cells have run: the check's two steps.
	var pe *ProseError
	if errors.As(ValidateBefore(o.Lesson), &pe) {
		if !o.Draft {
			return pe
		}
		fmt.Fprintln(t.Out, t.paint("1;33", pe.DraftNote()+" Its problems are listed at the end."))
	}
	res, err := t.present(NewSession(o.Lesson, o.Run, files))
	if err == nil && errors.As(Validate(o.Lesson, res, nil), &pe) {
		if !o.Draft {
			return pe
		}
		fmt.Fprintln(t.Out)
		fmt.Fprintln(t.Out, t.paint("1;33", pe.DraftNote()))
		for _, line := range pe.Lines() {
			fmt.Fprintln(t.Out, "  "+line)
		}
	}
	if errors.Is(err, ErrQuit) {
		fmt.Fprintln(t.Out, "Stopped. Continue another time with: plylab lesson run "+o.Ref)
		return nil
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Batch is many lessons run at once, as `lesson check` and `lesson export`
// run them.
type Batch struct {
	Lessons []*Lesson
	// NewRun returns what runs one command of a cell under ctx.
	NewRun func(ctx context.Context) RunFunc
	// Jobs is how many lessons run at once.
	Jobs int
	// Progress shows how many lessons are done while they run (nil: no
	// progress line).
	Progress Progress
}

// WithProgress is b showing its progress on p.
func (b Batch) WithProgress(p Progress) Batch {
	b.Progress = p
	return b
}

// progress returns the RunMany callback that shows "verb: N of M done
// (slug)" on b's progress line, or nil without one.
func (b Batch) progress(verb string) func(done int, l *Lesson) {
	if b.Progress == nil {
		return nil
	}
	return func(done int, l *Lesson) {
		b.Progress.Update("%s: %d of %d done (%s)", verb, done, len(b.Lessons), l.Slug)
	}
}

// done clears b's progress line.
func (b Batch) done() {
	if b.Progress != nil {
		b.Progress.Done()
	}
}

// Check runs b's lessons and checks their transcripts (CheckAll with opt),
// writes each lesson's verdict to w (CheckResult.Report), and ends with
// the line of a passing check (not after an update). A check where some
// lessons fail returns CheckFailed's error.
func (b Batch) Check(ctx context.Context, w io.Writer, opt CheckOptions, paint textfmt.Paint) error {
	start := time.Now()
	results, failed, err := CheckAll(ctx, b.Lessons, b.NewRun, b.Jobs, opt, b.progress("checking lessons"))
	b.done()
	for _, r := range results {
		r.Report(w, paint)
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return CheckFailed(failed, len(b.Lessons))
	}
	if !opt.Update {
		fmt.Fprintln(w, CheckPassed(len(b.Lessons), textfmt.Duration(time.Since(start))))
	}
	return nil
}

// Report writes r as `lesson check` prints it: "ok" with the lesson, its
// cells and time; "wrote" with the transcript written; or "FAIL" with the
// lesson and, on the lines after it, why.
func (r CheckResult) Report(w io.Writer, paint textfmt.Paint) {
	l := r.Lesson
	fail := paint(textfmt.StyleBad, "FAIL")
	switch r.Status {
	case CheckRunError:
		fmt.Fprintf(w, "%s %s\n  %s\n", fail, l.Slug, textfmt.OneLine(r.Err.Error()))
	case CheckProse:
		fmt.Fprintf(w, "%s %s\n", fail, l.Slug)
	case CheckWrote:
		fmt.Fprintf(w, "%s %s (%s, %s)\n", paint(textfmt.StyleWarn, "wrote"), r.Path, textfmt.Plural(len(l.Cells), "cell"), textfmt.Duration(r.Elapsed))
	case CheckNoGolden:
		fmt.Fprintf(w, "%s %s\n  no golden transcript %s; record one with: plylab lesson check %s --update\n", fail, l.Slug, r.Path, LessonRef(l))
	case CheckDiffers:
		fmt.Fprintf(w, "%s %s\n%s\n", fail, l.Slug, textfmt.Indent(r.Diff.Summary(l.File), "  "))
	default:
		fmt.Fprintf(w, "%s   %s (%s, %s)\n", paint(textfmt.StyleGood, "ok"), l.Slug, textfmt.Plural(len(l.Cells), "cell"), textfmt.Duration(r.Elapsed))
	}
	for _, i := range r.Prose {
		fmt.Fprintf(w, "  %s\n", i.Error())
	}
	if len(r.Prose) > 0 {
		fmt.Fprintf(w, "  %s\n", ProseHint)
	}
	if r.Status == CheckProse && r.Path != "" {
		fmt.Fprintf(w, "  %s was not compared or written: the prose must pass first\n", r.Path)
	}
}

// Export runs b's lessons and writes them as notebooks in format into dir
// (ExportAll with opt), then says on w what it wrote and, for HTML, how to
// open it.
func (b Batch) Export(ctx context.Context, w io.Writer, dir, format string, opt ExportOptions) error {
	files, index, err := ExportAll(ctx, b.Lessons, b.NewRun, b.Jobs, b.progress("running lessons"), dir, format, opt)
	b.done()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s and %s (%d files in %s)\n", textfmt.Plural(len(b.Lessons), "lesson"), index, len(files), dir)
	if format == "html" {
		fmt.Fprintf(w, "open %s in a browser; the pages work offline\n", index)
	}
	return nil
}
