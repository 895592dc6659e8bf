package book

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/pgn"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// DefaultMaxPly is how many plies of each game Build reads when
// BuildOptions.MaxPly is 0: ten moves each, the opening and no further.
const DefaultMaxPly = 20

// BuildOptions control Build.
type BuildOptions struct {
	// MaxPly is how many plies from each game's start are counted
	// (0 means DefaultMaxPly).
	MaxPly int
	// MinGames drops moves played fewer times than this in the position
	// (0 means 1: keep every move). Two or three keeps one-off blunders
	// out of a book made from many games.
	MinGames int
	// ByCount weights moves by how often they were played. By default the
	// weight is the score of the side that played it, 2 per win and 1 per
	// draw, as PolyGlot's make-book does, so moves that only lost get
	// weight 0 and are left out.
	ByCount bool
}

// BuildStats describe what Build read.
type BuildStats struct {
	Games   int // games counted
	Skipped int // games without moves (e.g. an empty game at the end of a file)
	Plies   int // plies counted over all games
}

type moveKey struct {
	key  uint64
	move uint16
}

type moveStat struct {
	games, wins, draws int
}

// builder accumulates (position, move) statistics.
type builder struct {
	opts  BuildOptions
	stats map[moveKey]*moveStat
	info  BuildStats
}

func newBuilder(opts BuildOptions) *builder {
	if opts.MaxPly <= 0 {
		opts.MaxPly = DefaultMaxPly
	}
	if opts.MinGames <= 0 {
		opts.MinGames = 1
	}
	return &builder{opts: opts, stats: map[moveKey]*moveStat{}}
}

// add counts the first MaxPly plies of g. The moves are replayed on the
// engine's board from the game's first position (which a FEN tag may
// set), since keys come from the board.
func (bd *builder) add(g *chess.Game, number int) error {
	moves := g.Moves()
	if len(moves) == 0 {
		bd.info.Skipped++
		return nil
	}
	b, err := board.FromFEN(g.Positions()[0].String())
	if err != nil {
		return fmt.Errorf("game %d: start position: %v", number, err)
	}
	var winner board.Color
	decisive, draw := false, false
	switch g.Outcome() {
	case chess.WhiteWon:
		winner, decisive = board.White, true
	case chess.BlackWon:
		winner, decisive = board.Black, true
	case chess.Draw:
		draw = true
	}
	for ply, nm := range moves {
		if ply >= bd.opts.MaxPly {
			break
		}
		m, err := b.ParseMove(nm.String())
		if err != nil {
			return fmt.Errorf("game %d, ply %d: %v", number, ply+1, err)
		}
		k := moveKey{Key(b), EncodeMove(m)}
		st := bd.stats[k]
		if st == nil {
			st = &moveStat{}
			bd.stats[k] = st
		}
		st.games++
		switch {
		case decisive && winner == b.Side():
			st.wins++
		case draw:
			st.draws++
		}
		b.Make(m)
		bd.info.Plies++
	}
	bd.info.Games++
	return nil
}

// book turns the statistics into a book.
func (bd *builder) book() *Book {
	type weighted struct {
		k moveKey
		w int
	}
	var list []weighted
	maxW := 0
	for k, st := range bd.stats {
		if st.games < bd.opts.MinGames {
			continue
		}
		w := 2*st.wins + st.draws
		if bd.opts.ByCount {
			w = st.games
		}
		if w == 0 {
			continue
		}
		list = append(list, weighted{k, w})
		maxW = max(maxW, w)
	}
	// Weights are 16 bits: scale down proportionally when a move was
	// played more than 65535 "points" (a very large database), keeping
	// every kept move playable.
	records := make([]Record, len(list))
	for i, e := range list {
		w := e.w
		if maxW > 65535 {
			w = max(1, int(int64(w)*65535/int64(maxW)))
		}
		records[i] = Record{Key: e.k.key, Move: e.k.move, Weight: uint16(w)}
	}
	// Map iteration order is random: sort fully (key, weight descending,
	// move) so the same games always give the same bytes.
	sort.Slice(records, func(i, j int) bool {
		a, b := records[i], records[j]
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		if a.Weight != b.Weight {
			return a.Weight > b.Weight
		}
		return a.Move < b.Move
	})
	return &Book{records: records}
}

// Build makes a book from games: every (position, move) over the first
// MaxPly plies of each game is counted, and weighted by the result for the
// side that moved (see BuildOptions). Records are sorted by key and, within
// a position, by weight, highest first.
func Build(games []*chess.Game, opts BuildOptions) (*Book, BuildStats, error) {
	bd := newBuilder(opts)
	for i, g := range games {
		if err := bd.add(g, i+1); err != nil {
			return nil, bd.info, err
		}
	}
	return bd.book(), bd.info, nil
}

// BuildPGN is Build over the games of a PGN file, read one at a time with
// notnil/chess's PGN scanner (a large database need not fit in memory as
// games; only the statistics are kept).
func BuildPGN(r io.Reader, opts BuildOptions) (*Book, BuildStats, error) {
	bd := newBuilder(opts)
	sc := pgn.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		if err := bd.add(sc.Next(), n); err != nil {
			return nil, bd.info, err
		}
	}
	if err := sc.Err(); err != nil {
		var ge *pgn.Error
		if !errors.As(err, &ge) {
			return nil, bd.info, &ReadError{Err: err}
		}
		return nil, bd.info, fmt.Errorf("reading the PGN: %w", err)
	}
	return bd.book(), bd.info, nil
}

// ReadError is BuildPGN's error for input that could not be read, as
// opposed to PGN text that could not be parsed: a directory, a failing
// disk. Err is the reader's error.
type ReadError struct{ Err error }

// Error returns Err's cause without its "read PATH:" prefix.
func (e *ReadError) Error() string { return textfmt.PathCause(e.Err).Error() }

// Unwrap returns Err.
func (e *ReadError) Unwrap() error { return e.Err }

// Describe says in a line what a book built with o holds, e.g. "first 20
// plies of each game, every move played, weight = 2 per win + 1 per draw
// for the side that moved" (zero fields read as Build reads them).
func (o BuildOptions) Describe() string {
	maxPly, minGames := o.MaxPly, o.MinGames
	if maxPly <= 0 {
		maxPly = DefaultMaxPly
	}
	weighting := "2 per win + 1 per draw for the side that moved"
	if o.ByCount {
		weighting = "number of games"
	}
	kept := "every move played"
	if minGames > 1 {
		kept = fmt.Sprintf("moves played in at least %d games", minGames)
	}
	return fmt.Sprintf("first %d plies of each game, %s, weight = %s", maxPly, kept, weighting)
}
