package positions

import (
	"strconv"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// lookupError is the error for an unknown position, suite or suite id. Its
// message is one line; it matches ErrUnknown under errors.Is.
type lookupError struct {
	msg string
}

func (e *lookupError) Error() string { return e.msg }

// Unwrap makes errors.Is(err, ErrUnknown) true.
func (e *lookupError) Unwrap() error { return ErrUnknown }

// unknownError builds the error for an unknown name of the given kind
// ("position" or "suite"), suggesting the closest of names when one is close:
//
//	unknown position "kiwipet" (try "plylab positions list"; did you mean "kiwipete"?)
func unknownError(kind, name string, names []string) error {
	msg := "unknown " + kind + " " + strconv.Quote(name) + " (try " + strconv.Quote(listHint)
	if s := textfmt.Suggest(name, names); s != "" {
		msg += "; did you mean " + strconv.Quote(s) + "?"
	}
	return &lookupError{msg: msg + ")"}
}
