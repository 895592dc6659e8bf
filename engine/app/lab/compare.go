package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/textbook"
	"github.com/plylab/plylab/positions"
)

// Compare: several algorithms on the same positions, depth by depth, with
// node counts, times, best moves and scores side by side, plus the
// minimal tree each depth could have been proved with.

const (
	// MinimalBudget bounds the nodes the minimal-tree computation visits
	// (the full tree less the subtrees it finds in its transposition memo).
	// It runs at about 10-20 M nodes/s, so the bound is a minute or two;
	// the bench suite at depth 5 (3.6 billion full-tree nodes) takes about
	// two minutes in all.
	MinimalBudget = 1_000_000_000
	// MinimalFullLimit skips the computation where the full tree is
	// estimated above this size (the memo cannot bring it within budget).
	MinimalFullLimit = 20_000_000_000
)

// CompareOptions is the input of Compare.
type CompareOptions struct {
	Positions          []positions.Position // one position or a suite's
	Algos              []engine.Options     // the algorithms, in row order
	MinDepth, MaxDepth int                  // inclusive, MinDepth >= 1
	// Minimal asks for the minimal tree and the minimax reference of each
	// depth, where affordable.
	Minimal bool
	// MinimalBudget and MinimalFullLimit bound that computation; zero
	// means the package's MinimalBudget and MinimalFullLimit.
	MinimalBudget    int
	MinimalFullLimit float64
	// Progress, when set, receives a one-line status before each search.
	Progress func(status string)
	// Rows, when set, receives the result so far after each search: the
	// rows finished (Done), before the columns computed at the end (EBF,
	// minimal tree). It must not keep the result.
	Rows func(partial *CompareResult)
}

// CompareRow is one (depth, algorithm) row, summed over the positions.
type CompareRow struct {
	Depth     int
	Algo      string
	Eval      eval.Kind
	Stats     engine.Stats // summed over the positions searched
	Positions int          // positions searched to this depth
	Best      string       // one position only: the best move in SAN
	Score     int          // one position only: the score, side to move's view
	Solved    int          // positions whose best move is in their bm list
	WithBM    int          // positions that have a bm list
	// Minimal is the minimal tree's nodes and Minimax the full minimax
	// tree's (or the minimax row's nodes), both over exactly the row's
	// positions; 0 when not known for all of them.
	Minimal, Minimax uint64
	// EBF is sqrt(N(d)/N(d-2)) over total nodes (quiescence included); 0
	// when the row two depths up did not run.
	EBF  float64
	Done bool // the row ran on at least one position
}

// CompareResult is the output of Compare.
type CompareResult struct {
	MinDepth, MaxDepth int
	// Rows[d-MinDepth][i] is depth d for Algos[i]; rows that did not run
	// (an interrupted comparison) have Done false.
	Rows [][]CompareRow
	// Blanked counts the rows that ran whose minimal-tree columns were
	// blanked because they did not cover all of the row's positions.
	Blanked     int
	Interrupted bool
}

// Row returns the row of depth d and algorithm i.
func (r *CompareResult) Row(d, i int) *CompareRow { return &r.Rows[d-r.MinDepth][i] }

// Done returns the rows that ran, depth by depth in algorithm order.
func (r *CompareResult) Done() []CompareRow {
	var out []CompareRow
	for _, rows := range r.Rows {
		for _, row := range rows {
			if row.Done {
				out = append(out, row)
			}
		}
	}
	return out
}

// Compare runs every algorithm on every position at each depth from
// MinDepth to MaxDepth (the iterative-deepening engine once, to MaxDepth,
// reading its iterations), then the minimal tree where asked. When ctx is
// cancelled it returns the rows finished so far with Interrupted set and
// ctx's error.
func Compare(ctx context.Context, o CompareOptions) (*CompareResult, error) {
	if len(o.Positions) == 0 || len(o.Algos) == 0 {
		return nil, errors.New("lab: compare needs at least one position and one algorithm")
	}
	if o.MinDepth < 1 || o.MaxDepth < o.MinDepth {
		return nil, fmt.Errorf("lab: compare depths %d-%d: want 1 <= low <= high", o.MinDepth, o.MaxDepth)
	}
	boards, err := Boards(o.Positions)
	if err != nil {
		return nil, err
	}
	budget, fullLimit := o.MinimalBudget, o.MinimalFullLimit
	if budget == 0 {
		budget = MinimalBudget
	}
	if fullLimit == 0 {
		fullLimit = MinimalFullLimit
	}
	lo, hi := o.MinDepth, o.MaxDepth
	res := &CompareResult{MinDepth: lo, MaxDepth: hi, Rows: make([][]CompareRow, hi-lo+1)}
	for d := lo; d <= hi; d++ {
		res.Rows[d-lo] = make([]CompareRow, len(o.Algos))
		for i, a := range o.Algos {
			res.Rows[d-lo][i] = CompareRow{Depth: d, Algo: a.Name, Eval: a.Eval}
		}
	}
	status := statusFunc(o.Progress)
	runners := make([]*textbook.Runner, len(o.Algos))
	for i, a := range o.Algos {
		runners[i] = textbook.NewRunner(a)
	}
	// minimalN counts, per row, the positions whose minimal and full trees
	// went into Minimal and Minimax.
	minimalN := make([][]int, len(res.Rows))
	for i := range minimalN {
		minimalN[i] = make([]int, len(o.Algos))
	}
	single := len(o.Positions) == 1

positionsLoop:
	for pi, p := range o.Positions {
		b := boards[pi]
		for ai, a := range o.Algos {
			record := func(d int, st engine.Stats, best board.Move, score int) {
				r := res.Row(d, ai)
				r.Stats.Add(st)
				r.Positions++
				r.Done = true
				if single {
					r.Best, r.Score = b.SAN(best), score
				}
				if len(p.BestMoves) > 0 {
					r.WithBM++
					if MatchesBest(b, best, p.BestMoves) {
						r.Solved++
					}
				}
			}
			if a.IterativeDeepening && !a.IsPlain() {
				status("compare: %s, %s to depth %d (%d/%d positions)", p.Name, a.Name, hi, pi+1, len(o.Positions))
				run := runners[ai].Run(ctx, b, engine.Limits{Depth: hi}, nil, nil)
				for _, it := range run.Iters {
					if it.Depth >= lo && it.Depth <= hi {
						best := board.NoMove
						if len(it.PV) > 0 {
							best = it.PV[0]
						}
						record(it.Depth, it.Stats, best, it.Score)
					}
				}
				if o.Rows != nil {
					o.Rows(res)
				}
				if run.Stopped {
					res.Interrupted = true
					break positionsLoop
				}
				continue
			}
			for d := lo; d <= hi; d++ {
				status("compare: %s, %s depth %d (%d/%d positions)", p.Name, a.Name, d, pi+1, len(o.Positions))
				run := runners[ai].Run(ctx, b, engine.Limits{Depth: d}, nil, nil)
				if run.Stopped {
					res.Interrupted = true
					break positionsLoop
				}
				record(d, run.Stats, run.BestMove, run.Score)
				if o.Rows != nil {
					o.Rows(res)
				}
			}
		}
		if !o.Minimal {
			continue
		}
		// Minimal tree and minimax reference, where affordable; one
		// computation per evaluation, shared by the rows that use it.
		for d := lo; d <= hi; d++ {
			if TreeEstimate(b, d) > fullLimit {
				break
			}
			status("compare: %s, minimal tree at depth %d", p.Name, d)
			cache := map[eval.Kind]textbook.MinimalTree{}
			for ai := range o.Algos {
				r := res.Row(d, ai)
				mt, ok := cache[r.Eval]
				if !ok {
					mt, err = textbook.ComputeMinimalTree(ctx, textbook.NewChessGame(b.Copy(), r.Eval), d, budget)
					if errors.Is(err, context.Canceled) {
						res.Interrupted = true
						break positionsLoop
					}
					if err != nil {
						break // over budget: this depth's remaining rows are blanked
					}
					cache[r.Eval] = mt
				}
				r.Minimal += mt.Nodes
				r.Minimax += mt.Full
				minimalN[d-lo][ai]++
			}
		}
	}
	res.finish(o, minimalN)
	if res.Interrupted {
		return res, context.Canceled
	}
	return res, nil
}

// finish applies the rule that a column covers exactly the positions of
// its row or is blank, back-fills % minimax from a minimax row, and
// computes the EBF.
func (res *CompareResult) finish(o CompareOptions, minimalN [][]int) {
	n := len(o.Positions)
	minimaxIndex := -1
	for i, a := range o.Algos {
		if a.IsPlain() && !a.AlphaBeta {
			minimaxIndex = i
		}
	}
	for di, rows := range res.Rows {
		// A sum over fewer positions is blanked, never divided into a sum
		// over more.
		for ai := range rows {
			r := &rows[ai]
			if minimalN[di][ai] != r.Positions || r.Positions != n {
				if o.Minimal && r.Done && r.Positions > 0 {
					res.Blanked++
				}
				r.Minimal, r.Minimax = 0, 0
			}
		}
		if minimaxIndex >= 0 && rows[minimaxIndex].Done {
			mm := rows[minimaxIndex]
			for ai := range rows {
				r := &rows[ai]
				if r.Minimax == 0 && mm.Positions == r.Positions && r.Positions == n {
					r.Minimax = mm.Stats.Nodes
				}
			}
		}
		if di < 2 {
			continue
		}
		for ai := range rows {
			if prev := res.Rows[di-2][ai]; rows[ai].Done && prev.Done {
				rows[ai].EBF = engine.EBF(rows[ai].Stats.TotalNodes(), prev.Stats.TotalNodes())
			}
		}
	}
}

// MatchesBest reports whether m is one of the SAN moves in bm.
func MatchesBest(b *board.Board, m board.Move, bm []string) bool {
	for _, s := range bm {
		if x, err := b.ParseMove(s); err == nil && x == m {
			return true
		}
	}
	return false
}

// Boards converts positions to the engine's board.
func Boards(list []positions.Position) ([]*board.Board, error) {
	out := make([]*board.Board, len(list))
	for i, p := range list {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			return nil, fmt.Errorf("lab: position %s: invalid FEN %q: %v", p.Name, p.FEN, err)
		}
		out[i] = b
	}
	return out, nil
}

// TreeEstimate predicts the full minimax tree's size from the first plies'
// branching factor (exact for depth <= 2).
func TreeEstimate(b *board.Board, depth int) float64 {
	p1 := float64(b.Perft(1))
	if depth <= 1 || p1 == 0 {
		return 1 + p1
	}
	p2 := float64(b.Perft(2))
	if depth == 2 {
		return 1 + p1 + p2
	}
	br := p2 / p1
	total, level := 1+p1, p1
	for d := 2; d <= depth; d++ {
		level *= br
		total += level
	}
	return total
}

// Rough speeds for PredictTime only (nodes per second on a modest machine).
const (
	guessPlainSpeed  = 8e6
	guessEngineSpeed = 1.5e6
)

// PredictTime guesses how long searching boards with algos to depth takes,
// for refusing runs that would take too long.
func PredictTime(boards []*board.Board, algos []engine.Options, depth int) time.Duration {
	var secs float64
	for _, b := range boards {
		mm := TreeEstimate(b, depth)
		for _, o := range algos {
			switch {
			case o.IsPlain() && !o.AlphaBeta:
				secs += mm / guessPlainSpeed
			case o.IsPlain():
				// Plain alpha-beta with generation order lands between the
				// minimal tree (about sqrt) and the full tree.
				secs += math.Pow(mm, 0.8) / guessPlainSpeed
			default:
				// The engine's tree grows by its EBF (about 2-3 per ply).
				secs += math.Pow(2.5, float64(depth)) * 40 / guessEngineSpeed
			}
		}
	}
	return time.Duration(secs * float64(time.Second))
}

// statusFunc turns an optional progress callback into a formatter that
// does nothing without one.
func statusFunc(progress func(string)) func(format string, args ...any) {
	return func(format string, args ...any) {
		if progress != nil {
			progress(fmt.Sprintf(format, args...))
		}
	}
}
