package engine

import "github.com/plylab/plylab/engine/board"

// Bound says how a returned value relates to the true minimax value.
type Bound uint8

// The bounds. A fail-high node returns a lower bound, a fail-low node an
// upper bound; only nodes whose value fell inside (alpha, beta) are exact.
const (
	BoundNone Bound = iota
	Exact
	Lower
	Upper
)

// String returns "exact", "lower" or "upper".
func (b Bound) String() string {
	switch b {
	case Exact:
		return "exact"
	case Lower:
		return "lower"
	case Upper:
		return "upper"
	}
	return "none"
}

// EndReason says how a node ended.
type EndReason uint8

// The ways a node can end.
const (
	EndExpanded   EndReason = iota // all moves searched
	EndCutoff                      // beta cutoff after move k of n
	EndTTCutoff                    // the transposition table's stored bound ended the node
	EndNullCutoff                  // the null-move search reached beta
	EndStandPat                    // quiescence: the static score already reached beta
	EndDelta                       // quiescence: even winning the best piece cannot raise alpha
	EndCheckmate                   // no legal move, in check
	EndStalemate                   // no legal move, not in check
	EndDraw                        // repetition, fifty-move rule or insufficient material
	EndLeaf                        // depth limit: static evaluation
	EndQuiet                       // quiescence node with no capture worth searching
	EndRFP                         // reverse futility pruning: static eval far above beta
)

var endNames = [...]string{"expanded", "cutoff", "tt-cutoff", "null-cutoff", "stand-pat", "delta", "checkmate", "stalemate", "draw", "leaf", "quiet", "rfp"}

// String returns a short name such as "cutoff" or "stand-pat".
func (e EndReason) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "?"
}

// NodeInfo describes a node as the search enters it.
type NodeInfo struct {
	// Move is the move that led here (board.NoMove at the root and after a
	// null move). For textbook trees it is the child index plus one.
	Move       board.Move
	Ply        int
	Depth      int // remaining depth (0 or less inside quiescence)
	Alpha      int
	Beta       int
	Quiescence bool
	Null       bool // reached by a null move
}

// NodeResult describes how a node ended.
type NodeResult struct {
	Value    int
	Bound    Bound
	End      EndReason
	Searched int // moves searched
	Total    int // legal moves available (0 when not generated)
	Best     board.Move
}

// Recorder observes a search: every node entry and exit, and the moves left
// unsearched by each cutoff. The searches call it only when it is not nil,
// so an absent recorder costs one predictable branch per node. The trace
// package implements it to build drawable trees.
type Recorder interface {
	// Enter is called when the search starts visiting a node.
	Enter(n NodeInfo)
	// Leave is called when the search leaves the most recently entered node.
	Leave(r NodeResult)
	// Pruned reports the moves of the current node that were never searched
	// because of a cutoff (called before Leave).
	Pruned(moves []board.Move)
	// Improved reports that the current node's best value so far rose to
	// v (negamax: the side to move's view): m is the move whose child,
	// just left, raised it, or board.NoMove when quiescence's stand-pat
	// score sets the first best before any move.
	Improved(m board.Move, v int)
}
