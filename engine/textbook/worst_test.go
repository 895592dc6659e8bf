package textbook

import (
	"context"
	"errors"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// TestWorstOrder pins alpha-beta with the worst move order: on distinct
// values it visits minimax's whole tree; where a later move ties the
// bound it still cuts; it always finds minimax's value.
func TestWorstOrder(t *testing.T) {
	toy := func(s string) Game {
		tree, err := ParseToy(s)
		if err != nil {
			t.Fatal(err)
		}
		return tree
	}
	chess := func(k eval.Kind) func() Game {
		return func() Game { return NewChessGame(board.New(), k) }
	}
	for _, tc := range []struct {
		name  string
		game  func() Game
		depth int
		nodes uint64
	}{
		// Russell & Norvig: b (2) and c (2) before a (3), each child's
		// leaves from the worst for its mover: every one of the 13 nodes.
		{"Russell-Norvig", func() Game { return toy("((3,12,8),(2,4,6),(14,5,2))") }, 2, 13},
		// The second move's first leaf ties the bound the first move set
		// (1): cut there, two of minimax's 8 nodes unvisited.
		{"a tie", func() Game { return toy("((4,1),(1,1,1))") }, 2, 6},
		// The start position: PeSTO's values differ almost everywhere, so
		// the worst order visits all but a few of minimax's nodes...
		{"start, PeSTO, depth 3", chess(eval.PeSTO), 3, 9322},
		{"start, PeSTO, depth 4", chess(eval.PeSTO), 4, 185608},
		// ...while material scores every position of the opening 0: ties
		// everywhere, and alpha-beta cuts on them in any order.
		{"start, material, depth 4", chess(eval.Material), 4, 4477},
	} {
		got, err := WorstOrder(context.Background(), tc.game(), tc.depth)
		if err != nil {
			t.Fatal(err)
		}
		mm := Minimax(context.Background(), tc.game(), tc.depth, nil)
		if got.Nodes != tc.nodes || got.Value != mm.Score {
			t.Errorf("%s: %d nodes, value %d; want %d nodes and minimax's value %d", tc.name, got.Nodes, got.Value, tc.nodes, mm.Score)
		}
		if got.Nodes > mm.Stats.Nodes {
			t.Errorf("%s: %d nodes, more than minimax's %d", tc.name, got.Nodes, mm.Stats.Nodes)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := WorstOrder(ctx, NewChessGame(board.New(), eval.PeSTO), 4); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled search: %v, want context.Canceled", err)
	}
}
