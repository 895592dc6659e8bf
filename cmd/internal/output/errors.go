package output

import (
	"errors"
	"fmt"
)

// ErrUsage marks errors in what the user typed (an unknown --format or
// --color value). The CLI exits with status 2 for them; test with
// errors.Is(err, ErrUsage). The error's message says what was wrong and
// what to do.
var ErrUsage = errors.New("usage error")

type usageError struct{ msg string }

func (e *usageError) Error() string        { return e.msg }
func (e *usageError) Is(target error) bool { return target == ErrUsage }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}
