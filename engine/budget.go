package engine

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrNodeBudget is the cause of a context cancelled by its node budget
// (see WithNodeBudget).
var ErrNodeBudget = errors.New("node budget exhausted")

// NodeBudgetError says which budget ran out; errors.Is(err, ErrNodeBudget)
// holds for it.
type NodeBudgetError struct {
	Limit uint64
}

func (e *NodeBudgetError) Error() string {
	return fmt.Sprintf("node budget of %d nodes exhausted", e.Limit)
}

// Is makes errors.Is(err, ErrNodeBudget) true.
func (e *NodeBudgetError) Is(target error) bool { return target == ErrNodeBudget }

type budgetKey struct{}

// nodeBudget is a count of nodes shared by every search run under one
// context.
type nodeBudget struct {
	limit  uint64
	used   atomic.Uint64
	cancel context.CancelCauseFunc
}

// WithNodeBudget returns a context that the searches (minimax, alpha-beta
// and the engine, quiescence nodes included) cancel, with cause
// *NodeBudgetError, once all of them together have visited more than
// limit nodes. The searches see it as an ordinary cancellation, so a
// command stops as it does on Ctrl-C. Nodes are charged where the searches
// already poll for cancellation, every few thousand nodes, so a search may
// overrun the budget by that much. Call cancel to release the context.
func WithNodeBudget(parent context.Context, limit uint64) (ctx context.Context, cancel context.CancelFunc) {
	ctx, cc := context.WithCancelCause(parent)
	b := &nodeBudget{limit: limit, cancel: cc}
	return context.WithValue(ctx, budgetKey{}, b), func() { cc(context.Canceled) }
}

// budgetOf returns the node budget of ctx, nil for none.
func budgetOf(ctx context.Context) *nodeBudget {
	if ctx == nil {
		return nil
	}
	b, _ := ctx.Value(budgetKey{}).(*nodeBudget)
	return b
}

// charge counts n more nodes and cancels the context when the budget is
// spent. A nil budget does nothing.
func (b *nodeBudget) charge(n uint64) {
	if b == nil || n == 0 {
		return
	}
	if b.used.Add(n) > b.limit {
		b.cancel(&NodeBudgetError{Limit: b.limit})
	}
}

// ChargeBudget counts n more nodes against ctx's node budget
// (WithNodeBudget), cancelling ctx when it is spent; without a budget it
// does nothing. Searches outside this package (the textbook searches)
// call it where they poll for cancellation.
func ChargeBudget(ctx context.Context, n uint64) { budgetOf(ctx).charge(n) }
