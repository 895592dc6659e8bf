package engine

import (
	"github.com/plylab/plylab/engine/board"
)

// The node search: negamax as a sequence of named steps, each technique in
// one step behind its switch, with the comment that says why it works. The
// steps read and write the node (its window, depth and what it learned
// so far) and the frame of its ply (Searcher.frames). The loop over the
// moves and its steps are in searchmoves.go; the Searcher and the
// iterative-deepening driver are in searcher.go; quiescence is in
// quiesce.go.

// Reverse futility pruning: the margin per ply of depth in centipawns, and
// the deepest node it applies to.
const (
	rfpMargin   = 80
	rfpMaxDepth = 8
)

// Futility pruning: the margin is futilityBase + futilityPerPly·depth
// centipawns (160 at depth 1, 720 at depth 8), up to futilityMaxDepth.
const (
	futilityBase     = 80
	futilityPerPly   = 80
	futilityMaxDepth = 8
)

// lmpMaxDepth is the deepest node late move pruning applies to.
const lmpMaxDepth = 8

// Singular extensions: the shallowest node tested, the margin below the
// table's score per ply of depth, and the most extensions on one line.
const (
	singularDepth      = 6
	singularMargin     = 2
	singularMaxPerLine = 4
)

// ProbCut: the shallowest node tried, the margin above beta a capture's
// shallow search must reach, and how many plies shallower that search is.
const (
	probCutDepth  = 5
	probCutMargin = 200
	probCutR      = 4
)

// SEE pruning in the main search: the deepest node where it applies, and
// the material a move may lose per ply (quiet moves) or per ply squared
// (captures) before it is skipped.
const (
	seePruneDepth   = 6
	seePruneQuiet   = 60
	seePruneCapture = 20
)

// Razoring: the deepest node it applies to, and its margin below alpha,
// razorBase + razorPerPly2·depth² centipawns (550 at depth 1, 2550 at 3).
const (
	razorMaxDepth = 3
	razorBase     = 300
	razorPerPly2  = 250
)

// cutNodeReduction is how many plies more late move reductions take at a
// node expected to fail high (cutnode).
const cutNodeReduction = 1

// noEval marks a ply without a static evaluation (in check) for improving.
const noEval = -1 << 30

// nullAdaptR is the adaptive null-move reduction: 3 plies, one more for
// every 4 plies of depth, and one more for every 200 cp the static
// evaluation stands above beta, at most 3. A deeper node can afford a
// bigger reduction (the reduced search is still deep enough to see a
// threat), and a position far above beta needs less proof. The null
// search then costs a smaller share of the node, which is what makes null
// move pay under a clock.
func nullAdaptR(depth, above int) int {
	return 3 + depth/4 + min(above/200, 3)
}

// histLMRGood is the history score from which history-based LMR reduces a
// quiet move one ply less (the main history grows by depth² per cutoff:
// 256 is, say, four cutoffs at depth 8).
const histLMRGood = 256

// node is what the search knows about the position it is searching: the
// arguments of negamax, then what the steps found out, in the order they
// find it. It lives on negamax's stack; the steps take a pointer to it.
type node struct {
	ply, depth  int // distance from the root; plies left to the horizon
	alpha, beta int // the window
	alphaOrig   int // alpha as the node got it (an exact score or an upper bound?)
	move        board.Move
	afterNull   bool   // the move that led here was a null move, or the node re-searches itself
	f           *frame // the frame of this ply

	inCheck  bool
	pvNode   bool       // a principal-variation node under PVS: the window is open
	excluded board.Move // the move a singular test leaves out, or restrictedRoot

	// What the transposition table said (ttBound is BoundNone if nothing).
	hashMove board.Move // the move to try first: the table's, or the previous iteration's at the root
	ttMove   board.Move
	ttScore  int
	ttDepth  int
	ttBound  Bound

	staticEval int  // the corrected static evaluation, perhaps sharpened by the table
	haveEval   bool // staticEval was computed (the pruning steps may use it)
	improving  bool
	singular   bool // the table's move is singular: it is searched one ply deeper
	negExt     bool // the table's move is not singular but beats beta: it is searched one ply shallower
	futile     bool // futility pruning skips the quiet moves
	lmpLimit   int  // late move pruning skips the quiet moves from this place on
}

func (s *Searcher) leave(v int, b Bound, why EndReason, searched, total int, best board.Move) int {
	if TraceHooks && s.rec != nil {
		s.rec.Leave(NodeResult{Value: v, Bound: b, End: why, Searched: searched, Total: total, Best: best})
	}
	return v
}

// negamax is the engine's main search. Its steps come in the order an
// engine textbook presents the techniques; each is guarded by its switch.
// A step that settles the node (a draw, a table cutoff, a pruning) returns
// the node's score and true.
func (s *Searcher) negamax(ply, depth, alpha, beta int, move board.Move, afterNull bool) int {
	n := node{ply: ply, depth: depth, alpha: alpha, beta: beta, alphaOrig: alpha, move: move, afterNull: afterNull}
	if v, done := s.enterNode(&n); done {
		return v
	}
	s.extendCheck(&n)
	if v, done := s.probeTT(&n); done {
		return v
	}
	if n.depth <= 0 {
		return s.horizon(&n)
	}
	s.evaluateNode(&n)
	s.computeImproving(&n)
	s.sharpenEval(&n)
	if v, done := s.razoring(&n); done {
		return v
	}
	if v, done := s.reverseFutility(&n); done {
		return v
	}
	if v, done := s.nullMove(&n); done {
		return v
	}
	if v, done := s.probCutNode(&n); done {
		return v
	}
	if v, done := s.singularExtension(&n); done {
		return v
	}

	list := &n.f.list
	s.b.GenerateMoves(list)
	moves := list.Slice()
	if len(moves) == 0 {
		return s.terminal(ply, n.inCheck)
	}
	// A root restricted to some moves (searchmoves, MultiPV) searches only
	// those; its move from the previous iteration (rootBest) goes first.
	if n.excluded == restrictedRoot {
		moves, n.hashMove = s.restrictRoot(list), s.rootBest
	}
	s.internalReduction(&n)
	scores := n.f.scores[:len(moves)]
	s.scoreMoves(ply, moves, scores, n.hashMove)
	s.futilityPruning(&n)
	s.lateMovePruning(&n, len(moves))
	return s.searchMoves(&n, moves, scores)
}

// enterNode counts the node, readies its frame, and ends it at once when
// the search is stopping, when the position is a draw by the rules or by
// repetition, or at the deepest ply the frames allow.
func (s *Searcher) enterNode(n *node) (int, bool) {
	b := s.b
	ply := n.ply
	f := &s.frames[ply]
	n.f = f
	s.stats.Nodes++
	f.pvLen = 0
	f.prev = n.move
	if s.opts.ContHist {
		f.contPrev = noCont
		if n.move != board.NoMove {
			f.contPrev = pieceContIndex(b.PieceAt(n.move.To()), n.move.To())
		}
	}
	if ply > s.stats.SelDepth {
		s.stats.SelDepth = ply
	}
	if TraceHooks && s.rec != nil {
		s.rec.Enter(NodeInfo{Move: n.move, Ply: ply, Depth: n.depth, Alpha: n.alpha, Beta: n.beta, Null: n.afterNull && n.move == board.NoMove})
	}
	if s.stats.Nodes&2047 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove), true
	}
	if ply > 0 && (b.IsFiftyMoveDraw() || b.InsufficientMaterial() || s.repeated(b)) {
		s.stats.Terminal++
		return s.leave(0, Exact, EndDraw, 0, 0, board.NoMove), true
	}
	if ply >= MaxPly {
		s.stats.Leaves++
		return s.leave(s.evaluate(b), Exact, EndLeaf, 0, 0, board.NoMove), true
	}
	n.inCheck = b.InCheck()
	return 0, false
}

// extendCheck is the check extension: a check forces the reply, so the
// position is not quiet and the horizon would cut the line at its most
// forcing point. Searching one ply deeper costs little because evasions
// are few.
func (s *Searcher) extendCheck(n *node) {
	if s.opts.CheckExtension && n.inCheck && n.ply > 0 && n.depth >= 0 {
		n.depth++
		s.stats.CheckExts++
	}
}

// probeTT is the transposition table probe: an entry searched at least as
// deep whose bound settles the window ends the node at once. At PV nodes
// under PVS it only supplies the move, to keep the principal variation
// whole. The node's excluded move (a singular-extension search's, see
// singularExtension) means the search is not this node's real result, so
// it neither ends at a table entry nor stores one.
func (s *Searcher) probeTT(n *node) (int, bool) {
	o := &s.opts
	n.pvNode = o.PVS && n.beta-n.alpha > 1
	if n.ply == 0 && o.IterativeDeepening {
		n.hashMove = s.rootBest
	}
	n.excluded = n.f.excluded
	if !o.TT {
		return 0, false
	}
	s.stats.TTProbes++
	e, ok := s.tt.probe(s.b.Hash())
	if !ok {
		return 0, false
	}
	s.stats.TTHits++
	n.ttMove = e.move()
	n.ttScore, n.ttBound, n.ttDepth = scoreFromTT(int(e.score()), n.ply), e.bound(), e.depth()
	if o.HashMove && n.ttMove != board.NoMove {
		n.hashMove = n.ttMove
	}
	if n.ply > 0 && !n.pvNode && n.excluded == board.NoMove && n.ttDepth >= n.depth && (o.AlphaBeta || n.ttBound == Exact) {
		sc, bound := n.ttScore, n.ttBound
		if bound == Exact || (bound == Lower && sc >= n.beta) || (bound == Upper && sc <= n.alpha) {
			s.stats.TTCutoffs++
			return s.leave(sc, bound, EndTTCutoff, 0, 0, n.ttMove), true
		}
	}
	return 0, false
}

// horizon ends the node at depth 0: with quiescence, its search of the
// captures decides; without, the leaf is evaluated statically, after
// making sure it is not checkmate or stalemate.
func (s *Searcher) horizon(n *node) int {
	if s.opts.Quiescence {
		s.stats.Leaves++
		return s.quiesceBody(n.ply, n.alpha, n.beta, n.inCheck)
	}
	if !s.b.HasLegalMove() {
		return s.terminal(n.ply, n.inCheck)
	}
	s.stats.Leaves++
	return s.leave(s.evaluate(s.b), Exact, EndLeaf, 0, 0, board.NoMove)
}

// evaluateNode computes the static evaluation that feeds the pruning
// decisions below, where one of them may use it; in check it means
// nothing (the side to move must answer the check).
func (s *Searcher) evaluateNode(n *node) {
	o := &s.opts
	if !n.inCheck && n.ply > 0 && !n.pvNode && o.AlphaBeta && (o.RFP || o.NullMove || o.Futility) {
		n.staticEval, n.haveEval = s.staticEval(s.b), true
	}
}

// computeImproving: compare the static evaluation with the one two plies
// before, the last time this side was to move. If it rose, the side's
// moves are working: a score above beta now will likely stay there, so
// reverse futility prunes with one ply less margin, while the quiet moves
// deserve their full count before late move pruning. If it did not rise,
// the line is probably going nowhere: late move pruning keeps half as
// many quiet moves and late move reductions reduce one ply more. Without a
// comparison (in check now or two plies before) the node counts as
// improving. PV nodes compute their evaluation too, only so that the
// nodes below them have one to compare with.
func (s *Searcher) computeImproving(n *node) {
	n.improving = true
	if !s.opts.Improving {
		return
	}
	f := n.f
	f.eval = noEval
	if !n.inCheck {
		e := n.staticEval
		if !n.haveEval {
			e = s.staticEval(s.b)
		}
		f.eval = int32(e)
	}
	if n.ply >= 2 && f.eval != noEval {
		if before := s.frames[n.ply-2].eval; before != noEval {
			n.improving = f.eval > before
		}
	}
}

// sharpenEval is the table-sharpened evaluation: the static evaluation
// guesses the node's score without searching, but the table may hold a
// searched bound on that very score. A lower bound above the guess, or an
// upper bound below it, says the guess is wrong in that direction, and
// the search's word is better than the evaluation's: the bound replaces
// it for the pruning decisions below (reverse futility, null move,
// futility), whatever its depth, since any search saw more than the
// static evaluation did. Improving keeps comparing the plain static
// evaluations. Mate scores are left out: they are not evaluations.
func (s *Searcher) sharpenEval(n *node) {
	if s.opts.TTEval && n.haveEval && n.ttBound != BoundNone && !IsMate(n.ttScore) &&
		(n.ttBound == Exact || (n.ttBound == Lower && n.ttScore > n.staticEval) || (n.ttBound == Upper && n.ttScore < n.staticEval)) {
		n.staticEval = n.ttScore
		s.stats.TTEvals++
	}
}

// razoring: near the horizon, a position whose static evaluation is so
// far below alpha that no quiet move could plausibly make up the
// difference in the plies left is settled by quiescence search alone:
// only captures and promotions could change the verdict, and quiescence
// searches exactly those, far more cheaply than the node's own search.
// It is futility pruning taken to its end: futility keeps the node and
// skips its quiet moves, razoring drops the node's search altogether.
// Outside the principal variation only, never in check (no static
// evaluation) and not for mate-bound windows. (Birmingham and Kent named
// it in 1977; the form here, a margin growing with depth² and a plain
// quiescence search, is today's.)
func (s *Searcher) razoring(n *node) (int, bool) {
	if !s.opts.Razor || !s.opts.Quiescence || !n.haveEval || n.pvNode || n.excluded != board.NoMove ||
		n.depth > razorMaxDepth || IsMate(n.alpha) || IsMate(n.beta) ||
		n.staticEval+razorBase+razorPerPly2*n.depth*n.depth >= n.alpha {
		return 0, false
	}
	s.stats.Razors++
	return s.quiesceBody(n.ply, n.alpha, n.beta, false), true
}

// reverseFutility is reverse futility pruning ("static null move"): near
// the horizon, if the static evaluation beats beta by more than any
// plausible loss in the remaining plies (a margin per ply), the opponent
// will not allow this position: return at once. Checks are excluded (the
// evaluation is meaningless there) and so are mate-bound windows. The
// margin counts one ply less where the static evaluation is improving
// (see computeImproving).
func (s *Searcher) reverseFutility(n *node) (int, bool) {
	if !s.opts.RFP || !n.haveEval || n.excluded != board.NoMove || n.depth > rfpMaxDepth || IsMate(n.beta) {
		return 0, false
	}
	rfpDepth := n.depth
	if s.opts.Improving && n.improving {
		rfpDepth--
	}
	if n.staticEval-rfpMargin*rfpDepth < n.beta {
		return 0, false
	}
	s.stats.RFPCuts++
	return s.leave(n.staticEval, Lower, EndRFP, 0, 0, board.NoMove), true
}

// nullMove is null-move pruning: let the opponent move twice in a row. If
// our position is still so good that a reduced search reaches beta, a real
// move would do at least as well (moving is almost always better than
// passing), so the node is pruned. The guard: in zugzwang positions
// passing IS better than any move, and zugzwang is common when only king
// and pawns are left, so null move is skipped there, and in check
// (passing would be illegal).
func (s *Searcher) nullMove(n *node) (int, bool) {
	o := &s.opts
	if !o.NullMove || !n.haveEval || n.afterNull || n.excluded != board.NoMove || n.depth < 2 || n.staticEval < n.beta || !s.nullAllowed(s.b) {
		return 0, false
	}
	depth, beta := n.depth, n.beta
	r := o.NullR
	if depth >= 7 {
		r++
	}
	// vr is the verification's reduction: the plain one, also under
	// nulladapt, whose larger reductions would leave too little depth to
	// verify in the shallow nodes where zugzwang mates hide (the paper's
	// mate in two at depth 5).
	vr := r
	if o.NullAdapt {
		r = nullAdaptR(depth, n.staticEval-beta)
	}
	s.stats.NullTries++
	if o.Singular {
		s.frames[n.ply+1].extended = n.f.extended
	}
	s.frames[n.ply+1].cut = false // the null move is expected to fail high here, low at the child
	s.b.MakeNull()
	v := -s.negamax(n.ply+1, depth-1-r, -beta, -beta+1, board.NoMove, true)
	s.b.UnmakeNull()
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove), true
	}
	if v >= beta && o.NullVerify && depth-vr >= 2 {
		// Verification: zugzwang positions with pieces on the board exist
		// too (the game-trees paper's mate in two is one: after Ra6 Black
		// would love to pass). Before trusting the cutoff, search this
		// node normally, without null move, at the reduced depth. Only if
		// that also reaches beta is the node pruned.
		s.stats.NullVerifications++
		v = s.negamax(n.ply, depth-vr, beta-1, beta, n.move, true)
		if s.stopped {
			return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove), true
		}
	}
	if v < beta {
		return 0, false
	}
	s.stats.NullCutoffs++
	if IsMate(v) {
		v = beta // a mate found by passing is not proven
	}
	return s.leave(v, Lower, EndNullCutoff, 0, 0, board.NoMove), true
}

// internalReduction is internal iterative reduction: a node deep enough
// to matter but with no best move from the table is probably not on the
// principal variation (the previous iteration never searched it well),
// and without a hash move its ordering is poor. Searching it one ply
// shallower costs little; if it matters, the next iteration will search
// it again, with a hash move.
func (s *Searcher) internalReduction(n *node) {
	if s.opts.IIR && s.opts.TT && n.ply > 0 && n.depth >= 4 && n.ttMove == board.NoMove && !n.inCheck {
		n.depth--
		s.stats.IIRReductions++
	}
}

// futilityPruning decides futility pruning: a node a few plies above the
// horizon whose static evaluation plus a generous margin still cannot
// reach alpha will not be rescued by a quiet move; only captures,
// promotions and checks are searched there (searchMoves sets the others
// aside). The margin grows with the plies left, since each ply is another
// chance to gain; at 8 plies it is 720 cp, so a quiet move is given up
// only in a position that is lost by several pieces' worth.
func (s *Searcher) futilityPruning(n *node) {
	n.futile = s.opts.Futility && n.haveEval && n.depth <= futilityMaxDepth && !IsMate(n.alpha) &&
		n.staticEval+futilityBase+futilityPerPly*n.depth <= n.alpha
}

// lateMovePruning decides late move pruning: near the horizon, with good
// ordering, quiet moves far down the list almost never matter; after a
// few of them the rest are skipped (searchMoves sets them aside). The
// count kept, 3 + depth², grows fast with the plies left: 7 at depth 2,
// 67 at depth 8, more than most positions have, so deep nodes lose only
// the tail of a long list. Where the evaluation is not improving, half as
// many are kept.
func (s *Searcher) lateMovePruning(n *node, moves int) {
	n.lmpLimit = moves
	if s.opts.LMP && s.opts.AlphaBeta && n.ply > 0 && !n.pvNode && !n.inCheck && n.depth <= lmpMaxDepth {
		n.lmpLimit = 3 + n.depth*n.depth
		if !n.improving {
			n.lmpLimit /= 2
		}
	}
}

// terminal scores a position without legal moves: checkmate (the earlier
// the better for the winner, so mate scores count plies) or stalemate.
func (s *Searcher) terminal(ply int, inCheck bool) int {
	s.stats.Terminal++
	if inCheck {
		return s.leave(-MateScore+ply, Exact, EndCheckmate, 0, 0, board.NoMove)
	}
	return s.leave(0, Exact, EndStalemate, 0, 0, board.NoMove)
}

// repeated reports whether b's position ends the line by repetition: at the
// first repetition with the repetition-draw technique, at the third
// occurrence (the rules) without it.
func (s *Searcher) repeated(b *board.Board) bool {
	if s.opts.RepetitionDraw {
		return b.IsRepetition()
	}
	return b.RepetitionCount() >= 3
}

// nullAllowed is the null-move guard against zugzwang. plylab's own: the
// side to move has a piece besides king and pawns. RAM-Z's (NullMajorGuard):
// a rook or a queen of either colour is on the board.
func (s *Searcher) nullAllowed(b *board.Board) bool { return nullGuard(s.opts.NullMajorGuard, b) }
