package engine

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// The three search candidates (conthist, histlmr, singular) change the
// tree only where they act: exact node counts, best moves and the
// candidates' counters on fixed positions, fresh tables, against the
// engine without them, all with the classical evaluation (mustClassical).
// At depth 7 no node is deep enough for a singular
// test (depth 8 below the root), so engine-with-singular equals engine
// there.
func TestCandidateNodeCounts(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tc := range []struct {
		fen, algo           string
		depth               int
		nodes, total        uint64
		best                string
		score               int
		singTries, singExts uint64
		histLess, histMore  uint64
	}{
		{kiwipete, "engine", 9, 18746, 23586, "e2a6", -111, 0, 0, 0, 0},
		{kiwipete, "engine-with-conthist", 9, 18746, 23586, "e2a6", -111, 0, 0, 0, 0},
		{kiwipete, "engine-with-histlmr", 9, 18612, 23344, "e2a6", -111, 0, 0, 4, 378},
		{kiwipete, "engine-with-singular", 7, 5025, 6157, "e2a6", -13, 0, 0, 0, 0},
		{kiwipete, "engine-with-singular", 9, 19067, 23671, "e2a6", -15, 39, 10, 0, 0},
		{kiwipete, "engine-with-conthist-with-histlmr-with-singular", 9, 18769, 23212, "e2a6", -15, 39, 10, 7, 608},
		{italian, "engine", 9, 16333, 17065, "a2a3", 29, 0, 0, 0, 0},
		{italian, "engine-with-conthist", 9, 12948, 13486, "d2d4", 31, 0, 0, 0, 0},
		{italian, "engine-with-histlmr", 9, 11084, 11544, "d2d4", 30, 0, 0, 8, 2261},
		{italian, "engine-with-singular", 9, 17979, 18884, "a2a3", 29, 20, 4, 0, 0},
		{italian, "engine-with-conthist-with-histlmr-with-singular", 9, 14295, 15111, "d2d4", 41, 20, 5, 34, 2488},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		r := s.Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: tc.depth}, nil, nil)
		st := r.Stats
		if st.Nodes != tc.nodes || st.TotalNodes() != tc.total || r.BestMove.String() != tc.best || r.Score != tc.score ||
			st.SingularTries != tc.singTries || st.SingularExts != tc.singExts || st.HistLMRLess != tc.histLess || st.HistLMRMore != tc.histMore {
			t.Errorf("%s depth %d on %s: nodes %d (total %d), %s %d, singular %d of %d, history LMR -%d +%d;\n want nodes %d (total %d), %s %d, singular %d of %d, history LMR -%d +%d",
				tc.algo, tc.depth, tc.fen, st.Nodes, st.TotalNodes(), r.BestMove, r.Score, st.SingularExts, st.SingularTries, st.HistLMRLess, st.HistLMRMore,
				tc.nodes, tc.total, tc.best, tc.score, tc.singExts, tc.singTries, tc.histLess, tc.histMore)
		}
	}
}

// TestContHist checks continuation history: a quiet move that caused a
// cutoff scores depth² after the same previous move (one ply back) and
// after the same move two plies back (the follow-up), the quiet moves
// searched before it lose as much, and nothing changes elsewhere or
// without the switch.
func TestContHist(t *testing.T) {
	b := mustBoard(t, board.StartFEN)
	move := func(san string) board.Move {
		m, err := b.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	e4, d4 := move("e4"), move("d4")
	e4i, d4i := moveContIndex(b, e4), moveContIndex(b, d4)
	b.Make(e4)
	c5, a6, e5 := move("c5"), move("a6"), move("e5")
	c5i, a6i, e5i := moveContIndex(b, c5), moveContIndex(b, a6), moveContIndex(b, e5)

	// Black to move at ply 1 after 1.e4: a6 was searched, then c5 cut off
	// at depth 4.
	s := NewSearcher(mustAlgo(t, "engine-with-conthist-without-killers-without-countermove"))
	s.b = b
	s.frames[0].contPrev, s.frames[1].contPrev = noCont, e4i
	s.frames[1].quiets[0], s.frames[1].quiets[1], s.frames[1].nQuiets = a6i, c5i, 2
	s.updateCont(1, 4, c5i)
	if got := s.cont[0][e4i][c5i]; got != 16 {
		t.Errorf("c5 after e4: %d, want 16", got)
	}
	if got := s.cont[0][e4i][a6i]; got != -16 {
		t.Errorf("a6 (searched before the cutoff) after e4: %d, want -16", got)
	}
	for _, tc := range []struct {
		algo   string
		prev   contIndex
		c5, a6 int32
	}{
		{"engine-with-conthist-without-killers-without-countermove", e4i, 16, -16},
		{"engine-with-conthist-without-killers-without-countermove", d4i, 0, 0},
		{"engine-without-killers-without-countermove", e4i, 0, 0},
	} {
		o := s.opts
		s.opts = mustAlgo(t, tc.algo)
		s.frames[1].contPrev = tc.prev
		var ml board.MoveList
		b.GenerateMoves(&ml)
		moves := ml.Slice()
		scores := make([]int32, len(moves))
		s.scoreMoves(1, moves, scores, board.NoMove)
		for i, m := range moves {
			want := int32(0)
			switch m {
			case c5:
				want = tc.c5
			case a6:
				want = tc.a6
			}
			if scores[i] != want {
				t.Errorf("%s, previous move %d: %s scored %d, want %d", tc.algo, tc.prev, b.SAN(m), scores[i], want)
			}
		}
		s.opts = o
	}

	// White to move at ply 2 after 1.e4 c5: Nf3 cuts off at depth 3. It
	// scores 9 as an answer to c5 and 9 as a follow-up to e4.
	b.Make(c5)
	nf3 := move("Nf3")
	nf3i := moveContIndex(b, nf3)
	s.frames[1].contPrev, s.frames[2].contPrev = e4i, c5i
	s.frames[2].nQuiets = 0
	s.updateCont(2, 3, nf3i)
	for _, tc := range []struct {
		prev1, prev2 contIndex
		want         int32
	}{{c5i, e4i, 18}, {e5i, e4i, 9}, {c5i, d4i, 9}, {e5i, d4i, 0}, {noCont, noCont, 0}} {
		s.frames[2].contPrev, s.frames[1].contPrev = tc.prev1, tc.prev2
		if got := s.contScore(2, nf3i); got != tc.want {
			t.Errorf("Nf3 after moves %d, %d: %d, want %d", tc.prev2, tc.prev1, got, tc.want)
		}
	}
}

// gravity moves a score by its bonus, less the nearer it is to the bound,
// and never past it.
func TestGravity(t *testing.T) {
	for _, tc := range []struct{ from, bonus, want int32 }{
		{0, 16, 16}, {0, -16, -16}, {contMax / 2, 1024, contMax/2 + 1024 - 512}, {-contMax / 2, 1024, -contMax/2 + 1024 + 512},
		{contMax, 1024, contMax}, {-contMax, -1024, -contMax},
	} {
		e := tc.from
		gravity(&e, tc.bonus)
		if e != tc.want {
			t.Errorf("gravity(%d, %d) = %d, want %d", tc.from, tc.bonus, e, tc.want)
		}
	}
	e := int32(0)
	for range 100000 {
		gravity(&e, 1024)
	}
	if e > contMax || e < contMax-1024 {
		t.Errorf("after 100000 bonuses of 1024: %d, want just below %d", e, contMax)
	}
}

// A singular search leaves the hash move out, does not end at a table
// entry and stores none: the entry of the real search stays.
func TestSingularSearchLeavesTTAlone(t *testing.T) {
	b := mustBoard(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	s := NewSearcher(mustAlgo(t, "engine-with-singular"))
	s.Search(context.Background(), b, Limits{Depth: 6}, nil, nil)
	e, ok := s.tt.probe(b.Hash())
	if !ok || e.move() == board.NoMove {
		t.Fatal("no table entry with a move at the root after depth 6")
	}
	s.begin(context.Background(), b, Limits{}, nil)
	s.frames[0].excluded = e.move()
	v := s.negamax(0, 4, -Infinity, Infinity, board.NoMove, false)
	s.frames[0].excluded = board.NoMove
	if got := s.frames[0].pv[0]; s.frames[0].pvLen == 0 || got == e.move() {
		t.Errorf("the search without %s chose %s (pv length %d)", e.move(), got, s.frames[0].pvLen)
	}
	after, _ := s.tt.probe(b.Hash())
	if after != e {
		t.Errorf("table entry changed from %+v to %+v (score %d without the hash move)", e, after, v)
	}
}

// The main search allocates nothing, with the candidates on or off: their
// tables are fixed arrays, allocated once with the searcher.
func TestSearchAllocatesNothing(t *testing.T) {
	b := mustBoard(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, algo := range []string{"engine", "engine-with-conthist-with-histlmr-with-singular"} {
		s := NewSearcher(mustAlgo(t, algo))
		s.begin(context.Background(), b, Limits{}, nil)
		for d := 1; d <= 8; d++ { // fill the table so singular tests run
			s.negamax(0, d, -Infinity, Infinity, board.NoMove, false)
		}
		before := s.stats.SingularTries
		if n := testing.AllocsPerRun(3, func() { s.negamax(0, 9, -Infinity, Infinity, board.NoMove, false) }); n != 0 {
			t.Errorf("%s: %v allocations a search", algo, n)
		}
		if algo != "engine" && s.stats.SingularTries == before {
			t.Errorf("%s: no singular test ran, so the test proves nothing for it", algo)
		}
	}
}

// TestPruneCandidates pins the three prunings that joined the engine
// preset together (nulladapt, seeprune, improving) on the positions of
// TestCandidateNodeCounts at depth 9: exact node counts, best move, score
// and the counters they change (null-move tries and cutoffs, SEE prunes in
// the main search), for the engine and the engine without each of them
// and without all three, to show what each one saves. SEE prunes count
// only the moves futility and late move pruning would not skip anyway
// (those are tested first since 0.11.2; the node counts did not change,
// the SEE prune counts fell by about two thirds).
func TestPruneCandidates(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tc := range []struct {
		fen, algo                 string
		nodes, total              uint64
		best                      string
		score                     int
		nullTries, nullCuts, seeP uint64
	}{
		{kiwipete, "engine", 18746, 23586, "e2a6", -111, 1223, 377, 5561},
		{kiwipete, "engine-without-nulladapt", 24644, 29749, "e2a6", -111, 1305, 376, 7538},
		{kiwipete, "engine-without-seeprune", 30430, 36712, "e2a6", -111, 1458, 435, 0},
		{kiwipete, "engine-without-improving", 28450, 35926, "e2a6", -14, 2009, 783, 7818},
		{kiwipete, "engine-without-nulladapt-without-seeprune-without-improving", 56783, 69141, "d5e6", -66, 2563, 928, 0},
		{italian, "engine", 16333, 17065, "a2a3", 29, 1863, 380, 3356},
		{italian, "engine-without-nulladapt", 20957, 22544, "d2d4", 31, 2244, 490, 4126},
		{italian, "engine-without-seeprune", 23394, 24801, "d2d4", 30, 2092, 438, 0},
		{italian, "engine-without-improving", 25263, 27751, "f1c4", 31, 2918, 1067, 5671},
		{italian, "engine-without-nulladapt-without-seeprune-without-improving", 41315, 45533, "b1c3", 29, 3921, 1762, 0},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		r := s.Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: 9}, nil, nil)
		st := r.Stats
		if st.Nodes != tc.nodes || st.TotalNodes() != tc.total || r.BestMove.String() != tc.best || r.Score != tc.score ||
			st.NullTries != tc.nullTries || st.NullCutoffs != tc.nullCuts || st.SEEPrunesMain != tc.seeP {
			t.Errorf("%s on %s: nodes %d (total %d), %s %d, null %d/%d, SEE prunes %d;\n want nodes %d (total %d), %s %d, null %d/%d, SEE prunes %d",
				tc.algo, tc.fen, st.Nodes, st.TotalNodes(), r.BestMove, r.Score, st.NullCutoffs, st.NullTries, st.SEEPrunesMain,
				tc.nodes, tc.total, tc.best, tc.score, tc.nullCuts, tc.nullTries, tc.seeP)
		}
	}
}

// TestNullAdaptR checks the adaptive reduction: 3 plies, one more per 4
// plies of depth and per 200 cp above beta, the latter at most 3.
func TestNullAdaptR(t *testing.T) {
	for _, tc := range []struct{ depth, above, want int }{
		{2, 0, 3}, {3, 199, 3}, {4, 0, 4}, {7, 200, 5}, {8, 399, 6}, {12, 600, 9}, {12, 5000, 9}, {20, 100, 8},
	} {
		if got := nullAdaptR(tc.depth, tc.above); got != tc.want {
			t.Errorf("nullAdaptR(%d, %d) = %d, want %d", tc.depth, tc.above, got, tc.want)
		}
	}
}

// TestLateSwitchesNodeCounts pins the switches added since 0.7.0 on the
// positions of TestCandidateNodeCounts at depth 9, fresh tables: the
// history malus and correction history (in the engine preset), and the
// candidates tteval, probcut and corrpieces with their counters. The
// engine without histmalus and corrhist is the engine of bench 637400
// (0.6.0) and the engine without corrhist that of bench 626451 (0.7.0):
// each must give its node counts exactly.
func TestLateSwitchesNodeCounts(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tc := range []struct {
		fen, algo       string
		nodes, total    uint64
		best            string
		score           int
		ttEvals         uint64
		pcTries, pcCuts uint64
	}{
		{kiwipete, "engine", 18746, 23586, "e2a6", -111, 0, 0, 0},
		{kiwipete, "engine-without-histmalus", 15681, 19466, "e2a6", -111, 0, 0, 0},
		{kiwipete, "engine-without-histmalus-without-corrhist", 15660, 19386, "e2a6", -111, 0, 0, 0},
		{kiwipete, "engine-without-corrhist", 18819, 23542, "e2a6", -111, 0, 0, 0},
		{kiwipete, "engine-with-tteval", 16874, 21761, "d5e6", -111, 1501, 0, 0},
		{kiwipete, "engine-with-probcut", 17043, 23613, "e2a6", -111, 0, 684, 462},
		{kiwipete, "engine-with-corrpieces", 18908, 23697, "e2a6", -111, 0, 0, 0},
		{italian, "engine", 16333, 17065, "a2a3", 29, 0, 0, 0},
		{italian, "engine-without-histmalus", 14557, 15301, "d2d4", 28, 0, 0, 0},
		{italian, "engine-without-histmalus-without-corrhist", 18049, 19236, "d2d4", 36, 0, 0, 0},
		{italian, "engine-without-corrhist", 12807, 13356, "d2d4", 23, 0, 0, 0},
		{italian, "engine-with-tteval", 16037, 17017, "f1c4", 26, 2005, 0, 0},
		{italian, "engine-with-probcut", 16101, 16889, "a2a3", 29, 0, 55, 55},
		{italian, "engine-with-corrpieces", 16653, 17514, "d2d4", 31, 0, 0, 0},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		r := s.Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: 9}, nil, nil)
		st := r.Stats
		if st.Nodes != tc.nodes || st.TotalNodes() != tc.total || r.BestMove.String() != tc.best || r.Score != tc.score ||
			st.TTEvals != tc.ttEvals || st.ProbCutTries != tc.pcTries || st.ProbCuts != tc.pcCuts {
			t.Errorf("%s on %s: nodes %d (total %d), %s %d, tteval %d, ProbCut %d of %d;\n want nodes %d (total %d), %s %d, tteval %d, ProbCut %d of %d",
				tc.algo, tc.fen, st.Nodes, st.TotalNodes(), r.BestMove, r.Score, st.TTEvals, st.ProbCuts, st.ProbCutTries,
				tc.nodes, tc.total, tc.best, tc.score, tc.ttEvals, tc.pcCuts, tc.pcTries)
		}
	}
}

// TestHistoryMalus checks the update itself: after a quiet cutoff the
// cutoff move gains min(depth², 1024) less its gravity, the quiet moves
// searched before it lose as much, other moves keep their scores, and
// repeated updates stay within ±histMalusMax.
func TestHistoryMalus(t *testing.T) {
	o := mustAlgo(t, "engine")
	s := NewSearcher(o)
	s.b = mustBoard(t, board.StartFEN)
	move := func(uci string) board.Move {
		m, err := s.b.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cut, tried1, tried2, other := move("g1f3"), move("a2a3"), move("h2h3"), move("b1c3")
	s.frames[2].tried = [64]board.Move{tried1, tried2, cut}
	s.frames[2].nTried = 3
	s.history[board.White][tried1.From()][tried1.To()] = 8192
	s.updateQuietCutoff(2, 6, cut)
	h := func(m board.Move) int32 { return s.history[board.White][m.From()][m.To()] }
	// 36 for the cut move from 0; 8192 − 36 − 8192·36/16384 = 8138 for the
	// first tried move; −36 for the second; 0 for a move never searched.
	if h(cut) != 36 || h(tried1) != 8138 || h(tried2) != -36 || h(other) != 0 {
		t.Errorf("after one cutoff at depth 6: cut %d, tried %d and %d, other %d; want 36, 8138, -36, 0", h(cut), h(tried1), h(tried2), h(other))
	}
	for range 2000 {
		s.updateQuietCutoff(2, 40, cut)
	}
	if h(cut) > histMalusMax || h(cut) < histMalusMax-histMalusBonus || h(tried2) < -histMalusMax || h(tried2) > -histMalusMax+histMalusBonus {
		t.Errorf("after 2000 deep cutoffs: cut %d, tried %d; want within %d of ±%d", h(cut), h(tried2), histMalusBonus, histMalusMax)
	}
}

// TestQuietEvasions pins the qevasions candidate on the bench suite's
// crowded position (40 pieces, nearly all attacking one another), where
// quiescence meets many checks: the same move and score at depth 6 with
// fewer quiescence nodes, and the pruned evasions counted. Without the
// switch the counter stays at zero.
func TestQuietEvasions(t *testing.T) {
	const crowded = "k7/2n1n3/1nbNbn2/2NbRBn1/1nbRQR2/2NBRBN1/3N1N2/7K w - - 0 1"
	for _, tc := range []struct {
		algo         string
		nodes, total uint64
		best         string
		score        int
		pruned       uint64
	}{
		{"engine", 18014, 108878, "d3c4", 2407, 0},
		{"engine-with-qevasions", 18007, 100413, "d3c4", 2407, 6485},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		r := s.Search(context.Background(), mustBoard(t, crowded), Limits{Depth: 6}, nil, nil)
		st := r.Stats
		if st.Nodes != tc.nodes || st.TotalNodes() != tc.total || r.BestMove.String() != tc.best || r.Score != tc.score || st.QEvasionPrunes != tc.pruned {
			t.Errorf("%s: nodes %d (total %d), %s %d, %d evasions pruned; want nodes %d (total %d), %s %d, %d pruned",
				tc.algo, st.Nodes, st.TotalNodes(), r.BestMove, r.Score, st.QEvasionPrunes, tc.nodes, tc.total, tc.best, tc.score, tc.pruned)
		}
	}
}
