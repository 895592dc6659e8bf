package textbook

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

// uniformToy builds a tree of branching b and depth d with random leaves.
func uniformToy(r *rand.Rand, b, d int) *ToyNode {
	if d == 0 {
		return &ToyNode{Value: r.IntN(7) - 3}
	}
	n := &ToyNode{}
	for range b {
		n.Children = append(n.Children, uniformToy(r, b, d-1))
	}
	return n
}

// ragged builds a tree with 1-4 children per node, early leaves and many
// tied values, where the choice among equal refutations matters.
func raggedToy(r *rand.Rand, d int) *ToyNode {
	if d == 0 || (d < 4 && r.IntN(5) == 0) {
		return &ToyNode{Value: r.IntN(5) - 2}
	}
	n := &ToyNode{}
	for range 1 + r.IntN(4) {
		n.Children = append(n.Children, raggedToy(r, d-1))
	}
	return n
}

func ipow(b, e int) uint64 {
	p := uint64(1)
	for range e {
		p *= uint64(b)
	}
	return p
}

// TestMinimalTreeKnuthMoore checks b^ceil(d/2) + b^floor(d/2) - 1 leaves on
// uniform trees, whatever the leaf values.
func TestMinimalTreeKnuthMooreRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 9))
	for _, tc := range []struct{ b, d int }{{2, 1}, {2, 2}, {2, 5}, {3, 3}, {3, 4}, {4, 4}, {5, 3}, {3, 6}} {
		for range 5 {
			root := uniformToy(r, tc.b, tc.d)
			mt, err := ComputeMinimalTree(context.Background(), NewToyTree(root), tc.d, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			want := ipow(tc.b, (tc.d+1)/2) + ipow(tc.b, tc.d/2) - 1
			if mt.Leaves != want || mt.Full != uint64(root.Count()) {
				t.Fatalf("b=%d d=%d: %+v, want %d leaves of %d nodes", tc.b, tc.d, mt, want, root.Count())
			}
		}
	}
}

// TestMinimalTreeToyExact pins hand-checked minimal trees.
func TestMinimalTreeToyExact(t *testing.T) {
	for _, tc := range []struct {
		tree          string
		depth         int
		nodes, leaves uint64
	}{
		// Russell & Norvig: B proved exactly (3 leaves), C and D refuted by
		// one leaf each (2 and 2): 1 + 4 + 2 + 2 nodes.
		{"((3,12,8),(2,4,6),(14,5,2))", 2, 9, 5},
		// Value 4: the first move proved exactly (3 nodes); the second
		// refuted by its leaf 1 (2 nodes), not by the subtree (9,9).
		{"((4,4),((9,9),1))", 3, 6, 3},
		// All moves tied: one exact, the rest proved no better.
		{"(0,0,0)", 1, 4, 3},
	} {
		tree, err := ParseToy(tc.tree)
		if err != nil {
			t.Fatal(err)
		}
		mt, err := ComputeMinimalTree(context.Background(), tree, tc.depth, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if mt.Nodes != tc.nodes || mt.Leaves != tc.leaves {
			t.Errorf("%s: %d nodes %d leaves, want %d and %d", tc.tree, mt.Nodes, mt.Leaves, tc.nodes, tc.leaves)
		}
	}
}

func checkAgainstRef(t *testing.T, name string, mk func() Game, depth int) {
	t.Helper()
	want, err1 := refMinimalTree(context.Background(), mk(), depth, 1<<26)
	got, err2 := ComputeMinimalTree(context.Background(), mk(), depth, 1<<26)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s depth %d: %v / %v", name, depth, err1, err2)
	}
	if got != want {
		t.Fatalf("%s depth %d: recursive %+v, in-memory reference %+v", name, depth, got, want)
	}
}

// TestMinimalTreeEqualsReferenceToy compares with the in-memory reference
// on random ragged trees full of ties, at every depth limit.
func TestMinimalTreeEqualsReferenceToy(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2))
	for i := range 400 {
		root := raggedToy(r, 1+i%6)
		for depth := 1; depth <= root.Height(); depth++ {
			checkAgainstRef(t, root.String(), func() Game { return NewToyTree(root) }, depth)
		}
	}
}

// TestMinimalTreeEqualsReferenceChess compares with the in-memory reference
// on every bench position at depths 1-3 (and 4 on the smaller trees
// without -short), with both evaluations.
func TestMinimalTreeEqualsReferenceChess(t *testing.T) {
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range suite.Positions {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		kinds := []eval.Kind{eval.Material}
		if i%5 == 0 {
			kinds = append(kinds, eval.PeSTO)
		}
		for _, k := range kinds {
			maxDepth := 3
			if !testing.Short() && b.Perft(3) < 12000 {
				maxDepth = 4
			}
			for d := 1; d <= maxDepth; d++ {
				checkAgainstRef(t, p.Name, func() Game { return NewChessGame(b.Copy(), k) }, d)
			}
			if k == eval.Material {
				checkFullIsMinimax(t, p.Name, NewChessGame(b.Copy(), k), NewChessGame(b.Copy(), k), 3)
			}
		}
	}
}

// TestMinimalTreeBudgetAndCancel checks the two ways a computation stops.
func TestMinimalTreeBudgetAndCancel(t *testing.T) {
	b, _ := board.FromFEN(board.StartFEN)
	if _, err := ComputeMinimalTree(context.Background(), NewChessGame(b.Copy(), eval.Material), 3, 9322); err != ErrTreeTooLarge {
		t.Fatalf("budget 9,322 on a 9,323-node tree: %v, want ErrTreeTooLarge", err)
	}
	mt, err := ComputeMinimalTree(context.Background(), NewChessGame(b.Copy(), eval.Material), 3, 9323)
	if err != nil || mt.Full != 9323 {
		t.Fatalf("budget 9,323 on a 9,323-node tree: %+v, %v", mt, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ComputeMinimalTree(ctx, NewChessGame(b.Copy(), eval.Material), 4, 1<<30); err != context.Canceled {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
}

// checkFullIsMinimax checks that the minimal tree is computed from plain
// minimax's tree (same node count) and is no larger than plain alpha-beta's.
func checkFullIsMinimax(t *testing.T, name string, g, g2 Game, depth int) {
	t.Helper()
	mt, err := ComputeMinimalTree(context.Background(), g, depth, 1<<31)
	if err != nil {
		t.Fatalf("%s depth %d: %v", name, depth, err)
	}
	mm := Minimax(context.Background(), g2, depth, nil)
	ab := AlphaBeta(context.Background(), g2, depth, nil)
	if mt.Full != mm.Stats.Nodes || mt.Nodes > ab.Stats.Nodes || mt.Leaves > mt.Nodes {
		t.Fatalf("%s depth %d: %+v; minimax %d nodes, alpha-beta %d", name, depth, mt, mm.Stats.Nodes, ab.Stats.Nodes)
	}
}

// TestMinimalTreeBenchDepth5 computes the minimal tree of every bench
// position at depth 5 (minutes: set PLYLAB_MINIMAL_DEPTH5=1).
func TestMinimalTreeBenchDepth5(t *testing.T) {
	if os.Getenv("PLYLAB_MINIMAL_DEPTH5") == "" {
		t.Skip("set PLYLAB_MINIMAL_DEPTH5=1 to run (minutes)")
	}
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range suite.Positions {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		checkFullIsMinimax(t, p.Name, NewChessGame(b.Copy(), eval.Material), NewChessGame(b.Copy(), eval.Material), 5)
	}
}

// plainGame hides ChessGame's optional methods (SubtreeKey, HasMoves), so
// the minimal tree is computed without the memo and with full move lists.
type plainGame struct{ Game }

// TestMinimalTreeMemo checks that the transposition memo changes the work,
// never the result: with and without it, the same minimal tree and the same
// full-tree size, on bench positions (depth 4; 3 with -short) and on
// positions with a game history, where repetitions inside the tree are
// draws by the rules and the memo must stand aside.
func TestMinimalTreeMemo(t *testing.T) {
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	type tc struct {
		name  string
		b     *board.Board
		depth int
	}
	var cases []tc
	for i, p := range suite.Positions {
		if i%4 != 0 {
			continue
		}
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		d := 4
		if testing.Short() || b.Perft(3) > 40000 {
			d = 3
		}
		cases = append(cases, tc{p.Name, b, d})
	}
	// Knights out and back twice: the start position has occurred three
	// times, and lines that shuffle the knights again reach repetitions.
	hist, _ := board.FromFEN(board.StartFEN)
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"} {
		m, err := hist.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		hist.Make(m)
	}
	cases = append(cases, tc{"knight shuffle", hist, 4})
	for _, c := range cases {
		for _, rep := range []bool{false, true} {
			g := NewChessGame(c.b.Copy(), eval.PeSTO)
			g.RepetitionDraw = rep
			want, err := ComputeMinimalTree(context.Background(), plainGame{g}, c.depth, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			g2 := NewChessGame(c.b.Copy(), eval.PeSTO)
			g2.RepetitionDraw = rep
			got, err := ComputeMinimalTree(context.Background(), g2, c.depth, 1<<40)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s depth %d (one repetition a draw: %v): with the memo %+v, without %+v", c.name, c.depth, rep, got, want)
			}
		}
	}
}

// TestSubtreeKeyGuard checks when ChessGame lets the memo key a subtree: only
// when no draw by repetition or by the fifty-move rule can happen inside it.
func TestSubtreeKeyGuard(t *testing.T) {
	shuffle, _ := board.FromFEN(board.StartFEN)
	for _, s := range []string{"e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := shuffle.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		shuffle.Make(m)
	}
	start, _ := board.FromFEN(board.StartFEN)
	late, _ := board.FromFEN("4k3/8/8/8/8/8/4P3/4K2R w - - 97 80")
	cases := []struct {
		name  string
		b     *board.Board
		rep   bool
		depth int
		want  bool
	}{
		{"start, depth 7", start, false, 7, true},
		{"start, depth 8", start, false, 8, false},
		{"start, one repetition a draw, depth 3", start, true, 3, true},
		{"start, one repetition a draw, depth 4", start, true, 4, false},
		{"4 reversible plies played, depth 3", shuffle, false, 3, true},
		{"4 reversible plies played, depth 4", shuffle, false, 4, false},
		{"4 reversible plies played, one repetition a draw, depth 1", shuffle, true, 1, false},
		{"halfmove clock 97, depth 2", late, false, 2, true},
		{"halfmove clock 97, depth 3", late, false, 3, false},
	}
	for _, c := range cases {
		g := NewChessGame(c.b.Copy(), eval.Material)
		g.RepetitionDraw = c.rep
		if _, got := g.SubtreeKey(c.depth); got != c.want {
			t.Errorf("%s: keyed %v, want %v", c.name, got, c.want)
		}
	}
	k3, _ := NewChessGame(start.Copy(), eval.Material).SubtreeKey(3)
	k4, _ := NewChessGame(start.Copy(), eval.Material).SubtreeKey(4)
	if k3 == k4 {
		t.Error("the same key for depths 3 and 4")
	}
}
