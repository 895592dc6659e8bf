package engine

import (
	"context"

	"github.com/plylab/plylab/engine/board"
)

// ScoreMove is the strong engine's value of the root move m, already made
// on b, searched to depth plies in all: below m with a full window from
// ply 1 (so mate distances count from the root), depth-1 plies deep, from
// depth 1 up when the options' iterative deepening is on. It returns the
// score from the root side's point of view, the line m begins and the
// nodes searched. The searcher is cleared first, so each move is scored
// as by a fresh search; `plylab scores` calls it once per legal move.
func (s *Searcher) ScoreMove(ctx context.Context, b *board.Board, m board.Move, depth int) (score int, pv []board.Move, nodes uint64) {
	s.Clear()
	s.begin(ctx, b, Limits{}, nil)
	target := max(depth-1, 0)
	from := target
	if s.opts.IterativeDeepening {
		from = min(1, target)
	}
	for d := from; d <= target; d++ {
		score = -s.negamax(1, d, -Infinity, Infinity, m, false)
	}
	pv = append([]board.Move{m}, s.frames[1].pv[:s.frames[1].pvLen]...)
	return score, pv, s.stats.TotalNodes()
}
