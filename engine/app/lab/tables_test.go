package lab

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/positions"
)

// cellTexts is what a table shows: its column keys, then each row's texts.
func cellTexts(t *textfmt.Table) [][]string {
	keys := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		keys[j] = c.Key
	}
	out := [][]string{keys}
	return append(out, t.Texts()...)
}

func checkTable(t *testing.T, tab *textfmt.Table, title string, want [][]string, notes []string) {
	t.Helper()
	if tab.Title != title {
		t.Errorf("title = %q, want %q", tab.Title, title)
	}
	if got := cellTexts(tab); !reflect.DeepEqual(got, want) {
		t.Errorf("cells =\n%q\nwant\n%q", got, want)
	}
	if !reflect.DeepEqual(tab.Notes, notes) {
		t.Errorf("notes =\n%q\nwant\n%q", tab.Notes, notes)
	}
}

func TestCompareTable(t *testing.T) {
	algos := mustAlgos(t, "minimax", "alphabeta")
	res := &CompareResult{MinDepth: 1, MaxDepth: 2, Rows: [][]CompareRow{
		{
			{Depth: 1, Algo: "minimax", Stats: engine.Stats{Nodes: 21, Leaves: 20, Elapsed: time.Millisecond}, Best: "e4", Score: 35, Minimax: 21, Minimal: 21, Done: true},
			{Depth: 1, Algo: "alphabeta", Stats: engine.Stats{Nodes: 21, Leaves: 20, Elapsed: time.Millisecond}, Best: "e4", Score: 35, Minimax: 21, Minimal: 21, Done: true},
		},
		{
			{Depth: 2, Algo: "minimax", Stats: engine.Stats{Nodes: 421, Leaves: 400, Elapsed: 2 * time.Millisecond}, Best: "e4", Score: 0, Minimax: 421, Done: true},
			{Depth: 2, Algo: "alphabeta"}, // did not run
		},
	}, Interrupted: true}
	base := []string{
		"algorithms: minimax (material eval), alphabeta (material eval)",
		"scores are from the side to move's point of view; EBF = sqrt(nodes(d) / nodes(d-2)), quiescence included",
		"minimal = the smallest tree proving the minimax value (same evaluation, no quiescence); vs minimal = nodes / minimal",
	}
	checkTable(t, res.Table([]positions.Position{mustPosition(t, "start")}, algos), "compare: start", [][]string{
		{"depth", "algo", "nodes", "leaves", "qnodes", "time_s", "nodes_per_s", "best", "score", "pct_of_minimax", "ebf", "minimal_tree", "pct_over_minimal"},
		{"1", "minimax", "21", "20", "0", "1.00 ms", "21.0 k/s", "e4", "+35", "100.00%", "-", "21", "1.00×"},
		{"1", "alphabeta", "21", "20", "0", "1.00 ms", "21.0 k/s", "e4", "+35", "100.00%", "-", "21", "1.00×"},
		{"2", "minimax", "421", "400", "0", "2.00 ms", "210 k/s", "e4", "0", "100.00%", "-", "-", "-"},
	}, append(append([]string{}, base...), "interrupted: only the rows above finished"))

	// Several positions: the best-move column counts solved positions;
	// a blanked minimal tree is explained.
	res = &CompareResult{MinDepth: 3, MaxDepth: 3, Blanked: 1, Rows: [][]CompareRow{{
		{Depth: 3, Algo: "alphabeta", Stats: engine.Stats{Nodes: 900, Leaves: 800}, Solved: 1, WithBM: 2, Minimax: 1_000_000, EBF: 3.5, Done: true},
	}}}
	tab := res.Table([]positions.Position{mustPosition(t, "start"), mustPosition(t, "kiwipete")}, algos[1:])
	checkTable(t, tab, "compare: 2 positions", [][]string{
		{"depth", "algo", "nodes", "leaves", "qnodes", "time_s", "nodes_per_s", "solved", "pct_of_minimax", "ebf", "minimal_tree", "pct_over_minimal"},
		{"3", "alphabeta", "900", "800", "0", "0 ns", "0 /s", "1/2", "0.09%", "3.50", "-", "-"},
	}, []string{
		"algorithms: alphabeta (material eval)", base[1], base[2],
		"\"-\" under minimal and vs minimal (and % minimax without a minimax row): on some positions of that row the minimal tree needs more than " +
			textfmt.Thousands(MinimalBudget) + " nodes of work (or a full tree estimated above " + textfmt.Thousands(MinimalFullLimit) +
			" nodes), and a sum over fewer positions is never divided into one over all",
	})
	if c := tab.Rows[0][7]; c.Value != int64(1) {
		t.Errorf("solved value = %#v, want int64(1)", c.Value)
	}
}

func TestPerftTable(t *testing.T) {
	start := mustPosition(t, "start")
	res := &PerftResult{Rows: []PerftRow{
		{Position: start, Depth: 2, Expected: 400, Nodes: 400, Elapsed: time.Millisecond, Reference: true, RefNodes: 400, RefElapsed: 10 * time.Millisecond},
		{Position: positions.Position{Name: "fen"}, Depth: 1, Nodes: 7, Elapsed: time.Millisecond, Reference: true, RefNodes: 8, RefElapsed: time.Millisecond},
	}}
	tab := res.Table()
	checkTable(t, tab, "perft", [][]string{
		{"position", "depth", "nodes", "time_s", "leaves_per_s", "notnil_nodes", "notnil_time_s", "notnil_leaves_per_s", "speed_ratio", "published", "ok"},
		{"start", "2", "400", "1.00 ms", "400 k/s", "400", "10.0 ms", "40.0 k/s", "10.0×", "400", "✓"},
		{"fen", "1", "7", "1.00 ms", "7.00 k/s", "8", "1.00 ms", "8.00 k/s", "0.9×", "-", "✗ MISMATCH"},
	}, []string{
		"2 positions, 407 leaves in 2.00 ms (204 k/s); 1 mismatches",
		"plylab is 5.5× as fast as notnil/chess here (204 k/s vs 37.1 k/s leaves/s)",
	})
	if ok, bad := tab.Rows[0][10], tab.Rows[1][10]; ok.Value != true || ok.Style != textfmt.StyleGood || bad.Value != false || bad.Style != textfmt.StyleBad {
		t.Errorf("ok cells = %#v, %#v", ok, bad)
	}

	row := PerftRow{Position: start, Depth: 1, Expected: 20, Nodes: 3, Elapsed: time.Second, Reference: true, Interrupted: true,
		Divide:    []board.DivideEntry{{UCI: "a2a3", Nodes: 1}, {UCI: "b2b3", Nodes: 2}},
		RefDivide: []board.DivideEntry{{UCI: "a2a3", Nodes: 1}, {UCI: "b2b3", Nodes: 1}}}
	checkTable(t, row.DivideTable(), "perft divide: start, depth 1", [][]string{
		{"move", "nodes", "notnil_nodes", "ok"},
		{"a2a3", "1", "1", "✓"},
		{"b2b3", "2", "1", "✗"},
	}, []string{"2 moves, 3 leaves in 1.00 s (3.00 /s); published count 20", "interrupted: only the moves above were counted"})
}

func TestBenchTable(t *testing.T) {
	res := &BenchResult{Rows: []BenchRow{
		{Index: 1, Nodes: 12345, Elapsed: 10 * time.Millisecond, Best: "e4", Score: 20},
		{Index: 2, Skipped: "checkmate"},
		{Index: 3, Nodes: 50, Elapsed: time.Millisecond, Stopped: true},
	}, Nodes: 12395, Elapsed: 11 * time.Millisecond, Searched: 2, Skipped: 1, Interrupted: true}
	tab := res.Table(4, 16)
	checkTable(t, tab, "bench: full engine, depth 4, 16 MB hash, fresh tables per position", [][]string{
		{"position", "nodes", "time_s", "nps", "best", "score"},
		{"1", "12,345", "10.0 ms", "1.23 M/s", "e4", "+20"},
		{"2", "-", "-", "-", "-", "checkmate"},
		{"3", "50", "1.00 ms", "50.0 k/s", "-", "interrupted"},
	}, []string{
		"2 positions searched, 1 without legal moves skipped: 12,395 nodes in 11.0 ms (1.13 M/s)",
		"interrupted: the last row is partial and there is no total",
	})
	if c := tab.Rows[2][5]; c.Value != nil || c.Style != textfmt.StyleWarn {
		t.Errorf("interrupted score cell = %#v, want null and warned", c)
	}
}

func TestScoresTable(t *testing.T) {
	o := ScoresOptions{Position: mustPosition(t, "start"), Algo: mustAlgos(t, "alphabeta")[0], Depth: 2}
	res := &ScoresResult{Side: board.White, Moves: []ScoreRow{
		{Rank: 1, SAN: "e4", UCI: "e2e4", Score: 30, Nodes: 1234, PV: []string{"e4", "e5"}},
		{Rank: 2, SAN: "f3", UCI: "f2f3", Score: -engine.MateScore + 2, Nodes: 5},
	}, Interrupted: true}
	tab := res.Table(o)
	checkTable(t, tab, "scores: start, alphabeta, depth 2 (white to move)", [][]string{
		{"rank", "move", "uci", "score", "score_cp", "nodes", "pv"},
		{"1", "e4", "e2e4", "+30", "30", "1,234", "e4 e5"},
		{"2", "f3", "f2f3", "mated in 1", "-31,998", "5", ""},
	}, []string{"material evaluation; scores from white's point of view", "interrupted: only the moves above were scored"})
	if st := tab.Rows[1][3].Style; st != textfmt.StyleBad {
		t.Errorf("losing mate style = %d, want StyleBad", st)
	}
	checkTable(t, (&ScoresResult{Side: board.Black}).Table(o), "scores: start, alphabeta, depth 2 (black to move)",
		[][]string{{"rank", "move", "uci", "score", "score_cp", "nodes", "pv"}},
		[]string{"no legal moves: the game is over in this position", "material evaluation; scores from black's point of view"})
}

func TestSearchTables(t *testing.T) {
	b := board.New()
	e4, err := b.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	res := engine.Result{Iters: []engine.Iteration{
		{Depth: 1, SelDepth: 1, Score: 50, Nodes: 21, Elapsed: time.Millisecond, PV: []board.Move{e4}},
		{Depth: 2, SelDepth: 3, Score: 0, Nodes: 2000},
	}}
	o := mustAlgos(t, "alphabeta")[0]
	checkTable(t, IterationsTable(b, "start", o, res), "search start (alphabeta)", [][]string{
		{"depth", "seldepth", "score", "score_cp", "nodes", "nodes_per_s", "time_s", "pv"},
		{"1", "1", "+50", "50", "21", "21.0 k/s", "1.00 ms", "e4"},
		{"2", "3", "0", "0", "2,000", "0 /s", "0 ns", ""},
	}, nil)

	// MultiPV: a row per line, numbered in a "line" column.
	d4, err := b.ParseMove("d2d4")
	if err != nil {
		t.Fatal(err)
	}
	multi := engine.Result{Iters: []engine.Iteration{
		{Depth: 1, SelDepth: 1, Score: 50, Nodes: 40, Elapsed: time.Millisecond, PV: []board.Move{e4},
			Lines: []engine.Line{{Score: 50, PV: []board.Move{e4}}, {Score: 12, PV: []board.Move{d4}}}},
	}}
	checkTable(t, IterationsTable(b, "start", engine.EngineOptions(), multi), "search start (engine)", [][]string{
		{"depth", "multipv", "seldepth", "score", "score_cp", "nodes", "nodes_per_s", "time_s", "pv"},
		{"1", "1", "1", "+50", "50", "40", "40.0 k/s", "1.00 ms", "e4"},
		{"1", "2", "1", "+12", "12", "40", "40.0 k/s", "1.00 ms", "d4"},
	}, nil)
	var keys []string
	for _, f := range NewIterationRows(b, multi.Iters[0])[1].Fields() {
		keys = append(keys, f.Key+"="+f.Text)
	}
	if got := strings.Join(keys, " "); got != "depth=1 multipv=2 seldepth=1 score=+12 score_cp= nodes=40 nodes_per_s=40.0 k/s time_s=1.00 ms pv=d4" {
		t.Errorf("MultiPV row fields: %s", got)
	}

	s := engine.Stats{Nodes: 1500, BetaCutoffs: 10, FirstCutoffs: 9, SelDepth: 7, Elapsed: time.Second}
	stats := StatsTable(s)
	if got := cellTexts(stats)[1:3]; !reflect.DeepEqual(got, [][]string{
		{"nodes", "1,500", "positions visited in the main search, root included"},
		{"leaves", "0", "depth-0 positions evaluated or handed to quiescence"},
	}) {
		t.Errorf("StatsTable rows 1-2 = %q", got)
	}
	notes := StatsNotes(s)
	want := map[string]bool{"first-move cutoffs: 90.0%": true, "tt hits: -": true, "seldepth: 7": true, "time: 1.00 s": true, "nodes/s: 1.50 k/s": true}
	for _, n := range notes {
		delete(want, n)
	}
	if len(want) > 0 || len(notes) != len(stats.Rows) {
		t.Errorf("StatsNotes = %q, missing %v", notes, want)
	}

	suite := &SuiteResult{Rows: []SuiteRow{
		{ID: "bk.01", Found: "Qd1+", Expected: "Qd1+", Checked: true, OK: true, Score: 300, Depth: 5, Stats: engine.Stats{Nodes: 900, QNodes: 100, Elapsed: time.Second}},
		{ID: "bk.02", Found: "e5", Expected: "d5", Checked: true, Depth: 4, Stats: engine.Stats{Nodes: 10}},
	}, Solved: 1, Checked: 2, Total: engine.Stats{Nodes: 910, QNodes: 100, Elapsed: 2 * time.Second}, Elapsed: 2 * time.Second}
	checkTable(t, suite.Table(SuiteOptions{Positions: mustSuite(t, "bk"), Algo: o}), "search: suite bk, alphabeta", [][]string{
		{"id", "best", "expected", "ok", "score", "depth", "nodes", "time_s"},
		{"bk.01", "Qd1+", "Qd1+", "✓", "+300", "5", "1,000", "1.00 s"},
		{"bk.02", "e5", "d5", "✗", "0", "4", "10", "0 ns"},
	}, []string{"solved 1 of 2 (2.00 s, 1,010 nodes, 505 /s)"})
}

func TestLedgerTable(t *testing.T) {
	claims := []Claim{
		{Source: "game-trees", Where: "table 1", Kind: KindValue, Claim: "nodes at depth 2", Claimed: "400", Live: "400", Verdict: Reproduced, Rule: RuleEqual, Basis: BasisMeasured, Why: "same count"},
		{Source: "blog", Where: "post", Kind: KindCited, Claim: "speed", Claimed: "fast", Live: "-", Verdict: NotCheckable, Rule: RuleNone, Basis: BasisNone, Why: "slow", Slow: true, Command: "plylab bench", Date: "2026-01-02"},
		{Source: "ruby", Where: "README", Kind: KindContradiction, Claim: "mate", Claimed: "mate in 2", Live: "none", Verdict: Refuted, Rule: RuleEqual, Basis: BasisMeasured},
		{Source: "ruby", Where: "The Challenge", Kind: KindValue, Claim: "35^2", Claimed: "1225", Live: "1225", Verdict: AddsUp, Rule: RuleEqual, Basis: BasisSource},
	}
	tab := LedgerTable(claims)
	checkTable(t, tab, "reproduce: the sources' claims", [][]string{
		{"source", "where", "kind", "claim", "claimed", "plylab", "verdict", "rule", "basis", "why"},
		{"game-trees", "table 1", "value", "nodes at depth 2", "400", "400", "reproduced", "equal", "measured", "same count"},
		{"blog", "post", "cited", "speed", "fast", "-", "not checkable", "none", "none", "slow (stored: plylab bench, 2026-01-02)"},
		{"ruby", "README", "contradiction", "mate", "mate in 2", "none", "refuted", "equal", "measured", ""},
		{"ruby", "The Challenge", "value", "35^2", "1225", "1225", "adds up", "equal", "source", ""},
	}, []string{
		"blog: Creating a Chess AI Part 2: Searching",
		"game-trees: Application of Game Trees and Alpha-Beta Pruning in Optimizing Chess Engines",
		"ruby: Chess AI, coded in Ruby, playable in terminal",
		`rule "equal": equal values: reproduced; otherwise refuted`,
		`rule "none": cannot be checked here: not checkable, with what it would take`,
		"basis: measured (now), stored (a measurement too long to repeat, with its command and date), source (the source's own numbers and text, nothing measured: such a claim adds up at most), none (not checkable)",
		"reproduced by measuring: 1 of 4 claims (25 %); the source's own numbers add up: 1; contradictions within a source: 1",
		SummaryLine(claims)})
	for i, want := range []textfmt.Style{textfmt.StyleGood, textfmt.StyleAccent, textfmt.StyleBad, textfmt.StyleAccent} {
		if got := tab.Rows[i][6].Style; got != want {
			t.Errorf("verdict %d style = %d, want %d", i, got, want)
		}
	}
}

func TestGuard(t *testing.T) {
	if err := Guard("depth 3", time.Minute, SearchBudget, "x"); err != nil {
		t.Errorf("under budget: %v", err)
	}
	err := Guard("depth 9", 3*time.Hour+20*time.Minute+10*time.Second, SearchBudget, "minimax tree ~1.2e+09 nodes per position")
	var long *TooLongError
	if !errors.As(err, &long) || err.Error() != "depth 9 is predicted to take about 3 h 20 min (minimax tree ~1.2e+09 nodes per position)" {
		t.Errorf("over budget: %v", err)
	}
	start := []*board.Board{board.New()}
	if err := GuardSearch(start, mustAlgos(t, "minimax"), 3); err != nil {
		t.Errorf("minimax depth 3 from the start: %v", err)
	}
	if err := GuardSearch(start, mustAlgos(t, "minimax"), 12); !errors.As(err, &long) || long.What != "depth 12" || long.Predicted <= SearchBudget {
		t.Errorf("minimax depth 12 from the start: %v, want refused", err)
	}
	o := PerftOptions{Positions: []positions.Position{mustPosition(t, "start")}}
	for depth, refused := range map[int]bool{5: false, 10: true} {
		o.Depth = depth
		err := GuardPerft(o)
		if got := errors.As(err, &long); got != refused || (!refused && err != nil) {
			t.Errorf("perft depth %d: %v, want refused %v", depth, err, refused)
		}
	}
	o.Depth = 10 // the map above is visited in random order
	if refused := GuardPerft(o); refused == nil || !strings.HasPrefix(refused.Error(), "perft to depth 10 is predicted to take about ") || strings.Contains(refused.Error(), "(") {
		t.Errorf("perft message = %q", refused)
	}
}

func fieldList(fs []textfmt.Field) [][3]string {
	var out [][3]string
	for _, f := range fs {
		out = append(out, [3]string{f.Key, fmt.Sprint(f.Value), f.Text})
	}
	return out
}

func TestSummaries(t *testing.T) {
	perft := &PerftResult{Rows: []PerftRow{
		{Nodes: 400, Elapsed: time.Millisecond, Expected: 400},
		{Nodes: 20, Elapsed: time.Millisecond, Expected: 21},
	}}
	bench := &BenchResult{Nodes: 12395, Elapsed: 10 * time.Millisecond}
	iter := IterationRow{Depth: 3, SelDepth: 5, Score: -15, Nodes: 1234, NPS: 2e6, Elapsed: time.Millisecond, PV: "e4 e5"}
	b := board.New()
	e4, err := b.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	search := engine.Result{BestMove: e4, Depth: 4, Score: 25, Stats: engine.Stats{Nodes: 900, QNodes: 100, Elapsed: time.Second}}
	suite := &SuiteResult{Solved: 1, Checked: 2, Total: engine.Stats{Nodes: 3000, Elapsed: time.Second}, Elapsed: 2 * time.Second, Interrupted: true}
	for _, tt := range []struct {
		name string
		got  []textfmt.Field
		want [][3]string
	}{
		{"perft", perft.Summary(), [][3]string{{"positions", "2", "2"}, {"total_nodes", "420", "420"}, {"total_time_s", "2ms", "2.00 ms"},
			{"total_leaves_per_s", "210000", "210 k/s"}, {"mismatches", "1", "1"}, {"interrupted", "false", ""}}},
		{"bench", bench.Summary(), [][3]string{{"signature_nodes", "12395", "12395"}, {"nps", "1239500", "1239500"}}},
		{"iteration", iter.Fields(), [][3]string{{"depth", "3", "3"}, {"seldepth", "5", "5"}, {"score", "-15", "-15"}, {"score_cp", "-15", ""},
			{"nodes", "1234", "1,234"}, {"nodes_per_s", "2e+06", "2.00 M/s"}, {"time_s", "1ms", "1.00 ms"}, {"pv", "e4 e5", "e4 e5"}}},
		{"search", SearchSummary(b, search), [][3]string{{"best_move", "e4", "e4"}, {"depth_reached", "4", "4"}, {"final_score", "+25", "+25"},
			{"final_score_cp", "25", ""}, {"total_nodes", "1000", "1,000"}, {"total_time_s", "1s", "1.00 s"}, {"total_nodes_per_s", "1000", "1.00 k/s"}}},
		{"suite", suite.Summary(), [][3]string{{"solved", "1", "1"}, {"checked", "2", "2"}, {"total_nodes", "3000", "3,000"},
			{"total_time_s", "2s", "2.00 s"}, {"total_nodes_per_s", "3000", "3.00 k/s"}, {"interrupted", "true", ""}}},
	} {
		if got := fieldList(tt.got); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s =\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}
