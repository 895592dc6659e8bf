package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// Exit codes.
const (
	exitOK       = 0
	exitFailure  = 1 // the command ran but failed
	exitUsage    = 2 // the command line was wrong: bad flag, value, name, FEN...
	exitInternal = 3 // a panic reached runWith: a bug
)

// usageError is an error in what the user typed. It makes plylab exit with
// status 2. Its message says what was wrong; the hint says what to do. When
// a command returns a usageError without a hint, the app adds
// "run 'plylab CMD --help' for usage".
type usageError struct {
	msg  string // what was wrong (may already end in "; what to do")
	hint string // what to do, or ""
	err  error  // wrapped error, for errors.Is/As (may be nil)
	// complete means msg already says what to do: add no hint.
	complete bool
}

func (e *usageError) Error() string {
	if e.hint == "" {
		return e.msg
	}
	return e.msg + "; " + e.hint
}

func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usage error (exit status 2). The format may use %w to
// wrap another error. Write it as "<what was wrong>; <what to do>"; if the
// message has no "; <what to do>" part the app appends a pointer to the
// command's --help.
//
//	return usagef("--depth must be between 1 and 12, got %d; try --depth 5", d)
func usagef(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &usageError{msg: err.Error(), err: err}
}

// withHint returns err as a usage error carrying hint when err is a usage
// error without a "what to do" part; other errors are returned unchanged.
// Unknown names from the positions package (positions.ErrUnknown) are
// usage errors too.
func withHint(err error, hint string) error {
	if err == nil {
		return nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		if ue.hint != "" || ue.complete || strings.Contains(ue.msg, "; ") {
			return err
		}
		return &usageError{msg: err.Error(), hint: hint, err: err}
	}
	if errors.Is(err, positions.ErrUnknown) {
		return lookupError(err)
	}
	return err
}

// lookupError makes an error from the positions package (unknown position,
// suite or id) a usage error. Its message is kept as is when it already
// tells what to do (it usually says: try "plylab positions list");
// otherwise a pointer to `plylab positions list` is added.
func lookupError(err error) error {
	return lookupErrorHint(err, "run 'plylab positions list' to see what is available")
}

// lookupErrorHint is lookupError with a specific hint.
func lookupErrorHint(err error, hint string) error {
	if err == nil {
		return nil
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	if !errors.Is(err, positions.ErrUnknown) {
		return err // e.g. a broken embedded suite: not the user's fault
	}
	msg := output.OneLine(err.Error())
	if strings.Contains(msg, "positions list") || strings.Contains(msg, "; ") {
		return &usageError{msg: msg, err: err, complete: true}
	}
	return &usageError{msg: msg, hint: hint, err: err}
}

// suiteIDError is lookupError for an unknown --id in suite.
func suiteIDError(err error, suite string) error {
	return lookupErrorHint(err, fmt.Sprintf("run 'plylab positions show %s' to list its ids", suite))
}

// errStop ends a run early and successfully (e.g. after --version).
var errStop = errors.New("stop")

// isUsageError reports whether err should make plylab exit with status 2.
func isUsageError(err error) bool {
	var ue *usageError
	return errors.As(err, &ue) || errors.Is(err, positions.ErrUnknown) || errors.Is(err, output.ErrUsage)
}

// exitStatus maps an error returned by a command to the process exit status
// and the single line printed on stderr ("" for none).
func exitStatus(err error) (int, string) {
	switch {
	case err == nil, errors.Is(err, errStop):
		return exitOK, ""
	case isUsageError(err):
		err = withHint(err, "run 'plylab --help' for usage")
		return exitUsage, "plylab: " + output.OneLine(err.Error())
	case errors.Is(err, context.Canceled):
		return exitFailure, "plylab: interrupted; the command was stopped before it finished"
	default:
		return exitFailure, "plylab: " + output.OneLine(err.Error())
	}
}

// pathErrCause drops the "open PATH:" prefix of an *fs.PathError when
// the message names the path already.
func pathErrCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// rejectArgs rejects positional arguments, which these commands do not take.
func rejectArgs(c *cli.Context, example string) error {
	if c.NArg() > 0 {
		return usagef("unexpected argument %q; options are flags, e.g. %s", c.Args().First(), example)
	}
	return nil
}
