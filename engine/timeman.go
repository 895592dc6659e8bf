package engine

import (
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Time management.
//
// Under a clock the caller gives a soft time (about the clock's share for
// one move): no new iteration starts after it. How long a move deserves
// depends on the search itself, and three measures of the iterations so
// far say how settled the choice is:
//
//   - Stability. When the best move has stayed the same for several
//     iterations, more depth rarely changes it, so the time is better
//     saved for later moves: the soft time shrinks to 0.8 after two
//     iterations with the same best move and to 0.65 after four. When the
//     best move just changed, the position is unclear and the soft time
//     grows by 1.4.
//   - Effort. The share of all the nodes searched so far that went below
//     the best move: when ordering and pruning spent nearly everything on
//     it, every other move was refuted cheaply and the choice is easy;
//     when the other moves took half the work or more, some of them came
//     close and needed full searches, and a deeper look may change the
//     choice. The soft time is scaled by 2·(1 − share) + 0.4, kept
//     between 0.5 and 1.6: a share of 0.9 gives 0.6, a share of 0.6 gives
//     1.2.
//   - Falling score. When the score fell since the last iteration, the
//     engine has found a threat it did not see: the position is critical
//     and the soft time grows by 1.5 (a fall of 25 cp) or 2 (60 cp).
//
// The three factors multiply, and the product is rounded to the
// microsecond. The hard limit the caller set (MoveTime) still bounds
// every search, and the time saved on easy moves stays on the clock for
// the hard ones: the caller's share of the remaining time grows with it.
//
// softTime returns the soft limit scaled by the iterations so far.
func (s *Searcher) softTime(soft time.Duration, iters []Iteration) time.Duration {
	if !s.opts.TimeManagement || len(iters) < 2 {
		return soft
	}
	last := iters[len(iters)-1]
	if len(last.PV) == 0 {
		return soft
	}
	best := last.PV[0]
	stable := 0 // iterations in a row that kept the last one's best move
	for i := len(iters) - 2; i >= 0; i-- {
		if len(iters[i].PV) == 0 || iters[i].PV[0] != best {
			break
		}
		stable++
	}
	scale := 1.0
	switch {
	case stable == 0:
		scale = 1.4 // the best move just changed
	case stable >= 4:
		scale = 0.65
	case stable >= 2:
		scale = 0.8
	}
	if s.stats.TotalNodes() > 0 {
		scale *= effortScale(s.rootShare(best))
	}
	if drop := iters[len(iters)-2].Score - last.Score; !IsMate(last.Score) && !IsMate(iters[len(iters)-2].Score) {
		switch {
		case drop >= 60:
			scale *= 2
		case drop >= 25:
			scale *= 1.5
		}
	}
	return time.Duration(float64(soft) * scale).Round(time.Microsecond)
}

// rootShare returns the share of this thread's nodes so far that were
// spent below root move m (0 when no node was counted).
func (s *Searcher) rootShare(m board.Move) float64 {
	total := s.stats.TotalNodes()
	if total == 0 {
		return 0
	}
	return float64(s.rootNodes[m.From()][m.To()]) / float64(total)
}

// effortScale is the effort factor of the soft time for the best move's
// share of the nodes: 2·(1 − share) + 0.4, between 0.5 and 1.6.
func effortScale(share float64) float64 {
	return min(max(2*(1-share)+0.4, 0.5), 1.6)
}
