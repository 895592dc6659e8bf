package trace

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/textbook"
)

// TestResults checks a tree's results against what its text view prints:
// the Russell-Norvig tree, minimax and alpha-beta.
func TestResults(t *testing.T) {
	g, err := textbook.ParseToy("((3,12,8),(2,4,6),(14,5,2))")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		algo        string
		nodes       uint64
		cutoffs     int
		values      []string // the root's children, as printed
		firstEnd    string   // how the second root move ended
		drawnAtRoot int      // children drawn under the root
		firstCutoff string   // path|reason|move|pruned|nodes
	}{
		{"minimax", 13, 0, []string{"3", "2", "2"}, "expanded", 3, "|||0|0"},
		{"alphabeta", 11, 2, []string{"3", "≤ 2", "≤ 2"}, "cutoff", 3, "b|α-cutoff after 1 of 3|a|2|7"},
	} {
		o, err := engine.ParseAlgo(tc.algo)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Search(context.Background(), Input{Toy: g}, o, 2, DefaultMaxNodes)
		if err != nil {
			t.Fatal(err)
		}
		r := tree.Result()
		if r.Algo != tc.algo || r.Best != "a" || r.Value != 3 || r.ValueText != "3" || r.NodesSearched != tc.nodes || r.Cutoffs != tc.cutoffs || r.Depth != 2 {
			t.Errorf("%s: summary %+v", tc.algo, r)
		}
		fc := []string{r.FirstCutoff, r.FirstCutoffReason, r.FirstCutoffMove, fmt.Sprint(r.FirstCutoffPruned), fmt.Sprint(r.FirstCutoffNodes)}
		if strings.Join(fc, "|") != tc.firstCutoff {
			t.Errorf("%s: first cutoff %q, want %q", tc.algo, strings.Join(fc, "|"), tc.firstCutoff)
		}
		lines := tree.Lines()
		if len(lines) != r.NodesDrawn || lines[0].Ply != 0 || lines[0].Path != "" || lines[0].Player != "max" {
			t.Fatalf("%s: %d lines for %d drawn nodes, root %+v", tc.algo, len(lines), r.NodesDrawn, lines[0])
		}
		var got []string
		for _, l := range lines {
			if l.Ply == 1 {
				got = append(got, l.ValueText)
				if l.Player != "min" || l.Path != l.Move {
					t.Errorf("%s: ply-1 line %+v", tc.algo, l)
				}
			}
			if l.Ply == 2 && l.Path != lines[0].Path+l.Path[:1]+" "+l.Move {
				t.Errorf("%s: ply-2 path %q for move %q", tc.algo, l.Path, l.Move)
			}
		}
		if len(got) != tc.drawnAtRoot || got[0] != tc.values[0] || got[1] != tc.values[1] || got[2] != tc.values[2] {
			t.Errorf("%s: root children %q, want %q", tc.algo, got, tc.values)
		}
		for _, l := range lines {
			if l.Ply == 1 && l.Move == "b" && l.End != tc.firstEnd {
				t.Errorf("%s: b ended %q, want %q", tc.algo, l.End, tc.firstEnd)
			}
		}
	}
}
