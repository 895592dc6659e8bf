package engine

import "github.com/plylab/plylab/engine/board"

// The loop over a node's moves and its steps: setting aside the quiet
// moves futility and late move pruning skip, SEE pruning, the extensions
// and reductions of each move, the child's search (principal variation
// search, re-searches), and what a cutoff or the node's end teaches the
// tables. negamax (search.go) calls it once the moves are generated and
// scored.

// searchMoves searches the node's moves, best-scored first, and returns
// the node's score.
func (s *Searcher) searchMoves(n *node, moves []board.Move, scores []int32) int {
	o := &s.opts
	b := s.b
	f := n.f
	best, bestMove := -Infinity, board.NoMove
	f.nQuiets = 0
	f.nTried = 0
	f.nCaps = 0
	// end bounds the moves still to pick from: moves[end:] are the quiet
	// moves futility or late move pruning skipped.
	end, setAside := len(moves), false
	// Time management reads how the root's nodes split among its moves.
	countRoot := n.ply == 0 && o.TimeManagement
	for i := 0; i < end; i++ {
		// Futility and late move pruning skip the quiet moves that do not
		// check (their comments are at futilityPruning and
		// lateMovePruning, which set the conditions). Once either applies,
		// it applies to every move left, so those moves are set aside all
		// at once, before any more picking: the selection of the next
		// best move then scans only the captures and checks that are
		// still to be searched, not the long tail of quiet moves (about
		// three fifths of all the picking's work was in that tail).
		// GivesCheck answers without making the move.
		if i > 0 && !setAside && (n.futile || i >= n.lmpLimit) {
			setAside = true
			end = s.setAsideQuiets(n, moves, scores, i)
			if i >= end {
				break
			}
		}
		pickMove(moves[:end], scores, i)
		m := moves[i]
		if m == n.excluded {
			continue
		}
		quiet := m.IsQuiet()
		// Start loading the child's table entry now, so the load overlaps
		// the exchange count and the move itself.
		if o.TT {
			s.tt.prefetch(b.KeyAfter(m))
		}
		if s.seePrune(n, m, i, quiet, best) {
			continue
		}
		var ci capIndex
		if s.capHist != nil && !quiet {
			ci = captureIndex(b, m)
			s.rememberCapture(f, ci)
		}
		b.Make(m)
		mi := s.rememberQuiet(n, m, quiet)
		newDepth, ext := s.extendSingular(n, m)
		reduction := s.lateMoveReduction(n, m, i, quiet, ext, mi, scores[i], len(moves)-end, newDepth)
		before := s.stats.TotalNodes()
		v := s.searchChild(n, m, i, newDepth, reduction)
		if countRoot {
			s.rootNodes[m.From()][m.To()] += s.stats.TotalNodes() - before
		}
		b.Unmake()
		if s.stopped {
			return s.leave(best, BoundNone, EndExpanded, i+1, len(moves), bestMove)
		}
		if v > best {
			best, bestMove = v, m
			if TraceHooks && s.rec != nil {
				s.rec.Improved(m, v)
			}
			s.updatePV(n.ply, m)
		}
		if !o.AlphaBeta {
			continue
		}
		if v > n.alpha {
			n.alpha = v
		}
		if n.alpha >= n.beta {
			return s.failHigh(n, moves, i, quiet, mi, ci, best, bestMove)
		}
	}
	return s.storeNode(n, best, bestMove, len(moves))
}

// setAsideQuiets sets aside the quiet moves among moves[i:] that do not
// give check, for futility or late move pruning (whichever applies), and
// counts them as that technique's prunings. It returns the end of the
// moves still to search.
func (s *Searcher) setAsideQuiets(n *node, moves []board.Move, scores []int32, i int) int {
	end, skipped := skipQuiets(s.b, moves, scores, i, n.excluded)
	if n.futile {
		s.stats.FutilityPrunes += uint64(skipped)
	} else {
		s.stats.LMPPrunes += uint64(skipped)
	}
	return end
}

// seePrune is SEE pruning: near the horizon, a move that loses material
// by static exchange (a capture of a defended pawn by the queen, a knight
// put where a pawn takes it) rarely turns out best, and what it loses is
// more than the few remaining plies usually win back. Such moves are
// skipped once a move has been searched and the node is not lost to a
// mate. The margin grows with depth: a deeper search has more time to
// show compensation, so only worse losses are pruned there. Quiet moves
// get a linear margin, captures a quadratic one (a capture that loses
// material often wins it back by a tactic the exchange count does not
// see). A quiet move that futility or late move pruning skips is counted
// there, not here.
func (s *Searcher) seePrune(n *node, m board.Move, i int, quiet bool, best int) bool {
	depth := n.depth
	if !s.opts.SEEPrune || !s.opts.AlphaBeta || n.ply == 0 || n.inCheck || i == 0 || depth > seePruneDepth ||
		best == -Infinity || IsMate(best) || m.IsPromotion() || m.IsCastle() {
		return false
	}
	limit := -seePruneQuiet * depth
	if !quiet {
		limit = -seePruneCapture * depth * depth
	}
	if SEEAtLeast(s.b, m, limit) {
		return false
	}
	s.stats.SEEPrunesMain++
	return true
}

// rememberQuiet notes quiet move m, just made, among the quiet moves the
// node searched, for the history malus and the continuation history to
// penalise if a later move cuts off. It returns m's continuation-history
// index (the piece is on its destination now), noCont if there is none.
func (s *Searcher) rememberQuiet(n *node, m board.Move, quiet bool) contIndex {
	if !quiet {
		return noCont
	}
	f := n.f
	if s.opts.HistMalus && f.nTried < len(f.tried) {
		f.tried[f.nTried] = m
		f.nTried++
	}
	mi := noCont
	if s.opts.ContHist {
		mi = pieceContIndex(s.b.PieceAt(m.To()), m.To())
		if f.nQuiets < len(f.quiets) {
			f.quiets[f.nQuiets] = mi
			f.nQuiets++
		}
	}
	return mi
}

// extendSingular returns the depth m's child is searched to: one ply
// less, or as deep as the node when m is the singular move found by
// singularExtension (search.go), and whether it was extended. It counts
// the extension on the line for the child.
func (s *Searcher) extendSingular(n *node, m board.Move) (newDepth int, ext bool) {
	newDepth = n.depth - 1
	ext = n.singular && m == n.ttMove
	if ext {
		newDepth++
	}
	if n.negExt && m == n.ttMove {
		newDepth--
	}
	if s.opts.Singular {
		e := n.f.extended
		if ext {
			e++
		}
		s.frames[n.ply+1].extended = e
	}
	return newDepth, ext
}

// lateMoveReduction returns how many plies shallower late move
// reductions search move m, the i-th of the node, on the board after m
// is made (aside counts the quiet moves set aside).
//
// Late move reductions: with good ordering, a quiet move late in the list
// is rarely best, so it is first searched shallower. If it surprises
// (beats alpha), it is searched again at full depth (searchChild).
//
// Reducing losing captures (lmrbad): a capture that loses material by
// static exchange is ordered after the quiet moves (seeorder), and is no
// likelier to be best than a quiet move at the same place in the list; it
// is reduced by the same rule. (Good captures and promotions are never
// reduced: they are where the tactics are.)
func (s *Searcher) lateMoveReduction(n *node, m board.Move, i int, quiet, ext bool, mi contIndex, score int32, aside, newDepth int) int {
	o := &s.opts
	badCapture := o.LMRBad && !quiet && score < 0
	// The move's place in the ordering, for the reduction: a losing
	// capture ranks below every quiet move, so the quiet moves set aside
	// came before it.
	place := i
	if score < 0 && !quiet {
		place += aside
	}
	depth := n.depth
	if !o.LMR || !o.AlphaBeta || n.ply == 0 || depth < 3 || place < 3 || !(quiet || badCapture) || n.inCheck || ext ||
		m == n.f.killers[0] || m == n.f.killers[1] || s.b.InCheck() {
		return 0
	}
	reduction := int(s.lmr[min(depth, 63)][min(place, 63)])
	// History-based LMR: the reduction above knows only the move's place
	// in the list, but the history says how often this move refuted
	// before, elsewhere in the tree. A move that often did is a likelier
	// surprise and is reduced one ply less. Only a negative score (the
	// continuation history's penalty: the move was tried and failed after
	// this same sequence) reduces one ply more; a score of zero is no
	// evidence, and reducing every such move more cost about 50 Elo in
	// self-play (docs/strength.md). A wrong guess costs little: a reduced
	// move that beats alpha is searched again at full depth.
	if o.HistLMR && quiet {
		switch hist := s.historyScore(n.ply, m, mi); {
		case hist >= histLMRGood:
			reduction--
			s.stats.HistLMRLess++
		case hist < 0:
			reduction++
			s.stats.HistLMRMore++
		}
	}
	if !n.improving {
		reduction++
	}
	// Cut-node reductions (cutnode): a node expected to fail high needs
	// one move that reaches beta, usually the first few; the late ones
	// are there only in case the expectation is wrong, and if it is, the
	// node is searched again anyway (its parent's re-search). They can be
	// searched cutNodeReduction plies shallower still.
	if o.CutNode && n.f.cut && !n.pvNode {
		reduction += cutNodeReduction
	}
	if n.pvNode && reduction > 0 {
		reduction--
	}
	reduction = min(max(reduction, 0), newDepth-1)
	if reduction > 0 {
		s.stats.LMRReductions++
	}
	return reduction
}

// searchChild searches the child after move m, the i-th of the node,
// newDepth plies deep less the reduction, and returns its score from the
// node's side.
func (s *Searcher) searchChild(n *node, m board.Move, i, newDepth, reduction int) int {
	ply, alpha, beta := n.ply, n.alpha, n.beta
	// The child's expected type (cutnode): below a PV node, the first
	// move continues the principal variation and every later one is
	// expected to fail low there, so its child to fail high (a cut node);
	// below any other node the types alternate (a cut node's children
	// are all-nodes, an all-node's are cut nodes); a reduced search is
	// expected to fail high at the child, or it would not be reduced.
	child := &s.frames[ply+1]
	expect := !n.f.cut
	if n.pvNode {
		expect = i > 0
	}
	child.cut = expect || reduction > 0
	var v int
	switch {
	case !s.opts.AlphaBeta:
		v = -s.negamax(ply+1, newDepth, -Infinity, Infinity, m, false)
	case i == 0 || !s.opts.PVS:
		v = -s.negamax(ply+1, newDepth-reduction, -beta, -alpha, m, false)
		if reduction > 0 && v > alpha && !s.stopped {
			s.stats.LMRResearches++
			child.cut = expect
			v = -s.negamax(ply+1, newDepth, -beta, -alpha, m, false)
		}
	default:
		// Principal variation search: after the first move, which
		// ordering makes likely best, prove the others worse with a null
		// window (alpha, alpha+1), much cheaper than a full one. Only a
		// move that beats alpha needs a full re-search.
		v = -s.negamax(ply+1, newDepth-reduction, -alpha-1, -alpha, m, false)
		if reduction > 0 && v > alpha && !s.stopped {
			s.stats.LMRResearches++
			child.cut = expect
			v = -s.negamax(ply+1, newDepth, -alpha-1, -alpha, m, false)
		}
		if v > alpha && v < beta && !s.stopped {
			s.stats.PVSResearches++
			child.cut = false
			v = -s.negamax(ply+1, newDepth, -beta, -alpha, m, false)
		}
	}
	return v
}

// updatePV makes m followed by the child's line the principal variation
// of ply.
func (s *Searcher) updatePV(ply int, m board.Move) {
	f, child := &s.frames[ply], &s.frames[ply+1]
	f.pv[0] = m
	copy(f.pv[1:], child.pv[:child.pvLen])
	f.pvLen = child.pvLen + 1
}

// failHigh ends a node whose move moves[i] reached beta: the move
// ordering's tables learn from a quiet cutoff move (killers, counter
// move, history, continuation history) and the capture history from
// the captures searched (ci is the cutoff move's entry when it is a
// capture), the correction history learns the node's lower bound, and
// the table stores it.
func (s *Searcher) failHigh(n *node, moves []board.Move, i int, quiet bool, mi contIndex, ci capIndex, best int, bestMove board.Move) int {
	o := &s.opts
	b := s.b
	m := moves[i]
	s.stats.BetaCutoffs++
	if i == 0 {
		s.stats.FirstCutoffs++
	}
	if quiet {
		s.updateQuietCutoff(n.ply, n.depth, m)
		if mi != noCont {
			s.updateCont(n.ply, n.depth, mi)
		}
		if o.CorrHist && !n.inCheck && n.excluded == board.NoMove {
			s.updateCorrection(b, n.depth, best, Lower)
		}
	}
	if s.capHist != nil {
		s.updateCaptureHistory(n.ply, n.depth, ci, !quiet)
	}
	if TraceHooks && s.rec != nil && i+1 < len(moves) {
		s.rec.Pruned(moves[i+1:])
	}
	if o.TT && n.excluded == board.NoMove {
		s.tt.store(b.Hash(), m, best, n.depth, Lower, n.ply)
	}
	return s.leave(best, Lower, EndCutoff, i+1, len(moves), bestMove)
}

// storeNode ends a node whose moves were all searched without a cutoff:
// its score is exact, or an upper bound if no move beat alpha; the
// correction history learns it and the table stores it.
func (s *Searcher) storeNode(n *node, best int, bestMove board.Move, total int) int {
	o := &s.opts
	bound := Exact
	if o.AlphaBeta && best <= n.alphaOrig {
		bound = Upper
	}
	if o.CorrHist && !n.inCheck && n.excluded == board.NoMove && (bestMove == board.NoMove || bestMove.IsQuiet()) {
		s.updateCorrection(s.b, n.depth, best, bound)
	}
	if o.TT && n.excluded == board.NoMove {
		storeMove := bestMove
		if bound == Upper {
			storeMove = board.NoMove // no move proved best in a fail-low node
		}
		s.tt.store(s.b.Hash(), storeMove, best, n.depth, bound, n.ply)
	}
	return s.leave(best, bound, EndExpanded, total, total, bestMove)
}
