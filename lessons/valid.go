package lessons

import (
	"fmt"
)

// One notion of a valid lesson. `lesson check` refuses a lesson whose
// prose states a number or a move it does not read from an output, quote
// or bind, or whose assertion does not hold; `lesson run`, `lesson
// export` and `lesson serve` refuse the same lessons, with the same
// file:line lines, because they ask the same question here (Problems,
// which Check uses too). A draft (their --draft) is shown anyway, marked
// as not checked.

// ProseError is a lesson whose prose `lesson check` refuses: each issue
// at its file and line.
type ProseError struct {
	Lesson *Lesson
	Issues []ProseIssue
}

// Error names the lesson and how many problems it has; Lines has them.
func (e *ProseError) Error() string {
	return fmt.Sprintf("%s states %s without a source", e.Lesson.File, issueCount(len(e.Issues)))
}

// Lines are the problems, one "file:line: ..." line each, then the hint
// `lesson check` prints after them.
func (e *ProseError) Lines() []string {
	out := make([]string, 0, len(e.Issues)+1)
	for _, i := range e.Issues {
		out = append(out, i.Error())
	}
	return append(out, ProseHint)
}

func issueCount(n int) string {
	if n == 1 {
		return "a number or move"
	}
	return fmt.Sprintf("%d numbers or moves", n)
}

// Problems are the issues `lesson check` finds in the prose of a lesson
// run: with its result (r), every number and move without a source
// (LintResult); for a run that stopped (runErr), only the numbers, since
// the names a move may be bound to have no values.
func Problems(l *Lesson, r *Result, runErr error) []ProseIssue {
	if runErr != nil || r == nil {
		var out []ProseIssue
		for _, i := range LintProse(l) {
			if !i.Move {
				out = append(out, i)
			}
		}
		return out
	}
	return LintResult(r)
}

// Validate returns a *ProseError when Problems finds any, nil when the
// prose passes.
func Validate(l *Lesson, r *Result, runErr error) error {
	if issues := Problems(l, r, runErr); len(issues) > 0 {
		return &ProseError{Lesson: l, Issues: issues}
	}
	return nil
}

// ValidateBefore is Validate before the lesson runs: the numbers of its
// prose (its moves need the values of a run). A command that shows a
// lesson as it runs refuses here first, then asks Validate at the end.
func ValidateBefore(l *Lesson) error { return Validate(l, nil, errNotRun) }

// errNotRun stands for a run that has not happened yet.
var errNotRun = fmt.Errorf("not run")

// DraftNote is what a draft's page or terminal says about it: that it
// is not checked, and how many of its statements lack a source.
func (e *ProseError) DraftNote() string {
	n := len(e.Issues)
	return fmt.Sprintf("Draft, not checked: plylab lesson check refuses this lesson, because %d %s of its prose %s no source.",
		n, plural(n, "statement", "statements"), plural(n, "has", "have"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Results are the results of runs for an export: an error for a lesson
// that did not run to the end, a *ProseError for the first whose prose
// `lesson check` refuses, unless draft, when the problems of each such
// lesson are returned by lesson instead, for its page to show.
func Results(runs []LessonRun, draft bool) ([]*Result, map[*Lesson]*ProseError, error) {
	results := make([]*Result, 0, len(runs))
	problems := map[*Lesson]*ProseError{}
	for _, r := range runs {
		if r.Err != nil {
			return nil, nil, fmt.Errorf("lesson %s did not run to the end: %w", r.Lesson.Slug, r.Err)
		}
		if err := Validate(r.Lesson, r.Result, nil); err != nil {
			if !draft {
				return nil, nil, err
			}
			problems[r.Lesson] = err.(*ProseError)
		}
		results = append(results, r.Result)
	}
	return results, problems, nil
}
