package engine

import (
	"time"
)

// Time management.
//
// Under a clock the caller gives a soft time (about the clock's share for
// one move): no new iteration starts after it. How long a move deserves
// depends on the search itself. When the best move has stayed the same for
// several iterations, more depth rarely changes it, so the time is better
// saved for later moves: the soft time shrinks. When the best move just
// changed, or the score fell since the last iteration (the engine has
// found a threat it did not see), the position is critical and a deeper
// look is worth the time: the soft time grows. The hard limit the caller
// set (MoveTime) still bounds every search.
//
// softTime returns the soft limit scaled by the iterations so far.
func (s *Searcher) softTime(soft time.Duration, iters []Iteration) time.Duration {
	if !s.opts.TimeManagement || len(iters) < 2 {
		return soft
	}
	last := iters[len(iters)-1]
	stable := 0 // iterations in a row that kept the last one's best move
	for i := len(iters) - 2; i >= 0; i-- {
		if len(iters[i].PV) == 0 || len(last.PV) == 0 || iters[i].PV[0] != last.PV[0] {
			break
		}
		stable++
	}
	scale := 1.0
	switch {
	case stable == 0:
		scale = 1.4 // the best move just changed
	case stable >= 4:
		scale = 0.5
	case stable >= 2:
		scale = 0.75
	}
	if drop := iters[len(iters)-2].Score - last.Score; !IsMate(last.Score) && !IsMate(iters[len(iters)-2].Score) {
		switch {
		case drop >= 60:
			scale *= 2
		case drop >= 25:
			scale *= 1.5
		}
	}
	return time.Duration(float64(soft) * scale)
}
