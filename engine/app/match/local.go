package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/uci"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

// EnginePlayer is plylab's own engine as a player: any preset with any
// switches. Each game gets a fresh Searcher (empty transposition table,
// killers and history), so fixed-depth games are reproducible; within a
// game the tables carry over from move to move, as in a real game.
type EnginePlayer struct {
	name     string
	opts     engine.Options
	overhead time.Duration
	searcher *engine.Searcher
}

// DefaultOverhead is the time the engine keeps in reserve on every move
// under a clock, for work outside the search (the UCI Move Overhead).
const DefaultOverhead = 30 * time.Millisecond

// lowTime and lowTimeDepth: with less than lowTime on its clock the engine
// searches only to lowTimeDepth and lives off the increment (as the UCI
// engine does).
const (
	lowTime      = 100 * time.Millisecond
	lowTimeDepth = 2
)

// NewEngine returns plylab's engine with opts, named name in reports
// ("" means "plylab " + opts.Name). The plain presets (minimax and
// alpha-beta without other techniques) search to a fixed depth only.
func NewEngine(name string, opts engine.Options) *EnginePlayer {
	if name == "" {
		name = "plylab " + opts.Name
	}
	return &EnginePlayer{name: name, opts: opts, overhead: DefaultOverhead}
}

// Name implements Player.
func (p *EnginePlayer) Name() string { return p.name }

// NewGame implements Player: a fresh searcher.
func (p *EnginePlayer) NewGame(context.Context, GameStart) error {
	if !p.opts.IsPlain() {
		p.searcher = engine.NewSearcher(p.opts)
	}
	return nil
}

// Limits turns a turn into the engine's search limits. Under a clock the
// soft and hard limits come from uci.TimeLimits, as in `plylab uci`; with
// a fixed time per move the whole time is the hard limit (as "go
// movetime"); a depth or node limit applies as well.
func (p *EnginePlayer) Limits(b *board.Board, t Turn) engine.Limits {
	l := engine.Limits{Depth: t.Limit.Depth, Nodes: t.Limit.Nodes}
	capDepth := func(d int) {
		if l.Depth == 0 || d < l.Depth {
			l.Depth = d
		}
	}
	if c := t.Limit.Clock; c != nil {
		rem := t.Remaining[t.Side]
		l.SoftTime, l.MoveTime = uci.TimeLimits(rem, t.Increment[t.Side], t.MovesToGo, p.overhead)
		if rem < lowTime {
			capDepth(lowTimeDepth)
		}
		var ml board.MoveList
		if b.GenerateMoves(&ml); ml.N == 1 {
			l.SoftTime = time.Nanosecond // a forced move: depth 1 and play it
		}
	}
	if mt := t.Limit.MoveTime; mt > 0 && (l.MoveTime == 0 || mt < l.MoveTime) {
		l.MoveTime = mt
		if l.SoftTime > mt {
			l.SoftTime = mt
		}
	}
	return l
}

// Move implements Player.
func (p *EnginePlayer) Move(ctx context.Context, pos Position, t Turn) (Reply, error) {
	b := pos.Board
	l := p.Limits(b, t)
	var res engine.Result
	if p.opts.IsPlain() {
		if l.Depth == 0 {
			return Reply{}, errors.New("the plain algorithms search to a fixed depth only: give a depth limit")
		}
		res = textbook.Run(ctx, b, p.opts, engine.Limits{Depth: l.Depth}, nil, nil)
	} else {
		if p.searcher == nil {
			p.searcher = engine.NewSearcher(p.opts)
		}
		res = p.searcher.Search(ctx, b, l, nil, nil)
	}
	if err := ctx.Err(); err != nil && res.Depth == 0 {
		return Reply{}, err
	}
	if res.BestMove == board.NoMove {
		return Reply{}, errors.New("the engine found no move")
	}
	r := Reply{Move: res.BestMove.String(), Nodes: res.Stats.TotalNodes()}
	if res.Depth > 0 {
		r.HasScore, r.Score, r.Depth = true, res.Score, res.Depth
		if engine.IsMate(res.Score) {
			r.Mate = engine.MateIn(res.Score)
		}
	}
	return r, nil
}

// Close implements Player.
func (p *EnginePlayer) Close() error { p.searcher = nil; return nil }

// RandomPlayer plays a uniformly random legal move, seeded per game so a
// match is reproducible.
type RandomPlayer struct {
	seed uint64
	rng  *rand.Rand
}

// NewRandom returns a random mover. The match's per-game seed, mixed with
// seed, decides its moves.
func NewRandom(seed uint64) *RandomPlayer { return &RandomPlayer{seed: seed} }

// Name implements Player.
func (p *RandomPlayer) Name() string { return "random" }

// NewGame implements Player: reseeds from the game's seed.
func (p *RandomPlayer) NewGame(_ context.Context, g GameStart) error {
	p.rng = rand.New(rand.NewPCG(g.Seed, p.seed^0x72616e646f6d)) // "random"
	return nil
}

// Move implements Player.
func (p *RandomPlayer) Move(_ context.Context, pos Position, _ Turn) (Reply, error) {
	if p.rng == nil {
		p.rng = rand.New(rand.NewPCG(p.seed, 0))
	}
	var ml board.MoveList
	pos.Board.GenerateMoves(&ml)
	if ml.N == 0 {
		return Reply{}, errors.New("no legal move")
	}
	return Reply{Move: ml.Moves[p.rng.IntN(ml.N)].String()}, nil
}

// Close implements Player.
func (p *RandomPlayer) Close() error { return nil }
