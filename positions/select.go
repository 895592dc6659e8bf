package positions

import (
	"errors"
	"strings"

	"github.com/plylab/plylab/engine/kit/param"
)

// Selection is how a command picks its input: a named position, a FEN, or
// a test suite (all of it, or one position by id), each only when its
// flag was given (the *Set fields), else the named position Default.
type Selection struct {
	Name, FEN, Suite, ID      string
	NameSet, FENSet, SuiteSet bool
	// WithSuite says the command takes --suite and --id at all.
	WithSuite bool
	// Default is the named position used when nothing is given.
	Default string
}

// SelectionError is a selection that contradicts itself (two inputs at
// once, an id without a suite, an empty suite, an id of a named position,
// two NAMEs): the user's error. Err says what was wrong, a *param.Error
// naming Selection's fields (Name, FEN, Suite, ID), which wraps the
// error behind it, if any.
type SelectionError struct{ Err error }

func (e *SelectionError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *SelectionError) Unwrap() error { return e.Err }

// selectionErrorf is a *SelectionError of param.Errorf(format, args...).
func selectionErrorf(format string, args ...any) error {
	return &SelectionError{Err: param.Errorf(format, args...)}
}

// IDError is an id the suite does not have; Err is Suite.Find's error.
type IDError struct {
	Suite string
	Err   error
}

func (e *IDError) Error() string { return e.Err.Error() }

// Unwrap returns Suite.Find's error (an ErrUnknown).
func (e *IDError) Unwrap() error { return e.Err }

// Select resolves s into positions:
//
//   - at most one of the name, the FEN and the suite;
//   - none: the named position Default;
//   - a FEN: what checkFEN makes of it (it validates and wraps it);
//   - a suite: all its positions (a copy), or with an ID only that one;
//   - an ID without a suite is an error.
//
// Errors: *SelectionError for contradictions, *IDError for an unknown id,
// checkFEN's own, and Lookup's or LookupSuite's for unknown names.
func (s Selection) Select(checkFEN func(fen string) (Position, error)) ([]Position, error) {
	suiteSet := s.WithSuite && s.SuiteSet
	id := ""
	if s.WithSuite {
		id = s.ID
	}
	given := 0
	for _, set := range []bool{s.NameSet, s.FENSet, suiteSet} {
		if set {
			given++
		}
	}
	if given > 1 {
		if s.WithSuite {
			return nil, selectionErrorf("use only one of {Name}, {FEN} and {Suite}")
		}
		return nil, selectionErrorf("use only one of {Name} and {FEN}")
	}
	if id != "" && !s.SuiteSet {
		return nil, selectionErrorf("{ID} needs {Suite}; e.g. {Suite} wac {ID} WAC.004 (see 'plylab positions list')")
	}
	name := s.Default
	switch {
	case s.FENSet:
		p, err := checkFEN(s.FEN)
		if err != nil {
			return nil, err
		}
		return []Position{p}, nil
	case suiteSet:
		suite, err := LookupSuite(s.Suite)
		if err != nil {
			return nil, err
		}
		if id != "" {
			p, err := suite.Find(id)
			if err != nil {
				return nil, &IDError{Suite: suite.Name, Err: err}
			}
			return []Position{p}, nil
		}
		if len(suite.Positions) == 0 {
			return nil, selectionErrorf("suite %q has no positions", s.Suite)
		}
		return append([]Position(nil), suite.Positions...), nil
	case s.NameSet:
		name = s.Name
	}
	p, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return []Position{p}, nil
}

// Show resolves what `plylab positions show` displays: one position, or a
// whole suite (the *Suite, when a suite is named without an id). args are
// its arguments, at most one NAME; without one the selection decides, and
// a suite without an id is listed rather than expanded. More than one
// NAME, a NAME with a position, FEN or suite of the selection, and an id
// asked of a named position (wrapping Resolve's *NotSuiteError) are
// *SelectionErrors; the other errors are Select's and Resolve's (an
// unknown id as an *IDError).
func (s Selection) Show(args []string, checkFEN func(fen string) (Position, error)) (Position, *Suite, error) {
	if len(args) > 1 {
		return Position{}, nil, selectionErrorf("too many arguments %q; give one NAME (quote a FEN and pass it with {FEN})", strings.Join(args, " "))
	}
	if len(args) == 0 {
		if s.WithSuite && s.SuiteSet && s.ID == "" {
			suite, err := LookupSuite(s.Suite)
			return Position{}, suite, err
		}
		ps, err := s.Select(checkFEN)
		if err != nil {
			return Position{}, nil, err
		}
		return ps[0], nil, nil
	}
	if s.NameSet || s.FENSet || s.SuiteSet {
		return Position{}, nil, selectionErrorf("give the position either as NAME or with {Name}/{FEN}/{Suite}, not both")
	}
	p, suite, err := Resolve(args[0], s.ID)
	var ns *NotSuiteError
	switch {
	case errors.As(err, &ns):
		return Position{}, nil, selectionErrorf("%w; {ID} picks a position in a suite (see 'plylab positions list')", err)
	case err != nil && suite != nil:
		return Position{}, nil, &IDError{Suite: suite.Name, Err: err}
	case err != nil:
		return Position{}, nil, err
	case s.ID == "" && suite != nil:
		return Position{}, suite, nil
	}
	return p, nil, nil
}
