package textbook

import (
	"context"
	"errors"
	"github.com/plylab/plylab/engine"

	"github.com/plylab/plylab/engine/board"
)

// Minimal tree.
//
// How close does an ordering come to perfect? Knuth and Moore showed that
// proving a minimax value needs a "minimal tree": at a PV node every move
// must be searched (one to establish the value, the rest to refute), at a
// CUT node one good refutation suffices, and at an ALL node every move must
// be searched to show none helps. With perfect ordering alpha-beta visits
// exactly such a tree; with uniform branching b and depth d it has
// b^ceil(d/2) + b^floor(d/2) - 1 leaves.
//
// Real trees are not uniform, so plylab computes the exact minimal tree of a
// position: it needs the exact value of every node, but never keeps the tree.
// The root's value R comes first, from an alpha-beta search with the same
// leaves. Every node the minimal tree can ask about, at ply p, is then asked
// about one bound only, t = R at even plies and -R at odd ones (negamax
// values): a node proved exactly has value t, and a bound proved below it is
// always the negation of its parent's. A second, full-width pass returns for
// every node, bottom-up, its value and three proof sizes against its bound t:
//
//	up(node)    = 1 + sum of lo(child)                   (value <= t: refute every move)
//	lo(node)    = 1 + min of up(child) over -v(child) >= t (value >= t: one move suffices)
//	exact(node) = 1 + sum of lo(child)
//	              + min of exact(child) - lo(child) over -v(child) == t
//
// with 1 for a leaf or terminal position, ties going to the first move in
// generation order, and leaves counted alongside with the same choices. The
// result is the fewest nodes any alpha-beta ordering could visit, counted
// with the same convention as every other search.
//
// The full tree of a middlegame position at depth 5 has tens of millions of
// nodes, but far fewer different ones: the same position reached by two
// move orders (a transposition) has the same subtree, so the same value and
// proof sizes. A game that can say when that is safe (SubtreeKey: no draw
// by repetition or by the fifty-move rule can depend on the path) gets a
// memo of finished subtrees, a fixed-size table of 64-bit keys that
// replaces old entries; the counts stay those of the tree, only the work
// shrinks. Without it the memory is one move list per ply.

// MinimalTree is the size of the smallest proof tree of a minimax value.
type MinimalTree struct {
	Nodes  uint64 // nodes, root included (same convention as Stats.Nodes)
	Leaves uint64 // leaves and terminal positions
	Full   uint64 // nodes of the full minimax tree it was computed from
}

// ErrTreeTooLarge is returned when the full tree (the part of it not found
// in the memo) exceeds the node budget.
var ErrTreeTooLarge = errors.New("minimax tree too large for a minimal-tree computation")

// mtSize is a proof size: nodes and leaves.
type mtSize struct{ n, l uint64 }

type minimalSearch struct {
	g       Game
	keyed   subtreeKeyer // g, when it can key its subtrees
	checker moveChecker  // g, when it can tell whether a node has a move
	budget  uint64
	count   uint64 // nodes visited by the current pass
	full    uint64 // nodes of the full tree, memo hits counted whole
	ctx     context.Context
	tooBig  bool
	stopped bool
	memo    []mtEntry
}

// subtreeKeyer is implemented by games whose equal positions have equal
// subtrees (ChessGame.SubtreeKey).
type subtreeKeyer interface {
	SubtreeKey(depth int) (uint64, bool)
}

// moveChecker is implemented by games that can tell whether a node has a
// move without listing them all (ChessGame.HasMoves).
type moveChecker interface{ HasMoves() bool }

// mtEntry is a finished subtree in the memo.
type mtEntry struct {
	key           uint64
	full          uint64
	exact, lo, up mtSize
	v             int32
}

// mtMemoBits bounds the memo at 2^20 entries (72 bytes each, about 75 MB);
// shallow trees get a smaller one (see memoBits).
const mtMemoBits = 20

// memoBits sizes the memo for a tree of the given depth: a few thousand
// entries at depth 1, the maximum from depth 4 on.
func memoBits(depth int) int { return min(mtMemoBits, 8+3*depth) }

// ComputeMinimalTree returns the size of the minimal proof tree of g's
// minimax value at depth, visiting the full tree (at most budget nodes)
// with memory proportional to depth.
func ComputeMinimalTree(ctx context.Context, g Game, depth, budget int) (MinimalTree, error) {
	ms := &minimalSearch{g: g, budget: uint64(max(budget, 0)), ctx: ctx}
	if k, ok := g.(subtreeKeyer); ok {
		ms.keyed = k
	}
	// Asked once here, not at every leaf: a type assertion to an
	// interface looks up a method table, which WebAssembly does slowly.
	if c, ok := g.(moveChecker); ok {
		ms.checker = c
	}
	root := ms.value(0, depth, -mtWindow, mtWindow)
	if ms.tooBig {
		return MinimalTree{}, ErrTreeTooLarge
	}
	if ms.stopped {
		return MinimalTree{}, ctx.Err()
	}
	ms.count = 0
	if ms.keyed != nil {
		ms.memo = make([]mtEntry, 1<<memoBits(depth))
	}
	_, exact, _, _ := ms.prove(0, depth, int32(root))
	if ms.tooBig {
		return MinimalTree{}, ErrTreeTooLarge
	}
	if ms.stopped {
		return MinimalTree{}, ctx.Err()
	}
	return MinimalTree{Nodes: exact.n, Leaves: exact.l, Full: ms.full}, nil
}

// mtWindow lies outside every value a node can take.
const mtWindow = int64(1) << 40

// enter counts a node and reports whether the pass must stop.
func (ms *minimalSearch) enter() bool {
	if ms.tooBig || ms.stopped {
		return true
	}
	ms.count++
	if ms.count > ms.budget {
		ms.tooBig = true
		return true
	}
	if ms.count&4095 == 0 && ms.ctx.Err() != nil {
		ms.stopped = true
		return true
	}
	return false
}

// leaf returns the value of the current node if it has no children in the
// full tree (a draw by the rules, no moves, or the depth limit), and its
// moves otherwise.
func (ms *minimalSearch) leaf(ply, depth int) (int32, []board.Move, bool) {
	if ply > 0 && ms.g.IsDraw() {
		return 0, nil, true
	}
	if depth <= 0 || ply >= engine.MaxPly {
		// A leaf needs only to know whether it has a move at all.
		if hm := ms.checker; hm != nil {
			if hm.HasMoves() {
				return int32(ms.g.Evaluate()), nil, true
			}
			v, _ := ms.g.NoMoves(ply)
			return int32(v), nil, true
		}
	}
	moves := ms.g.Moves(ply)
	if len(moves) == 0 {
		v, _ := ms.g.NoMoves(ply)
		return int32(v), nil, true
	}
	if depth <= 0 || ply >= engine.MaxPly {
		return int32(ms.g.Evaluate()), nil, true
	}
	return 0, moves, false
}

// value is a plain fail-hard alpha-beta search over the same tree; with
// the window (-mtWindow, mtWindow) at the root it returns the exact value.
func (ms *minimalSearch) value(ply, depth int, alpha, beta int64) int64 {
	if ms.enter() {
		return 0
	}
	v, moves, isLeaf := ms.leaf(ply, depth)
	if isLeaf {
		return int64(v)
	}
	for _, m := range moves {
		ms.g.Make(m)
		s := -ms.value(ply+1, depth-1, -beta, -alpha)
		ms.g.Unmake()
		if s > alpha {
			alpha = s
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// prove returns what proveNode does, from the memo when the subtree was
// finished before.
func (ms *minimalSearch) prove(ply, depth int, t int32) (int32, mtSize, mtSize, mtSize) {
	if ms.keyed == nil || depth < 1 {
		return ms.proveNode(ply, depth, t)
	}
	key, ok := ms.keyed.SubtreeKey(depth)
	if !ok {
		return ms.proveNode(ply, depth, t)
	}
	e := &ms.memo[key&uint64(len(ms.memo)-1)]
	if e.key == key && e.full != 0 {
		ms.full += e.full
		return e.v, e.exact, e.lo, e.up
	}
	before := ms.full
	v, exact, lo, up := ms.proveNode(ply, depth, t)
	if !ms.tooBig && !ms.stopped {
		*e = mtEntry{key: key, full: ms.full - before, exact: exact, lo: lo, up: up, v: v}
	}
	return v, exact, lo, up
}

// proveNode visits the full subtree of the current node and returns its exact
// value and the sizes of its smallest proofs of value == t (valid when the
// value is t), value >= t (valid when it is at least t) and value <= t
// (valid when it is at most t).
func (ms *minimalSearch) proveNode(ply, depth int, t int32) (v int32, exact, lo, up mtSize) {
	if ms.enter() {
		return 0, exact, lo, up
	}
	ms.full++
	v, moves, isLeaf := ms.leaf(ply, depth)
	if isLeaf {
		one := mtSize{1, 1}
		return v, one, one, one
	}
	best := int32(-engine.Infinity)
	var sumLo mtSize
	loBest := mtSize{n: ^uint64(0)}
	bestDN, bestDL, found := int64(0), int64(0), false
	// Moves(ply) is overwritten by deeper plies only, so the slice stays
	// valid through the loop.
	for _, m := range moves {
		ms.g.Make(m)
		cv, ce, clo, cup := ms.prove(ply+1, depth-1, -t)
		ms.g.Unmake()
		w := -cv
		if w > best {
			best = w
		}
		sumLo.n += clo.n
		sumLo.l += clo.l
		if w >= t && cup.n < loBest.n {
			loBest = cup
		}
		if w == t {
			if dn := int64(ce.n) - int64(clo.n); !found || dn < bestDN {
				bestDN, bestDL, found = dn, int64(ce.l)-int64(clo.l), true
			}
		}
	}
	exact = mtSize{1 + uint64(int64(sumLo.n)+bestDN), uint64(int64(sumLo.l) + bestDL)}
	return best, exact, mtSize{1 + loBest.n, loBest.l}, mtSize{1 + sumLo.n, sumLo.l}
}
