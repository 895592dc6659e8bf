package engine

import (
	"github.com/plylab/plylab/engine/board"
)

// The node search: negamax with every technique behind its switch, and its
// helpers (terminal nodes, repetitions, when a null move is allowed, the
// singular test). The Searcher and the iterative-deepening driver are in
// searcher.go.

// Pruning margins in centipawns.
const rfpMargin = 80

var futilityMargin = [4]int{0, 150, 250, 350}

// Singular extensions: the shallowest node tested, the margin below the
// table's score per ply of depth, and the most extensions on one line.
const (
	singularDepth      = 8
	singularMargin     = 2
	singularMaxPerLine = 4
)

// SEE pruning in the main search: the deepest node where it applies, and
// the material a move may lose per ply (quiet moves) or per ply squared
// (captures) before it is skipped.
const (
	probCutDepth  = 5
	probCutMargin = 200
	probCutR      = 4
)

const (
	seePruneDepth   = 6
	seePruneQuiet   = 60
	seePruneCapture = 20
)

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

func (s *Searcher) leave(v int, b Bound, why EndReason, searched, total int, best board.Move) int {
	if traceHooks && s.rec != nil {
		s.rec.Leave(NodeResult{Value: v, Bound: b, End: why, Searched: searched, Total: total, Best: best})
	}
	return v
}

// negamax is the engine's main search. The techniques are applied in the
// order an engine textbook presents them; each is guarded by its switch.
func (s *Searcher) negamax(ply, depth, alpha, beta int, move board.Move, afterNull bool) int {
	o := &s.opts
	b := s.b
	s.stats.Nodes++
	s.pvLen[ply] = 0
	s.prev[ply] = move
	if o.ContHist {
		s.contPrev[ply] = noCont
		if move != board.NoMove {
			s.contPrev[ply] = pieceContIndex(b.PieceAt(move.To()), move.To())
		}
	}
	if ply > s.stats.SelDepth {
		s.stats.SelDepth = ply
	}
	if traceHooks && s.rec != nil {
		s.rec.Enter(NodeInfo{Move: move, Ply: ply, Depth: depth, Alpha: alpha, Beta: beta, Null: afterNull && move == board.NoMove})
	}
	if s.stats.Nodes&2047 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
	}
	if ply > 0 && (b.IsFiftyMoveDraw() || b.InsufficientMaterial() || s.repeated(b)) {
		s.stats.Terminal++
		return s.leave(0, Exact, EndDraw, 0, 0, board.NoMove)
	}
	if ply >= MaxPly {
		s.stats.Leaves++
		return s.leave(s.evaluate(b), Exact, EndLeaf, 0, 0, board.NoMove)
	}
	inCheck := b.InCheck()

	// Check extension: a check forces the reply, so the position is not
	// quiet and the horizon would cut the line at its most forcing point.
	// Searching one ply deeper costs little because evasions are few.
	if o.CheckExtension && inCheck && ply > 0 && depth >= 0 {
		depth++
		s.stats.CheckExts++
	}

	pvNode := o.PVS && beta-alpha > 1
	alphaOrig := alpha

	// Transposition table probe: an entry searched at least as deep whose
	// bound settles the window ends the node at once. At PV nodes under
	// PVS it only supplies the move, to keep the principal variation whole.
	hashMove := board.NoMove
	if ply == 0 && o.IterativeDeepening {
		hashMove = s.rootBest
	}
	staticEval, haveEval := 0, false
	ttMove := board.NoMove
	// excluded is the move a singular-extension search leaves out (see
	// below); such a search is not this node's real result, so it neither
	// ends at a table entry nor stores one.
	excluded := s.excluded[ply]
	ttScore, ttBound, ttDepth := 0, BoundNone, 0
	if o.TT {
		s.stats.TTProbes++
		if e, ok := s.tt.probe(b.Hash()); ok {
			s.stats.TTHits++
			ttMove = e.move
			ttScore, ttBound, ttDepth = scoreFromTT(int(e.score), ply), e.bound, int(e.depth)
			if o.HashMove && e.move != board.NoMove {
				hashMove = e.move
			}
			if ply > 0 && !pvNode && excluded == board.NoMove && int(e.depth) >= depth && (o.AlphaBeta || e.bound == Exact) {
				sc := scoreFromTT(int(e.score), ply)
				if e.bound == Exact || (e.bound == Lower && sc >= beta) || (e.bound == Upper && sc <= alpha) {
					s.stats.TTCutoffs++
					return s.leave(sc, e.bound, EndTTCutoff, 0, 0, e.move)
				}
			}
		}
	}

	if depth <= 0 {
		if o.Quiescence {
			s.stats.Leaves++
			return s.quiesceBody(ply, alpha, beta, inCheck)
		}
		// Without quiescence a leaf is evaluated statically, after making
		// sure it is not checkmate or stalemate.
		if !b.HasLegalMove() {
			return s.terminal(ply, inCheck)
		}
		s.stats.Leaves++
		return s.leave(s.evaluate(b), Exact, EndLeaf, 0, 0, board.NoMove)
	}

	// The static evaluation feeds the pruning decisions below; in check it
	// means nothing (the side to move must answer the check).
	if !inCheck && ply > 0 && !pvNode && o.AlphaBeta && (o.RFP || o.NullMove || o.Futility) {
		staticEval, haveEval = s.staticEval(b), true
	}

	// Improving: compare the static evaluation with the one two plies
	// before, the last time this side was to move. If it rose, the side's
	// moves are working: a score above beta now will likely stay there, so
	// reverse futility prunes with one ply less margin, while the quiet
	// moves deserve their full count before late move pruning. If it did
	// not rise, the line is probably going nowhere: late move pruning keeps
	// half as many quiet moves and late move reductions reduce one ply
	// more. Without a comparison (in check now or two plies before) the
	// node counts as improving. PV nodes compute their evaluation too, only
	// so that the nodes below them have one to compare with.
	improving := true
	if o.Improving {
		s.evals[ply] = noEval
		if !inCheck {
			e := staticEval
			if !haveEval {
				e = s.staticEval(b)
			}
			s.evals[ply] = int32(e)
		}
		if ply >= 2 && s.evals[ply] != noEval && s.evals[ply-2] != noEval {
			improving = s.evals[ply] > s.evals[ply-2]
		}
	}

	// Table-sharpened evaluation: the static evaluation guesses the
	// node's score without searching, but the table may hold a searched
	// bound on that very score. A lower bound above the guess, or an upper
	// bound below it, says the guess is wrong in that direction, and the
	// search's word is better than the evaluation's: the bound replaces it
	// for the pruning decisions below (reverse futility, null move,
	// futility), whatever its depth, since any search saw more than the
	// static evaluation did. Improving keeps comparing the plain static
	// evaluations. Mate scores are left out: they are not evaluations.
	if o.TTEval && haveEval && ttBound != BoundNone && !IsMate(ttScore) &&
		(ttBound == Exact || (ttBound == Lower && ttScore > staticEval) || (ttBound == Upper && ttScore < staticEval)) {
		staticEval = ttScore
		s.stats.TTEvals++
	}

	// rfpDepth is the depth reverse futility's margin counts: one ply
	// less where the static evaluation is improving (see above).
	rfpDepth := depth
	if o.Improving && improving {
		rfpDepth--
	}

	// Reverse futility pruning ("static null move"): near the horizon, if
	// the static evaluation beats beta by more than any plausible loss in
	// the remaining plies (a margin per ply), the opponent will not allow
	// this position: return at once. Checks are excluded (the evaluation is
	// meaningless there) and so are mate-bound windows.
	if o.RFP && haveEval && excluded == board.NoMove && depth <= 6 && !IsMate(beta) && staticEval-rfpMargin*rfpDepth >= beta {
		s.stats.RFPCuts++
		return s.leave(staticEval, Lower, EndRFP, 0, 0, board.NoMove)
	}

	// Null-move pruning: let the opponent move twice in a row. If our
	// position is still so good that a reduced search reaches beta, a real
	// move would do at least as well (moving is almost always better than
	// passing), so the node is pruned. The guard: in zugzwang positions
	// passing IS better than any move, and zugzwang is common when only
	// king and pawns are left, so null move is skipped there, and in check
	// (passing would be illegal).
	if o.NullMove && haveEval && !afterNull && excluded == board.NoMove && depth >= 2 && s.nullAllowed(b) {
		if staticEval >= beta {
			r := o.NullR
			if depth >= 7 {
				r++
			}
			// vr is the verification's reduction: the plain one, also
			// under nulladapt, whose larger reductions would leave too
			// little depth to verify in the shallow nodes where zugzwang
			// mates hide (the paper's mate in two at depth 5).
			vr := r
			if o.NullAdapt {
				r = nullAdaptR(depth, staticEval-beta)
			}
			s.stats.NullTries++
			if o.Singular {
				s.extended[ply+1] = s.extended[ply]
			}
			b.MakeNull()
			v := -s.negamax(ply+1, depth-1-r, -beta, -beta+1, board.NoMove, true)
			b.UnmakeNull()
			if s.stopped {
				return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
			}
			if v >= beta && o.NullVerify && depth-vr >= 2 {
				// Verification: zugzwang positions with pieces on the board
				// exist too (the game-trees paper's mate in two is one:
				// after Ra6 Black would love to pass). Before trusting the
				// cutoff, search this node normally, without null move, at
				// the reduced depth. Only if that also reaches beta is the
				// node pruned.
				s.stats.NullVerifications++
				v = s.negamax(ply, depth-vr, beta-1, beta, move, true)
				if s.stopped {
					return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
				}
			}
			if v >= beta {
				s.stats.NullCutoffs++
				if IsMate(v) {
					v = beta // a mate found by passing is not proven
				}
				return s.leave(v, Lower, EndNullCutoff, 0, 0, board.NoMove)
			}
		}
	}

	// ProbCut: at a deep node outside the principal variation, a capture
	// that wins enough material usually settles the node. If a search a
	// few plies shallower (depth - 1 - probCutR) shows a capture reaching
	// beta plus a wide margin, the full-depth search would almost surely
	// reach beta too: the shallow and the deep score of a move are
	// strongly correlated, and the margin covers their usual difference.
	// The node is cut at once. Only captures whose static exchange could
	// reach that bound are tried, each first with a quiescence search
	// (cheap, and it weeds out most), and nothing is tried when the table
	// already holds a deep enough score below the bound. (Buro's ProbCut,
	// 1995, made the correlation statistical; engines keep the simple
	// form: one margin, one reduction.)
	if o.ProbCut && o.AlphaBeta && ply > 0 && !pvNode && haveEval && excluded == board.NoMove && depth >= probCutDepth &&
		!IsMate(beta) && !(ttBound != BoundNone && ttBound != Lower && ttDepth >= depth-probCutR && ttScore < beta+probCutMargin) {
		if v, m, ok := s.probCut(ply, depth, beta+probCutMargin, staticEval); ok {
			return s.leave(v, Lower, EndCutoff, 0, 0, m)
		}
		if s.stopped {
			return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
		}
	}

	// Singular extensions: when the table says the hash move is good
	// (a lower bound or exact score from a search nearly as deep), ask
	// whether it is the only good move: search every other move with a
	// null window just below its score (a margin of 2 cp per ply) at
	// about half the depth. If all of them fail low, the position hinges
	// on that one move, and a line that depends on a single move is where
	// a shallow search goes wrong; the hash move is searched one ply
	// deeper. The test costs a reduced search at the deep nodes only, and
	// extensions are capped per line so the search cannot run away; the
	// root is never extended. (Hsu and Anantharaman's idea from Deep
	// Thought; the cheap test with a reduced null-window search of the
	// other moves is the modern form: chessprogramming.org, "Singular
	// Extensions".)
	singular := false
	if o.Singular && o.AlphaBeta && ply > 0 && depth >= singularDepth && excluded == board.NoMove && !inCheck &&
		ttMove != board.NoMove && ttMove == hashMove && s.extended[ply] < singularMaxPerLine {
		singular = s.singularTest(ply, depth, move, ttMove)
		if s.stopped {
			return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
		}
	}

	list := &s.lists[ply]
	b.GenerateMoves(list)
	moves := list.Slice()
	if len(moves) == 0 {
		return s.terminal(ply, inCheck)
	}
	// A root restricted to some moves (searchmoves, MultiPV) searches only
	// those; its move from the previous iteration (rootBest) goes first.
	if excluded == restrictedRoot {
		moves, hashMove = s.restrictRoot(list), s.rootBest
	}

	// Internal iterative reduction: a node deep enough to matter but with
	// no best move from the table is probably not on the principal
	// variation (the previous iteration never searched it well), and
	// without a hash move its ordering is poor. Searching it one ply
	// shallower costs little; if it matters, the next iteration will
	// search it again, with a hash move.
	if o.IIR && o.TT && ply > 0 && depth >= 4 && ttMove == board.NoMove && !inCheck {
		depth--
		s.stats.IIRReductions++
	}
	scores := s.scores[ply][:len(moves)]
	s.scoreMoves(ply, moves, scores, hashMove)

	// Futility pruning: a node one to three plies above the horizon whose
	// static evaluation plus a generous margin still cannot reach alpha will
	// not be rescued by a quiet move; only captures, promotions and checks
	// are searched there.
	futile := o.Futility && haveEval && depth <= 3 && !IsMate(alpha) && staticEval+futilityMargin[depth] <= alpha
	// Late move pruning: near the horizon, with good ordering, quiet moves
	// far down the list almost never matter; after a few of them the rest
	// are skipped.
	lmpLimit := len(moves)
	if o.LMP && o.AlphaBeta && ply > 0 && !pvNode && !inCheck && depth <= 4 {
		lmpLimit = 3 + depth*depth
		if !improving {
			lmpLimit /= 2
		}
	}

	best, bestMove := -Infinity, board.NoMove
	s.nQuiets[ply] = 0
	s.nTried[ply] = 0
	// end bounds the moves still to pick from: moves[end:] are the quiet
	// moves futility or late move pruning skipped; skipped counts them.
	end, skipped, setAside := len(moves), 0, false
	for i := 0; i < end; i++ {
		// Futility and late move pruning skip the quiet moves that do not
		// check (their comments are above, where the conditions are set).
		// Once either applies, it applies to every move left, so those
		// moves are set aside all at once, before any more picking: the
		// selection of the next best move then scans only the captures
		// and checks that are still to be searched, not the long tail of
		// quiet moves (about three fifths of all the picking's work was
		// in that tail). GivesCheck answers without making the move.
		if i > 0 && !setAside && (futile || i >= lmpLimit) {
			setAside = true
			end, skipped = skipQuiets(b, moves, scores, i, excluded)
			if futile {
				s.stats.FutilityPrunes += uint64(skipped)
			} else {
				s.stats.LMPPrunes += uint64(skipped)
			}
			if i >= end {
				break
			}
		}
		pickMove(moves[:end], scores, i)
		m := moves[i]
		if m == excluded {
			continue
		}
		quiet := m.IsQuiet()
		// Start loading the child's table entry now, so the load overlaps
		// the exchange count and the move itself.
		if o.TT {
			s.tt.prefetch(b.KeyAfter(m))
		}

		// SEE pruning: near the horizon, a move that loses material by
		// static exchange (a capture of a defended pawn by the queen, a
		// knight put where a pawn takes it) rarely turns out best, and
		// what it loses is more than the few remaining plies usually win
		// back. Such moves are skipped once a move has been searched and
		// the node is not lost to a mate. The margin grows with depth: a
		// deeper search has more time to show compensation, so only worse
		// losses are pruned there. Quiet moves get a linear margin, captures
		// a quadratic one (a capture that loses material often wins it
		// back by a tactic the exchange count does not see). A quiet move
		// that futility or late move pruning skips is counted there, not
		// here.
		if o.SEEPrune && o.AlphaBeta && ply > 0 && !inCheck && i > 0 && depth <= seePruneDepth &&
			best > -Infinity && !IsMate(best) && !m.IsPromotion() && !m.IsCastle() {
			limit := -seePruneQuiet * depth
			if !quiet {
				limit = -seePruneCapture * depth * depth
			}
			if !SEEAtLeast(b, m, limit) {
				s.stats.SEEPrunesMain++
				continue
			}
		}
		b.Make(m)
		newDepth := depth - 1
		if quiet && o.HistMalus && s.nTried[ply] < len(s.tried[ply]) {
			s.tried[ply][s.nTried[ply]] = m
			s.nTried[ply]++
		}
		mi := noCont // the move's continuation-history index (the piece is on its destination now)
		if quiet && o.ContHist {
			mi = pieceContIndex(b.PieceAt(m.To()), m.To())
			if s.nQuiets[ply] < len(s.quiets[ply]) {
				s.quiets[ply][s.nQuiets[ply]] = mi
				s.nQuiets[ply]++
			}
		}
		ext := singular && m == ttMove
		if ext {
			newDepth++
		}
		if o.Singular {
			s.extended[ply+1] = s.extended[ply]
			if ext {
				s.extended[ply+1]++
			}
		}

		// Late move reductions: with good ordering, a quiet move late in
		// the list is rarely best, so it is first searched shallower. If it
		// surprises (beats alpha), it is searched again at full depth.
		//
		// Reducing losing captures (lmrbad): a capture that loses material
		// by static exchange is ordered after the quiet moves (seeorder),
		// and is no likelier to be best than a quiet move at the same
		// place in the list; it is reduced by the same rule. (Good
		// captures and promotions are never reduced: they are where the
		// tactics are.)
		badCapture := o.LMRBad && !quiet && scores[i] < 0
		// The move's place in the ordering, for the reduction: a losing
		// capture ranks below every quiet move, so the quiet moves set
		// aside above came before it.
		place := i
		if scores[i] < 0 && !quiet {
			place += len(moves) - end
		}
		reduction := 0
		if o.LMR && o.AlphaBeta && ply > 0 && depth >= 3 && place >= 3 && (quiet || badCapture) && !inCheck && !ext &&
			m != s.killers[ply][0] && m != s.killers[ply][1] && !b.InCheck() {
			reduction = int(s.lmr[min(depth, 63)][min(place, 63)])
			// History-based LMR: the reduction above knows only the
			// move's place in the list, but the history says how often
			// this move refuted before, elsewhere in the tree. A move
			// that often did is a likelier surprise and is reduced one
			// ply less. Only a negative score (the continuation history's
			// penalty: the move was tried and failed after this same
			// sequence) reduces one ply more; a score of zero is no
			// evidence, and reducing every such move more cost about 50
			// Elo in self-play (docs/strength.md). A wrong guess costs
			// little: a reduced move that beats alpha is searched again
			// at full depth.
			if o.HistLMR && quiet {
				switch hist := s.historyScore(ply, m, mi); {
				case hist >= histLMRGood:
					reduction--
					s.stats.HistLMRLess++
				case hist < 0:
					reduction++
					s.stats.HistLMRMore++
				}
			}
			if !improving {
				reduction++
			}
			if pvNode && reduction > 0 {
				reduction--
			}
			reduction = min(max(reduction, 0), newDepth-1)
			if reduction > 0 {
				s.stats.LMRReductions++
			}
		}

		var v int
		switch {
		case !o.AlphaBeta:
			v = -s.negamax(ply+1, newDepth, -Infinity, Infinity, m, false)
		case i == 0 || !o.PVS:
			v = -s.negamax(ply+1, newDepth-reduction, -beta, -alpha, m, false)
			if reduction > 0 && v > alpha && !s.stopped {
				s.stats.LMRResearches++
				v = -s.negamax(ply+1, newDepth, -beta, -alpha, m, false)
			}
		default:
			// Principal variation search: after the first move, which
			// ordering makes likely best, prove the others worse with a
			// null window (alpha, alpha+1), much cheaper than a full one.
			// Only a move that beats alpha needs a full re-search.
			v = -s.negamax(ply+1, newDepth-reduction, -alpha-1, -alpha, m, false)
			if reduction > 0 && v > alpha && !s.stopped {
				s.stats.LMRResearches++
				v = -s.negamax(ply+1, newDepth, -alpha-1, -alpha, m, false)
			}
			if v > alpha && v < beta && !s.stopped {
				s.stats.PVSResearches++
				v = -s.negamax(ply+1, newDepth, -beta, -alpha, m, false)
			}
		}
		b.Unmake()
		if s.stopped {
			return s.leave(best, BoundNone, EndExpanded, i+1, len(moves), bestMove)
		}
		if v > best {
			best, bestMove = v, m
			s.pv[ply][0] = m
			copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
			s.pvLen[ply] = s.pvLen[ply+1] + 1
		}
		if !o.AlphaBeta {
			continue
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			s.stats.BetaCutoffs++
			if i == 0 {
				s.stats.FirstCutoffs++
			}
			if quiet {
				s.updateQuietCutoff(ply, depth, m)
				if mi != noCont {
					s.updateCont(ply, depth, mi)
				}
				if o.CorrHist && !inCheck && excluded == board.NoMove {
					s.updateCorrection(b, depth, best, Lower)
				}
			}
			if traceHooks && s.rec != nil && i+1 < len(moves) {
				s.rec.Pruned(moves[i+1:])
			}
			if o.TT && excluded == board.NoMove {
				s.tt.store(b.Hash(), m, best, depth, Lower, ply)
			}
			return s.leave(best, Lower, EndCutoff, i+1, len(moves), bestMove)
		}
	}
	bound := Exact
	if o.AlphaBeta && best <= alphaOrig {
		bound = Upper
	}
	if o.CorrHist && !inCheck && excluded == board.NoMove && (bestMove == board.NoMove || bestMove.IsQuiet()) {
		s.updateCorrection(b, depth, best, bound)
	}
	if o.TT && excluded == board.NoMove {
		storeMove := bestMove
		if bound == Upper {
			storeMove = board.NoMove // no move proved best in a fail-low node
		}
		s.tt.store(b.Hash(), storeMove, best, depth, bound, ply)
	}
	return s.leave(best, bound, EndExpanded, len(moves), len(moves), bestMove)
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

// singularTest reports whether ttMove, the hash move of the node at ply,
// is singular: the table holds a lower bound or an exact score for it from
// a search at least depth-3 deep, not a mate, and every other move fails
// low against that score less a margin, searched at (depth-1)/2 plies.
func (s *Searcher) singularTest(ply, depth int, move, ttMove board.Move) bool {
	e, ok := s.tt.probe(s.b.Hash())
	if !ok || e.move != ttMove || (e.bound != Lower && e.bound != Exact) || int(e.depth) < depth-3 {
		return false
	}
	ttScore := scoreFromTT(int(e.score), ply)
	if IsMate(ttScore) {
		return false
	}
	s.stats.SingularTries++
	sBeta := ttScore - singularMargin*depth
	s.excluded[ply] = ttMove
	v := s.negamax(ply, (depth-1)/2, sBeta-1, sBeta, move, false)
	s.excluded[ply] = board.NoMove
	if s.stopped || v >= sBeta {
		return false
	}
	s.stats.SingularExts++
	return true
}

// probCut tries the captures at ply that could reach pbeta by static
// exchange, each with a quiescence search and, if that reaches pbeta, a
// null-window search probCutR plies shallower than the node's depth - 1.
// It reports the first one whose searches reach pbeta (and stores it in
// the table as a lower bound from that shallower depth).
func (s *Searcher) probCut(ply, depth, pbeta, staticEval int) (int, board.Move, bool) {
	b := s.b
	list := &s.lists[ply]
	b.GenerateNoisy(list)
	moves := list.Slice()
	scores := s.scores[ply][:len(moves)]
	s.scoreMoves(ply, moves, scores, board.NoMove)
	for i := range moves {
		pickMove(moves, scores, i)
		m := moves[i]
		if !SEEAtLeast(b, m, pbeta-staticEval) {
			continue
		}
		s.stats.ProbCutTries++
		if s.opts.Singular {
			s.extended[ply+1] = s.extended[ply]
		}
		b.Make(m)
		v := -s.qnode(ply+1, -pbeta, -pbeta+1, m)
		if v >= pbeta && !s.stopped {
			v = -s.negamax(ply+1, depth-1-probCutR, -pbeta, -pbeta+1, m, false)
		}
		b.Unmake()
		if s.stopped {
			return 0, board.NoMove, false
		}
		if v >= pbeta {
			s.stats.ProbCuts++
			if s.opts.TT {
				s.tt.store(b.Hash(), m, v, depth-probCutR, Lower, ply)
			}
			return v, m, true
		}
	}
	return 0, board.NoMove, false
}
