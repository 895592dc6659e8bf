package trace

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

// fenBK01 is the first position of the Bratko-Kopec test (Black to move).
const fenBK01 = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1"

// searched traces a chess search as the tree command does (Search: with
// the re-search that keeps the principal variation's moves).
func searched(t testing.TB, fen string, o engine.Options, depth int) *Tree {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Search(context.Background(), Input{Title: "test", Board: b}, o, depth, 0)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// shape writes the drawn tree below the root, a node a line, indented by
// ply: the move and the value label.
func shape(tr *Tree) string {
	var b strings.Builder
	var walk func(n *Node)
	walk = func(n *Node) {
		for _, c := range n.Children {
			fmt.Fprintf(&b, "%s%s %s\n", strings.Repeat("  ", c.Ply-1), c.Name, tr.ValueLabel(c))
			walk(c)
		}
	}
	walk(tr.Root)
	return b.String()
}

// TestFitFoldsMoves: when folding subtrees cannot bring a tree down to
// --fit, the moves at the principal variation's nodes fold too, the
// root's first: the moves that raised the best so far stay (with the
// folds between them, the story of the bound), the rest fold into
// "N more moves" nodes whose bound is the one their values satisfy.
func TestFitFoldsMoves(t *testing.T) {
	rn, _ := toyTree(t, russell, true)
	kiwi := searched(t, fenKiwipete, engine.AlphaBetaOptions(), 3)
	for _, tt := range []struct {
		name  string
		tr    *Tree
		fit   int
		nodes int
		shape string
	}{
		// a is the principal variation; b (≤ 2, cut off) and c (2) fold
		// into one node at the MAX root, "≤"; under the MIN node a the
		// leaves 12 and 8 fold "≥".
		{"russell-norvig fit 5", rn, 5, 5, "a 3\n  a 3\n  2 more moves all ≥ 8\n2 more moves all ≤ 2\n"},
		// Not enough to fold anything more: the principal variation is
		// never folded.
		{"russell-norvig fit 1", rn, 1, 5, "a 3\n  a 3\n  2 more moves all ≥ 8\n2 more moves all ≤ 2\n"},
		{"kiwipete fit 20", kiwi, 20, 19, `Kd1 0
5 more moves all ≤ 0
Nxg6 +100
11 more moves all ≤ +100
Bxa6 +300
  Kd8 +600
  Kf8 ≥ +600
  Nbxd5 +500
  26 more moves all ≥ +400
  bxc3 +300
    Kd1 0
    2 more moves all ≤ 0
    Nxg6 +100
    30 more moves all ≤ +100
    Qxf6 +300
    17 more moves all ≤ +100
  6 more moves all ≥ +300
29 more moves all ≤ +300
`},
		{"kiwipete fit 12", kiwi, 12, 10, `18 moves all ≤ +100
Bxa6 +300
  29 moves all ≥ +400
  bxc3 +300
    34 moves all ≤ +100
    Qxf6 +300
    17 more moves all ≤ +100
  6 more moves all ≥ +300
29 more moves all ≤ +300
`},
	} {
		got, err := tt.tr.Apply(Filter{Fit: tt.fit})
		if err != nil {
			t.Fatal(err)
		}
		if got.Root.Count() != tt.nodes || got.Nodes != tt.nodes {
			t.Errorf("%s: %d nodes drawn, want %d", tt.name, got.Root.Count(), tt.nodes)
		}
		if s := shape(got); s != tt.shape {
			t.Errorf("%s: drawn\n%s\nwant\n%s", tt.name, s, tt.shape)
		}
		checkFolds(t, tt.name, tt.tr, got)
	}
	// The mate in two fits 40 nodes by folding subtrees only, as before.
	mate2, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	got, err := mate2.Apply(Filter{Fit: 40})
	if err != nil {
		t.Fatal(err)
	}
	got.Walk(func(n *Node) {
		if n.Fold != nil {
			t.Errorf("mate2 fit 40: %s folded", n.Name)
		}
	})
	if got.Nodes != 33 || got.Filter != "subtrees of fewer than 62 nodes folded to fit 40 nodes" {
		t.Errorf("mate2 fit 40: %d nodes, %q", got.Nodes, got.Filter)
	}
}

// TestFoldsKeepTheRecord folds trees of every kind (textbook, alpha-beta
// on three positions, the full engine with its re-searches, null moves,
// table cutoffs and quiescence) to several budgets and checks each fold
// against the search (checkFolds).
func TestFoldsKeepTheRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("searches five trees")
	}
	rn, _ := toyTree(t, russell, true)
	trees := map[string]*Tree{
		"russell-norvig":  rn,
		"kiwipete":        searched(t, fenKiwipete, engine.AlphaBetaOptions(), 3),
		"bk01":            searched(t, fenBK01, engine.AlphaBetaOptions(), 3),
		"mate2":           searched(t, fenMate2, engine.AlphaBetaOptions(), 3),
		"kiwipete-engine": searched(t, fenKiwipete, engine.EngineOptions(), 5),
	}
	for name, tr := range trees {
		least := 0
		for _, fit := range []int{1, 5, 8, 12, 20, 40} {
			got, err := tr.Apply(Filter{Fit: fit})
			if err != nil {
				t.Fatal(err)
			}
			if fit == 1 {
				least = got.Nodes
			}
			if got.Nodes > max(fit, least) {
				t.Errorf("%s fit %d: %d nodes drawn, the least is %d", name, fit, got.Nodes, least)
			}
			checkFolds(t, fmt.Sprintf("%s fit %d", name, fit), tr, got)
		}
	}
}

// checkFolds checks the folded tree got of the searched tree full: every
// drawn node has an ID of its own; the nodes visited add up; each fold
// stands for the moves of its parent in full between its first (its ID)
// and its last (its exit), names them, counts their nodes, enters with
// the first and leaves with the last, is raised when one of them was,
// and its bound holds for every move's value and is reached by one; and
// the drawn tree's events (a replay's steps) nest as a walk of it does.
func checkFolds(t *testing.T, name string, full, got *Tree) {
	t.Helper()
	if got.Root.Visited() != full.Root.Visited() {
		t.Errorf("%s: %d nodes visited, the search %d", name, got.Root.Visited(), full.Root.Visited())
	}
	ids := map[int]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if ids[n.ID] {
			t.Errorf("%s: ID %d drawn twice", name, n.ID)
		}
		ids[n.ID] = true
		for _, c := range n.Children {
			if c.Fold != nil {
				checkFold(t, name, full, n, c)
			}
			walk(c)
		}
	}
	walk(got.Root)
	var open []*Node
	parent := map[*Node]*Node{}
	got.Walk(func(n *Node) {
		for _, c := range n.Children {
			parent[c] = n
		}
	})
	for _, e := range got.Events() {
		if e.Enter {
			if len(open) > 0 && parent[e.Node] != open[len(open)-1] || len(open) == 0 && e.Node != got.Root {
				t.Fatalf("%s: %s entered outside its parent", name, e.Node.Name)
			}
			open = append(open, e.Node)
			continue
		}
		if len(open) == 0 || open[len(open)-1] != e.Node {
			t.Fatalf("%s: %s left before its children", name, e.Node.Name)
		}
		open = open[:len(open)-1]
	}
}

func checkFold(t *testing.T, name string, full *Tree, p, f *Node) {
	t.Helper()
	fp := findNodeByID(full.Root, p.ID)
	first := -1
	for i, c := range fp.Children {
		if c.ID == f.ID {
			first = i
		}
	}
	last := first
	for last >= 0 && last < len(fp.Children) && fp.Children[last].Left != f.Left {
		last++
	}
	if first < 0 || last >= len(fp.Children) {
		t.Errorf("%s: fold %q (ID %d) is no run of %s's moves", name, f.Name, f.ID, p.Name)
		return
	}
	members := fp.Children[first : last+1]
	var moves []string
	visited := 0
	raised := false
	g := f.Fold
	reached := false
	for i, c := range members {
		visited += c.Visited()
		raised = raised || c.Raised
		if !c.Research {
			moves = append(moves, c.Name)
		}
		if i+1 < len(members) && members[i+1].Research {
			continue // the re-search's value counts
		}
		v, b := c.MaxValue(), c.MaxBound()
		switch g.Bound {
		case engine.Upper:
			if v > g.Value || (b != engine.Exact && b != engine.Upper) {
				t.Errorf("%s: %s %s is not within %q", name, c.Name, full.ValueLabel(c), full.BoundLabel(g))
			}
		case engine.Lower:
			if v < g.Value || (b != engine.Exact && b != engine.Lower) {
				t.Errorf("%s: %s %s is not within %q", name, c.Name, full.ValueLabel(c), full.BoundLabel(g))
			}
		}
		reached = reached || v == g.Value
	}
	if g.Bound != engine.BoundNone && !reached {
		t.Errorf("%s: no move of %q is worth %s", name, f.Name, full.FormatValue(g.Value))
	}
	if strings.Join(moves, " ") != strings.Join(g.Moves, " ") || len(moves) < 2 {
		t.Errorf("%s: fold %q names %v, its moves are %v", name, f.Name, g.Moves, moves)
	}
	if f.Visited() != visited || f.Entered != members[0].Entered || f.Left != members[len(members)-1].Left || f.Raised != raised {
		t.Errorf("%s: fold %q: %d nodes, entered %v, left %v, raised %v; its moves: %d, %v, %v, %v", name, f.Name,
			f.Visited(), f.Entered, f.Left, f.Raised, visited, members[0].Entered, members[len(members)-1].Left, raised)
	}
	if want := p.Children[0] != f; g.More != want {
		t.Errorf("%s: fold %q after drawn moves %v, says more %v", name, f.Name, want, g.More)
	}
}

// A fold's bound is the one its values satisfy, from MAX's view: at a MAX
// node "≤" the largest, at a MIN node "≥" the smallest, the other way when
// only that holds, none when neither does.
func TestFoldBound(t *testing.T) {
	leaf := func(ply, maxValue int, b engine.Bound) *Node {
		n := &Node{Ply: ply, Name: fmt.Sprint(maxValue), End: engine.EndLeaf}
		n.Value, n.Bound = maxValue, b
		if !n.Max() {
			n.Value = -maxValue
			switch b {
			case engine.Upper:
				n.Bound = engine.Lower
			case engine.Lower:
				n.Bound = engine.Upper
			}
		}
		return n
	}
	x, up, lo := engine.Exact, engine.Upper, engine.Lower
	for _, tt := range []struct {
		name   string
		parent int // ply
		values []int
		bounds []engine.Bound
		want   string
	}{
		{"MAX node, exact", 0, []int{3, -2, 5}, []engine.Bound{x, x, x}, "all ≤ 5"},
		{"MAX node, fail lows", 0, []int{3, -2, 1}, []engine.Bound{x, up, up}, "all ≤ 3"},
		{"MAX node, only lower bounds hold", 0, []int{3, 7}, []engine.Bound{lo, x}, "all ≥ 3"},
		{"MIN node, exact", 1, []int{3, -2, 5}, []engine.Bound{x, x, x}, "all ≥ -2"},
		{"MIN node, fail highs", 1, []int{3, 6, 4}, []engine.Bound{x, lo, lo}, "all ≥ 3"},
		{"MIN node, only upper bounds hold", 1, []int{3, 1}, []engine.Bound{up, x}, "all ≤ 3"},
		{"both ways", 0, []int{3, 1}, []engine.Bound{up, lo}, "bounds both ways"},
		{"abandoned", 0, []int{3, 1}, []engine.Bound{x, engine.BoundNone}, "bounds both ways"},
	} {
		p := &Node{Ply: tt.parent, Name: "p"}
		for i, v := range tt.values {
			c := leaf(tt.parent+1, v, tt.bounds[i])
			c.ID = i + 1
			p.Children = append(p.Children, c)
		}
		f := newFold(p, moveRuns(p), false)
		tr := &Tree{Kind: KindToy}
		if got := tr.ValueLabel(f); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		if f.Fold.Bound != engine.BoundNone && (f.MaxValue() != f.Fold.Value || f.MaxBound() != f.Fold.Bound) {
			t.Errorf("%s: the node's own value %d %v, the fold's %d %v", tt.name, f.MaxValue(), f.MaxBound(), f.Fold.Value, f.Fold.Bound)
		}
		if f.ID != 1 || f.Name != fmt.Sprintf("%d moves", len(tt.values)) || f.End != engine.EndLeaf {
			t.Errorf("%s: ID %d, name %q, end %v", tt.name, f.ID, f.Name, f.End)
		}
	}
}

// A folded tree's JSON reads back the same, and draws the same DOT; the
// drawings carry the fold's moves for a viewer and the replay.
func TestFoldFormats(t *testing.T) {
	kiwi := searched(t, fenKiwipete, engine.AlphaBetaOptions(), 3)
	tr, err := kiwi.Apply(Filter{Fit: 12})
	if err != nil {
		t.Fatal(err)
	}
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
		t.Error("a folded tree's JSON changes on a round trip")
	}
	if !strings.Contains(a.String(), `"fold": {`) || !strings.Contains(a.String(), `"max_bound": "upper"`) {
		t.Error("the JSON has no fold")
	}
	dot := DOT(DrawOptions{}, tr)
	if dot != DOT(DrawOptions{}, back) {
		t.Error("the tree read back draws another DOT")
	}
	for _, want := range []string{`peripheries="2"`, "29 more moves", "all ≤ +300", "N more moves"} {
		if !strings.Contains(dot, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
	svg := string(drawingSVG(DrawOptions{}, tr))
	for _, want := range []string{`data-fold="29"`, `data-end="folded"`, `data-value="all ≤ +300"`, ">29 more moves<", ">3,707 nodes<", "moves searched here, drawn as one box"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	var text bytes.Buffer
	if err := WriteText(&text, DrawOptions{}, nil, tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "▼ 29 more moves  all ≤ +300  (3,707 nodes: Bd1 ") {
		t.Errorf("text view:\n%s", text.String())
	}
	for _, l := range tr.Lines() {
		if strings.Contains(l.Move, "moves") {
			t.Errorf("Lines lists the fold %q", l.Move)
		}
	}
}

// TestFitSlide: the projector preset folds kiwipete and the first
// Bratko-Kopec position, at depth 3, as little as a 1024×768 slide
// allows with every label 14 px or more; the paper drawing (--fit 40)
// does not fit.
func TestFitSlide(t *testing.T) {
	for _, tt := range []struct {
		name   string
		fen    string
		window bool
		nodes  int
	}{
		{"kiwipete", fenKiwipete, false, 13},
		{"kiwipete --window", fenKiwipete, true, 13},
		{"BK.01", fenBK01, false, 16},
		{"BK.01 --window", fenBK01, true, 13},
	} {
		tr := searched(t, tt.fen, engine.AlphaBetaOptions(), 3)
		opts := DrawOptions{Window: tt.window}
		shown, m, err := FitSlide(opts, DefaultFit, tr)
		if err != nil {
			t.Fatal(err)
		}
		if shown[0].Nodes != tt.nodes || m.SlideLabel() < SlideMinLabel {
			t.Errorf("%s: %d nodes, smallest label %.1f px; want %d, ≥ %d", tt.name, shown[0].Nodes, m.SlideLabel(), tt.nodes, SlideMinLabel)
		}
		opts.Slide = true
		if again := MeasureSVG(opts, shown...); again != m || m.Width*SlideHeight != m.Height*SlideWidth || m.MinText != SlideMinLabel {
			t.Errorf("%s: measured %+v, then %+v; want a 4:3 page, text of %d points at least", tt.name, m, again, SlideMinLabel)
		}
		// One node more does not fit: the preset folds no more than it must.
		more, err := tr.Apply(Filter{Fit: shown[0].Nodes + 1})
		if err != nil {
			t.Fatal(err)
		}
		if more.Nodes > shown[0].Nodes && MeasureSVG(opts, more).SlideLabel() >= SlideMinLabel {
			t.Errorf("%s: %d nodes fit too", tt.name, more.Nodes)
		}
		paper, err := tr.Apply(Filter{Fit: DefaultFit})
		if err != nil {
			t.Fatal(err)
		}
		if px := MeasureSVG(DrawOptions{Window: tt.window}, paper).SlideLabel(); px >= SlideMinLabel {
			t.Errorf("%s: the paper drawing's smallest label is %.1f px on a slide", tt.name, px)
		}
	}
}

// TestSlideWhole: a tree that fits a slide unfolded is drawn whole:
// Russell and Norvig's.
func TestSlideWhole(t *testing.T) {
	g, err := textbook.ParseToy(russell)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Search(context.Background(), Input{Title: "russell-norvig", Toy: g}, engine.AlphaBetaOptions(), 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	shown, m, err := FitSlide(DrawOptions{Window: true}, DefaultFit, tr)
	if err != nil {
		t.Fatal(err)
	}
	if shown[0].Nodes != 11 || shown[0].Filter != "" || m != (Measure{Width: SlideWidth, Height: SlideHeight, MinText: SlideMinLabel}) {
		t.Errorf("russell-norvig on a slide: %d nodes, filter %q, %+v", shown[0].Nodes, shown[0].Filter, m)
	}
}

// BenchmarkFitSlide: the projector preset on kiwipete at depth 3 (its
// layouts, not the search), as docs/trees.md quotes it:
//
//	go test -run '^$' -bench FitSlide -benchtime 10x -benchmem ./trace
func BenchmarkFitSlide(b *testing.B) {
	tr := searched(b, fenKiwipete, engine.AlphaBetaOptions(), 3)
	for b.Loop() {
		if _, _, err := FitSlide(DrawOptions{}, DefaultFit, tr); err != nil {
			b.Fatal(err)
		}
	}
}
