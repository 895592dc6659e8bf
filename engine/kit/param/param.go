// Package param is how plylab's domain packages say what is wrong with a
// value they were given: which parameter, what was wrong and, for a
// number, the allowed range. A parameter is named by the Go name of the
// field that carries it (Depth, MultiPV, MaxPly, LabelCache); the
// command line words the errors with its own names for the parameters
// (--depth, --multipv, --max-ply, --label-cache), so no domain package
// speaks of flags. Error() words an error with the Go names.
package param

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Namer gives a parameter's name as the reader knows it; Plain keeps the
// Go name.
type Namer func(param string) string

// Plain is the Namer that keeps the Go name.
func Plain(param string) string { return param }

// NoMax is RangeError.Max for a number with no upper bound.
const NoMax = math.MaxInt64

// RangeError is a whole number outside its allowed range.
type RangeError struct {
	Param    string // the parameter, e.g. "Depth"
	Got      int64  // the value given
	Min, Max int64  // the allowed range, both included; Max NoMax: at least Min
	Unit     string // written after Max, e.g. "MB" ("" for none)
	Try      string // a value to suggest, e.g. "5" or "20 (ten moves each)" ("" for none)
}

// Error words e with the Go name (Words with Plain).
func (e *RangeError) Error() string { return e.Words(Plain) }

// Words says e naming the parameter by name: "NAME must be between MIN
// and MAX[ UNIT], got GOT[; try NAME TRY]", or with no upper bound "NAME
// must be at least MIN, got GOT". MIN and MAX of five digits or more
// have thousands separators (4096, 100,000); GOT is as typed.
func (e *RangeError) Words(name Namer) string {
	n := name(e.Param)
	var s string
	if e.Max == NoMax {
		s = fmt.Sprintf("%s must be at least %s, got %d", n, num(e.Min), e.Got)
	} else {
		unit := ""
		if e.Unit != "" {
			unit = " " + e.Unit
		}
		s = fmt.Sprintf("%s must be between %s and %s%s, got %d", n, num(e.Min), num(e.Max), unit, e.Got)
	}
	if e.Try != "" {
		s += "; try " + n + " " + e.Try
	}
	return s
}

// Check returns a *RangeError when got is not in min..max (max NoMax: no
// upper bound), else nil.
func Check[T ~int | ~int64 | ~uint64](param string, got T, min, max int64) error {
	if g := int64(got); g < min || g > max || (got > 0 && g < 0) {
		return &RangeError{Param: param, Got: int64(got), Min: min, Max: max}
	}
	return nil
}

// Error is a value, or a combination of values, wrong for another reason
// than its range. Format says what was wrong, naming each parameter as
// {Param} (e.g. "{MultiPV} %d needs {Algo} engine or ramz"), with Args
// for its verbs; the values the user typed are Args, never part of
// Format, so a brace in them is never read as a name.
type Error struct {
	Format string
	Args   []any
}

// Errorf returns an *Error; as with fmt.Errorf a %w verb wraps its
// argument (Unwrap).
func Errorf(format string, args ...any) error { return &Error{Format: format, Args: args} }

// Error words e with the Go names (Words with Plain).
func (e *Error) Error() string { return e.Words(Plain) }

// placeholder is a parameter's name in a Format: {Depth}, {Openings.Plies}.
var placeholder = regexp.MustCompile(`\{([A-Z][A-Za-z0-9.]*)\}`)

// Words says e naming each parameter by name.
func (e *Error) Words(name Namer) string {
	f := placeholder.ReplaceAllStringFunc(e.Format, func(p string) string {
		return escape(name(p[1 : len(p)-1]))
	})
	return fmt.Errorf(f, e.Args...).Error()
}

// Unwrap returns the argument of the %w verb (the first error among
// Args), if Format has one.
func (e *Error) Unwrap() error {
	if !strings.Contains(e.Format, "%w") {
		return nil
	}
	for _, a := range e.Args {
		if err, ok := a.(error); ok {
			return err
		}
	}
	return nil
}

// escape doubles the % of a name so that it is printed as it is.
func escape(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// Words words err, or the first *RangeError or *Error in its chain,
// naming the parameters by name; ok is false when there is none.
func Words(err error, name Namer) (text string, ok bool) {
	var re *RangeError
	var pe *Error
	switch {
	case errors.As(err, &re):
		return re.Words(name), true
	case errors.As(err, &pe):
		return pe.Words(name), true
	}
	return "", false
}

// num writes a bound: with thousands separators from five digits on.
func num(v int64) string {
	if v > -10000 && v < 10000 {
		return strconv.FormatInt(v, 10)
	}
	return textfmt.Thousands(v)
}
