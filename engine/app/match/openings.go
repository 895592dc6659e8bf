package match

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/pgn"
)

// Opening is where a game starts: a position and moves played from it
// before the players take over (a book line). Both are played in the
// game's PGN.
type Opening struct {
	Name  string   // e.g. "B90 Sicilian Defense: Najdorf Variation" or "line 12"
	FEN   string   // the start position; "" is the initial position
	Moves []string // UCI moves played from FEN first
}

// StartFEN returns the start position's FEN.
func (o Opening) StartFEN() string {
	if o.FEN == "" {
		return board.StartFEN
	}
	return o.FEN
}

// Openings hands out the opening of each pair of games (the two games of a
// pair play the same opening with the colors reversed).
type Openings interface {
	// Opening returns the opening of pair i (0-based).
	Opening(i int) (Opening, error)
	// Describe says where the openings come from, for reports.
	Describe() string
}

// List is a fixed list of openings, played in order and repeated from the
// start when the match has more pairs than the list has openings.
type List struct {
	Source   string
	Openings []Opening
}

// Opening implements Openings.
func (l *List) Opening(i int) (Opening, error) {
	if len(l.Openings) == 0 {
		return Opening{}, errors.New("no openings")
	}
	return l.Openings[i%len(l.Openings)], nil
}

// Describe implements Openings.
func (l *List) Describe() string {
	return fmt.Sprintf("%s (%d openings, in order)", l.Source, len(l.Openings))
}

// builtinOpenings holds the first eight plies (four moves each) of the
// first 50 different openings in the games of the Grand Swiss 2019
// (see openings_gen.go): a varied set of main lines that real players
// chose, none of them lost at once for either side.
//
//go:embed openings.txt
var builtinOpenings string

// Builtin returns plylab's built-in openings.
func Builtin() *List {
	l := &List{Source: "built-in openings (Grand Swiss 2019, 8 plies)"}
	sc := bufio.NewScanner(strings.NewReader(builtinOpenings))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, moves, _ := strings.Cut(line, "|")
		o := Opening{Name: strings.TrimSpace(name), Moves: strings.Fields(moves)}
		if _, err := o.validate(); err != nil {
			panic("match: built-in opening " + o.Name + ": " + err.Error())
		}
		l.Openings = append(l.Openings, o)
	}
	return l
}

// validate checks the opening (its FEN, its moves, and that the game is
// not over) and returns the board after it.
func (o Opening) validate() (*board.Board, error) {
	b, err := board.FromFEN(o.StartFEN())
	if err != nil {
		return nil, err
	}
	for _, u := range o.Moves {
		m, ok := game.StrictUCI(b, u)
		if !ok {
			return nil, fmt.Errorf("move %s is not legal in %s", u, b.FEN())
		}
		b.Make(m)
	}
	if !b.HasLegalMove() {
		return nil, errors.New("the game is over in this position (no legal move)")
	}
	return b, nil
}

// ReadEPD reads openings from EPD or FEN lines: one position a line, the
// first four FEN fields (EPD) or all six; the rest of an EPD line (its
// operations) is ignored except an id "..." operation, which names the
// opening. Empty lines and lines starting with # are skipped.
func ReadEPD(r io.Reader, source string) (*List, error) {
	l := &List{Source: source}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		// Control characters (a stray CR) become spaces: the id names the
		// opening on one line of reports and PGN tags.
		line := strings.TrimSpace(strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f {
				return ' '
			}
			return r
		}, sc.Text()))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("%s line %d: %q is not a FEN or EPD position", source, n, line)
		}
		fen := strings.Join(f[:4], " ") + " 0 1"
		if len(f) >= 6 && isNumber(f[4]) && isNumber(f[5]) {
			fen = strings.Join(f[:6], " ")
		}
		name := fmt.Sprintf("line %d", n)
		if i := strings.Index(line, `id "`); i >= 0 {
			if j := strings.Index(line[i+4:], `"`); j >= 0 {
				name = line[i+4 : i+4+j]
			}
		}
		o := Opening{Name: name, FEN: fen}
		if _, err := o.validate(); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", source, n, err)
		}
		l.Openings = append(l.Openings, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if len(l.Openings) == 0 {
		return nil, fmt.Errorf("%s has no positions", source)
	}
	return l, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ReadPGN reads openings from the games of a PGN file: the first plies
// half-moves of each game (fewer if the game is shorter), skipping lines
// already seen.
func ReadPGN(r io.Reader, source string, plies int) (*List, error) {
	l := &List{Source: source}
	seen := map[string]bool{}
	sc := pgn.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		g := sc.Next()
		start := g.Positions()[0].String()
		moves := g.Moves()
		if len(moves) > plies {
			moves = moves[:plies]
		}
		o := Opening{Name: fmt.Sprintf("game %d", n)}
		if start != board.StartFEN {
			o.FEN = start
		}
		for _, m := range moves {
			o.Moves = append(o.Moves, m.String())
		}
		key := o.FEN + " " + strings.Join(o.Moves, " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		if _, err := o.validate(); err != nil {
			continue // a game that ends within the opening plies
		}
		l.Openings = append(l.Openings, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if len(l.Openings) == 0 {
		return nil, fmt.Errorf("%s has no games", source)
	}
	return l, nil
}

// BookOpenings draws each pair's opening from a Polyglot book: up to Plies
// moves from the initial position, each picked at random with the book's
// weights (book.Pick), with a generator seeded from Seed and the pair
// number, so pair i gets the same line in every run with the same seed.
// A line ends early when the book has no move.
type BookOpenings struct {
	Book   *book.Book
	Plies  int
	Seed   uint64
	Source string
}

// Opening implements Openings.
func (bo *BookOpenings) Opening(i int) (Opening, error) {
	rng := rand.New(rand.NewPCG(bo.Seed, uint64(i)^0x626f6f6b)) // "book"
	b := board.New()
	o := Opening{Name: fmt.Sprintf("book line %d", i+1)}
	for len(o.Moves) < bo.Plies {
		m, ok := bo.Book.Pick(b, rng)
		if !ok {
			break
		}
		b.Make(m)
		if !b.HasLegalMove() {
			b.Unmake()
			break
		}
		o.Moves = append(o.Moves, m.String())
	}
	return o, nil
}

// Describe implements Openings.
func (bo *BookOpenings) Describe() string {
	return fmt.Sprintf("book %s (random lines of up to %d plies, seed %d)", bo.Source, bo.Plies, bo.Seed)
}
