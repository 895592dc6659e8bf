package engine

import "github.com/plylab/plylab/engine/board"

// The deep-node steps of the search: ProbCut (a shallow search of the
// captures that could settle a node) and singular extensions (a search of
// every move but the hash move, to see whether it stands alone). The
// steps of negamax that call them are in search.go.

// singularTest reports whether ttMove, the hash move of the node at ply,
// is singular: the table holds a lower bound or an exact score for it from
// a search at least depth-3 deep, not a mate, and every other move fails
// low against that score less a margin (sBeta), searched at (depth-1)/2
// plies. It also returns the score of that search, v, and sBeta, and
// whether the test ran at all (tested: a table entry qualified and the
// search was not stopped).
func (s *Searcher) singularTest(ply, depth int, move, ttMove board.Move) (singular bool, v, sBeta int, tested bool) {
	e, ok := s.tt.probe(s.b.Hash())
	if !ok || e.move() != ttMove || (e.bound() != Lower && e.bound() != Exact) || e.depth() < depth-3 {
		return false, 0, 0, false
	}
	ttScore := scoreFromTT(int(e.score()), ply)
	if IsMate(ttScore) {
		return false, 0, 0, false
	}
	s.stats.SingularTries++
	sBeta = ttScore - singularMargin*depth
	f := &s.frames[ply]
	f.excluded = ttMove
	v = s.negamax(ply, (depth-1)/2, sBeta-1, sBeta, move, false)
	f.excluded = board.NoMove
	if s.stopped {
		return false, v, sBeta, false
	}
	if v >= sBeta {
		return false, v, sBeta, true
	}
	s.stats.SingularExts++
	return true, v, sBeta, true
}

// probCut tries the captures at ply that could reach pbeta by static
// exchange, each with a quiescence search and, if that reaches pbeta, a
// null-window search probCutR plies shallower than the node's depth - 1.
// It reports the first one whose searches reach pbeta (and stores it in
// the table as a lower bound from that shallower depth).
func (s *Searcher) probCut(ply, depth, pbeta, staticEval int) (int, board.Move, bool) {
	b := s.b
	f := &s.frames[ply]
	list := &f.list
	b.GenerateNoisy(list)
	moves := list.Slice()
	scores := f.scores[:len(moves)]
	s.scoreMoves(ply, moves, scores, board.NoMove)
	for i := range moves {
		pickMove(moves, scores, i)
		m := moves[i]
		if !SEEAtLeast(b, m, pbeta-staticEval) {
			continue
		}
		s.stats.ProbCutTries++
		if s.opts.Singular {
			s.frames[ply+1].extended = f.extended
		}
		s.frames[ply+1].cut = false
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

// probCutNode is ProbCut: at a deep node outside the principal variation,
// a capture that wins enough material usually settles the node. If a
// search a few plies shallower (depth - 1 - probCutR) shows a capture
// reaching beta plus a wide margin, the full-depth search would almost
// surely reach beta too: the shallow and the deep score of a move are
// strongly correlated, and the margin covers their usual difference. The
// node is cut at once. Only captures whose static exchange could reach
// that bound are tried, each first with a quiescence search (cheap, and it
// weeds out most), and nothing is tried when the table already holds a
// deep enough score below the bound. (Buro's ProbCut, 1995, made the
// correlation statistical; engines keep the simple form: one margin, one
// reduction.)
func (s *Searcher) probCutNode(n *node) (int, bool) {
	o := &s.opts
	if !o.ProbCut || !o.AlphaBeta || n.ply == 0 || n.pvNode || !n.haveEval || n.excluded != board.NoMove || n.depth < probCutDepth ||
		IsMate(n.beta) || (n.ttBound != BoundNone && n.ttBound != Lower && n.ttDepth >= n.depth-probCutR && n.ttScore < n.beta+probCutMargin) {
		return 0, false
	}
	if v, m, ok := s.probCut(n.ply, n.depth, n.beta+probCutMargin, n.staticEval); ok {
		return s.leave(v, Lower, EndCutoff, 0, 0, m), true
	}
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove), true
	}
	return 0, false
}

// singularExtension: when the table says the hash move is good (a lower
// bound or exact score from a search nearly as deep), ask whether it is
// the only good move: search every other move with a null window just
// below its score (a margin of 2 cp per ply) at about half the depth. If
// all of them fail low, the position hinges on that one move, and a line
// that depends on a single move is where a shallow search goes wrong; the
// hash move is searched one ply deeper (searchMoves). The test costs a
// reduced search at the deep nodes only, and extensions are capped per
// line so the search cannot run away; the root is never extended. (Hsu
// and Anantharaman's idea from Deep Thought; the cheap test with a reduced
// null-window search of the other moves is the modern form:
// chessprogramming.org, "Singular Extensions".) The same test also
// shows when the hash move is not alone: if another move reaches the
// test's bound and that bound is at least beta, the node fails high at
// once (multi-cut), and if the table's score for the hash move beats
// beta, the hash move is searched one ply shallower (a negative
// extension). It ends the node at a multi-cut, or when the search
// stopped during the test.
func (s *Searcher) singularExtension(n *node) (int, bool) {
	o := &s.opts
	if !o.Singular || !o.AlphaBeta || n.ply == 0 || n.depth < singularDepth || n.excluded != board.NoMove || n.inCheck ||
		n.ttMove == board.NoMove || n.ttMove != n.hashMove || n.f.extended >= singularMaxPerLine {
		return 0, false
	}
	singular, v, sBeta, tested := s.singularTest(n.ply, n.depth, n.move, n.ttMove)
	n.singular = singular
	if s.stopped {
		return s.leave(0, BoundNone, EndLeaf, 0, 0, board.NoMove), true
	}
	if !tested || singular {
		return 0, false
	}
	// Multi-cut: another move reached the test's bound, and the bound is
	// at least beta, so two moves (the hash move and this one) reach beta
	// at the test's depth: one of them will at full depth too. The node
	// fails high at once.
	if sBeta >= n.beta && !IsMate(v) {
		s.stats.MultiCuts++
		return s.leave(v, Lower, EndCutoff, 0, 0, n.ttMove), true
	}
	// The hash move is not singular but the table says it beats beta:
	// other moves would too, so it is searched one ply shallower (a
	// negative extension) and the search saves its time.
	if n.ttScore >= n.beta {
		n.negExt = true
	}
	return 0, false
}
