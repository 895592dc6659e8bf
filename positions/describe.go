package positions

import (
	"errors"
	"strconv"
	"strings"
)

// SideToMove returns "white" or "black" from a FEN's second field, or ""
// when the FEN has none that says so.
func SideToMove(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return ""
	}
	switch f[1] {
	case "w":
		return "white"
	case "b":
		return "black"
	}
	return ""
}

// Annotations reports what the suite's records carry beyond a FEN: whether
// some position has best moves (EPD bm), avoid moves (am) or perft counts.
// A listing shows those columns only when they say something.
func (s *Suite) Annotations() (best, avoid, perft bool) {
	for _, p := range s.Positions {
		best = best || len(p.BestMoves) > 0
		avoid = avoid || len(p.AvoidMoves) > 0
		perft = perft || len(p.Perft) > 0
	}
	return best, avoid, perft
}

// NotSuiteError is Resolve's error when a position id is asked of a name
// that is a named position, not a suite.
type NotSuiteError struct {
	Name string // as given
}

// Error says which name is a position: `"kiwipete" is a position, not a
// suite`.
func (e *NotSuiteError) Error() string {
	return strconv.Quote(e.Name) + " is a position, not a suite"
}

// Resolve finds what name (and a suite id, if any) refers to. Without an
// id, name is a named position (returned as the Position) or else a whole
// suite (returned as the *Suite); if it is neither, the error is the named
// position's lookup error. With an id, name must be a suite: the result
// is that suite and its position with the id. Errors: a *NotSuiteError
// when name is a named position; LookupSuite's error when it is no suite;
// Find's error, with the suite returned, for an unknown id.
func Resolve(name, id string) (Position, *Suite, error) {
	if id == "" {
		p, err := Lookup(name)
		if err == nil {
			return p, nil, nil
		}
		if !errors.Is(err, ErrUnknown) {
			return Position{}, nil, err
		}
		s, serr := LookupSuite(name)
		if serr != nil {
			return Position{}, nil, err
		}
		return Position{}, s, nil
	}
	s, err := LookupSuite(name)
	if err != nil {
		if _, perr := Lookup(name); perr == nil {
			return Position{}, nil, &NotSuiteError{Name: name}
		}
		return Position{}, nil, err
	}
	p, err := s.Find(id)
	if err != nil {
		return Position{}, s, err
	}
	return p, s, nil
}
