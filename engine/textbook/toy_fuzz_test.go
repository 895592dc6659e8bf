package textbook

import (
	"context"
	"github.com/plylab/plylab/engine"
	"strings"
	"testing"
)

// FuzzParseToy checks the textbook-tree parser: errors are one-line
// *ToySyntaxError values pointing inside (or just past) the input; a tree
// that parses prints back (String) to a tree that parses to the same
// string, and minimax, alpha-beta and the minimal-tree computation agree on
// it: alpha-beta returns minimax's value and never visits more nodes, and
// no ordering's proof tree is bigger than alpha-beta's search.
func FuzzParseToy(f *testing.F) {
	for _, s := range []string{
		"((3,12,8),(2,4,6),(14,5,2))",
		"[[1,2],[3,[4,5]]]",
		"((-30000,30000),(+7))",
		"(((1,2),(3,4)),((5,6),(7,8)))",
		"(1,(2,(3,(4,(5)))))",
		"((3,12,8),(2,4,6)",
		"((3))) ",
		"7",
		"(99999999999999999999)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		tree, err := ParseToy(s)
		if err != nil {
			se, ok := err.(*ToySyntaxError)
			if !ok {
				t.Fatalf("ParseToy(%q): error %T, want *ToySyntaxError", s, err)
			}
			if se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("ParseToy(%q): offset %d outside the input", s, se.Offset)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("ParseToy(%q): error has several lines: %q", s, err)
			}
			return
		}
		printed := tree.Root.String()
		again, err := ParseToy(printed)
		if err != nil || again.Root.String() != printed {
			t.Fatalf("ParseToy(%q) printed %q, which reads back as %v, %v", s, printed, again, err)
		}
		if tree.Root.Count() > 20000 {
			return
		}
		depth := tree.Root.Height()
		ctx := context.Background()
		mm := Minimax(ctx, NewToyTree(tree.Root), depth, nil)
		ab := AlphaBeta(ctx, NewToyTree(tree.Root), depth, nil)
		if want := toyMinimax(tree.Root, true); mm.Score != want {
			t.Fatalf("tree %s: minimax %d, the textbook definition %d", printed, mm.Score, want)
		}
		if mm.Score != ab.Score {
			t.Fatalf("tree %s: minimax %d, alpha-beta %d", printed, mm.Score, ab.Score)
		}
		if ab.Stats.Nodes > mm.Stats.Nodes {
			t.Fatalf("tree %s: alpha-beta visited %d nodes, minimax %d", printed, ab.Stats.Nodes, mm.Stats.Nodes)
		}
		if mm.Stats.Nodes != uint64(tree.Root.Count()) {
			t.Fatalf("tree %s: minimax visited %d nodes of %d", printed, mm.Stats.Nodes, tree.Root.Count())
		}
		mt, err := ComputeMinimalTree(ctx, NewToyTree(tree.Root), depth, 1<<20)
		if err != nil {
			t.Fatalf("tree %s: minimal tree: %v", printed, err)
		}
		if mt.Nodes > ab.Stats.Nodes || mt.Full != mm.Stats.Nodes {
			t.Fatalf("tree %s: minimal tree %+v, alpha-beta %d nodes, minimax %d", printed, mt, ab.Stats.Nodes, mm.Stats.Nodes)
		}
	})
}

// TestToyDepthLimit: a tree as high as a search can go parses and keeps
// its value; one level more is refused instead of being cut off (searches
// stop at MaxPly and used to score such a tree 0).
func TestToyDepthLimit(t *testing.T) {
	nest := func(d int) string { return strings.Repeat("(", d) + "1" + strings.Repeat(")", d) }
	tree, err := ParseToy(nest(engine.MaxPly))
	if err != nil {
		t.Fatal(err)
	}
	if r := Minimax(context.Background(), tree, tree.Root.Height(), nil); r.Score != 1 || tree.Root.Height() != engine.MaxPly {
		t.Fatalf("height %d, minimax %d, want %d and 1", tree.Root.Height(), r.Score, engine.MaxPly)
	}
	_, err = ParseToy(nest(engine.MaxPly + 1))
	want := `toy tree: at character 129 ("("): the tree is nested more than 128 levels deep (a search goes at most 128 plies)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

// toyMinimax is the textbook definition: a leaf is worth its value to the
// first player (MAX), who takes the largest child; MIN takes the smallest.
func toyMinimax(n *ToyNode, maxToMove bool) int {
	if n.IsLeaf() {
		return n.Value
	}
	best := toyMinimax(n.Children[0], !maxToMove)
	for _, c := range n.Children[1:] {
		v := toyMinimax(c, !maxToMove)
		if maxToMove == (v > best) && v != best {
			best = v
		}
	}
	return best
}
