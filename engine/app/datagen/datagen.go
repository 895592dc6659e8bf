// Package datagen plays the engine against itself to make training data
// for an evaluation network: every quiet position of every game, with the
// score the search gave it and the game's result (engine/nnue's record
// format).
//
// How the data is made, and why:
//
//   - Each game starts with a few uniformly random moves from the initial
//     position (--random-plies, and one more in every other game so both
//     colours get to move first out of the random part). Random openings
//     give far more varied positions than a book, and variety is what a
//     network needs: a deterministic engine playing itself from the same
//     opening plays the same game. Openings the search already scores
//     beyond --max-opening centipawns are thrown away: their games teach
//     only that a piece up wins.
//   - Every move is a search of a fixed number of nodes (a soft limit: the
//     iteration under way is finished, a hard limit of eight times it
//     stops a runaway), so the data does not depend on the machine or its
//     load, and a game is reproducible from the seed and its number alone.
//   - A position is kept when the side to move is not in check, the best
//     move is quiet and the score is not a mate: the score of such a
//     position is what a static evaluation should have said. Positions in
//     the middle of a capture sequence are the quiescence search's
//     business, not the evaluation's.
//   - Games end by the rules, or are adjudicated to save time: a win when
//     both sides agree for four plies that one side is --win-score or more
//     ahead, a draw when after ply 80 the score stayed within 10 cp for
//     ten plies, and a draw at --max-plies.
package datagen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/nnue"
)

// Options configure a data generation run. Zero fields take the defaults
// given with each.
type Options struct {
	Engine      engine.Options // the engine that plays both sides
	Games       int            // games to play (after the skipped openings)
	Nodes       uint64         // soft node limit of each search (default 5000)
	RandomPlies int            // random moves at the start of each game (default 8)
	MaxOpening  int            // skip openings scored beyond this many centipawns (default 400)
	WinScore    int            // adjudicate a win at this score (default 2000)
	MaxPlies    int            // adjudicate a draw at this game length (default 400)
	Seed        uint64         // the run's seed: game i is played from Seed and i alone
	Concurrency int            // games played at once (default 1)
	// Progress, if not nil, is called after every finished game, from the
	// goroutine that called Generate.
	Progress func(Summary)
}

func (o Options) withDefaults() Options {
	if o.Nodes == 0 {
		o.Nodes = 5000
	}
	if o.RandomPlies == 0 {
		o.RandomPlies = 8
	}
	if o.MaxOpening == 0 {
		o.MaxOpening = 400
	}
	if o.WinScore == 0 {
		o.WinScore = 2000
	}
	if o.MaxPlies == 0 {
		o.MaxPlies = 400
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 1
	}
	return o
}

// Limits on the options, checked by Check.
const (
	MaxGames       = 100_000_000
	MaxNodes       = 10_000_000
	MaxRandomPlies = 40
)

// Check reports the first option out of range, as an error that says
// what is expected.
func (o Options) Check() error {
	switch {
	case o.Games < 1 || o.Games > MaxGames:
		return fmt.Errorf("games %d: expected 1 to %d", o.Games, MaxGames)
	case o.Nodes > MaxNodes:
		return fmt.Errorf("nodes %d: expected at most %d a move", o.Nodes, MaxNodes)
	case o.RandomPlies < 0 || o.RandomPlies > MaxRandomPlies:
		return fmt.Errorf("random plies %d: expected 0 to %d", o.RandomPlies, MaxRandomPlies)
	case o.MaxOpening < 0, o.WinScore < 0, o.MaxPlies < 0:
		return errors.New("max opening score, win score and max plies cannot be negative")
	case o.Concurrency > 64:
		return fmt.Errorf("concurrency %d: expected at most 64", o.Concurrency)
	}
	return nil
}

// Summary counts what a run has done so far.
type Summary struct {
	Games     int           // games finished and written
	Skipped   int           // random openings thrown away (game over, or too one-sided)
	Positions int           // records written
	Plies     int           // moves played in the written games, random ones included
	Results   [3]int        // games by result: Black won, drawn, White won
	Adjudged  int           // games ended by adjudication
	Elapsed   time.Duration // since the run started
}

// game is one finished game.
type game struct {
	index   int
	records []nnue.Record
	result  nnue.Result
	plies   int
	skipped int
	adjudge bool
	err     error
}

// Generate plays opts.Games games and writes their records to w, game by
// game in the order of their numbers (so the output does not depend on
// opts.Concurrency). Cancelling ctx stops the run: the games finished
// before it are written, and the summary and ctx's error are returned.
func Generate(ctx context.Context, opts Options, w io.Writer) (Summary, error) {
	opts = opts.withDefaults()
	if err := opts.Check(); err != nil {
		return Summary{}, err
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan int)
	done := make(chan game)
	var wg sync.WaitGroup
	for range min(opts.Concurrency, opts.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer(opts)
			for i := range jobs {
				g := p.play(ctx, i)
				select {
				case done <- g:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range opts.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()

	bw := bufio.NewWriterSize(w, 1<<16)
	var sum Summary
	pending := map[int]game{}
	next := 0
	var runErr error
	for g := range done {
		if g.err != nil {
			if runErr == nil {
				runErr = g.err
			}
			cancel()
			continue
		}
		pending[g.index] = g
		for {
			g, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			for _, r := range g.records {
				r[26] = byte(g.result)
				if _, err := bw.Write(r[:]); err != nil && runErr == nil {
					runErr = err
					cancel()
				}
			}
			sum.Games++
			sum.Skipped += g.skipped
			sum.Positions += len(g.records)
			sum.Plies += g.plies
			sum.Results[g.result]++
			if g.adjudge {
				sum.Adjudged++
			}
			if err := bw.Flush(); err != nil && runErr == nil {
				runErr = err
				cancel()
			}
			sum.Elapsed = time.Since(start)
			if opts.Progress != nil {
				opts.Progress(sum)
			}
		}
	}
	if err := bw.Flush(); err != nil && runErr == nil {
		runErr = err
	}
	sum.Elapsed = time.Since(start)
	if runErr == nil && sum.Games < opts.Games {
		runErr = context.Cause(ctx)
		if runErr == nil {
			runErr = context.Canceled
		}
	}
	return sum, runErr
}

// player plays games with its own searcher.
type player struct {
	opts     Options
	searcher *engine.Searcher
	list     board.MoveList
}

func newPlayer(opts Options) *player {
	return &player{opts: opts, searcher: engine.NewSearcher(opts.Engine)}
}

// search runs the engine on b with the run's node limits and returns its
// score (side to move's view) and best move.
func (p *player) search(ctx context.Context, b *board.Board) (int, board.Move) {
	r := p.searcher.Search(ctx, b, engine.Limits{SoftNodes: p.opts.Nodes, Nodes: 8 * p.opts.Nodes}, nil, nil)
	return r.Score, r.BestMove
}

// opening plays random moves from the initial position until it finds an
// opening that is not over and that the search scores within MaxOpening.
// It returns the board and the number of openings thrown away.
func (p *player) opening(ctx context.Context, rng *rand.Rand, index int) (*board.Board, int, error) {
	skipped := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, skipped, err
		}
		b := board.New()
		n := p.opts.RandomPlies + index&1
		ok := true
		for range n {
			b.GenerateMoves(&p.list)
			if p.list.N == 0 {
				ok = false
				break
			}
			b.Make(p.list.Moves[rng.IntN(p.list.N)])
		}
		if ok && b.HasLegalMove() && !drawn(b) {
			p.searcher.Clear()
			score, _ := p.search(ctx, b)
			if ctx.Err() == nil && abs(score) <= p.opts.MaxOpening {
				return b, skipped, nil
			}
		}
		skipped++
	}
}

// drawn reports a draw by the rules (the fifty-move rule, threefold
// repetition, insufficient material).
func drawn(b *board.Board) bool {
	return b.IsFiftyMoveDraw() || b.RepetitionCount() >= 3 || b.InsufficientMaterial()
}

// play plays game index.
func (p *player) play(ctx context.Context, index int) game {
	g := game{index: index}
	rng := rand.New(rand.NewPCG(p.opts.Seed, uint64(index)))
	b, skipped, err := p.opening(ctx, rng, index)
	g.skipped = skipped
	if err != nil {
		g.err = err
		return g
	}
	p.searcher.Clear()
	winStreak, lossStreak, drawStreak := 0, 0, 0
	for {
		if !b.HasLegalMove() {
			g.result = nnue.Draw
			if b.InCheck() {
				g.result = winnerResult(b.Side().Other())
			}
			break
		}
		if drawn(b) {
			g.result = nnue.Draw
			break
		}
		if b.Ply() >= p.opts.MaxPlies {
			g.result, g.adjudge = nnue.Draw, true
			break
		}
		score, best := p.search(ctx, b)
		if err := ctx.Err(); err != nil {
			g.err = err
			return g
		}
		white := score
		if b.Side() == board.Black {
			white = -score
		}
		if !b.InCheck() && best.IsQuiet() && !engine.IsMate(score) {
			g.records = append(g.records, nnue.Pack(b, white, nnue.Draw))
		}
		// Adjudication, on the scores of both sides in a row.
		winStreak, lossStreak = streak(winStreak, white >= p.opts.WinScore), streak(lossStreak, white <= -p.opts.WinScore)
		drawStreak = streak(drawStreak, b.Ply() >= 80 && abs(white) <= 10)
		b.Make(best)
		g.plies = b.Ply()
		switch {
		case winStreak >= 4:
			g.result, g.adjudge = nnue.WhiteWins, true
		case lossStreak >= 4:
			g.result, g.adjudge = nnue.BlackWins, true
		case drawStreak >= 10:
			g.result, g.adjudge = nnue.Draw, true
		default:
			continue
		}
		break
	}
	g.plies = b.Ply()
	return g
}

func streak(n int, on bool) int {
	if on {
		return n + 1
	}
	return 0
}

func winnerResult(c board.Color) nnue.Result {
	if c == board.White {
		return nnue.WhiteWins
	}
	return nnue.BlackWins
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Table reports the run: games, positions, results and speed.
func (s Summary) Table(title string) *textfmt.Table {
	t := &textfmt.Table{Title: title, Columns: []textfmt.Column{
		{Key: "games", Header: "games", Right: true}, {Key: "skipped_openings", Header: "skipped openings", Right: true},
		{Key: "positions", Header: "positions", Right: true}, {Key: "positions_per_game", Header: "per game", Right: true},
		{Key: "white_wins", Header: "1-0", Right: true}, {Key: "draws", Header: "½-½", Right: true}, {Key: "black_wins", Header: "0-1", Right: true},
		{Key: "adjudicated", Header: "adjudicated", Right: true}, {Key: "plies_per_game", Header: "plies/game", Right: true},
		{Key: "time_s", Header: "time", Right: true}, {Key: "positions_per_s", Header: "positions/s", Right: true}}}
	per := func(n int) float64 { return float64(n) / float64(max(s.Games, 1)) }
	t.Rows = [][]textfmt.Cell{{textfmt.IntCell(int64(s.Games)), textfmt.IntCell(int64(s.Skipped)), textfmt.IntCell(int64(s.Positions)),
		textfmt.FloatCell(per(s.Positions), "%.1f"), textfmt.IntCell(int64(s.Results[nnue.WhiteWins])), textfmt.IntCell(int64(s.Results[nnue.Draw])),
		textfmt.IntCell(int64(s.Results[nnue.BlackWins])), textfmt.IntCell(int64(s.Adjudged)), textfmt.FloatCell(per(s.Plies), "%.1f"),
		textfmt.DurationCell(s.Elapsed), textfmt.RateCell(float64(s.Positions) / max(s.Elapsed.Seconds(), 1e-9))}}
	return t
}

// Status is a one-line progress report.
func (s Summary) Status(games int) string {
	return fmt.Sprintf("datagen: %d/%d games, %s positions, %s", s.Games, games, textfmt.Thousands(int64(s.Positions)),
		textfmt.Rate(float64(s.Positions)/max(s.Elapsed.Seconds(), 1e-9)))
}
