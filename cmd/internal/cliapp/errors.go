package cliapp

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// Exit statuses of plylab.
const (
	ExitOK       = 0
	ExitFailure  = 1 // the command ran but failed
	ExitUsage    = 2 // the command line was wrong: bad flag, value, name, FEN...
	ExitInternal = 3 // a panic reached the app: a bug
)

// UsageError is an error in what the user typed. It makes plylab exit with
// status 2. Its message says what was wrong; the hint says what to do. When
// a command returns a UsageError without a hint, the app adds
// "run 'plylab CMD --help' for usage". Make one with Usagef, NewUsage or
// CompleteUsage.
type UsageError struct {
	msg  string // what was wrong (may already end in "; what to do")
	hint string // what to do, or ""
	err  error  // wrapped error, for errors.Is/As (may be nil)
	// complete means msg already says what to do: add no hint.
	complete bool
}

// Error returns the message, followed by "; hint" when there is a hint.
func (e *UsageError) Error() string {
	if e.hint == "" {
		return e.msg
	}
	return e.msg + "; " + e.hint
}

// Unwrap returns the wrapped error, or nil.
func (e *UsageError) Unwrap() error { return e.err }

// Usagef returns a usage error (exit status 2). The format may use %w to
// wrap another error. Write it as "<what was wrong>; <what to do>"; if the
// message has no "; <what to do>" part the app appends a pointer to the
// command's --help.
//
//	return Usagef("--depth must be between 1 and 12, got %d; try --depth 5", d)
func Usagef(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &UsageError{msg: err.Error(), err: err}
}

// NewUsage returns a usage error saying msg, then "; hint" when hint is not
// empty, and wrapping err (which may be nil).
func NewUsage(msg, hint string, err error) error {
	return &UsageError{msg: msg, hint: hint, err: err}
}

// CompleteUsage returns a usage error whose msg already says what to do:
// the app adds no hint to it. It wraps err, which may be nil.
func CompleteUsage(msg string, err error) error {
	return &UsageError{msg: msg, err: err, complete: true}
}

// WithHint returns err as a usage error carrying hint when err is a usage
// error without a "what to do" part; other errors are returned unchanged.
// Unknown names from the positions package (positions.ErrUnknown) are
// usage errors too.
func WithHint(err error, hint string) error {
	if err == nil {
		return nil
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		if ue.hint != "" || ue.complete || strings.Contains(ue.msg, "; ") {
			return err
		}
		return &UsageError{msg: err.Error(), hint: hint, err: err}
	}
	if errors.Is(err, positions.ErrUnknown) {
		return LookupError(err)
	}
	return err
}

// LookupError makes an error from the positions package (unknown position,
// suite or id) a usage error. Its message is kept as is when it already
// tells what to do (it usually says: try "plylab positions list");
// otherwise a pointer to `plylab positions list` is added.
func LookupError(err error) error {
	return LookupErrorHint(err, "run 'plylab positions list' to see what is available")
}

// LookupErrorHint is LookupError with a specific hint.
func LookupErrorHint(err error, hint string) error {
	if err == nil {
		return nil
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		return err
	}
	if !errors.Is(err, positions.ErrUnknown) {
		return err // e.g. a broken embedded suite: not the user's fault
	}
	msg := output.OneLine(err.Error())
	if strings.Contains(msg, "positions list") || strings.Contains(msg, "; ") {
		return &UsageError{msg: msg, err: err, complete: true}
	}
	return &UsageError{msg: msg, hint: hint, err: err}
}

// SuiteIDError is LookupError for an unknown --id in suite.
func SuiteIDError(err error, suite string) error {
	return LookupErrorHint(err, fmt.Sprintf("run 'plylab positions show %s' to list its ids", suite))
}

// ErrStop ends a run early and successfully (e.g. after --version).
var ErrStop = errors.New("stop")

// IsUsageError reports whether err should make plylab exit with status 2.
func IsUsageError(err error) bool {
	var ue *UsageError
	return errors.As(err, &ue) || errors.Is(err, positions.ErrUnknown) || errors.Is(err, output.ErrUsage)
}

// ExitStatus maps an error returned by a command to the process exit
// status and the single line printed on stderr ("" for none).
func ExitStatus(err error) (int, string) {
	switch {
	case err == nil, errors.Is(err, ErrStop):
		return ExitOK, ""
	case IsUsageError(err):
		err = WithHint(err, "run 'plylab --help' for usage")
		return ExitUsage, "plylab: " + output.OneLine(err.Error())
	case errors.Is(err, context.Canceled):
		return ExitFailure, "plylab: interrupted; the command was stopped before it finished"
	case errors.Is(err, context.DeadlineExceeded):
		return ExitFailure, "plylab: stopped at its time limit before it finished"
	default:
		return ExitFailure, "plylab: " + output.OneLine(err.Error())
	}
}

// ReadError words err, the error of opening the file path that --flag
// names for reading: a usage error when the file does not exist
// (`--FLAG: file "PATH" does not exist; check the path` and then hint,
// e.g. " (save games with ...)"), else `--FLAG: cannot read PATH: CAUSE`
// (textfmt.PathCause).
func ReadError(flag, path string, err error, hint string) error {
	if errors.Is(err, fs.ErrNotExist) {
		return Usagef("--%s: file %q does not exist; check the path%s", flag, path, hint)
	}
	return fmt.Errorf("--%s: cannot read %s: %w", flag, path, textfmt.PathCause(err))
}

// RejectArgs rejects positional arguments, for commands that take none;
// example is a command line to show instead.
func RejectArgs(c *cli.Context, example string) error {
	if c.NArg() > 0 {
		return Usagef("unexpected argument %q; options are flags, e.g. %s", c.Args().First(), example)
	}
	return nil
}
