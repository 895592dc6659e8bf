package trace

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
)

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
