package lessons

import (
	"context"
	"fmt"
	"os"

	"github.com/plylab/plylab/lessons/sandbox"
)

// A whole `lesson check`: run the lessons, compare (or record) their
// transcripts, and the verdict over all of them.

// CheckAll runs ls with RunMany (jobs at once, progress after each) and
// checks their transcripts with Check. It returns one result per lesson
// and how many failed; its error is RunMany's or Check's (a golden file
// that could not be written), and results come back with the latter.
func CheckAll(ctx context.Context, ls []*Lesson, newRun func(context.Context) RunFunc, jobs int, opt CheckOptions, progress func(done int, l *Lesson)) (results []CheckResult, failed int, err error) {
	runs, err := RunMany(ctx, ls, newRun, jobs, progress)
	if err != nil {
		return nil, 0, err
	}
	results, err = Check(runs, opt)
	for _, r := range results {
		if r.Failed() {
			failed++
		}
	}
	return results, failed, err
}

// CheckFailedError is the error of a check where Failed of Total lessons
// differ from their golden transcripts, did not run, or state numbers or
// moves without a source (cmd words what to do about it).
type CheckFailedError struct {
	Failed, Total int
}

// Error says how many lessons failed and in which ways they can.
func (e *CheckFailedError) Error() string {
	return fmt.Sprintf("%d of %d lessons differ from their golden transcripts, fail to run, or state numbers or moves without a source", e.Failed, e.Total)
}

// CheckFailed is the *CheckFailedError of failed of total lessons.
func CheckFailed(failed, total int) error { return &CheckFailedError{Failed: failed, Total: total} }

// CheckPassed is the line a passing check ends with; took is how long it
// took, as the caller formats durations.
func CheckPassed(total int, took string) string {
	if total == 1 {
		return fmt.Sprintf("the lesson matches its golden transcript (%s)", took)
	}
	return fmt.Sprintf("all %d lessons match their golden transcripts (%s)", total, took)
}

// ExportAll runs ls with RunMany (jobs at once, progress after each) and
// writes them with ExportRuns in format into dir, returning the files
// written and the index page.
func ExportAll(ctx context.Context, ls []*Lesson, newRun func(context.Context) RunFunc, jobs int, progress func(done int, l *Lesson), dir, format string, opt ExportOptions) (files []string, index string, err error) {
	runs, err := RunMany(ctx, ls, newRun, jobs, progress)
	if err != nil {
		return nil, "", err
	}
	return ExportRuns(dir, format, runs, opt)
}

// PictureFolder is the folder the cells of a lesson run draw into: keep,
// created if missing, when given (cleanup closes it and leaves the
// pictures), else a folder in memory.
func PictureFolder(keep string) (files sandbox.Folder, cleanup func(), err error) {
	if keep == "" {
		return sandbox.NewMemory(sandbox.Quota{}), func() {}, nil
	}
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return nil, func() {}, err
	}
	d, err := sandbox.OpenDir(keep, sandbox.Quota{})
	if err != nil {
		return nil, func() {}, err
	}
	return d, func() { d.Close() }, nil
}
