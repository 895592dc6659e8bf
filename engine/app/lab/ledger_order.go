package lab

import (
	"fmt"
	"math"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/textbook"
)

// The RAM-Z paper's bounds on alpha-beta (Appendix V-A.3): with the best
// moves searched last it gains nothing over minimax, O(b^d); with the best
// move first it approaches O(b^(d/2)), doubling the depth searched in the
// same time. Both are measured on their own quantity: alpha-beta with the
// worst move order at every node (textbook.WorstOrder), and the minimal
// tree, which is alpha-beta with the best move first at every node
// (textbook.ComputeMinimalTree), each against minimax's tree, from the
// start position with PeSTO (its values are rarely tied, so the worst
// order cannot cut on a tie).

const (
	// bestDepth is the deepest minimal tree the ledger computes (a few
	// seconds); worstDepth the depth of the worst-ordered search, which
	// visits nearly minimax's tree (depth 5 has 5 million nodes).
	bestDepth  = 6
	worstDepth = 4
	// orderEval is the evaluation of both.
	orderEval = eval.PeSTO
)

// orderRuns are the minimal trees and the worst-ordered search.
type orderRuns struct {
	minimal, minimax [bestDepth + 1]uint64 // by depth: the minimal tree, minimax's tree
	worst            uint64                // worst-ordered alpha-beta at worstDepth
}

func (m *measures) orderBounds() (*orderRuns, error) {
	if m.order != nil {
		return m.order, nil
	}
	r := &orderRuns{}
	for d := 1; d <= bestDepth; d++ {
		mt, err := textbook.ComputeMinimalTree(m.ctx, textbook.NewChessGame(board.New(), orderEval), d, math.MaxInt)
		if err != nil {
			return nil, err
		}
		r.minimal[d], r.minimax[d] = mt.Nodes, mt.Full
	}
	w, err := textbook.WorstOrder(m.ctx, textbook.NewChessGame(board.New(), orderEval), worstDepth)
	if err != nil {
		return nil, err
	}
	r.worst = w.Nodes
	m.order = r
	return r, nil
}

// exponent is e with nodes = full^e: 1 for minimax's whole tree, 1/2 for
// a tree of the square root of its size.
func exponent(nodes, full uint64) float64 { return math.Log(float64(nodes)) / math.Log(float64(full)) }

func (r *orderRuns) worstClaim() Claim {
	d := worstDepth
	e := exponent(r.worst, r.minimax[d])
	return Claim{Where: "Appendix V-A.3", Kind: KindValue,
		Claim:   "with the best moves searched last, alpha-beta gains nothing over minimax: O(b^d)",
		Claimed: "b^d: minimax's tree (exponent 1)",
		Live: fmt.Sprintf("exponent %.2f: alpha-beta with the worst move order at every node visits %d nodes at depth %d, %.1f%% of minimax's %d (start position, %s)",
			e, r.worst, d, 100*float64(r.worst)/float64(r.minimax[d]), r.minimax[d], orderEval),
		Verdict: verdictRounds(1, 1, e), Rule: RuleRounds,
		Why: "the exponent is log(nodes) / log(minimax's nodes); the worst order still cuts where a later move ties the bound, which PeSTO's values rarely do"}
}

func (r *orderRuns) bestClaim() Claim {
	d := bestDepth
	e := exponent(r.minimal[d], r.minimax[d])
	return Claim{Where: "Appendix V-A.3", Kind: KindValue,
		Claim:   "with the best move examined first, alpha-beta approaches its best case, O(b^(d/2))",
		Claimed: "b^(d/2): the square root of minimax's tree (exponent 1/2)",
		Live: fmt.Sprintf("exponent %.2f: the minimal tree (the best move first at every node) has %d nodes at depth %d, minimax's tree %d (start position, %s; at depth 4: %d against %d, exponent %.2f)",
			e, r.minimal[d], d, r.minimax[d], orderEval, r.minimal[4], r.minimax[4], exponent(r.minimal[4], r.minimax[4])),
		Verdict: verdictRounds(0.5, 1, e), Rule: RuleRounds,
		Why: fmt.Sprintf("the exponent falls toward 1/2 as the depth grows: the minimal tree is about twice b^(d/2) (Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ - 1), a factor that counts less the deeper the tree; depth %d is the deepest the ledger computes in a few seconds", d)}
}

func (r *orderRuns) doublingClaim() Claim {
	k := bestDepth / 2
	reach := 0
	for d := 1; d <= bestDepth; d++ {
		if r.minimal[d] <= r.minimax[k] {
			reach = d
		}
	}
	return Claim{Where: "Appendix V-A.3", Kind: KindValue,
		Claim:   "with the best move first, alpha-beta searches twice the depth in the same time",
		Claimed: fmt.Sprintf("depth %d where minimax reaches %d", 2*k, k),
		Live: fmt.Sprintf("depth %d: the minimal tree fits depth %d in the %d nodes minimax needs for depth %d; depth %d takes %d, %.1f times as many (start position, %s)",
			reach, reach, r.minimax[k], k, 2*k, r.minimal[2*k], float64(r.minimal[2*k])/float64(r.minimax[k]), orderEval),
		Verdict: verdictRounds(float64(2*k), 1, float64(reach)), Rule: RuleRounds,
		Why: "perfect ordering doubles the depth at about twice minimax's cost (the minimal tree is about 2 b^(d/2)), so in minimax's own budget it stops a ply short"}
}
