package textbook

import (
	"context"
	"github.com/plylab/plylab/engine"
)

// The in-memory minimal-tree computation plylab used before the recursive
// one: the whole minimax tree is built, then the smallest proof is chosen on
// it. Kept as the reference the recursive computation must equal exactly.

type refNode struct {
	value int32
	first int32 // index of the first child; children are contiguous
	n     int32 // number of children (0 for leaves and terminal nodes)
}

type refBuilder struct {
	g       Game
	nodes   []refNode
	budget  int
	ctx     context.Context
	tooBig  bool
	stopped bool
}

// refMinimalTree builds the full minimax tree of g to depth (at most
// budget nodes) and returns the size of its minimal proof tree.
func refMinimalTree(ctx context.Context, g Game, depth, budget int) (MinimalTree, error) {
	mb := &refBuilder{g: g, budget: budget, ctx: ctx, nodes: make([]refNode, 1, 1024)}
	mb.build(0, 0, depth)
	if mb.tooBig {
		return MinimalTree{}, ErrTreeTooLarge
	}
	if mb.stopped {
		return MinimalTree{}, ctx.Err()
	}
	n, l := mb.exactR(0)
	return MinimalTree{Nodes: n, Leaves: l, Full: uint64(len(mb.nodes))}, nil
}

// build fills node idx (already allocated) with its exact negamax value.
func (mb *refBuilder) build(idx int32, ply, depth int) int32 {
	if mb.tooBig || mb.stopped {
		return 0
	}
	if len(mb.nodes)&4095 == 0 && mb.ctx.Err() != nil {
		mb.stopped = true
		return 0
	}
	if ply > 0 && mb.g.IsDraw() {
		mb.nodes[idx].value = 0
		return 0
	}
	moves := mb.g.Moves(ply)
	if len(moves) == 0 {
		v, _ := mb.g.NoMoves(ply)
		mb.nodes[idx].value = int32(v)
		return int32(v)
	}
	if depth <= 0 || ply >= engine.MaxPly {
		v := int32(mb.g.Evaluate())
		mb.nodes[idx].value = v
		return v
	}
	if len(mb.nodes)+len(moves) > mb.budget {
		mb.tooBig = true
		return 0
	}
	first := int32(len(mb.nodes))
	mb.nodes = append(mb.nodes, make([]refNode, len(moves))...)
	mb.nodes[idx].first, mb.nodes[idx].n = first, int32(len(moves))
	// Moves(ply) is overwritten by deeper plies only, so the slice stays
	// valid through the loop.
	best := int32(-engine.Infinity)
	for i, m := range moves {
		mb.g.Make(m)
		v := -mb.build(first+int32(i), ply+1, depth-1)
		mb.g.Unmake()
		if v > best {
			best = v
		}
	}
	mb.nodes[idx].value = best
	return best
}

// exact returns the minimal proof of node idx's exact value: one best child
// proved exactly, every other child proved no better.
func (mb *refBuilder) exactR(idx int32) (uint64, uint64) {
	nd := mb.nodes[idx]
	if nd.n == 0 {
		return 1, 1
	}
	var sumN, sumL uint64
	lowN := make([]uint64, nd.n)
	lowL := make([]uint64, nd.n)
	for i := int32(0); i < nd.n; i++ {
		lowN[i], lowL[i] = mb.lowerR(nd.first+i, -nd.value)
		sumN += lowN[i]
		sumL += lowL[i]
	}
	bestN, bestL := ^uint64(0), uint64(0)
	for i := int32(0); i < nd.n; i++ {
		c := nd.first + i
		if -mb.nodes[c].value != nd.value {
			continue
		}
		en, el := mb.exactR(c)
		if n := sumN - lowN[i] + en; n < bestN {
			bestN, bestL = n, sumL-lowL[i]+el
		}
	}
	return 1 + bestN, bestL
}

// lower returns the minimal proof that node idx's value is at least t: one
// child whose value (negated) reaches t, proved to be at most -t.
func (mb *refBuilder) lowerR(idx int32, t int32) (uint64, uint64) {
	nd := mb.nodes[idx]
	if nd.n == 0 {
		return 1, 1
	}
	bestN, bestL := ^uint64(0), uint64(0)
	for i := int32(0); i < nd.n; i++ {
		c := nd.first + i
		if -mb.nodes[c].value < t {
			continue
		}
		if n, l := mb.upperR(c, -t); n < bestN {
			bestN, bestL = n, l
		}
	}
	return 1 + bestN, bestL
}

// upper returns the minimal proof that node idx's value is at most t: every
// child must be proved to be at least -t.
func (mb *refBuilder) upperR(idx int32, t int32) (uint64, uint64) {
	nd := mb.nodes[idx]
	if nd.n == 0 {
		return 1, 1
	}
	var n, l uint64 = 1, 0
	for i := int32(0); i < nd.n; i++ {
		cn, cl := mb.lowerR(nd.first+i, -t)
		n += cn
		l += cl
	}
	return n, l
}
