package engine

import (
	"github.com/plylab/plylab/engine/board"
)

// Quiescence search.
//
// A fixed-depth search evaluates positions in the middle of a capture
// sequence: after QxP it counts the pawn won and never sees PxQ one ply
// beyond its horizon (the horizon effect). Quiescence search continues
// below depth 0 with captures and promotions only, until the position is
// quiet. "Stand pat": the side to move is not forced to capture, so the
// static evaluation is a lower bound on its score; if that already reaches
// beta the node is cut at once. When in check, every evasion is searched
// (standing pat is not an option there).

// qnode visits a position below the main search's horizon.
func (s *Searcher) qnode(ply, alpha, beta int, move board.Move) int {
	s.stats.QNodes++
	if ply > s.stats.SelDepth {
		s.stats.SelDepth = ply
	}
	if TraceHooks && s.rec != nil {
		s.rec.Enter(NodeInfo{Move: move, Ply: ply, Alpha: alpha, Beta: beta, Quiescence: true})
	}
	if s.stats.QNodes&2047 == 0 {
		s.checkStop()
	}
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove)
	}
	// Capture sequences transpose constantly (BxN then RxB, or RxB then
	// BxN), so quiescence consults the transposition table too.
	if s.opts.TT {
		s.stats.TTProbes++
		if e, ok := s.tt.probe(s.b.Hash()); ok {
			s.stats.TTHits++
			sc := scoreFromTT(int(e.score()), ply)
			if e.bound() == Exact || (s.opts.AlphaBeta && ((e.bound() == Lower && sc >= beta) || (e.bound() == Upper && sc <= alpha))) {
				s.stats.TTCutoffs++
				return s.leave(sc, e.bound(), EndTTCutoff, 0, 0, e.move())
			}
		}
	}
	return s.quiesceBody(ply, alpha, beta, s.b.InCheck())
}

// qleave stores a quiescence result (depth 0) and leaves the node.
func (s *Searcher) qleave(ply, v int, bound Bound, why EndReason, searched, total int, best board.Move) int {
	if s.opts.TT && !s.stopped {
		s.tt.store(s.b.Hash(), best, v, 0, bound, ply)
	}
	return s.leave(v, bound, why, searched, total, best)
}

func (s *Searcher) quiesceBody(ply, alpha, beta int, inCheck bool) int {
	o := &s.opts
	b := s.b
	if ply >= MaxPly {
		return s.leave(s.evaluate(b), Exact, EndLeaf, 0, 0, board.NoMove)
	}
	f := &s.frames[ply]
	list := &f.list
	best := -Infinity
	standPat := 0
	if inCheck {
		b.GenerateMoves(list)
		if list.N == 0 {
			return s.terminal(ply, true)
		}
	} else {
		standPat = s.staticEval(b)
		if standPat >= beta {
			s.stats.StandPatCuts++
			return s.qleave(ply, standPat, Lower, EndStandPat, 0, 0, board.NoMove)
		}
		// Delta pruning (node level): if even winning a queen with a
		// promotion on top (the margin) cannot lift the score to alpha,
		// no capture can, so the node is given up at once.
		if o.Delta && o.AlphaBeta && standPat+o.DeltaMargin < alpha {
			s.stats.DeltaPrunes++
			return s.leave(standPat, Upper, EndDelta, 0, 0, board.NoMove)
		}
		if o.AlphaBeta && standPat > alpha {
			alpha = standPat
		}
		best = standPat
		if TraceHooks && s.rec != nil {
			s.rec.Improved(board.NoMove, standPat)
		}
		b.GenerateNoisy(list)
	}
	moves := list.Slice()
	scores := f.scores[:len(moves)]
	if o.MVVLVA {
		s.scoreMoves(ply, moves, scores, board.NoMove)
	} else {
		clear(scores)
	}
	alphaOrig := alpha
	searched := 0
	quietEvasions := 0
	bestMove := board.NoMove
	for i := range moves {
		pickMove(moves, scores, i)
		m := moves[i]
		// Quiet check evasions (qevasions): in check, quiescence must try
		// every evasion, since standing pat is not allowed, and the king
		// steps and interpositions are quiet moves that lead to more
		// capture sequences below. Once one evasion has shown the side is
		// not mated (a score above the mated range), the question the
		// quiescence search asks, "what does the capture sequence win?",
		// is answered well enough by the captures of the checking piece
		// and the best two quiet evasions in the order: the remaining king
		// steps rarely change the value and can multiply the nodes where
		// every piece attacks another.
		if inCheck && o.QEvasions && m.IsQuiet() && best > -mateBound {
			if quietEvasions >= 2 {
				s.stats.QEvasionPrunes++
				continue
			}
			quietEvasions++
		}
		if !inCheck {
			// Delta pruning (per move): the captured piece plus a safety
			// margin still leaves us below alpha, so skip the capture.
			if o.Delta && !o.DeltaNodeOnly && o.AlphaBeta && !m.IsPromotion() {
				victim := b.PieceAt(m.To()).Type()
				if m.Flag() == board.FlagEnPassant {
					victim = board.Pawn
				}
				if standPat+seeValue[victim]+200 <= alpha {
					s.stats.DeltaPrunes++
					continue
				}
			}
			// SEE pruning: a capture that loses material in the exchange
			// (QxP defended by a pawn), or whose best-case exchange still
			// leaves us short of alpha, is not worth a node. In positions
			// crowded with pieces this keeps quiescence from exploding.
			// A negative score here means SEE ordering has already found
			// the exchange losing (only captures and promotions are
			// generated when not in check), so it is not counted again.
			if o.SEE && o.SEEOrder && o.MVVLVA && scores[i] < 0 {
				s.stats.SEEPrunes++
				continue
			}
			// The capture is likely to be searched: start loading its
			// table entry now, so the load overlaps the exchange count
			// and the move itself.
			if o.TT {
				s.tt.prefetch(b.KeyAfter(m))
			}
			if o.SEE {
				// SEE(b, m) < 0, or standPat+SEE(b, m)+50 <= alpha.
				need := 0
				if o.AlphaBeta {
					need = max(need, alpha-standPat-49)
				}
				if !SEEAtLeast(b, m, need) {
					s.stats.SEEPrunes++
					continue
				}
			}
		}
		if inCheck && o.TT {
			s.tt.prefetch(b.KeyAfter(m))
		}
		b.Make(m)
		var v int
		if o.AlphaBeta {
			v = -s.qnode(ply+1, -beta, -alpha, m)
		} else {
			v = -s.qnode(ply+1, -Infinity, Infinity, m)
		}
		b.Unmake()
		searched++
		if s.stopped {
			return s.leave(best, BoundNone, EndExpanded, searched, len(moves), bestMove)
		}
		if v > best {
			best, bestMove = v, m
			if TraceHooks && s.rec != nil {
				s.rec.Improved(m, v)
			}
		}
		if o.AlphaBeta && v > alpha {
			alpha = v
			if alpha >= beta {
				if TraceHooks && s.rec != nil && i+1 < len(moves) {
					s.rec.Pruned(moves[i+1:])
				}
				return s.qleave(ply, best, Lower, EndCutoff, searched, len(moves), bestMove)
			}
		}
	}
	if searched == 0 && !inCheck {
		return s.qleave(ply, best, Exact, EndQuiet, 0, len(moves), board.NoMove)
	}
	bound := Exact
	if o.AlphaBeta && best <= alphaOrig {
		bound = Upper
	}
	return s.qleave(ply, best, bound, EndExpanded, searched, len(moves), bestMove)
}
