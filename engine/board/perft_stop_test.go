package board

import (
	"context"
	"errors"
	"testing"
	"time"
)

// countdownCtx is a context whose Err turns to Canceled at its n-th call:
// a cancellation at an exact point of a count.
type countdownCtx struct {
	context.Context
	n, calls int
}

func (c *countdownCtx) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

func (c *countdownCtx) Deadline() (time.Time, bool) { return time.Time{}, false }

// Divide and ReferenceDivide stop inside a root move: on a position with
// one legal move, a count to depth 7 (billions of leaves) ends at the
// poll that sees the context done, with no root move counted.
func TestDivideStopsInsideARootMove(t *testing.T) {
	const oneMove = "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3"
	b, err := FromFEN(oneMove)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		depth  int
		divide func(ctx context.Context) ([]DivideEntry, error)
	}{
		{"board", 7, func(ctx context.Context) ([]DivideEntry, error) { return b.Divide(ctx, 7, nil) }},
		{"notnil", 6, func(ctx context.Context) ([]DivideEntry, error) { return ReferenceDivide(ctx, oneMove, 6) }},
	} {
		ctx := &countdownCtx{Context: context.Background(), n: 4}
		entries, err := tc.divide(ctx)
		if !errors.Is(err, context.Canceled) || len(entries) != 0 {
			t.Errorf("%s: %d entries, error %v; want none and context.Canceled", tc.name, len(entries), err)
		}
		// One poll before the root move, three inside it: the fourth
		// sees the context done, and nothing polls after it.
		if ctx.calls != 5 && ctx.calls != 4 {
			t.Errorf("%s: the context was asked %d times, want 4 (the stop) or 5 (and the return)", tc.name, ctx.calls)
		}
	}
	// Uncancelled, the same count is exact.
	entries, err := b.Divide(context.Background(), 3, nil)
	if err != nil || len(entries) != 1 || entries[0].Nodes != b.Perft(3) {
		t.Errorf("Divide to depth 3: %v, %v; want one root move of %d", entries, err, b.Perft(3))
	}
}
