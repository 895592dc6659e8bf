// Package positions holds plylab's chess positions: a few named single
// positions (the start position, the chessprogramming.org perft positions,
// small mates, a zugzwang and a horizon-effect example) and four test suites
// embedded from EPD/FEN files: Win At Chess (revised), Bratko-Kopec, a perft
// suite with published leaf counts, and Stockfish's bench positions.
//
// Every FEN handed out is a full 6-field FEN. The data is parsed once, on
// first use; lookups are case-insensitive and fail with an error that wraps
// ErrUnknown, so a command line can report a usage error. This is the bottom
// package of plylab: it imports nothing from the rest of the project.
package positions

import (
	"embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The master games (MasterGames) are embedded apart: the WebAssembly
// build gets them from its site instead (masters_js.go).
//
//go:embed data/SOURCES.md data/*.epd data/*.fen
var dataFS embed.FS

// ErrUnknown is wrapped by every error for an unknown position, suite or
// suite id; test for it with errors.Is to treat the error as a usage error.
var ErrUnknown = errors.New("unknown position or suite")

// listHint is the command that lists what exists, quoted in error messages.
const listHint = "plylab positions list"

// Position is one chess position with its metadata.
type Position struct {
	Name        string   // "kiwipete", or the EPD id within a suite, e.g. "WAC.004"
	Suite       string   // suite name for suite members, "" for named positions
	FEN         string   // always a full 6-field FEN (EPD 4-field FENs get " 0 1" appended)
	Description string   // one line; for suite members the EPD "c0" comment, if any
	BestMoves   []string // SAN from EPD "bm" (may list several), or for named positions
	AvoidMoves  []string // SAN from EPD "am"
	Perft       []uint64 // Perft[d-1] is the published leaf count at depth d; nil when unknown
	Source      string   // where the position (and its counts or moves) comes from
}

// Suite is a named, ordered collection of positions.
type Suite struct {
	Name, Description, Source, Licence string
	Positions                          []Position
}

// Named returns the named single positions, in a fixed display order.
// The result is a fresh copy: callers may modify it.
func Named() []Position {
	out := make([]Position, len(named))
	for i, p := range named {
		out[i] = p.clone()
	}
	return out
}

// Suites returns the test suites in a fixed order: wac, bk, perft, bench.
// The result is a fresh copy: callers may modify it. A suite whose embedded
// data failed to parse is returned with the positions that did parse;
// LookupSuite reports the error.
func Suites() []*Suite {
	c := load()
	out := make([]*Suite, len(c.suites))
	for i, s := range c.suites {
		out[i] = s.clone()
	}
	return out
}

// Lookup returns the named position called name, ignoring case and
// surrounding space. An unknown name gives an error wrapping ErrUnknown that
// suggests the closest name when one is close.
func Lookup(name string) (Position, error) {
	q := strings.TrimSpace(name)
	for _, p := range named {
		if strings.EqualFold(p.Name, q) {
			return p.clone(), nil
		}
	}
	names := make([]string, len(named))
	for i, p := range named {
		names[i] = p.Name
	}
	return Position{}, unknownError("position", name, names)
}

// LookupSuite returns the suite called name (wac, bk, perft or bench),
// ignoring case and surrounding space. An unknown name gives an error
// wrapping ErrUnknown; a suite whose embedded data failed to parse gives the
// parse error.
func LookupSuite(name string) (*Suite, error) {
	c := load()
	q := strings.TrimSpace(name)
	for i, s := range c.suites {
		if strings.EqualFold(s.Name, q) {
			if err := c.errs[i]; err != nil {
				return nil, err
			}
			return s.clone(), nil
		}
	}
	names := make([]string, len(c.suites))
	for i, s := range c.suites {
		names[i] = s.Name
	}
	return nil, unknownError("suite", name, names)
}

// Find returns the suite's position with the given id, ignoring case. An id
// is the position's Name ("WAC.004", "perft-17") or just its number: for WAC
// "WAC.004", "wac.004", "4" and "004" all find WAC.004; for the suites
// without EPD ids (perft, bench) the ids are the 1-based line numbers
// "1".."N". An unknown id gives an error wrapping ErrUnknown.
func (s *Suite) Find(id string) (Position, error) {
	if s == nil {
		return Position{}, &lookupError{msg: "no suite to find position " + strconv.Quote(id) + " in"}
	}
	q := strings.TrimSpace(id)
	for _, p := range s.Positions {
		if strings.EqualFold(p.Name, q) {
			return p.clone(), nil
		}
	}
	if qPrefix, qNum, ok := splitID(q); ok {
		for _, p := range s.Positions {
			prefix, num, ok := splitID(p.Name)
			if ok && num == qNum && (qPrefix == "" || strings.EqualFold(prefix, qPrefix)) {
				return p.clone(), nil
			}
		}
	}
	return Position{}, &lookupError{msg: "no position " + strconv.Quote(id) + " in suite " + s.Name + " (" + s.idRange() + ")"}
}

// idRange describes the suite's ids for an error message, e.g.
// "ids WAC.001..WAC.300" or "ids 1..132".
func (s *Suite) idRange() string {
	n := len(s.Positions)
	if n == 0 {
		return "it is empty"
	}
	first, last := s.Positions[0].Name, s.Positions[n-1].Name
	// Suites without EPD ids name their positions "<suite>-<line>": show
	// the line numbers, which is what a user types.
	if lineName(s.Name, 1) == first && strings.HasPrefix(last, s.Name+"-") {
		first, last = "1", strings.TrimPrefix(last, s.Name+"-")
	}
	if n == 1 {
		return "id " + first
	}
	return "ids " + first + ".." + last
}

// splitID splits an id such as "WAC.004", "BK.01", "perft-17" or "4" into
// its prefix ("WAC", "BK", "perft", "") and its number. ok is false when the
// id does not end in a number.
func splitID(id string) (prefix string, num int, ok bool) {
	i := len(id)
	for i > 0 && id[i-1] >= '0' && id[i-1] <= '9' {
		i--
	}
	digits := strings.TrimLeft(id[i:], "0")
	if i == len(id) || len(digits) > 9 {
		return "", 0, false
	}
	for _, c := range digits {
		num = num*10 + int(c-'0')
	}
	prefix = id[:i]
	if prefix != "" {
		// The separator between prefix and number is required: "WAC4" is not an id.
		if c := prefix[len(prefix)-1]; c != '.' && c != '-' {
			return "", 0, false
		}
		prefix = prefix[:len(prefix)-1]
		if prefix == "" {
			return "", 0, false
		}
	}
	return prefix, num, true
}

// clone returns a deep copy of p, so that callers cannot change the
// package's data through the returned slices.
func (p Position) clone() Position {
	p.BestMoves = cloneStrings(p.BestMoves)
	p.AvoidMoves = cloneStrings(p.AvoidMoves)
	if p.Perft != nil {
		p.Perft = append([]uint64(nil), p.Perft...)
	}
	return p
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string(nil), s...)
}

// clone returns a deep copy of s.
func (s *Suite) clone() *Suite {
	c := *s
	c.Positions = make([]Position, len(s.Positions))
	for i, p := range s.Positions {
		c.Positions[i] = p.clone()
	}
	return &c
}

// MasterGames returns the PGN of 461 classical master games (Grand Swiss
// 2019, rounds 1-6; see data/SOURCES.md): the evaluation tuner's built-in
// training data. The native build carries them (masters_embed.go); the
// WebAssembly build of a class site fetches them from the site when first
// asked, which can fail. The result is a fresh copy.
func MasterGames() ([]byte, error) {
	data, err := masterGames()
	if err != nil {
		return nil, fmt.Errorf("cannot load the built-in master games: %w", err)
	}
	return append([]byte(nil), data...), nil
}

// MasterGamesSource describes MasterGames for reports.
const MasterGamesSource = "461 master games, Grand Swiss 2019 rounds 1-6 (fsmosca/chess-artist, PGN/iommast19.pgn)"
