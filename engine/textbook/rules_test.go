package textbook

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// TestMinimaxEqualsPerftSums checks the node-counting convention: plain
// minimax ends a line only where the game ends by the rules, so on
// positions where no draw by rule comes before the horizon it visits
// exactly perft(0) + perft(1) + ... + perft(d) nodes. Before the
// repetition-draw rule became a switch, plain minimax scored a position
// seen once before in the search as a draw and fell short of these sums
// (351,948 instead of 353,292 on paper-mate2 at depth 5).
func TestMinimaxEqualsPerftSums(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		want  uint64
		// shorter: a line can return to an earlier position above the
		// horizon, so the repetition shortcut must cut the tree.
		shorter bool
	}{
		{"paper-mate2", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 5, 353292, true},
		{"start", board.StartFEN, 4, 206604, false},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 99950, false},
		{"cpw-position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 46256, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := board.FromFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			var sum uint64
			for d := 0; d <= tt.depth; d++ {
				sum += b.Perft(d)
			}
			if sum != tt.want {
				t.Fatalf("perft sum %d, want %d", sum, tt.want)
			}
			r := Minimax(context.Background(), NewChessGame(b.Copy(), eval.Material), tt.depth, nil)
			if r.Stats.Nodes != sum {
				t.Errorf("minimax nodes %d, want the perft sum %d", r.Stats.Nodes, sum)
			}
			// With the engine's repetition shortcut the tree is smaller
			// wherever a line can return to an earlier position.
			g := NewChessGame(b.Copy(), eval.Material)
			g.RepetitionDraw = true
			if rr := Minimax(context.Background(), g, tt.depth, nil); tt.shorter && rr.Stats.Nodes >= sum {
				t.Errorf("minimax with repetition draws visited %d nodes, want fewer than %d", rr.Stats.Nodes, sum)
			}
		})
	}
}
