package textbook

import (
	"context"
	"github.com/plylab/plylab/engine"
	"sort"

	"github.com/plylab/plylab/engine/board"
)

// Run searches a copy of b with opts to limits.Depth: the plain algorithms
// for the plain presets, the full engine (fresh tables) otherwise. info is
// called after each completed iteration (once for the plain algorithms).
func Run(ctx context.Context, b *board.Board, opts engine.Options, limits engine.Limits, rec engine.Recorder, info func(engine.Iteration)) engine.Result {
	b = b.Copy()
	if opts.Paper {
		r := PaperSearch(ctx, b, opts.AlphaBeta, opts.PaperOpts, limits.Depth)
		r.Algo = opts.Name
		if info != nil && !r.Stopped {
			info(r.Iters[0])
		}
		return r
	}
	if opts.IsPlain() {
		g := NewChessGame(b, opts.Eval)
		g.RepetitionDraw = opts.RepetitionDraw
		var r engine.Result
		if opts.AlphaBeta {
			r = AlphaBeta(ctx, g, limits.Depth, rec)
		} else {
			r = Minimax(ctx, g, limits.Depth, rec)
		}
		r.Algo = opts.Name
		if info != nil && !r.Stopped {
			info(r.Iters[0])
		}
		return r
	}
	return engine.NewSearcher(opts).Search(ctx, b, limits, rec, info)
}

// Runner runs searches with one set of options, reusing the full engine's
// tables between runs: each run starts from cleared tables, so its node
// counts equal a fresh searcher's, but the table's memory is allocated (and
// its pages faulted in) only once, which keeps suite runs' timings honest.
type Runner struct {
	opts     engine.Options
	searcher *engine.Searcher
}

// NewRunner returns a Runner for opts.
func NewRunner(opts engine.Options) *Runner { return &Runner{opts: opts} }

// Run is Run with cleared, reused tables.
func (r *Runner) Run(ctx context.Context, b *board.Board, limits engine.Limits, rec engine.Recorder, info func(engine.Iteration)) engine.Result {
	if r.opts.IsPlain() {
		return Run(ctx, b, r.opts, limits, rec, info)
	}
	if r.searcher == nil {
		r.searcher = engine.NewSearcher(r.opts)
	} else {
		r.searcher.Clear()
	}
	return r.searcher.Search(ctx, b.Copy(), limits, rec, info)
}

// MoveScore is one root move with its score at a given depth.
type MoveScore struct {
	Move  board.Move
	SAN   string
	Score int // from the root side to move's point of view
	PV    []board.Move
	Nodes uint64
}

// RootScores scores every legal root move of b at depth (the move itself is
// the first ply) with a full window at the root, so every score is exact
// for the algorithm, like the game-trees paper's table of all White moves.
// The result is sorted best first, ties by SAN. It stops early when ctx is
// cancelled, returning the moves scored so far and ctx's error.
func RootScores(ctx context.Context, b *board.Board, opts engine.Options, depth int) ([]MoveScore, error) {
	if opts.Paper {
		return PaperRootScores(ctx, b, opts.AlphaBeta, opts.PaperOpts, depth)
	}
	b = b.Copy()
	var ml board.MoveList
	b.GenerateMoves(&ml)
	out := make([]MoveScore, 0, ml.N)
	var searcher *engine.Searcher
	if !opts.IsPlain() {
		searcher = engine.NewSearcher(opts)
	}
	for _, m := range ml.Slice() {
		if err := ctx.Err(); err != nil {
			sortScores(out)
			return out, err
		}
		ms := MoveScore{Move: m, SAN: b.SAN(m)}
		b.Make(m)
		if searcher != nil {
			ms.Score, ms.PV, ms.Nodes = searcher.ScoreMove(ctx, b, m, depth)
		} else {
			g := NewChessGame(b, opts.Eval)
			g.RepetitionDraw = opts.RepetitionDraw
			p := &plain{g: g, ctx: ctx, alphaBeta: opts.AlphaBeta}
			ms.Score = -p.search(1, depth-1, -engine.Infinity, engine.Infinity, m)
			ms.PV = append([]board.Move{m}, p.pv[1][:p.pvLen[1]]...)
			ms.Nodes = p.stats.Nodes
		}
		b.Unmake()
		if err := ctx.Err(); err != nil {
			sortScores(out)
			return out, err
		}
		out = append(out, ms)
	}
	sortScores(out)
	return out, nil
}

func sortScores(s []MoveScore) {
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].Score != s[j].Score {
			return s[i].Score > s[j].Score
		}
		return s[i].SAN < s[j].SAN
	})
}
