package textbook

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
	"github.com/plylab/plylab/positions"
)

// refreshGame is a ChessGame that evaluates every leaf with the network
// from scratch (nnue.Default().Evaluate), and checks that the game's own
// incremental evaluation agrees.
type refreshGame struct {
	*ChessGame
	t     *testing.T
	evals int
}

func (g *refreshGame) Evaluate() int {
	want := nnue.Default().Evaluate(g.B)
	if got := g.ChessGame.Evaluate(); got != want {
		g.t.Fatalf("%s: the incremental evaluation is %d, the network's from scratch %d", g.B.FEN(), got, want)
	}
	g.evals++
	return want
}

// TestChessGameNNUE: a ChessGame evaluated with the network updates its
// accumulators move by move and gives at every leaf the score the network
// computes from scratch, so minimax, alpha-beta and the minimal tree find
// the same values and node counts either way (kiwipete, which castles
// and captures en passant within three plies, and a promotion position).
func TestChessGameNNUE(t *testing.T) {
	for _, name := range []string{"kiwipete", "cpw3", "cpw4"} {
		p, err := positions.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		checked := &refreshGame{ChessGame: NewChessGame(b.Copy(), eval.NNUE), t: t}
		got := Minimax(ctx, checked, 3, nil)
		want := Minimax(ctx, NewChessGame(b.Copy(), eval.NNUE), 3, nil)
		if got.Score != want.Score || got.Stats.Nodes != want.Stats.Nodes || got.BestMove != want.BestMove {
			t.Errorf("%s minimax 3: checked %d nodes %v score %d, incremental %d nodes %v score %d", name, got.Stats.Nodes, got.BestMove, got.Score, want.Stats.Nodes, want.BestMove, want.Score)
		}
		mtChecked, err := ComputeMinimalTree(ctx, &refreshGame{ChessGame: NewChessGame(b.Copy(), eval.NNUE), t: t}, 3, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		mt, err := ComputeMinimalTree(ctx, NewChessGame(b.Copy(), eval.NNUE), 3, 1<<24)
		if err != nil || mt != mtChecked {
			t.Errorf("%s minimal tree 3: %+v (%v), evaluated from scratch %+v", name, mt, err, mtChecked)
		}
		t.Logf("%s: %d leaves checked, minimax %d nodes, minimal tree %d nodes", name, checked.evals, want.Stats.Nodes, mt.Nodes)
	}
}
