package engine

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// The search candidates conthist and histlmr, and singular extensions
// (a candidate until they joined the engine preset with multi-cut and
// the negative extension), change the tree only where they act: exact
// node counts, best moves and the singular and history-LMR counters on
// fixed positions, fresh tables, against the engine without them, all
// with the classical evaluation (mustClassical). A singular test needs a
// node 6 plies or more from the horizon with a deep enough table entry.
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
		{kiwipete, "engine", 9, 26963, 32868, "e2a6", -38, 338, 115, 0, 0},
		{kiwipete, "engine-with-conthist", 9, 25946, 31669, "e2a6", -38, 334, 111, 0, 0},
		{kiwipete, "engine-with-histlmr", 9, 23626, 29382, "e2a6", -15, 328, 102, 0, 974},
		{kiwipete, "engine-without-singular", 7, 5025, 6157, "e2a6", -13, 0, 0, 0, 0},
		{kiwipete, "engine", 7, 7278, 9031, "e2a6", -74, 113, 17, 0, 0},
		{kiwipete, "engine-without-singular", 9, 18746, 23586, "e2a6", -111, 0, 0, 0, 0},
		{kiwipete, "engine-with-conthist-with-histlmr", 9, 23625, 29382, "e2a6", -15, 328, 102, 0, 973},
		{italian, "engine", 9, 16788, 17664, "d2d4", 38, 117, 56, 0, 0},
		{italian, "engine-with-conthist", 9, 13569, 14268, "f1c4", 42, 97, 44, 0, 0},
		{italian, "engine-with-histlmr", 9, 14273, 15041, "f1c4", 27, 107, 48, 30, 2565},
		{italian, "engine-without-singular", 9, 16333, 17065, "a2a3", 29, 0, 0, 0, 0},
		{italian, "engine-with-conthist-with-histlmr", 9, 17979, 19172, "f1c4", 39, 124, 61, 29, 3283},
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
	for _, algo := range []string{"engine", "engine-with-conthist-with-histlmr-with-capthist-with-cutnode-with-razor"} {
		s := NewSearcher(mustAlgo(t, algo))
		s.begin(context.Background(), b, Limits{}, nil)
		for d := 1; d <= 8; d++ { // fill the table so singular tests run
			s.negamax(0, d, -Infinity, Infinity, board.NoMove, false)
		}
		before := s.stats.SingularTries
		if n := testing.AllocsPerRun(3, func() { s.negamax(0, 9, -Infinity, Infinity, board.NoMove, false) }); n != 0 {
			t.Errorf("%s: %v allocations a search", algo, n)
		}
		if s.stats.SingularTries == before {
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
		{kiwipete, "engine", 26963, 32868, "e2a6", -38, 1475, 349, 7854},
		{kiwipete, "engine-without-nulladapt", 27850, 34229, "e2a6", -39, 1417, 296, 8584},
		{kiwipete, "engine-without-seeprune", 27512, 33375, "e2a6", -37, 1233, 301, 0},
		{kiwipete, "engine-without-improving", 26786, 34881, "e2a6", -37, 2007, 810, 7604},
		{kiwipete, "engine-without-nulladapt-without-seeprune-without-improving", 44649, 56654, "e2a6", -37, 2307, 886, 0},
		{italian, "engine", 16788, 17664, "d2d4", 38, 1914, 461, 3440},
		{italian, "engine-without-nulladapt", 17513, 18976, "f1b5", 41, 1888, 434, 3510},
		{italian, "engine-without-seeprune", 15465, 16400, "f1c4", 47, 1347, 325, 0},
		{italian, "engine-without-improving", 26246, 28982, "d2d4", 30, 2922, 1033, 6112},
		{italian, "engine-without-nulladapt-without-seeprune-without-improving", 75294, 83120, "d2d4", 31, 5736, 2196, 0},
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
		{kiwipete, "engine", 26963, 32868, "e2a6", -38, 0, 0, 0},
		{kiwipete, "engine-without-histmalus", 25729, 31415, "e2a6", -15, 0, 0, 0},
		{kiwipete, "engine-without-histmalus-without-corrhist", 26757, 32166, "e2a6", -14, 0, 0, 0},
		{kiwipete, "engine-without-corrhist", 27037, 32585, "e2a6", -38, 0, 0, 0},
		{kiwipete, "engine-with-tteval", 31562, 40026, "e2a6", -40, 3803, 0, 0},
		{kiwipete, "engine-with-probcut", 24344, 31039, "e2a6", -38, 0, 569, 417},
		{kiwipete, "engine-with-corrpieces", 28125, 35264, "e2a6", -40, 0, 0, 0},
		{italian, "engine", 16788, 17664, "d2d4", 38, 0, 0, 0},
		{italian, "engine-without-histmalus", 20618, 22068, "d2d4", 26, 0, 0, 0},
		{italian, "engine-without-histmalus-without-corrhist", 35265, 37822, "d2d4", 31, 0, 0, 0},
		{italian, "engine-without-corrhist", 16822, 17479, "f1c4", 31, 0, 0, 0},
		{italian, "engine-with-tteval", 12652, 13349, "f1c4", 42, 1687, 0, 0},
		{italian, "engine-with-probcut", 16464, 17376, "d2d4", 38, 0, 51, 50},
		{italian, "engine-with-corrpieces", 18707, 19594, "f1c4", 15, 0, 0, 0},
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

// TestCaptureHistory checks capthist's update and its place in the
// ordering: a capture that caused a cutoff gains min(depth², 1024), the
// captures searched before it lose as much, a quiet cutoff only
// penalises, and however far the learned scores go, a capture stays
// above the killers and a losing capture below every quiet move.
func TestCaptureHistory(t *testing.T) {
	o := mustAlgo(t, "engine")
	o.CaptHist = true
	s := NewSearcher(o)
	// Kiwipete: Bxa6, dxe6 and gxh3 win material or trade evenly; Qxf6
	// (the bishop on g7 takes back) and the knight's captures lose.
	s.b = mustBoard(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	move := func(uci string) board.Move {
		m, err := s.b.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cut, tried, other := move("e2a6"), move("d5e6"), move("g2h3")
	ci := func(m board.Move) capIndex { return captureIndex(s.b, m) }
	score := func(m board.Move) int32 { return *s.capHist.entry(ci(m)) }
	f := &s.frames[3]
	f.nCaps = 0
	s.rememberCapture(f, ci(tried))
	s.rememberCapture(f, ci(cut))
	s.updateCaptureHistory(3, 5, ci(cut), true)
	if score(cut) != 25 || score(tried) != -25 || score(other) != 0 {
		t.Errorf("after a capture cutoff at depth 5: cut %d, tried %d, other %d; want 25, -25, 0", score(cut), score(tried), score(other))
	}
	s.updateCaptureHistory(3, 40, 0, false) // a quiet move cut: both captures were tried before it
	if score(cut) != 25-1024-25*1024/16384 || score(tried) != -25-1024+25*1024/16384 {
		t.Errorf("after a quiet cutoff at depth 40: cut %d, tried %d; want %d, %d", score(cut), score(tried), 25-1024-25*1024/16384, -25-1024+25*1024/16384)
	}
	for range 3000 {
		s.updateCaptureHistory(3, 40, ci(cut), true)
	}
	if score(cut) > histMalusMax || score(tried) < -histMalusMax {
		t.Errorf("after 3000 deep cutoffs: cut %d, tried %d; want within ±%d", score(cut), score(tried), histMalusMax)
	}
	// The ordering keeps its buckets at the learned scores' bounds.
	*s.capHist.entry(ci(tried)) = -histMalusMax
	*s.capHist.entry(ci(cut)) = histMalusMax
	var ml board.MoveList
	s.b.GenerateMoves(&ml)
	moves := ml.Slice()
	scores := make([]int32, len(moves))
	s.scoreMoves(3, moves, scores, board.NoMove)
	losing := 0
	for i, m := range moves {
		if !m.IsQuiet() && scores[i] < 0 {
			losing++
		}
		switch {
		case m == tried && (scores[i] <= scoreCapture || scores[i] >= scoreHash):
			t.Errorf("%s, a good capture with the lowest learned score, ranks %d; want above the killers (%d)", m, scores[i], scoreKiller1)
		case m == cut && (scores[i] <= scoreCapture || scores[i] >= scoreHash):
			t.Errorf("%s ranks %d; want between the killers and the hash move", m, scores[i])
		case !m.IsQuiet() && scores[i] < 0 && scores[i] >= -histMalusMax:
			t.Errorf("losing capture %s ranks %d; want below every quiet move (-%d)", m, scores[i], histMalusMax)
		}
	}
	if losing < 3 {
		t.Errorf("%d losing captures ranked; want Qxf6 and the knight's three", losing)
	}
	if o := mustAlgo(t, "engine"); !o.CaptHist && NewSearcher(o).capHist != nil {
		t.Error("without capthist the searcher keeps a capture history")
	}
}

// TestOrderingAndRazorCandidates pins the candidates capthist, cutnode
// and razor on the positions of TestCandidateNodeCounts at depth 9:
// exact node counts, best move and score, and the nodes razoring settled
// by quiescence, for the engine with each of them and with all three.
// The engine's own row is TestCandidateNodeCounts's.
func TestOrderingAndRazorCandidates(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tc := range []struct {
		fen, algo    string
		nodes, total uint64
		best         string
		score        int
		razors       uint64
	}{
		{kiwipete, "engine-with-capthist", 26864, 32821, "e2a6", -38, 0},
		{kiwipete, "engine-with-cutnode", 26487, 32264, "e2a6", -38, 0},
		{kiwipete, "engine-with-razor", 25837, 31583, "e2a6", -38, 92},
		{kiwipete, "engine-with-capthist-with-cutnode-with-razor", 25938, 31802, "e2a6", -38, 94},
		{italian, "engine-with-capthist", 17168, 18083, "d2d4", 38, 0},
		{italian, "engine-with-cutnode", 16163, 16859, "b1c3", 24, 0},
		{italian, "engine-with-razor", 16734, 17610, "d2d4", 38, 19},
		{italian, "engine-with-capthist-with-cutnode-with-razor", 16703, 17408, "b1c3", 24, 8},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		r := s.Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: 9}, nil, nil)
		st := r.Stats
		if st.Nodes != tc.nodes || st.TotalNodes() != tc.total || r.BestMove.String() != tc.best || r.Score != tc.score || st.Razors != tc.razors {
			t.Errorf("%s on %s: nodes %d (total %d), %s %d, %d razored;\n want nodes %d (total %d), %s %d, %d razored",
				tc.algo, tc.fen, st.Nodes, st.TotalNodes(), r.BestMove, r.Score, st.Razors, tc.nodes, tc.total, tc.best, tc.score, tc.razors)
		}
	}
}

// TestSingularMultiCut pins what singular extensions do besides
// extending, on the positions of TestCandidateNodeCounts at depth 9: the
// tests whose other moves also reached a bound at or above beta end the
// node (multi-cut), and the engine without the switch runs none.
func TestSingularMultiCut(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const italian = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tc := range []struct {
		fen, algo            string
		tries, exts, multics uint64
	}{
		{kiwipete, "engine", 338, 115, 204},
		{kiwipete, "engine-without-singular", 0, 0, 0},
		{italian, "engine", 117, 56, 47},
		{italian, "engine-without-singular", 0, 0, 0},
	} {
		s := NewSearcher(mustClassical(t, tc.algo))
		st := s.Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: 9}, nil, nil).Stats
		if st.SingularTries != tc.tries || st.SingularExts != tc.exts || st.MultiCuts != tc.multics {
			t.Errorf("%s on %s: %d singular tests, %d extensions, %d multi-cuts; want %d, %d, %d",
				tc.algo, tc.fen, st.SingularTries, st.SingularExts, st.MultiCuts, tc.tries, tc.exts, tc.multics)
		}
	}
}
