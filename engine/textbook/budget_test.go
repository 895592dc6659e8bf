package textbook

import (
	"context"
	"errors"
	"github.com/plylab/plylab/engine"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

func TestNodeBudget(t *testing.T) {
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		opts   engine.Options
		depth  int
		budget uint64
		stop   bool
	}{
		{"minimax over budget", engine.MinimaxOptions(), 5, 100_000, true},
		{"minimax within budget", engine.MinimaxOptions(), 3, 100_000, false},
		{"alphabeta over budget", engine.AlphaBetaOptions(), 7, 50_000, true},
		{"engine over budget", engine.EngineOptions(), 24, 50_000, true},
		{"engine within budget", engine.EngineOptions(), 3, 1_000_000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := engine.WithNodeBudget(context.Background(), tc.budget)
			defer cancel()
			r := Run(ctx, b, tc.opts, engine.Limits{Depth: tc.depth}, nil, nil)
			cause := context.Cause(ctx)
			if got := errors.Is(cause, engine.ErrNodeBudget); got != tc.stop {
				t.Fatalf("budget spent = %v (cause %v, %d nodes), want %v", got, cause, r.Stats.TotalNodes(), tc.stop)
			}
			if tc.stop && !r.Stopped {
				t.Errorf("the search did not stop")
			}
			if tc.stop && r.Stats.TotalNodes() > tc.budget+4096 {
				t.Errorf("%d nodes, more than the budget %d plus one polling interval", r.Stats.TotalNodes(), tc.budget)
			}
		})
	}
}
