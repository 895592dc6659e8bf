package lab

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// The node counts below are the ones the command goldens show
// (cmd/plylab/testdata): the library and the commands agree exactly.

func mustAlgos(t *testing.T, names ...string) []engine.Options {
	t.Helper()
	var out []engine.Options
	for _, n := range names {
		o, err := engine.ParseAlgo(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

func mustPosition(t *testing.T, name string) positions.Position {
	t.Helper()
	p, err := positions.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustSuite(t *testing.T, name string) []positions.Position {
	t.Helper()
	s, err := positions.LookupSuite(name)
	if err != nil {
		t.Fatal(err)
	}
	return s.Positions
}

// compare_start.golden: nodes, best move, score and minimal tree of every
// row, and the minimax column for the minimax rows.
func TestCompareStart(t *testing.T) {
	algos := mustAlgos(t, "minimax", "alphabeta", "alphabeta-with-mvvlva-with-killers-with-history", "engine")
	res, err := Compare(context.Background(), CompareOptions{Positions: []positions.Position{mustPosition(t, "start")},
		Algos: algos, MinDepth: 1, MaxDepth: 4, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		nodes, leaves, qnodes, minimal uint64
		best                           string
		score                          int
	}
	wants := [][]want{
		{{21, 20, 0, 21, "Na3", 0}, {21, 20, 0, 21, "Na3", 0}, {21, 20, 0, 21, "Na3", 0}, {24, 23, 0, 21, "d4", 14}},
		{{421, 400, 0, 60, "Na3", 0}, {60, 39, 0, 60, "Na3", 0}, {60, 39, 0, 60, "Na3", 0}, {65, 43, 0, 60, "d4", 38}},
		{{9323, 8902, 0, 516, "Na3", 0}, {586, 524, 0, 516, "Na3", 0}, {555, 494, 0, 516, "Na3", 0}, {344, 201, 18, 521, "e4", 26}},
		{{206604, 197273, 0, 1267, "Na3", 0}, {1509, 981, 0, 1267, "Na3", 0}, {1445, 919, 0, 1267, "Na3", 0}, {768, 344, 22, 1386, "c4", 27}},
	}
	if res.Blanked != 0 || res.Interrupted {
		t.Errorf("blanked %d, interrupted %v; want 0, false", res.Blanked, res.Interrupted)
	}
	for d := 1; d <= 4; d++ {
		for i, w := range wants[d-1] {
			r := res.Row(d, i)
			got := want{r.Stats.Nodes, r.Stats.Leaves, r.Stats.QNodes, r.Minimal, r.Best, r.Score}
			if got != w || !r.Done || r.Positions != 1 {
				t.Errorf("depth %d %s: %+v (done %v, %d positions), want %+v", d, r.Algo, got, r.Done, r.Positions, w)
			}
		}
		if mm := res.Row(d, 0); mm.Minimax != mm.Stats.Nodes {
			t.Errorf("depth %d: minimax row's minimax column %d, want its own nodes %d", d, mm.Minimax, mm.Stats.Nodes)
		}
	}
	if got := res.Row(3, 0).EBF; got < 21.07 || got > 21.08 { // sqrt(9323/21) = 21.0702
		t.Errorf("EBF at depth 3 = %v, want 21.070", got)
	}
	if res.Row(2, 0).EBF != 0 {
		t.Errorf("EBF at depth 2 without depth 0: %v, want 0", res.Row(2, 0).EBF)
	}
	if n := len(res.Done()); n != 16 {
		t.Errorf("%d rows done, want 16", n)
	}
}

// Minimax and alpha-beta agree on every depth's score and best move; the
// minimal tree is never larger than what alpha-beta visited, and the full
// tree it was computed from is minimax's.
func TestCompareMinimaxEqualsAlphaBeta(t *testing.T) {
	res, err := Compare(context.Background(), CompareOptions{Positions: []positions.Position{mustPosition(t, "kiwipete")},
		Algos: mustAlgos(t, "minimax", "alphabeta"), MinDepth: 1, MaxDepth: 3, Minimal: true})
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 3; d++ {
		mm, ab := res.Row(d, 0), res.Row(d, 1)
		if mm.Score != ab.Score || mm.Best != ab.Best {
			t.Errorf("depth %d: minimax %s %d, alphabeta %s %d", d, mm.Best, mm.Score, ab.Best, ab.Score)
		}
		if mm.Minimal != ab.Minimal || ab.Minimal == 0 || ab.Minimal > ab.Stats.Nodes {
			t.Errorf("depth %d: minimal %d and %d, alphabeta nodes %d", d, mm.Minimal, ab.Minimal, ab.Stats.Nodes)
		}
		if ab.Minimax != mm.Stats.Nodes {
			t.Errorf("depth %d: alphabeta's minimax column %d, minimax visited %d", d, ab.Minimax, mm.Stats.Nodes)
		}
	}
}

// A column covers exactly the positions of its row or is blank: with a
// budget the depth-2 minimal tree (421 full-tree nodes) exceeds, depth 2
// has no minimal tree, and % minimax comes from the minimax row instead.
func TestCompareBlankRule(t *testing.T) {
	res, err := Compare(context.Background(), CompareOptions{Positions: []positions.Position{mustPosition(t, "start")},
		Algos: mustAlgos(t, "minimax", "alphabeta"), MinDepth: 1, MaxDepth: 2, Minimal: true, MinimalBudget: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Blanked != 2 {
		t.Errorf("blanked %d rows, want 2", res.Blanked)
	}
	for i, want := range []struct{ minimal, minimax uint64 }{{21, 21}, {21, 21}, {0, 421}, {0, 421}} {
		r := res.Row(1+i/2, i%2)
		if r.Minimal != want.minimal || r.Minimax != want.minimax {
			t.Errorf("depth %d %s: minimal %d minimax %d, want %d %d", r.Depth, r.Algo, r.Minimal, r.Minimax, want.minimal, want.minimax)
		}
	}
}

// compare_suite_bk.golden: a suite sums its positions and counts the
// best moves found; single-position fields stay empty.
func TestCompareSuite(t *testing.T) {
	bk := mustSuite(t, "bk")
	res, err := Compare(context.Background(), CompareOptions{Positions: bk, Algos: mustAlgos(t, "engine"), MinDepth: 1, MaxDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		nodes, qnodes  uint64
		solved, withBM int
	}{{976, 438, 2, 24}, {2828, 778, 2, 24}, {9857, 1795, 6, 24}} {
		r := res.Row(i+1, 0)
		if r.Stats.Nodes != want.nodes || r.Stats.QNodes != want.qnodes || r.Solved != want.solved || r.WithBM != want.withBM ||
			r.Positions != len(bk) || r.Best != "" || r.Minimal != 0 || r.Minimax != 0 {
			t.Errorf("depth %d: %+v, want %+v", i+1, r, want)
		}
	}
	if got := res.Row(3, 0).EBF; got < 2.8706 || got > 2.8707 {
		t.Errorf("EBF at depth 3 = %v, want 2.8706", got)
	}
}

// Ctrl-C: a cancelled comparison returns what finished and says so.
func TestCompareInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Compare(ctx, CompareOptions{Positions: []positions.Position{mustPosition(t, "start")},
		Algos: mustAlgos(t, "minimax"), MinDepth: 1, MaxDepth: 3, Minimal: true})
	// The plain searches look at ctx every few thousand nodes, so the
	// smallest depths may finish; depth 3 (9,323 nodes) does not.
	if !errors.Is(err, context.Canceled) || res == nil || !res.Interrupted || res.Row(3, 0).Done {
		t.Fatalf("err %v, result %+v", err, res)
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, o := range []CompareOptions{
		{Algos: mustAlgos(t, "minimax"), MinDepth: 1, MaxDepth: 1},
		{Positions: []positions.Position{mustPosition(t, "start")}, MinDepth: 1, MaxDepth: 1},
		{Positions: []positions.Position{mustPosition(t, "start")}, Algos: mustAlgos(t, "minimax"), MinDepth: 2, MaxDepth: 1},
		{Positions: []positions.Position{{Name: "bad", FEN: "8/8/8/8 w - - 0 1"}}, Algos: mustAlgos(t, "minimax"), MinDepth: 1, MaxDepth: 1},
	} {
		if res, err := Compare(context.Background(), o); err == nil || res != nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

func TestTreeEstimate(t *testing.T) {
	b, err := Boards([]positions.Position{mustPosition(t, "start")})
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range map[int]float64{1: 21, 2: 421, 3: 1 + 20 + 400 + 8000} {
		if got := TreeEstimate(b[0], d); got != want {
			t.Errorf("TreeEstimate(start, %d) = %v, want %v", d, got, want)
		}
	}
	if PredictTime(b, mustAlgos(t, "minimax"), 9) < PredictTime(b, mustAlgos(t, "minimax"), 5) {
		t.Error("PredictTime does not grow with depth")
	}
}

// scores_horizon.golden: every root move at depth 1, best first, ties by SAN.
func TestScoresHorizon(t *testing.T) {
	res, err := Scores(context.Background(), ScoresOptions{Position: mustPosition(t, "horizon"), Algo: mustAlgos(t, "alphabeta")[0], Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moves) != 24 || res.Interrupted || res.Side.String() != "white" {
		t.Fatalf("%d moves, interrupted %v, side %v", len(res.Moves), res.Interrupted, res.Side)
	}
	for i, want := range []ScoreRow{
		{1, "Nxd5", "c3d5", 0, 1, []string{"Nxd5"}},
		{2, "Rxd5", "d1d5", 0, 1, []string{"Rxd5"}},
		{3, "Kf1", "g1f1", -100, 1, []string{"Kf1"}},
		{24, "h4", "h2h4", -100, 1, []string{"h4"}},
	} {
		got := res.Moves[[]int{0, 1, 2, 23}[i]]
		if got.Rank != want.Rank || got.SAN != want.SAN || got.UCI != want.UCI || got.Score != want.Score || got.Nodes != want.Nodes || !slices.Equal(got.PV, want.PV) {
			t.Errorf("move %d: %+v, want %+v", want.Rank, got, want)
		}
	}
}

// perft_cpw.golden and perft_suite.golden.
func TestPerft(t *testing.T) {
	res, err := Perft(context.Background(), PerftOptions{Positions: []positions.Position{mustPosition(t, "cpw4")}, Depth: 3, Reference: true})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Rows[0]
	if r.Nodes != 9467 || r.RefNodes != 9467 || r.Expected != 9467 || !r.OK() || len(r.Divide) != len(r.RefDivide) {
		t.Errorf("cpw4 depth 3: %d, notnil %d, published %d, ok %v", r.Nodes, r.RefNodes, r.Expected, r.OK())
	}
	suite := mustSuite(t, "perft")
	res, err = Perft(context.Background(), PerftOptions{Positions: suite, Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	total, bad := res.Total()
	if len(res.Rows) != 132 || total.Nodes != 25481 || bad != 0 {
		t.Errorf("perft suite depth 2: %d rows, %d leaves, %d bad; want 132, 25481, 0", len(res.Rows), total.Nodes, bad)
	}
	for i, want := range []uint64{400, 2039, 66, 71} {
		if res.Rows[i].Nodes != want || !res.Rows[i].OK() {
			t.Errorf("%s: %d, want %d", res.Rows[i].Position.Name, res.Rows[i].Nodes, want)
		}
	}
	// A count that disagrees with the published one is not OK.
	wrong := PerftRow{Nodes: 20, Expected: 21}
	if wrong.OK() {
		t.Error("a mismatch reads as OK")
	}
}

func TestFirstDifference(t *testing.T) {
	e := func(u string, n uint64) board.DivideEntry { return board.DivideEntry{UCI: u, Nodes: n} }
	for _, tt := range []struct {
		ours, theirs []board.DivideEntry
		want         RootDifference
		differ       bool
	}{
		{[]board.DivideEntry{e("a2a3", 20), e("b2b3", 20)}, []board.DivideEntry{e("a2a3", 20), e("b2b3", 21)}, RootDifference{UCI: "b2b3", Ours: 20, Theirs: 21}, true},
		{[]board.DivideEntry{e("a2a3", 20), e("e1g1", 20)}, []board.DivideEntry{e("a2a3", 20)}, RootDifference{UCI: "e1g1", Ours: 20, OnlyOurs: true}, true},
		{[]board.DivideEntry{e("a2a3", 20)}, []board.DivideEntry{e("a2a3", 20), e("e5d6", 3)}, RootDifference{UCI: "e5d6", Theirs: 3, OnlyTheirs: true}, true},
		{[]board.DivideEntry{e("a2a3", 20)}, []board.DivideEntry{e("a2a3", 20)}, RootDifference{}, false},
	} {
		if got, differ := FirstDifference(tt.ours, tt.theirs); got != tt.want || differ != tt.differ {
			t.Errorf("FirstDifference = %+v, %v; want %+v, %v", got, differ, tt.want, tt.differ)
		}
	}
}

func TestPerftErrors(t *testing.T) {
	_, err := Perft(context.Background(), PerftOptions{Positions: []positions.Position{mustPosition(t, "start")}, Depth: 1, Stockfish: "/nonexistent/stockfish"})
	var se *StockfishStartError
	if !errors.As(err, &se) || se.Path != "/nonexistent/stockfish" {
		t.Errorf("err %v, want a StockfishStartError", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Perft(ctx, PerftOptions{Positions: []positions.Position{mustPosition(t, "start")}, Depth: 3})
	if err == nil || res == nil || !res.Interrupted || len(res.Rows) != 1 || !res.Rows[0].Interrupted || res.Rows[0].OK() {
		t.Errorf("cancelled perft: err %v, result %+v", err, res)
	}
	if d, err := PredictPerft(PerftOptions{Positions: []positions.Position{mustPosition(t, "start")}, Depth: 3}); d != 0 || err != nil {
		t.Errorf("PredictPerft depth 3 = %v, %v; want 0 (too small to guess)", d, err)
	}
}

// bench_depth2.golden: the signature at depth 2 and its first rows.
func TestBench(t *testing.T) {
	res, err := Bench(context.Background(), BenchOptions{Engine: engine.EngineOptions(), Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes != 20579 || res.Searched != 47 || res.Skipped != 2 || len(res.Rows) != 49 || res.Interrupted {
		t.Fatalf("signature %d, %d searched, %d skipped, %d rows", res.Nodes, res.Searched, res.Skipped, len(res.Rows))
	}
	if sig, want := res.Signature(), fmt.Sprintf("20579 nodes %d nps", res.NPS()); sig != want {
		t.Errorf("Signature = %q, want %q", sig, want)
	}
	if sig := (&BenchResult{Nodes: 1000, Elapsed: 2 * time.Second}).Signature(); sig != "1000 nodes 500 nps" {
		t.Errorf("Signature = %q, want 1000 nodes 500 nps", sig)
	}
	for i, want := range map[int]BenchRow{
		0:  {Index: 1, Nodes: 65, Best: "d4", Score: 38},
		1:  {Index: 2, Nodes: 160, Best: "Bxa6", Score: 27},
		47: {Index: 48, Skipped: "stalemate"},
		48: {Index: 49, Skipped: "checkmate"},
	} {
		got := res.Rows[i]
		got.Elapsed = 0
		if got != want {
			t.Errorf("row %d: %+v, want %+v", i, got, want)
		}
	}
}

// The bench with its defaults gives BenchSignature, the count `plylab
// version` prints: a change to the search fails here until the constant
// (and the docs quoting it) is updated.
func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("the full bench searches 1.3 million nodes, a few seconds")
	}
	o, err := BenchEngine(BenchHashMB, "")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Bench(context.Background(), BenchOptions{Engine: o, Depth: BenchDepth})
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes != BenchSignature || res.Interrupted {
		t.Errorf("bench at depth %d: %d nodes, BenchSignature is %d; if the search changed on purpose, set BenchSignature to the new count", BenchDepth, res.Nodes, BenchSignature)
	}
}

// A test-suite run: BK at depth 3 (the values `plylab search --suite bk
// --depth 3` printed before the run moved here).
func TestSuite(t *testing.T) {
	res, err := Suite(context.Background(), SuiteOptions{Positions: mustSuite(t, "bk"), Algo: mustAlgos(t, "engine")[0], Limits: engine.Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 24 || res.Solved != 6 || res.Checked != 24 || res.Total.TotalNodes() != 11652 {
		t.Fatalf("%d rows, solved %d of %d, %d nodes; want 24, 6 of 24, 11652", len(res.Rows), res.Solved, res.Checked, res.Total.TotalNodes())
	}
	for i, want := range []SuiteRow{
		{ID: "BK.01", Found: "Qd1+", Expected: "Qd1+", Checked: true, OK: true, Depth: 3},
		{ID: "BK.02", Found: "Kf3", Expected: "d5", Checked: true, OK: false, Score: 144, Depth: 3},
	} {
		got := res.Rows[i]
		if got.ID != want.ID || got.Found != want.Found || got.Expected != want.Expected || got.Checked != want.Checked || got.OK != want.OK || got.Depth != want.Depth {
			t.Errorf("row %d: %+v, want %+v", i, got, want)
		}
	}
	if n := []uint64{res.Rows[0].Stats.TotalNodes(), res.Rows[1].Stats.TotalNodes()}; n[0] != 634 || n[1] != 246 {
		t.Errorf("nodes %v, want [634 246]", n)
	}
	if res.Rows[1].Score != 144 || !engine.IsMate(res.Rows[0].Score) {
		t.Errorf("scores %d and %d, want mate and 144", res.Rows[0].Score, res.Rows[1].Score)
	}
}
