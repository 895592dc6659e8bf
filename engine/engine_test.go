package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
	"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
	"8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1",
}

func mustBoard(t testing.TB, fen string) *board.Board {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Each switch's counters move only when it is on.
func TestSwitchCounters(t *testing.T) {
	fen := testFENs[1]
	full := run(t, fen, EngineOptions(), 6).Stats
	counters := map[string]func(Stats) uint64{
		"tt":         func(s Stats) uint64 { return s.TTProbes },
		"null":       func(s Stats) uint64 { return s.NullTries },
		"quiescence": func(s Stats) uint64 { return s.QNodes },
		"delta":      func(s Stats) uint64 { return s.DeltaPrunes },
		"see":        func(s Stats) uint64 { return s.SEEPrunes },
		"lmr":        func(s Stats) uint64 { return s.LMRReductions },
		"checkext":   func(s Stats) uint64 { return s.CheckExts },
	}
	for name, get := range counters {
		if get(full) == 0 {
			t.Errorf("engine: %s counter is zero with the technique on", name)
		}
		o := EngineOptions()
		if err := o.Apply(nil, []string{name}); err != nil {
			t.Fatal(err)
		}
		if v := get(run(t, fen, o, 6).Stats); v != 0 {
			t.Errorf("%s: counter %d with the technique off", o.Name, v)
		}
	}
}

func TestDeterministicNodeCounts(t *testing.T) {
	a := run(t, testFENs[1], EngineOptions(), 7)
	b := run(t, testFENs[1], EngineOptions(), 7)
	if a.Stats.TotalNodes() != b.Stats.TotalNodes() || a.BestMove != b.BestMove || a.Score != b.Score {
		t.Fatalf("two runs differ: %d/%s/%d vs %d/%s/%d", a.Stats.TotalNodes(), a.BestMove, a.Score,
			b.Stats.TotalNodes(), b.BestMove, b.Score)
	}
}

func TestMates(t *testing.T) {
	tests := []struct {
		name, fen, algo string
		depth           int
		best            string
		mateIn          int
	}{
		{"paper mate in 2, minimax", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "minimax", 3, "a1a6", 2},
		{"paper mate in 2, alphabeta", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "alphabeta", 3, "a1a6", 2},
		{"paper mate in 2, engine", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "engine", 6, "a1a6", 2},
		{"back rank mate in 1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "engine", 4, "a1a8", 1},
		// Mated side prefers the longest defence: mated in 1 at depth 4.
		{"mated in 1", "k7/8/1K6/8/8/8/8/7R b - - 0 1", "engine", 4, "a8b8", -1},
		{"mated in 1, minimax", "k7/8/1K6/8/8/8/8/7R b - - 0 1", "minimax", 2, "a8b8", -1},
		// WAC.004: Qxh7+ Kxh7 hxg6+ Kxg6 ... mate (engine must see a mate).
		{"mate in 3 (Kh8 box)", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "engine", 8, "h6h7", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ParseAlgo(tc.algo)
			if err != nil {
				t.Fatal(err)
			}
			r := run(t, tc.fen, o, tc.depth)
			if tc.best != "" && r.BestMove.String() != tc.best {
				t.Errorf("best move %s, want %s (score %s)", r.BestMove, tc.best, FormatScore(r.Score))
			}
			if tc.mateIn != 0 && MateIn(r.Score) != tc.mateIn {
				t.Errorf("score %s (%d), want mate in %d", FormatScore(r.Score), r.Score, tc.mateIn)
			}
			if tc.mateIn == 0 && !IsMate(r.Score) {
				t.Errorf("score %s, want a mate", FormatScore(r.Score))
			}
		})
	}
}

// Null-move pruning assumes passing is never better than moving. In
// zugzwang it is, so the engine skips null move when the side to move has
// only king and pawns (the guard) and verifies other null-move cutoffs with
// a reduced normal search.
func TestNullMoveZugzwang(t *testing.T) {
	tests := []struct {
		name, fen string
		depth     int
		best      []string
		minScore  int
	}{
		// Pawn ending: White wastes a tempo with the a-pawn and Black, in
		// a trebuchet, must give up d5. Every king move loses d4 instead.
		{"pawn-ending tempo", "8/8/8/2Kp4/3Pk3/8/P7/8 w - - 0 1", 12, []string{"a2a3", "a2a4"}, 150},
		// chessprogramming.org null-move test positions zugzwang.001/.002
		// (with the classical weights fitted in 0.6.0, the engine
		// settles on Rf1 from depth 16; it was 14 before). In .002
		// the winning side's margin is the evaluation's judgement: the
		// classical one said +3 pawns at depth 12, the network +2.49.
		{"zugzwang.001 Rf1", "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1", 16, []string{"e1f1"}, -Infinity},
		{"zugzwang.002 Kh6", "1q1k4/2Rr4/8/2Q3K1/8/8/8/8 w - - 0 1", 12, []string{"g5h6"}, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, tc.fen, EngineOptions(), tc.depth)
			ok := false
			for _, m := range tc.best {
				ok = ok || r.BestMove.String() == m
			}
			if !ok || r.Score < tc.minScore {
				t.Fatalf("best %s score %s, want one of %v scoring at least %d", r.BestMove, FormatScore(r.Score), tc.best, tc.minScore)
			}
			if r.Stats.NullTries == 0 && tc.name != "pawn-ending tempo" {
				t.Fatalf("null move never tried")
			}
		})
	}
	// The guard: in the pawn ending null move is never tried at all. (From
	// depth 10 some line promotes a pawn, and in the position with the new
	// queen the guard rightly allows a null move; depth 9 stays among
	// kings and pawns.)
	r := run(t, tests[0].fen, EngineOptions(), 9)
	if r.Stats.NullTries != 0 {
		t.Fatalf("null move tried %d times in a king-and-pawns ending", r.Stats.NullTries)
	}
}

// The game-trees paper's mate in two is itself a zugzwang (after Ra6 Black
// would love to pass): null move without verification misses it. With
// PeSTO's evaluation, as lesson 7 shows it (the classical evaluation's
// extra terms happen to steer the unverified search to the mate anyway).
func TestNullVerificationFindsPaperMate(t *testing.T) {
	fen := "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
	withVerify := EngineOptions()
	withVerify.Eval = eval.PeSTO
	noVerify := withVerify
	noVerify.NullVerify = false
	if r := run(t, fen, noVerify, 5); IsMate(r.Score) {
		t.Fatalf("without verification the engine should miss the mate at depth 5 (got %s)", FormatScore(r.Score))
	}
	if r := run(t, fen, withVerify, 5); MateIn(r.Score) != 2 || r.BestMove.String() != "a1a6" {
		t.Fatalf("with verification: %s %s, want Ra6 mate in 2", r.BestMove, FormatScore(r.Score))
	}
}

func TestNamedMates(t *testing.T) {
	for _, tc := range []struct {
		name   string
		depth  int
		mateIn int
	}{{"paper-mate2", 6, 2}, {"mate2-b", 6, 2}, {"mate3", 8, 3}} {
		p, err := positions.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		b := mustBoard(t, p.FEN)
		r := NewSearcher(EngineOptions()).Search(context.Background(), b, Limits{Depth: tc.depth}, nil, nil)
		if MateIn(r.Score) != tc.mateIn || !matchesSAN(b, r.BestMove, p.BestMoves) {
			t.Errorf("%s: %s %s, want %v mate in %d", tc.name, b.SAN(r.BestMove), FormatScore(r.Score), p.BestMoves, tc.mateIn)
		}
	}
}

func matchesSAN(b *board.Board, m board.Move, sans []string) bool {
	for _, s := range sans {
		if x, err := b.ParseMove(s); err == nil && x == m {
			return true
		}
	}
	return false
}

func TestParseAlgo(t *testing.T) {
	tests := []struct {
		in      string
		enabled string
		err     string
	}{
		{"minimax", "", ""},
		{"alphabeta", "alphabeta", ""},
		{"engine-without-null", "alphabeta,id,tt,hashmove,mvvlva,killers,history,verify,quiescence,delta,see,pvs,lmr,rfp,futility,lmp,iir,aspiration,checkext,seeorder,countermove,singular,nulladapt,seeprune,improving,histmalus,corrhist,timeman,repdraw", ""},
		{"alphabeta-with-mvvlva-with-killers", "alphabeta,mvvlva,killers", ""},
		{"engine-without-bogus", "", `unknown technique "bogus"`},
		{"negascout", "", `unknown algorithm "negascout"`},
		{"alphabeta-withmvvlva", "", "bad algorithm"},
	}
	for _, tc := range tests {
		o, err := ParseAlgo(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseAlgo(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ParseAlgo(%q): %v", tc.in, err)
		}
		if got := strings.Join(o.EnabledNames(), ","); got != tc.enabled {
			t.Errorf("ParseAlgo(%q) enabled %q, want %q", tc.in, got, tc.enabled)
		}
	}
}

// TestSoftTime checks time management's scaling of the soft limit: a
// stable best move stops earlier, a new best move, a falling score or a
// best move that took a small share of the nodes thinks longer, and
// without the switch the limit is the caller's.
func TestSoftTime(t *testing.T) {
	m1 := board.NewMove(12, 28, board.FlagDoublePush) // e2e4
	m2 := board.NewMove(11, 27, board.FlagDoublePush) // d2d4
	it := func(m board.Move, score int) Iteration { return Iteration{PV: []board.Move{m}, Score: score} }
	const soft = 1000 * time.Millisecond
	tests := []struct {
		name  string
		iters []Iteration
		share int // nodes in 1000 spent below the last best move; -1: no nodes counted
		want  time.Duration
	}{
		{"one iteration", []Iteration{it(m1, 10)}, 100, soft},
		{"new best move", []Iteration{it(m1, 10), it(m2, 10)}, -1, 1400 * time.Millisecond},
		{"stable once", []Iteration{it(m2, 10), it(m1, 10), it(m1, 10)}, -1, soft},
		{"stable twice", []Iteration{it(m1, 10), it(m1, 10), it(m1, 10)}, -1, 800 * time.Millisecond},
		{"stable four times", []Iteration{it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10)}, -1, 650 * time.Millisecond},
		{"stable twice, score falls 30", []Iteration{it(m1, 10), it(m1, 10), it(m1, -20)}, -1, 1200 * time.Millisecond},
		{"score falls 80, new move", []Iteration{it(m1, 10), it(m2, -70)}, -1, 2800 * time.Millisecond},
		{"mate scores are not drops", []Iteration{it(m1, MateScore-3), it(m1, 50)}, -1, soft},
		// The effort factor 2·(1 − share) + 0.4, between 0.5 and 1.6.
		{"stable once, share 0.75", []Iteration{it(m2, 10), it(m1, 10), it(m1, 10)}, 750, 900 * time.Millisecond},
		{"stable four times, share 0.9", []Iteration{it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10)}, 900, 390 * time.Millisecond},
		{"stable four times, share 0.99", []Iteration{it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10), it(m1, 10)}, 990, 325 * time.Millisecond},
		{"stable twice, share 0.25", []Iteration{it(m1, 10), it(m1, 10), it(m1, 10)}, 250, 1280 * time.Millisecond},
		{"new best move, share 0.5", []Iteration{it(m1, 10), it(m2, 10)}, 500, 1960 * time.Millisecond},
		{"new best move, no node below it", []Iteration{it(m1, 10), it(m2, 10)}, 0, 2240 * time.Millisecond},
	}
	for _, tc := range tests {
		on := NewSearcher(mustAlgo(t, "engine-with-timeman"))
		off := NewSearcher(mustAlgo(t, "engine-without-timeman"))
		if tc.share >= 0 {
			last := tc.iters[len(tc.iters)-1].PV[0]
			for _, s := range []*Searcher{on, off} {
				s.stats.Nodes = 1000
				s.rootNodes[last.From()][last.To()] = uint64(tc.share)
			}
		}
		if got := on.softTime(soft, tc.iters); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if got := off.softTime(soft, tc.iters); got != soft {
			t.Errorf("%s without timeman: %v, want %v", tc.name, got, soft)
		}
	}
}

// TestRootNodes: with time management, the nodes below each root move add
// up to the search's nodes less the root's own visits, and the best move's
// share is a fraction; without it nothing is counted.
func TestRootNodes(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"engine-with-timeman", "engine-without-timeman"} {
		s := NewSearcher(mustAlgo(t, name))
		r := s.Search(context.Background(), b, Limits{Depth: 6}, nil, nil)
		var sum uint64
		for from := range s.rootNodes {
			for to := range s.rootNodes[from] {
				sum += s.rootNodes[from][to]
			}
		}
		timeman := name == "engine-with-timeman"
		// The root is visited once an iteration and once more for each
		// widened aspiration window; every other node is below a root
		// move.
		if want := r.Stats.TotalNodes() - uint64(len(r.Iters)) - r.Stats.AspirationFail; timeman && sum != want {
			t.Errorf("%s: %d nodes below the root moves, want %d (all but the root's visits)", name, sum, want)
		}
		if !timeman && sum != 0 {
			t.Errorf("%s: %d nodes counted below the root moves without time management", name, sum)
		}
		if share := s.rootShare(r.BestMove); timeman && (share <= 0 || share >= 1) {
			t.Errorf("%s: the best move's share %v is not in (0, 1)", name, share)
		}
	}
}

func mustAlgo(t *testing.T, name string) Options {
	t.Helper()
	o, err := ParseAlgo(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// mustClassical is mustAlgo with the classical evaluation: the node-count
// pins of the search switches (candidates_test.go) were measured with it,
// and they stay put when the built-in network is retrained.
func mustClassical(t *testing.T, name string) Options {
	t.Helper()
	o := mustAlgo(t, name)
	o.Eval = eval.Classical
	return o
}

// TestSEEOrder checks SEE ordering: captures that lose material by static
// exchange (the queen or the knight takes a pawn defended by a pawn) rank
// below every quiet move with the switch and above them without it (MVV-LVA
// alone), and an even exchange (knight takes knight, the rook retakes)
// stays above the quiet moves either way.
func TestSEEOrder(t *testing.T) {
	// White: Ke1, Qd1, Nc3. Black: Ke8, Ra5, Nb5, pawns d5 and e6.
	b, err := board.FromFEN("4k3/8/4p3/rn1p4/8/2N5/8/3QK3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	move := func(san string) board.Move {
		m, err := b.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	qxd5, nxd5, nxb5 := move("Qxd5"), move("Nxd5"), move("Nxb5")
	if SEE(b, qxd5) >= 0 || SEE(b, nxd5) >= 0 || SEE(b, nxb5) != 0 {
		t.Fatalf("SEE(Qxd5) = %d, SEE(Nxd5) = %d, SEE(Nxb5) = %d; want <0, <0, 0", SEE(b, qxd5), SEE(b, nxd5), SEE(b, nxb5))
	}
	for _, tc := range []struct {
		algo     string
		badFirst bool // the losing captures rank above the quiet moves
	}{
		{"engine-without-seeorder", true},
		{"engine", false},
	} {
		s := NewSearcher(mustAlgo(t, tc.algo))
		s.b = b
		var ml board.MoveList
		b.GenerateMoves(&ml)
		moves := ml.Slice()
		scores := make([]int32, len(moves))
		s.scoreMoves(0, moves, scores, board.NoMove)
		minQuiet, maxQuiet := int32(1<<30), int32(-1<<30)
		for i, m := range moves {
			if m.IsQuiet() {
				minQuiet, maxQuiet = min(minQuiet, scores[i]), max(maxQuiet, scores[i])
			}
		}
		for i, m := range moves {
			if m == nxb5 && scores[i] <= maxQuiet {
				t.Errorf("%s: the even exchange Nxb5 scored %d, not above the quiet moves (%d..%d)", tc.algo, scores[i], minQuiet, maxQuiet)
			}
			if m != qxd5 && m != nxd5 {
				continue
			}
			if above := scores[i] > maxQuiet; above != tc.badFirst {
				t.Errorf("%s: %s scored %d (quiet moves %d..%d), above the quiet moves: %v, want %v",
					tc.algo, b.SAN(m), scores[i], minQuiet, maxQuiet, above, tc.badFirst)
			}
		}
	}
}

// TestCounterMove checks the counter-move heuristic: after a quiet move
// refutes the opponent's move, it is ranked above the other quiet moves
// wherever that same move was just played, and nowhere else.
func TestCounterMove(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	e4, _ := b.ParseMove("e4")
	d4, _ := b.ParseMove("d4")
	b.Make(e4)
	c5, _ := b.ParseMove("c5")
	for _, tc := range []struct {
		algo string
		prev board.Move
		want bool // c5 ranks above every other quiet move
	}{
		{"engine-with-countermove-without-killers-without-history", e4, true},
		{"engine-with-countermove-without-killers-without-history", d4, false},
		{"engine-without-countermove-without-killers-without-history", e4, false},
	} {
		s := NewSearcher(mustAlgo(t, tc.algo))
		s.b = b
		s.frames[1].prev = e4
		s.updateQuietCutoff(1, 4, c5) // c5 refuted e4
		s.frames[1].prev = tc.prev
		var ml board.MoveList
		b.GenerateMoves(&ml)
		moves := ml.Slice()
		scores := make([]int32, len(moves))
		s.scoreMoves(1, moves, scores, board.NoMove)
		var c5Score, others int32 = 0, -1 << 30
		for i, m := range moves {
			if m == c5 {
				c5Score = scores[i]
			} else if m.IsQuiet() {
				others = max(others, scores[i])
			}
		}
		if got := c5Score > others; got != tc.want {
			t.Errorf("%s after %s: c5 scored %d, the best other quiet move %d; above: %v, want %v",
				tc.algo, tc.prev, c5Score, others, got, tc.want)
		}
	}
}

// run searches fen to depth with the strong engine's options o, as a
// fresh search (the textbook presets are tested in engine/textbook).
func run(t testing.TB, fen string, o Options, depth int) Result {
	t.Helper()
	return NewSearcher(o).Search(context.Background(), mustBoard(t, fen), Limits{Depth: depth}, nil, nil)
}
