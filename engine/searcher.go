package engine

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// The Searcher: its state, the iterative-deepening driver (Search) and the
// aspiration windows at the root. The node search itself, negamax with its
// techniques, is in search.go; the helper threads of a search on several
// threads are in smp.go.

// Limits bound a search. Zero fields are "no limit"; with no depth limit
// the search runs to MaxDepth.
type Limits struct {
	Depth    int           // deepest iteration
	Nodes    uint64        // stop after about this many nodes
	MoveTime time.Duration // hard limit: stop searching after this long
	// SoftTime, if set, stops iterative deepening from starting a new
	// iteration once it has passed (the next one would rarely finish).
	SoftTime time.Duration
	// SoftNodes, if set, stops iterative deepening from starting a new
	// iteration once this many nodes were searched: every completed
	// iteration is kept whole, unlike with Nodes (data generation).
	SoftNodes uint64
	// RootMoves, if not empty, restricts the search to these moves at the
	// root (UCI "go searchmoves"). Moves that are not legal in the
	// position are ignored; when none is, every move is searched.
	RootMoves []board.Move
	// MultiPV is the number of best lines each iteration finds (UCI
	// MultiPV): the best line, then the best line without the first
	// line's move, and so on, each a search of its own. 0 and 1 both mean
	// one line; more lines than root moves means one line per root move.
	MultiPV int
	// PonderHit, if not nil, holds the time limits (MoveTime, SoftTime)
	// back while the search ponders (UCI "go ponder"): it searches as if
	// untimed until the channel is closed ("ponderhit"), and the limits
	// count from the moment the search sees it closed. Depth and node
	// limits apply from the start.
	PonderHit <-chan struct{}
}

// The late move reduction of the move at place n of a node at depth d is
// ⌊lmrBase + ln d · ln n / lmrDivisor⌋ plies (before its adjustments).
const (
	lmrBase    = 0.75
	lmrDivisor = 2.0
)

// MaxDepth is the deepest iteration a search will start.
const MaxDepth = 64

// Searcher is the full engine. It keeps its transposition table, killer
// moves and history between searches (as a game goes on); use a new
// Searcher, or Clear, for reproducible node counts.
type Searcher struct {
	opts Options
	b    *board.Board
	tt   *TT
	rec  Recorder
	ctx  context.Context
	eval evaluator // the static evaluation (evaluator.go)

	history [2][64][64]int32
	counter [64][64]board.Move // the quiet move that last refuted a move, by its from and to squares

	stats       Stats
	start       time.Time
	deadline    time.Time
	hasDeadline bool
	nodeLimit   uint64
	stopped     bool

	// frames holds what the search keeps for each ply of the line from
	// the root to the node it is searching (frame).
	frames [MaxPly + 2]frame

	rootBest board.Move // best move of the previous iteration (ordering at the root)
	// rootNodes counts the nodes (quiescence included) this thread spent
	// below each root move, by its from and to squares, over the whole
	// search; kept only with time management (timeman.go), which reads
	// the best move's share.
	rootNodes [64][64]uint64
	lmr       [64][64]int8

	cont    *contTable    // continuation histories (conthist), nil when off
	capHist *capHistTable // capture history (capthist), nil when off
	corr    *corrTable    // correction history (corrhist), nil when off

	// A root search restricted to some moves (Limits.RootMoves, MultiPV)
	// and pondering (Limits.PonderHit), read only at the root and in
	// checkStop.
	rootAllowed []board.Move    // the moves the root may play while frames[0].excluded is restrictedRoot
	pondering   bool            // the time limits wait for ponderHit
	ponderHit   <-chan struct{} // closed at "ponderhit"
	clockStart  time.Time       // when the time limits started counting: start, or the ponderhit
	moveTime    time.Duration   // Limits.MoveTime, for a deadline set at the ponderhit

	// Lazy SMP (smp.go): the main thread's helpers, the state the threads
	// share, and a helper's number (0 for the main thread) and the nodes
	// it has published so far.
	helpers   []*Searcher
	smp       *smp
	helper    int
	published uint64
}

// frame is what the search keeps for one ply of the current line: the
// node at that ply writes it, and the nodes next to it read it (the
// principal variation of the child, the evaluation and the moves two
// plies up). Each technique that needs a memory per ply has its field
// here, after the fields every node touches.
type frame struct {
	prev     board.Move    // the move that led to the node (NoMove at the root and after a null move)
	contPrev contIndex     // the (piece, to) of that move, noCont if none (conthist)
	killers  [2]board.Move // the quiet moves that last caused a cutoff at this ply (killers)
	excluded board.Move    // the move a singular-extension search leaves out, or restrictedRoot
	extended uint8         // singular extensions on the line from the root to this ply
	cut      bool          // the node is expected to fail high (cutnode); its parent sets it
	eval     int32         // the static evaluation, noEval if none (improving)
	pvLen    int
	nQuiets  int                    // how many quiet moves were searched so far (conthist)
	nTried   int                    // how many quiet moves were searched so far (histmalus)
	nCaps    int                    // how many captures were searched so far (capthist)
	list     board.MoveList         // the node's moves
	scores   [256]int32             // their ordering scores
	pv       [MaxPly + 1]board.Move // the principal variation from this ply
	quiets   [64]contIndex          // the quiet moves searched so far (conthist)
	tried    [64]board.Move         // the quiet moves searched so far (histmalus)
	caps     [32]capIndex           // the captures searched so far (capthist)
}

// restrictedRoot stands in frames[0].excluded while the root searches only
// the moves in s.rootAllowed (Limits.RootMoves, and every line of a
// MultiPV iteration after the first). Such a search is not the root's
// real result, like the search of a singular test that leaves a move
// out, so it neither stores a table entry nor updates the correction
// history: the code that guards those with excluded == NoMove needs
// nothing more. It is no move of any position (from and to are the same
// square), and the root never has a singular test's excluded move.
var restrictedRoot = board.NewMove(board.B1, board.B1, board.FlagQuiet)

// NewSearcher returns a full-engine searcher with the given options: with
// Options.Threads above 1, the main thread of a Lazy SMP search and its
// helpers (smp.go).
func NewSearcher(opts Options) *Searcher {
	opts = opts.withDefaults()
	var tt *TT
	if opts.TT {
		tt = NewTT(opts.TTSizeMB)
	}
	s := newThread(opts, tt)
	if threads := min(max(opts.Threads, 1), MaxThreads); threads > 1 {
		s.smp = new(smp)
		if tt != nil {
			tt.Share()
		}
		for i := 1; i < threads; i++ {
			h := newThread(opts, tt)
			h.smp, h.helper = s.smp, i
			s.helpers = append(s.helpers, h)
		}
	}
	return s
}

// newThread returns a searcher with its own tables and evaluator and the
// transposition table tt.
func newThread(opts Options, tt *TT) *Searcher {
	s := &Searcher{opts: opts, eval: newEvaluator(opts), tt: tt}
	if opts.ContHist {
		s.cont = new(contTable)
	}
	if opts.CorrHist {
		s.corr = new(corrTable)
	}
	if opts.CaptHist && opts.MVVLVA {
		s.capHist = new(capHistTable)
	}
	// Late move reductions grow with both depth and move number: the later
	// a move comes in a well-ordered list, the less likely it is best.
	// lmrDivisor sets how fast: a smaller one reduces more.
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			s.lmr[d][n] = int8(lmrBase + math.Log(float64(d))*math.Log(float64(n))/lmrDivisor)
		}
	}
	return s
}

// Options returns the searcher's options.
func (s *Searcher) Options() Options { return s.opts }

// Clear forgets everything learned: transposition table, killers, history
// (the helper threads' too).
func (s *Searcher) Clear() {
	if s.tt != nil {
		s.tt.Clear()
	}
	s.forget()
	for _, h := range s.helpers {
		h.forget()
	}
}

// forget clears the thread's own tables: killers, histories, counter
// moves, the previous best move.
func (s *Searcher) forget() {
	s.clearKillers()
	s.history = [2][64][64]int32{}
	s.counter = [64][64]board.Move{}
	if s.cont != nil {
		*s.cont = contTable{}
	}
	if s.corr != nil {
		*s.corr = corrTable{}
	}
	if s.capHist != nil {
		*s.capHist = capHistTable{}
	}
	s.rootBest = board.NoMove
}

// Hashfull returns the permille of the transposition table in use.
func (s *Searcher) Hashfull() int {
	if s.tt == nil {
		return 0
	}
	return s.tt.Hashfull()
}

// Search runs the engine on b (which it uses and restores) within limits.
// rec, if not nil, observes every node. info, if not nil, is called after
// every completed iteration. Cancelling ctx stops the search; the result
// then holds the last completed iteration.
func (s *Searcher) Search(ctx context.Context, b *board.Board, limits Limits, rec Recorder, info func(Iteration)) Result {
	s.begin(ctx, b, limits, rec)
	allowed, restricted, lines := rootPlan(b, limits)
	s.startHelpers(ctx, b, limits, allowed, restricted)
	res := s.deepen(limits, allowed, restricted, lines, info)
	res.HelperNodes = s.stopHelpers()
	if res.BestMove == board.NoMove && len(allowed) > 0 {
		// Cancelled before depth 1 finished: fall back to a legal move
		// (one the search was allowed to play).
		res.BestMove = allowed[0]
		res.PV = []board.Move{allowed[0]}
	}
	s.stats.Elapsed = time.Since(s.start)
	res.Stats = s.stats
	res.Stopped = s.stopped
	if s.tt != nil {
		res.TTHashful = s.tt.Hashfull()
	}
	return res
}

// depths returns the iterations a search to limits.Depth runs: from
// first to last.
func (s *Searcher) depths(limits Limits) (first, last int) {
	last = limits.Depth
	if last <= 0 || last > MaxDepth {
		last = MaxDepth
	}
	first = 1
	if !s.opts.IterativeDeepening {
		first = last
	}
	return first, last
}

// deepen is iterative deepening: it searches depth 1, 2, ... until a
// limit says stop, each iteration reusing what the ones before learned
// (the table, the previous best move first, the aspiration window around
// the previous score), and returns the completed iterations. With several
// lines or a restricted root (allowed, restricted, lines: rootPlan) each
// iteration finds the lines one by one.
func (s *Searcher) deepen(limits Limits, allowed []board.Move, restricted bool, lines int, info func(Iteration)) Result {
	multi := restricted || lines > 1
	first, maxDepth := s.depths(limits)
	res := Result{Algo: s.opts.Name}
	prevScore := 0
	var prevLines []Line
	for depth := first; depth <= maxDepth; depth++ {
		var score int
		var bound Bound
		var pv []board.Move
		var found []Line
		if multi {
			found = s.searchLines(depth, allowed, restricted, lines, prevLines)
		} else {
			score, bound = s.searchRoot(depth, prevScore)
		}
		if s.stopped || (multi && found == nil) {
			// An interrupted iteration is discarded: its scores are bounds
			// from an unfinished search. The previous iteration stands.
			break
		}
		if multi {
			score, bound, pv = found[0].Score, found[0].Bound, found[0].PV
			prevLines = found
		} else {
			pv = append([]board.Move(nil), s.frames[0].pv[:s.frames[0].pvLen]...)
		}
		s.stats.Elapsed = time.Since(s.start)
		it := Iteration{Depth: depth, SelDepth: s.stats.SelDepth, Score: score, Bound: bound,
			Nodes: s.allNodes(), Elapsed: s.stats.Elapsed, PV: pv, Stats: s.stats, Lines: found}
		res.Iters = append(res.Iters, it)
		res.Depth, res.Score, res.PV = depth, score, pv
		if len(pv) > 0 {
			res.BestMove = pv[0]
			s.rootBest = pv[0]
		}
		if info != nil {
			info(it)
		}
		prevScore = score
		if s.stopped {
			break
		}
		if s.pondering {
			s.checkPonderHit()
		}
		// While pondering the clock has not started: only the depth and
		// node limits end the search.
		if limits.SoftTime > 0 && !s.pondering && time.Since(s.clockStart) >= s.softTime(limits.SoftTime, res.Iters) {
			break
		}
		if limits.SoftNodes > 0 && s.allNodes() >= limits.SoftNodes {
			break
		}
		// Under a time limit, a forced mate found within this depth is
		// played at once: it will not get shorter.
		timed := limits.MoveTime > 0 || limits.SoftTime > 0 || limits.Depth == 0
		if timed && IsMate(score) && MateIn(score) > 0 && 2*MateIn(score)-1 <= depth {
			break
		}
	}
	return res
}

// rootPlan reads a search's root moves and lines from limits: the moves
// the root may play (the legal moves, or those of limits.RootMoves that
// are legal when there is one), whether that is fewer than all the legal
// moves, and how many lines to find (limits.MultiPV, at least 1, at most
// one per allowed move).
func rootPlan(b *board.Board, limits Limits) (allowed []board.Move, restricted bool, lines int) {
	var ml board.MoveList
	b.GenerateMoves(&ml)
	legal := ml.Slice()
	for _, m := range legal {
		if slices.Contains(limits.RootMoves, m) {
			allowed = append(allowed, m)
		}
	}
	restricted = len(allowed) > 0 && len(allowed) < len(legal)
	if len(allowed) == 0 {
		allowed = append(allowed, legal...)
	}
	lines = min(max(limits.MultiPV, 1), max(len(allowed), 1))
	return allowed, restricted, lines
}

// searchLines runs one iteration of a MultiPV or restricted search: n
// lines, each the best line among the allowed root moves that no earlier
// line of the iteration plays. The first line of an unrestricted search
// is an ordinary root search; every other is restricted (restrictedRoot).
// Each line starts with the aspiration window and the first move of the
// best line of the previous iteration (prev) whose move it may still
// play. The lines come back sorted best first (a later line can score
// higher than an earlier one: the searches are separate), or nil when
// the search stopped before the last line was done.
func (s *Searcher) searchLines(depth int, allowed []board.Move, restricted bool, n int, prev []Line) []Line {
	lines := make([]Line, 0, n)
	for k := 0; k < n; k++ {
		s.rootAllowed = s.rootAllowed[:0]
		for _, m := range allowed {
			if !slices.ContainsFunc(lines, func(l Line) bool { return l.PV[0] == m }) {
				s.rootAllowed = append(s.rootAllowed, m)
			}
		}
		prevScore := 0
		s.rootBest = board.NoMove
		for _, l := range prev {
			if slices.Contains(s.rootAllowed, l.PV[0]) {
				prevScore, s.rootBest = l.Score, l.PV[0]
				break
			}
		}
		root := &s.frames[0]
		if k > 0 || restricted {
			root.excluded = restrictedRoot
		}
		score, bound := s.searchRoot(depth, prevScore)
		root.excluded = board.NoMove
		if s.stopped || root.pvLen == 0 {
			return nil
		}
		lines = append(lines, Line{Score: score, Bound: bound, PV: append([]board.Move(nil), root.pv[:root.pvLen]...)})
	}
	slices.SortStableFunc(lines, func(a, b Line) int { return b.Score - a.Score })
	return lines
}

// restrictRoot keeps the moves of the root's list that s.rootAllowed
// names, in their order, and returns them.
func (s *Searcher) restrictRoot(list *board.MoveList) []board.Move {
	n := 0
	for _, m := range list.Slice() {
		if slices.Contains(s.rootAllowed, m) {
			list.Moves[n] = m
			n++
		}
	}
	list.N = n
	return list.Slice()
}

// begin resets the per-search state.
func (s *Searcher) begin(ctx context.Context, b *board.Board, limits Limits, rec Recorder) {
	s.reset(ctx, b, rec)
	s.hasDeadline = limits.MoveTime > 0
	s.deadline = s.start.Add(limits.MoveTime)
	s.nodeLimit = limits.Nodes
	// Pondering: no deadline until the ponderhit (checkPonderHit).
	s.clockStart, s.moveTime = s.start, limits.MoveTime
	s.ponderHit, s.pondering = limits.PonderHit, limits.PonderHit != nil
	if s.pondering {
		s.hasDeadline = false
		s.checkPonderHit()
	}
	if s.tt != nil {
		s.tt.NewSearch()
	}
	if s.opts.TimeManagement {
		s.rootNodes = [64][64]uint64{}
	}
}

// reset readies a thread for a search of b without limits of its own (a
// helper thread's search: the main thread's begin adds the limits).
func (s *Searcher) reset(ctx context.Context, b *board.Board, rec Recorder) {
	s.b, s.rec, s.ctx = b, rec, ctx
	s.stats = Stats{}
	s.stopped = false
	s.start = time.Now()
	s.hasDeadline, s.nodeLimit = false, 0
	s.ponderHit, s.pondering = nil, false
	s.published = 0
	s.rootBest = board.NoMove
	s.frames[0].excluded = board.NoMove
	s.frames[0].cut = false
	s.clearKillers()
	s.frames[0].extended = 0
}

// clearKillers forgets the killer moves of every ply.
func (s *Searcher) clearKillers() {
	for i := range s.frames {
		s.frames[i].killers = [2]board.Move{}
	}
}

// searchRoot runs one iteration, inside an aspiration window when enabled.
//
// Aspiration windows: the score rarely moves much from one iteration to the
// next, so the search starts with a narrow window around the previous score.
// A narrow window prunes more. If the true score falls outside, the search
// "fails" low or high and is repeated with a wider window.
func (s *Searcher) searchRoot(depth, prev int) (int, Bound) {
	if !s.opts.Aspiration || !s.opts.IterativeDeepening || !s.opts.AlphaBeta || depth < 4 || IsMate(prev) {
		return s.negamax(0, depth, -Infinity, Infinity, board.NoMove, false), Exact
	}
	delta := s.opts.AspirationWindow
	alpha, beta := prev-delta, prev+delta
	for {
		score := s.negamax(0, depth, alpha, beta, board.NoMove, false)
		if s.stopped {
			return score, Exact
		}
		switch {
		case score <= alpha:
			s.stats.AspirationFail++
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			s.stats.AspirationFail++
			beta = min(score+delta, Infinity)
		default:
			return score, Exact
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// checkStop runs every 2048 nodes (and every 2048 qnodes): it charges them
// to the context's node budget, if any, and stops on cancellation or at a
// limit. A helper thread publishes its node count and stops when the main
// thread says so; the main thread's node limit counts every thread's
// nodes.
func (s *Searcher) checkStop() {
	budgetOf(s.ctx).charge(2048)
	if s.pondering {
		s.checkPonderHit()
	}
	if s.helper > 0 {
		s.publishNodes()
		if s.helperAtLimit() {
			s.smp.stop.Store(true)
		}
		if s.smp.stop.Load() {
			s.stopped = true
		}
	} else if s.smp != nil {
		s.smp.main.Store(s.stats.TotalNodes())
	}
	if s.ctx.Err() != nil ||
		(s.hasDeadline && time.Now().After(s.deadline)) ||
		(s.nodeLimit > 0 && s.allNodes() >= s.nodeLimit) {
		s.stopped = true
	}
}

// checkPonderHit starts the clock when the ponderhit has come: from now
// on the time limits apply, the deadline MoveTime from now.
func (s *Searcher) checkPonderHit() {
	select {
	case <-s.ponderHit:
		s.pondering = false
		s.clockStart = time.Now()
		s.hasDeadline = s.moveTime > 0
		s.deadline = s.clockStart.Add(s.moveTime)
	default:
	}
}
