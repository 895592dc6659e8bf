package textbook

import (
	"context"
	"sort"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// The worst move order.
//
// Alpha-beta's saving depends on the order of the moves: with the best
// move first at every node it visits the minimal tree (minimal.go); with
// the best move last it can prune only where a later move ties a bound.
// WorstOrder runs plain alpha-beta (the same tree, cutoff test and node
// count as AlphaBeta) with the moves of every node sorted from the worst
// for the side to move to the best, by their exact values. Those values
// come from full-window searches of the same tree, kept in a memo of
// finished subtrees when the game can key them (SubtreeKey); they are not
// counted, only the ordered search is.

// WorstResult is an alpha-beta search with the worst move order.
type WorstResult struct {
	Value int    // the root's value (minimax's)
	Nodes uint64 // nodes the worst-ordered alpha-beta visited, root included
}

type worstSearch struct {
	g     Game
	keyed subtreeKeyer
	ctx   context.Context
	memo  map[uint64]int
	nodes uint64
	work  uint64 // nodes of the value searches, for cancellation
	stop  bool
}

// WorstOrder searches g to depth with plain alpha-beta, trying the moves of
// every node from the worst to the best for the side to move (ties in
// generation order). It returns ctx's error when ctx ends first.
func WorstOrder(ctx context.Context, g Game, depth int) (WorstResult, error) {
	w := &worstSearch{g: g, ctx: ctx, memo: map[uint64]int{}}
	if k, ok := g.(subtreeKeyer); ok {
		w.keyed = k
	}
	v := w.search(0, depth, -engine.Infinity, engine.Infinity)
	if w.stop {
		return WorstResult{}, ctx.Err()
	}
	return WorstResult{Value: v, Nodes: w.nodes}, nil
}

// tick counts work and reports whether the search must stop.
func (w *worstSearch) tick() bool {
	w.work++
	if w.work&4095 == 0 && w.ctx.Err() != nil {
		w.stop = true
	}
	return w.stop
}

// end returns the value of a node without children in the tree (a draw by
// the rules, no moves, the depth limit), or its moves.
func (w *worstSearch) end(ply, depth int) (int, []board.Move, bool) {
	if ply > 0 && w.g.IsDraw() {
		return 0, nil, true
	}
	moves := w.g.Moves(ply)
	if len(moves) == 0 {
		v, _ := w.g.NoMoves(ply)
		return v, nil, true
	}
	if depth <= 0 || ply >= engine.MaxPly {
		return w.g.Evaluate(), nil, true
	}
	return 0, moves, false
}

// exact is the node's exact negamax value: minimax over the same tree,
// with finished subtrees from the memo.
func (w *worstSearch) exact(ply, depth int) int {
	if w.tick() {
		return 0
	}
	var key uint64
	keyed := false
	if w.keyed != nil && depth > 0 {
		key, keyed = w.keyed.SubtreeKey(depth)
		if v, ok := w.memo[key]; keyed && ok {
			return v
		}
	}
	v, moves, leaf := w.end(ply, depth)
	if !leaf {
		v = -engine.Infinity
		for _, m := range moves {
			w.g.Make(m)
			v = max(v, -w.exact(ply+1, depth-1))
			w.g.Unmake()
		}
	}
	if keyed && !w.stop {
		w.memo[key] = v
	}
	return v
}

// search is plain alpha-beta with the worst order, counting its nodes.
func (w *worstSearch) search(ply, depth, alpha, beta int) int {
	w.nodes++
	if w.tick() {
		return 0
	}
	v, moves, leaf := w.end(ply, depth)
	if leaf {
		return v
	}
	// The children's exact values, from the side to move's point of view;
	// the worst first.
	type scored struct {
		m board.Move
		v int
	}
	order := make([]scored, len(moves))
	for i, m := range moves {
		order[i].m = m
	}
	for i := range order {
		w.g.Make(order[i].m)
		order[i].v = -w.exact(ply+1, depth-1)
		w.g.Unmake()
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].v < order[j].v })
	best := -engine.Infinity
	for _, s := range order {
		w.g.Make(s.m)
		v := -w.search(ply+1, depth-1, -beta, -alpha)
		w.g.Unmake()
		if w.stop {
			return best
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}
