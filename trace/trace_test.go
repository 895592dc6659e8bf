package trace

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

var update = flag.Bool("update", false, "rewrite golden files")

const (
	fenMate2    = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
	fenKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	russell     = "((3,12,8),(2,4,6),(14,5,2))"
)

// toyTree traces a textbook tree.
func toyTree(t testing.TB, src string, alphaBeta bool) (*Tree, engine.Result) {
	t.Helper()
	g, err := engine.ParseToy(src)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(0)
	var res engine.Result
	if alphaBeta {
		res = engine.AlphaBeta(context.Background(), g, g.Root.Height(), rec)
	} else {
		res = engine.Minimax(context.Background(), g, g.Root.Height(), rec)
	}
	tr := rec.Toy(g, res)
	tr.Title = "test"
	return tr, res
}

// chessTree traces a chess search.
func chessTree(t testing.TB, fen string, o engine.Options, depth, maxNodes int) (*Tree, engine.Result) {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(maxNodes)
	res := engine.Run(context.Background(), b, o, engine.Limits{Depth: depth}, rec, nil)
	tr := rec.Chess(b, res)
	if b.FEN() != fen {
		t.Fatalf("the root board changed: %s", b.FEN())
	}
	return tr, res
}

// The bundled textbook trees: their values, and exactly the nodes,
// leaves, cutoffs and pruned moves alpha-beta must show.
func TestBundledToys(t *testing.T) {
	tests := []struct {
		name                  string
		value                 int
		minimaxNodes          int
		abNodes, abLeaves     int
		abCutoffs, abPruned   int
		abPrunedMovesAtCutoff []string // "path: moves" for each pruned group
	}{
		{"russell-norvig", 3, 13, 11, 7, 2, 2, []string{"b: b c"}},
		{"binary-3", 5, 15, 11, 5, 2, 2, []string{"a b: b", "b: b"}},
		{"best-order", 8, 40, 20, 11, 4, 8, []string{"a b: b c", "a c: b c", "b: b c", "c: b c"}},
		{"worst-order", 8, 40, 40, 27, 0, 0, nil},
	}
	if len(tests) != len(Toys()) {
		t.Fatalf("%d bundled trees, %d tested", len(Toys()), len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toy, err := LookupToy(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			mm, mres := toyTree(t, toy.Tree, false)
			ab, ares := toyTree(t, toy.Tree, true)
			if mres.Score != tt.value || ares.Score != tt.value {
				t.Errorf("values: minimax %d, alphabeta %d, want %d", mres.Score, ares.Score, tt.value)
			}
			if mm.Nodes != tt.minimaxNodes || mm.Stats().Cutoffs != 0 || mm.Stats().Pruned != 0 {
				t.Errorf("minimax: %d nodes, %+v; want %d nodes and no cutoffs", mm.Nodes, mm.Stats(), tt.minimaxNodes)
			}
			s := ab.Stats()
			leaves := 0
			ab.Walk(func(n *Node) {
				if n.End == engine.EndLeaf {
					leaves++
				}
			})
			if ab.Nodes != tt.abNodes || leaves != tt.abLeaves || s.Cutoffs != tt.abCutoffs || s.Pruned != tt.abPruned {
				t.Errorf("alphabeta: %d nodes, %d leaves, %d cutoffs, %d pruned; want %d, %d, %d, %d",
					ab.Nodes, leaves, s.Cutoffs, s.Pruned, tt.abNodes, tt.abLeaves, tt.abCutoffs, tt.abPruned)
			}
			// Cross-check with the search's own counters.
			if uint64(ab.Nodes) != ares.Stats.Nodes || uint64(s.Cutoffs) != ares.Stats.BetaCutoffs || uint64(leaves) != ares.Stats.Leaves {
				t.Errorf("trace %d nodes, %d cutoffs, %d leaves; search %d, %d, %d",
					ab.Nodes, s.Cutoffs, leaves, ares.Stats.Nodes, ares.Stats.BetaCutoffs, ares.Stats.Leaves)
			}
			var groups []string
			ab.Walk(func(n *Node) {
				if n.Pruned != nil {
					groups = append(groups, strings.Join(n.Path, " ")+": "+strings.Join(n.Pruned.Moves, " "))
				}
			})
			if !reflect.DeepEqual(groups, tt.abPrunedMovesAtCutoff) {
				t.Errorf("pruned groups %q, want %q", groups, tt.abPrunedMovesAtCutoff)
			}
		})
	}
}

// The Russell-Norvig tree in detail: names, values from MAX's view,
// bounds, windows, end reasons, the principal variation and what the
// pruned moves would have led to.
func TestRussellNorvigNodes(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	var got []string
	tr.Walk(func(n *Node) {
		line := strings.Join(n.Path, "") + " " + tr.ValueLabel(n) + " " + tr.WindowLabel(n) + " " + n.End.String()
		if n.PV {
			line += " pv"
		}
		got = append(got, line)
	})
	want := []string{
		" 3 α -∞ β +∞ expanded pv",
		"a 3 α -∞ β +∞ expanded pv",
		"aa 3 α -∞ β +∞ leaf pv",
		"ab 12 α -∞ β 3 leaf",
		"ac 8 α -∞ β 3 leaf",
		"b ≤ 2 α 3 β +∞ cutoff",
		"ba 2 α 3 β +∞ leaf",
		"c ≤ 2 α 3 β +∞ cutoff",
		"ca 14 α 3 β +∞ leaf",
		"cb 5 α 3 β 14 leaf",
		"cc 2 α 3 β 5 leaf",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	b := tr.Root.Children[1]
	if b.Pruned == nil || !reflect.DeepEqual(b.Pruned.Subtrees, []string{"4", "6"}) || b.Pruned.Count != 2 {
		t.Errorf("pruned under b: %+v", b.Pruned)
	}
	if tr.EndLabel(b) != "α-cutoff after 1 of 3" {
		t.Errorf("b's end label %q", tr.EndLabel(b))
	}
	if !reflect.DeepEqual(tr.PV, []string{"a", "a"}) || tr.Score != 3 {
		t.Errorf("pv %v score %d", tr.PV, tr.Score)
	}
}

// The mate in two: the trace shows exactly the search's nodes and
// cutoffs, every cutoff's unsearched moves, and the principal variation.
func TestChessTraceMatchesSearch(t *testing.T) {
	tests := []struct {
		fen   string
		o     engine.Options
		depth int
		nodes uint64
	}{
		{fenMate2, engine.MinimaxOptions(), 2, 144},
		{fenMate2, engine.AlphaBetaOptions(), 2, 40},
		{fenMate2, engine.AlphaBetaOptions(), 3, 497},
		{fenKiwipete, engine.AlphaBetaOptions(), 2, 0},
	}
	for _, tt := range tests {
		tr, res := chessTree(t, tt.fen, tt.o, tt.depth, 0)
		name := tt.o.Name + "/" + tt.fen[:8]
		if tt.nodes != 0 && res.Stats.Nodes != tt.nodes {
			t.Errorf("%s d%d: search visited %d nodes, want %d", name, tt.depth, res.Stats.Nodes, tt.nodes)
		}
		s := tr.Stats()
		if uint64(tr.Nodes) != res.Stats.Nodes || uint64(s.Nodes) != res.Stats.Nodes || tr.Omitted != 0 || tr.Searches != 1 {
			t.Errorf("%s d%d: trace %d nodes (%d omitted, %d searches), search %d", name, tt.depth, tr.Nodes, tr.Omitted, tr.Searches, res.Stats.Nodes)
		}
		if uint64(s.Cutoffs) != res.Stats.BetaCutoffs {
			t.Errorf("%s d%d: %d cutoffs in the trace, %d in the search", name, tt.depth, s.Cutoffs, res.Stats.BetaCutoffs)
		}
		tr.Walk(func(n *Node) {
			if n.End == engine.EndCutoff {
				want := n.Total - n.Searched
				if got := 0; n.Pruned != nil {
					got = n.Pruned.Count
					if got != want || len(n.Pruned.Moves) != got {
						t.Errorf("%s: node %v cut after %d of %d but %d pruned", name, n.Path, n.Searched, n.Total, got)
					}
				} else if want != 0 {
					t.Errorf("%s: node %v cut after %d of %d without pruned moves", name, n.Path, n.Searched, n.Total)
				}
			}
			if len(n.Children) > 0 && n.Best == "" {
				t.Errorf("%s: node %v has no best move", name, n.Path)
			}
		})
		var pv []string
		for n := tr.Root; n != nil; {
			var next *Node
			for _, c := range n.Children {
				if c.PV {
					next = c
					pv = append(pv, c.Name)
				}
			}
			n = next
		}
		if !reflect.DeepEqual(pv, tr.PV) || len(pv) == 0 {
			t.Errorf("%s: marked PV %v, result PV %v", name, pv, tr.PV)
		}
		if tr.Root.MaxValue() != res.Score {
			t.Errorf("%s: root value %d, result %d", name, tr.Root.MaxValue(), res.Score)
		}
	}
	tr, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	if !reflect.DeepEqual(tr.PV, []string{"Ra6", "Bh2", "Rxa7#"}) || tr.FormatValue(tr.Score) != "#2" {
		t.Errorf("mate in 2: pv %v value %s", tr.PV, tr.FormatValue(tr.Score))
	}
	ra6 := findChild(tr.Root, "a1a6")
	if ra6 == nil || ra6.Name != "Ra6" || !ra6.PV || !reflect.DeepEqual(ra6.Path, []string{"a1a6"}) || ra6.Max() {
		t.Fatalf("Ra6 node: %+v", ra6)
	}
	bxa6 := findChild(ra6, "bxa6")
	if bxa6 == nil || bxa6.End != engine.EndCutoff || tr.ValueLabel(bxa6) != "≥ #2" || bxa6.Pruned == nil ||
		!reflect.DeepEqual(bxa6.Path, []string{"a1a6", "b7a6"}) {
		t.Errorf("after Ra6 bxa6: %+v", bxa6)
	}
}

// The full engine: iterative deepening re-enters the root (only the last
// search is drawn), null-move and verification nodes are named, and the
// counts still add up.
func TestEngineTrace(t *testing.T) {
	tr, res := chessTree(t, fenKiwipete, engine.EngineOptions(), 4, 0)
	if tr.Searches < 4 || tr.Earlier == 0 {
		t.Errorf("%d root searches, %d earlier nodes; want one per iteration", tr.Searches, tr.Earlier)
	}
	if got, want := uint64(tr.Earlier+tr.Root.Visited()), res.Stats.TotalNodes(); got != want || tr.Root.Visited() != tr.Nodes+tr.Omitted {
		t.Errorf("earlier %d + visited %d = %d, search total %d", tr.Earlier, tr.Root.Visited(), got, want)
	}
	var null, quies int
	tr.Walk(func(n *Node) {
		switch {
		case n.Null:
			null++
			if n.Name != "null" || n.Path[len(n.Path)-1] != "null" {
				t.Errorf("null-move node named %q, path %v", n.Name, n.Path)
			}
		case n.Verify:
			if n.Name != "verify" {
				t.Errorf("verification node named %q", n.Name)
			}
		case n.Ply > 0 && n.Name == "":
			t.Errorf("node %d without a name", n.ID)
		}
		if n.Quiescence {
			quies++
		}
	})
	if quies == 0 {
		t.Error("no quiescence nodes in an engine trace")
	}
	if tr.PV[0] != findPVChild(tr.Root).Name {
		t.Errorf("pv %v, marked %s", tr.PV, findPVChild(tr.Root).Name)
	}
	if strings.Contains(DOT(DrawOptions{}, tr), "null move") != (null > 0) {
		t.Error("null-move edges drawn or missing")
	}
}

func findPVChild(n *Node) *Node {
	for _, c := range n.Children {
		if c.PV {
			return c
		}
	}
	return nil
}

// Memory stays bounded: a depth-8 engine search keeps about the budget,
// and counts the rest where it was left out.
func TestBudgetBoundsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("depth-8 engine search")
	}
	const budget = 2000
	tr, res := chessTree(t, fenKiwipete, engine.EngineOptions(), 8, budget)
	rootMoves := 48
	if tr.Nodes > budget+3*rootMoves || tr.Nodes < budget {
		t.Errorf("%d nodes kept with a budget of %d", tr.Nodes, budget)
	}
	if tr.Root.Count() != tr.Nodes || tr.Stats().Hidden != tr.Omitted || tr.Omitted == 0 {
		t.Errorf("count %d, hidden %d, omitted %d", tr.Root.Count(), tr.Stats().Hidden, tr.Omitted)
	}
	if got := uint64(tr.Earlier + tr.Nodes + tr.Omitted); got != res.Stats.TotalNodes() {
		t.Errorf("recorder saw %d nodes, the search %d", got, res.Stats.TotalNodes())
	}
	if len(tr.Root.Children) < rootMoves {
		t.Errorf("%d root moves kept, want all %d", len(tr.Root.Children), rootMoves)
	}
	if !strings.Contains(tr.Summary(), "beyond the node budget of 2,000") {
		t.Errorf("summary does not say what was left out: %s", tr.Summary())
	}
}

func TestFormatValue(t *testing.T) {
	chess, toy := &Tree{Kind: KindChess}, &Tree{Kind: KindToy}
	tests := []struct {
		t    *Tree
		v    int
		want string
	}{
		{toy, 3, "3"}, {toy, -2, "-2"}, {toy, 0, "0"},
		{chess, 35, "+35"}, {chess, -120, "-120"}, {chess, 0, "0"},
		{chess, engine.MateScore - 3, "#2"}, {chess, engine.MateScore - 1, "#1"},
		{chess, -engine.MateScore + 4, "#-2"},
		{chess, engine.Infinity, "+∞"}, {toy, -engine.Infinity, "-∞"},
	}
	for _, tt := range tests {
		if got := tt.t.FormatValue(tt.v); got != tt.want {
			t.Errorf("%s FormatValue(%d) = %q, want %q", tt.t.Kind, tt.v, got, tt.want)
		}
	}
}

// MIN nodes: value, bound and window all flip to MAX's view.
func TestMaxView(t *testing.T) {
	n := &Node{Ply: 1, Value: -2, Bound: engine.Lower, Alpha: -32001, Beta: -3}
	if n.Max() || n.MaxValue() != 2 || n.MaxBound() != engine.Upper {
		t.Errorf("MIN node: max %v value %d bound %v", n.Max(), n.MaxValue(), n.MaxBound())
	}
	if a, b := n.MaxWindow(); a != 3 || b != 32001 {
		t.Errorf("MIN window (%d, %d), want (3, 32001)", a, b)
	}
	m := &Node{Ply: 2, Value: 5, Bound: engine.Upper, Alpha: 1, Beta: 9}
	if a, b := m.MaxWindow(); !m.Max() || m.MaxValue() != 5 || m.MaxBound() != engine.Upper || a != 1 || b != 9 {
		t.Errorf("MAX node changed")
	}
}

func TestFilters(t *testing.T) {
	full, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	total := full.Root.Visited()
	tests := []struct {
		name      string
		f         Filter
		nodes     int
		rootName  string
		visitedIs int // Root.Visited() of the result (0: the full tree's)
	}{
		{"max-depth 1", Filter{MaxDepth: 1}, 17, "root", 0},
		{"focus Ra6", Filter{Focus: []string{"Ra6"}}, 35, "Ra6", 35},
		{"focus uci", Filter{Focus: []string{"a1a6", "b7a6"}}, 4, "bxa6", 4},
		{"pv only", Filter{PVOnly: true}, 33, "root", 0},
		{"collapse", Filter{Collapse: 62}, 33, "root", 0},
		{"fit 40", Filter{Fit: 40}, 33, "root", 0},
		{"fit 500", Filter{Fit: 500}, 497, "root", 0},
	}
	for _, tt := range tests {
		got, err := full.Apply(tt.f)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		want := tt.visitedIs
		if want == 0 {
			want = total
		}
		if got.Nodes != tt.nodes || got.Root.Count() != tt.nodes || got.Root.Name != tt.rootName || got.Root.Visited() != want {
			t.Errorf("%s: %d nodes (count %d) under %q visiting %d; want %d under %q visiting %d",
				tt.name, got.Nodes, got.Root.Count(), got.Root.Name, got.Root.Visited(), tt.nodes, tt.rootName, want)
		}
		if got.Cutoffs != full.Cutoffs || (got.Filter == "") != (got.Nodes == full.Nodes) {
			t.Errorf("%s: totals or filter description lost: %d cutoffs, filter %q", tt.name, got.Cutoffs, got.Filter)
		}
		got.Walk(func(n *Node) {
			if n.PV != findNodeByID(full.Root, n.ID).PV {
				t.Errorf("%s: PV mark changed on node %d", tt.name, n.ID)
			}
		})
	}
	if full.Nodes != 497 || full.Root.Count() != 497 {
		t.Errorf("filters changed the original tree: %d nodes", full.Root.Count())
	}
	_, err := full.Apply(Filter{Focus: []string{"Ra6", "Kb7"}})
	if err == nil || !strings.Contains(err.Error(), `no move "Kb7" after Ra6`) || !strings.Contains(err.Error(), "b7a6 (bxa6)") {
		t.Errorf("bad focus error: %v", err)
	}
}

func findNodeByID(n *Node, id int) *Node {
	if n.ID == id {
		return n
	}
	for _, c := range n.Children {
		if f := findNodeByID(c, id); f != nil {
			return f
		}
	}
	return nil
}

// The same search gives byte-identical DOT; the DOT keeps children in
// search order and draws the pruned moves as a dashed "k pruned" node.
func TestDOTDeterministic(t *testing.T) {
	a, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	b, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	da, db := DOT(DrawOptions{Window: true}, a), DOT(DrawOptions{Window: true}, b)
	if da != db {
		t.Fatal("two runs of the same search give different DOT")
	}
	for _, want := range []string{`ordering="out"`, "α-cutoff", "β-cutoff", "pruned</I>", `style="dashed,rounded"`, "Ra6", "Rxa7#", "penwidth=\"3\"", "α "} {
		if !strings.Contains(da, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
}

func TestDOTGolden(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	tr.Title = "russell-norvig"
	golden(t, "russell-norvig-alphabeta.dot", DOT(DrawOptions{}, tr))
	// The SVG drawing is deterministic too (layout measured with the
	// embedded Go fonts): a layout change shows here as a golden diff.
	golden(t, "russell-norvig-alphabeta.svg", string(drawingSVG(DrawOptions{Window: true}, tr)))
	var buf bytes.Buffer
	if err := WriteText(&buf, DrawOptions{Window: true}, nil, tr); err != nil {
		t.Fatal(err)
	}
	golden(t, "russell-norvig-alphabeta.txt", buf.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./trace -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test ./trace -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}

func TestSideBySide(t *testing.T) {
	a, _ := toyTree(t, russell, false)
	b, _ := toyTree(t, russell, true)
	d := DOT(DrawOptions{}, a, b)
	for _, want := range []string{"minimax", "alphabeta", "13 nodes searched", "11 nodes searched"} {
		if !strings.Contains(d, want) {
			t.Errorf("side-by-side DOT lacks %q", want)
		}
	}
	if n := strings.Count(d, "subgraph cluster_"); n != 2 {
		t.Errorf("%d clusters, want 2", n)
	}
}

// SVG: non-empty, valid XML, with the root's label; PNG: a real image.
func TestRender(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	opts := DrawOptions{Window: true}
	var svg bytes.Buffer
	if err := Render(context.Background(), &svg, opts, FormatSVG, tr); err != nil {
		t.Fatal(err)
	}
	if svg.Len() == 0 || !strings.Contains(svg.String(), "<svg") {
		t.Fatalf("not an SVG: %.200s", svg.String())
	}
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	dec.Strict = true
	var texts []string
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			inText = tk.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(tk))
			}
		case xml.EndElement:
			inText = false
		}
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"root", "α-cutoff", "≤ 2", "2 pruned", "MAX"} {
		if !strings.Contains(all, want) {
			t.Errorf("SVG text lacks %q: %s", want, all)
		}
	}

	var pngBuf bytes.Buffer
	if err := Render(context.Background(), &pngBuf, opts, FormatPNG, tr); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&pngBuf)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bounds := img.Bounds()
	if bounds.Dx() < 400 || bounds.Dy() < 200 {
		t.Errorf("PNG is %v", bounds)
	}
	// The edges and outlines must be painted: count dark pixels.
	dark := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			if r < 0x4000 && g < 0x4000 && b < 0x4000 {
				dark++
			}
		}
	}
	if dark < 500 {
		t.Errorf("only %d dark pixels: nothing drawn?", dark)
	}
	if err := Render(context.Background(), io.Discard, opts, "gif", tr); err == nil {
		t.Error("gif accepted")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for _, tr := range []*Tree{
		func() *Tree { tr, _ := toyTree(t, russell, true); return tr }(),
		func() *Tree { tr, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0); return tr }(),
		func() *Tree { tr, _ := chessTree(t, fenKiwipete, engine.EngineOptions(), 3, 300); return tr }(),
	} {
		var a bytes.Buffer
		if err := WriteJSON(&a, tr); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, back); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%s: JSON changes on a round trip", tr.Algo)
		}
		if DOT(DrawOptions{Window: true}, tr) != DOT(DrawOptions{Window: true}, back) {
			t.Errorf("%s: the tree read back draws differently", tr.Algo)
		}
		if back.Nodes != tr.Nodes || back.Root.Count() != tr.Root.Count() || back.Summary() != tr.Summary() {
			t.Errorf("%s: read back %d nodes, want %d", tr.Algo, back.Root.Count(), tr.Root.Count())
		}
	}
	if _, err := ReadJSON(strings.NewReader(`{"kind":"chess","root":{"bound":"sideways"}}`)); err == nil {
		t.Error("a bad bound was accepted")
	}
}

func TestLookupToy(t *testing.T) {
	if _, err := LookupToy("Russell-Norvig"); err != nil {
		t.Error(err)
	}
	_, err := LookupToy("nosuch")
	if err == nil || !strings.Contains(err.Error(), "russell-norvig") {
		t.Errorf("error %v does not list the bundled trees", err)
	}
}

// Recorder edge cases: unbalanced calls do not panic; a budget of 1 keeps
// the root and its moves.
func TestRecorderEdges(t *testing.T) {
	r := NewRecorder(0)
	r.Leave(engine.NodeResult{})
	r.Pruned([]board.Move{1})
	if r.MaxNodes() != DefaultMaxNodes || r.Visited() != 0 {
		t.Errorf("fresh recorder: %d, %d", r.MaxNodes(), r.Visited())
	}
	g, _ := engine.ParseToy("(((1,2),(3,4)),((5,6),(7,8)))")
	r = NewRecorder(1)
	res := engine.Minimax(context.Background(), g, 3, r)
	tr := r.Toy(g, res)
	if tr.Nodes != 3 || tr.Omitted != 12 || tr.Root.Children[0].Hidden != 6 || tr.Root.Visited() != 15 {
		t.Errorf("budget 1: %d nodes, %d omitted, hidden %d", tr.Nodes, tr.Omitted, tr.Root.Children[0].Hidden)
	}
	if !strings.Contains(DOT(DrawOptions{}, tr), "… 6 more") {
		t.Error("the drawing does not say what was left out")
	}
}

// Follow keeps the principal variation and the moves searched at its
// nodes even when the budget ran out long before the search reached them.
func TestFollowKeepsThePV(t *testing.T) {
	b, err := board.FromFEN(fenKiwipete)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.AlphaBetaOptions()
	first := NewRecorder(200)
	res := engine.Run(context.Background(), b, o, engine.Limits{Depth: 3}, first, nil)
	lost := first.Chess(b, res)
	if lost.Stats().PV == len(res.PV)+1 {
		t.Fatal("the PV fits the budget anyway: pick a smaller budget")
	}
	rec := NewRecorder(200)
	rec.Follow(res.PV)
	again := engine.Run(context.Background(), b, o, engine.Limits{Depth: 3}, rec, nil)
	if again.Stats.Nodes != res.Stats.Nodes {
		t.Fatalf("the second search differs: %d nodes, then %d", res.Stats.Nodes, again.Stats.Nodes)
	}
	tr := rec.Chess(b, again)
	if got := tr.Stats().PV; got != len(res.PV)+1 {
		t.Errorf("%d PV nodes kept, want %d", got, len(res.PV)+1)
	}
	extra := 0
	tr.Walk(func(n *Node) {
		if n.PV && len(n.Children) != n.Searched {
			t.Errorf("PV node %v: %d children kept, %d searched", n.Path, len(n.Children), n.Searched)
		}
		if n.PV && n.Ply > 0 {
			extra += len(n.Children)
		}
	})
	if tr.Nodes > 200+48+extra {
		t.Errorf("%d nodes kept", tr.Nodes)
	}
	if uint64(tr.Nodes+tr.Omitted) != again.Stats.Nodes {
		t.Errorf("%d kept + %d omitted, search %d", tr.Nodes, tr.Omitted, again.Stats.Nodes)
	}
}

// TestTidyLayout checks the tree drawing's layout on a textbook tree and
// a filtered chess tree: no two boxes of a level overlap, children stay
// in search order left to right, every parent is centred over its first
// and last child, and each level lies below its parent's.
func TestTidyLayout(t *testing.T) {
	toy, _ := toyTree(t, russell, true)
	chess, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	for _, tr := range []*Tree{toy, chess} {
		td := layoutTree(DrawOptions{Window: true}, tr, 1)
		td.root.place(0, td.rows, td.heights)
		levels := map[int][]*box{}
		var walk func(b *box)
		walk = func(b *box) {
			levels[b.level] = append(levels[b.level], b)
			for i, c := range b.children {
				if c.y < b.y+b.h+rankSep-1e-9 {
					t.Errorf("%s: child at y %.1f, parent's bottom %.1f", tr.Heading(), c.y, b.y+b.h)
				}
				if i > 0 && c.x <= b.children[i-1].x {
					t.Errorf("%s: children out of order", tr.Heading())
				}
			}
			if n := len(b.children); n > 0 {
				if mid := (b.children[0].x + b.children[n-1].x) / 2; math.Abs(mid-b.x) > 1e-9 {
					t.Errorf("%s: parent at %.2f, children's middle %.2f", tr.Heading(), b.x, mid)
				}
			}
			for _, c := range b.children {
				walk(c)
			}
		}
		walk(td.root)
		total := 0
		for l, row := range levels {
			total += len(row)
			// walk visits a level left to right (depth first, in order).
			for i := 1; i < len(row); i++ {
				if gap := (row[i].x - row[i].w/2) - (row[i-1].x + row[i-1].w/2); gap < nodeSep-1e-9 {
					t.Errorf("%s: level %d boxes %d and %d %.2f apart, want >= %g", tr.Heading(), l, i-1, i, gap, nodeSep)
				}
			}
		}
		if want := tr.Stats().Nodes; total < want {
			t.Errorf("%s: %d boxes for %d nodes", tr.Heading(), total, want)
		}
	}
}
