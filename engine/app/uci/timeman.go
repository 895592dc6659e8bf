package uci

import "time"

// Time management.
//
// Under a clock the engine must decide, before searching, how long it may
// think. It gets two limits from TimeLimits:
//
//   - the soft limit: after an iteration of iterative deepening completes,
//     no new one is started once the soft limit has passed (the next
//     iteration would usually take longer than all the previous ones
//     together, so starting it late wastes the time);
//   - the hard limit: the search is aborted when it is reached, whatever it
//     is doing, and the best move of the last completed iteration is
//     played.
//
// The formula, all in milliseconds:
//
//	left = remaining − overhead
//	mtg  = movestogo, or 40 in sudden death (no movestogo)
//	soft = left/mtg + 3·inc/4
//	hard = min(4·soft, left/4 + inc/2, left/2)
//	soft = min(soft, hard)
//	both at least 1 ms; results are truncated to whole milliseconds
//
// Why:
//
//   - overhead (the "Move Overhead" option) is time lost outside the
//     search on every move: process scheduling, pipes, the GUI's own lag.
//     The GUI's clock counts it, so it is taken off before anything else.
//   - left/mtg is the fair share of the remaining time if it has to last
//     mtg more moves; in sudden death the game is assumed to last 40 more
//     moves, so the share shrinks as the clock runs down and the engine
//     never runs out. 40 is more than most games have left, on purpose:
//     a move usually takes longer than the soft limit (the iteration
//     running when it passes is allowed to finish), about 1.5 to 2 times
//     as long, so planning for 40 moves spends the clock as if planning
//     for 20 to 25.
//   - The increment is added after the move, so most of it (3/4) can be
//     spent on every move; the rest builds a reserve.
//   - The hard limit lets an iteration started just before the soft limit
//     finish (with a branching factor near 2 an iteration costs about as
//     much as all earlier ones, so 4·soft is plenty), but never spends more
//     than a quarter of what is left plus half the increment on one move,
//     and never more than half of what is on the clock: the increment only
//     arrives after the move, so a large increment must not lure the engine
//     into spending time it does not have yet.
//
// Why it does not lose on time: each move spends at most left/2 plus the
// real overhead, which Move Overhead covers, so the clock after the move
// is at least remaining − overhead − left/2 ≥ left/2 > 0 before the
// increment comes back. With 10 s + 0.1 s the first move gets soft 324 ms,
// hard 1.297 s; with 1 s + 0.01 s soft 31 ms, hard 127 ms. When less than
// lowTime is left the search is also capped at depth lowTimeDepth
// (see the go command), which takes a millisecond or two, so the engine
// moves at once and lives off the increment.

// defaultMovesToGo is the number of moves a sudden-death clock is assumed
// to have to last.
const defaultMovesToGo = 40

// lowTime is the remaining time below which the engine searches only to
// lowTimeDepth: there is no time to think, only to avoid blunders.
const lowTime = 100 * time.Millisecond

// lowTimeDepth is the depth cap below lowTime.
const lowTimeDepth = 2

// TimeLimits returns the soft and hard time limits for one move, given the
// time remaining on the engine's clock, its increment per move, the
// number of moves to the next time control (0 for sudden death) and the
// move overhead. Both limits are at least a millisecond and the hard limit
// is never less than the soft one. See the formula above.
func TimeLimits(remaining, inc time.Duration, movesToGo int, overhead time.Duration) (soft, hard time.Duration) {
	remaining = max(remaining, 0)
	inc = max(inc, 0)
	overhead = max(overhead, 0)
	left := max(remaining-overhead, 0)
	mtg := movesToGo
	if mtg <= 0 {
		mtg = defaultMovesToGo
	}
	soft = left/time.Duration(mtg) + inc*3/4
	hard = min(4*soft, left/4+inc/2, left/2)
	soft = min(soft, hard)
	soft = max(soft.Truncate(time.Millisecond), time.Millisecond)
	hard = max(hard.Truncate(time.Millisecond), time.Millisecond)
	return soft, hard
}
