package trace

import (
	"context"
	"flag"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
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
	g, err := textbook.ParseToy(src)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(0)
	var res engine.Result
	if alphaBeta {
		res = textbook.AlphaBeta(context.Background(), g, g.Root.Height(), rec)
	} else {
		res = textbook.Minimax(context.Background(), g, g.Root.Height(), rec)
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
	res := textbook.Run(context.Background(), b, o, engine.Limits{Depth: depth}, rec, nil)
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

func TestLookupToy(t *testing.T) {
	if _, err := LookupToy("Russell-Norvig"); err != nil {
		t.Error(err)
	}
	_, err := LookupToy("nosuch")
	if err == nil || !strings.Contains(err.Error(), "russell-norvig") {
		t.Errorf("error %v does not list the bundled trees", err)
	}
}

func TestToysTable(t *testing.T) {
	tab, err := ToysTable()
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != len(Toys()) || len(tab.Columns) != 4 {
		t.Fatalf("%d rows and %d columns, want one row per toy and 4 columns", len(tab.Rows), len(tab.Columns))
	}
	first := Toys()[0]
	row := tab.Rows[0]
	if row[0].Text != "best-order" || row[1].Text != "8" || row[1].Value != int64(8) || row[2].Text != first.Tree || row[3].Text != first.Description {
		t.Errorf("row 0 = %+v, want best-order with value 8", row)
	}
}
