package trace

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

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

// Memory stays bounded: a depth-10 engine search keeps about the budget,
// and counts the rest where it was left out.
func TestBudgetBoundsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("depth-10 engine search")
	}
	const budget = 2000
	tr, res := chessTree(t, fenKiwipete, engine.EngineOptions(), 10, budget)
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

// Recorder edge cases: unbalanced calls do not panic; a budget of 1 keeps
// the root and its moves.
func TestRecorderEdges(t *testing.T) {
	r := NewRecorder(0)
	r.Leave(engine.NodeResult{})
	r.Pruned([]board.Move{1})
	if r.MaxNodes() != DefaultMaxNodes || r.Visited() != 0 {
		t.Errorf("fresh recorder: %d, %d", r.MaxNodes(), r.Visited())
	}
	g, _ := textbook.ParseToy("(((1,2),(3,4)),((5,6),(7,8)))")
	r = NewRecorder(1)
	res := textbook.Minimax(context.Background(), g, 3, r)
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
	res := textbook.Run(context.Background(), b, o, engine.Limits{Depth: 3}, first, nil)
	lost := first.Chess(b, res)
	if lost.Stats().PV == len(res.PV)+1 {
		t.Fatal("the PV fits the budget anyway: pick a smaller budget")
	}
	rec := NewRecorder(200)
	rec.Follow(res.PV)
	again := textbook.Run(context.Background(), b, o, engine.Limits{Depth: 3}, rec, nil)
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
