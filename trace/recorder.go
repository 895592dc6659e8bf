package trace

import (
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// DefaultMaxNodes is the node budget of a Recorder created with a budget of
// zero: enough for every textbook tree and a readable chess picture, small
// enough that even a depth-8 engine search records in well under a
// megabyte.
const DefaultMaxNodes = 2000

// Recorder implements engine.Recorder: it builds the tree of one search
// while the search runs.
//
// Memory is bounded by a node budget. The first MaxNodes nodes are kept in
// visit order (the left part of the tree, where a well-ordered search puts
// its principal variation); every root move is kept even beyond the budget,
// so the top of the tree is always complete, and so is every move at the
// nodes of a principal variation given to Follow. Nodes beyond the budget are
// only counted: each adds one to Hidden of its nearest kept ancestor, so
// the drawing says exactly how much was left out and where.
//
// A search that enters the root more than once (iterative deepening, an
// aspiration re-search) is recorded as its last root search, the one that
// produced the result; the earlier ones are counted in Tree.Earlier.
//
// The recorder stores raw moves only; names (SAN or textbook letters) are
// computed afterwards for the kept nodes by Chess or Toy, so recording
// costs the search little more than an allocation per kept node.
//
// A Recorder serves one search at a time and is not safe for concurrent
// use.
type Recorder struct {
	maxNodes int
	follow   []board.Move
	root     *Node
	stack    []frame
	kept     int // nodes of the current root search kept in the tree
	omitted  int // nodes of the current root search only counted
	earlier  int // nodes of earlier root searches
	searches int // root searches seen
	// now is the current root search's progress: the next event's
	// number and the counts so far (Moment).
	now Moment
}

// frame is one open node on the search path. node is nil when the node is
// not kept; owner is the nearest kept node at or above it, which counts
// the visits that are not kept. pv is, for a node on the followed
// principal variation, the index of the next PV move; -1 off it. last is
// the child entered last (nil when it was not kept): the one whose return
// a cutoff or a better best move is about.
type frame struct {
	node  *Node
	owner *Node
	pv    int
	last  *Node
	// depth and quiescence are the node's, for IsLeaf when it is left.
	depth      int
	quiescence bool
}

// Moment is the search's progress at one event of a node, its entry or
// its exit, counted over the root search the tree holds. A replay of the
// search shows the recorded nodes' events in the order of Seq, with these
// counts: they are the recorder's, so they include the nodes beyond the
// node budget, which are counted but not kept.
type Moment struct {
	// Seq numbers the event among every entry and exit of the root
	// search, kept or not: 0 is the root's entry.
	Seq int
	// Nodes counts the nodes entered so far, this event's included;
	// Leaves the leaves left so far (IsLeaf); Cutoffs the nodes left by a
	// cutoff of any kind (IsCutoff).
	Nodes, Leaves, Cutoffs int
}

// IsLeaf reports whether a node of the main search (not quiescence),
// entered with depth remaining and ended so, is a leaf: a static
// evaluation or a textbook tree's leaf (End leaf), or a node at the depth
// limit where the full engine's quiescence search took over. A game's
// end (checkmate, stalemate, a draw) is no leaf.
func IsLeaf(depth int, quiescence bool, e engine.EndReason) bool {
	if quiescence {
		return false
	}
	switch e {
	case engine.EndLeaf:
		return true
	case engine.EndCheckmate, engine.EndStalemate, engine.EndDraw:
		return false
	}
	return depth <= 0
}

// IsCutoff reports whether a node that ended so was cut off: it stopped
// before searching all its moves because a bound was reached (an
// alpha-beta cutoff, the transposition table, a null move, reverse
// futility pruning, quiescence's stand pat or delta pruning).
func IsCutoff(e engine.EndReason) bool {
	switch e {
	case engine.EndCutoff, engine.EndTTCutoff, engine.EndNullCutoff, engine.EndRFP, engine.EndStandPat, engine.EndDelta:
		return true
	}
	return false
}

// NewRecorder returns a recorder that keeps at most maxNodes nodes (plus
// the root moves); 0 or less means DefaultMaxNodes.
func NewRecorder(maxNodes int) *Recorder {
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	return &Recorder{maxNodes: maxNodes}
}

// MaxNodes returns the node budget.
func (r *Recorder) MaxNodes() int { return r.maxNodes }

// Follow makes the recorder keep, whatever the budget, the nodes of the
// principal variation pv and every move searched at them, so a drawing
// explains the result even when the budget ran out long before the
// search found its best line. The PV is only known after a search:
// searches are deterministic, so search once, then again with Follow(PV)
// when Omitted says the budget was exceeded.
func (r *Recorder) Follow(pv []board.Move) { r.follow = append([]board.Move(nil), pv...) }

// Omitted returns the number of nodes of the last root search that were
// only counted, beyond the budget.
func (r *Recorder) Omitted() int { return r.omitted }

// Visited returns the number of nodes entered so far, kept or not, over
// every root search.
func (r *Recorder) Visited() int { return r.earlier + r.kept + r.omitted }

// Enter implements engine.Recorder.
func (r *Recorder) Enter(info engine.NodeInfo) {
	if len(r.stack) == 0 {
		// A new root search. The previous one (an earlier iteration) is
		// dropped: only the last search explains the result, and keeping
		// them all would spend the budget on the shallow iterations.
		if r.root != nil {
			r.earlier += r.kept + r.omitted
		}
		r.searches++
		r.kept, r.omitted = 0, 0
		r.now = Moment{}
		r.root = r.newNode(info)
		pv := -1
		if len(r.follow) > 0 {
			pv = 0
		}
		r.stack = append(r.stack, frame{node: r.root, owner: r.root, pv: pv, depth: info.Depth, quiescence: info.Quiescence})
		return
	}
	top := &r.stack[len(r.stack)-1]
	// The root's moves and the moves at the followed PV's nodes are kept
	// beyond the budget: at most a few hundred more nodes.
	always := top.node == r.root || top.pv >= 0
	if top.node == nil || (r.kept >= r.maxNodes && !always) {
		r.omitted++
		r.tick(true)
		top.owner.Hidden++
		top.last = nil
		r.stack = append(r.stack, frame{owner: top.owner, pv: -1, depth: info.Depth, quiescence: info.Quiescence})
		return
	}
	parent := top.node
	n := r.newNode(info)
	// The full engine re-enters the node it is in, at the same ply, to
	// verify a null-move cutoff with a reduced normal search.
	n.Verify = info.Ply == parent.Ply
	if k := len(parent.Children); k > 0 && !n.Verify && info.Move != board.NoMove && parent.Children[k-1].move == info.Move {
		// Same move again right after itself: a PVS or LMR re-search.
		n.Research = true
	}
	parent.Children = append(parent.Children, n)
	top.last = n
	pv := -1
	if top.pv >= 0 && top.pv < len(r.follow) && !n.Verify && !n.Null && info.Move == r.follow[top.pv] {
		pv = top.pv + 1
	}
	r.stack = append(r.stack, frame{node: n, owner: n, pv: pv, depth: info.Depth, quiescence: info.Quiescence})
}

func (r *Recorder) newNode(info engine.NodeInfo) *Node {
	n := &Node{
		ID:         r.kept,
		Ply:        info.Ply,
		Depth:      info.Depth,
		Alpha:      info.Alpha,
		Beta:       info.Beta,
		Quiescence: info.Quiescence,
		Null:       info.Null,
		move:       info.Move,
	}
	r.kept++
	n.Entered = r.tick(true)
	return n
}

// tick counts one event of the root search, an entry (enter) or an exit,
// and returns the moment it happened. An exit's leaf and cutoff are
// counted by the caller first.
func (r *Recorder) tick(enter bool) Moment {
	if enter {
		r.now.Nodes++
	}
	m := r.now
	r.now.Seq++
	return m
}

// Leave implements engine.Recorder.
func (r *Recorder) Leave(res engine.NodeResult) {
	if len(r.stack) == 0 {
		return // unbalanced call: nothing open
	}
	f := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	if IsLeaf(f.depth, f.quiescence, res.End) {
		r.now.Leaves++
	}
	if IsCutoff(res.End) {
		r.now.Cutoffs++
	}
	left := r.tick(false)
	if n := f.node; n != nil {
		n.Value, n.Bound, n.End = res.Value, res.Bound, res.End
		n.Searched, n.Total = res.Searched, res.Total
		n.best = res.Best
		n.Left = left
		if c := cutoffCause(n, f.last, res.End); c != nil {
			n.Cause = c.ID
		}
	}
}

// cutoffCause is the child whose return ended n with end: for an
// alpha-beta cutoff the child entered last (nil when it was not kept),
// for a null-move cutoff the null-move search; nil for any other end.
func cutoffCause(n, last *Node, end engine.EndReason) *Node {
	switch end {
	case engine.EndCutoff:
		return last
	case engine.EndNullCutoff:
		for i := len(n.Children) - 1; i >= 0; i-- {
			if n.Children[i].Null {
				return n.Children[i]
			}
		}
	}
	return nil
}

// Improved implements engine.Recorder: the child entered last raised its
// parent's best value so far (it is marked Raised), or quiescence's stand
// pat set the node's first best (StandPat).
func (r *Recorder) Improved(m board.Move, v int) {
	if len(r.stack) == 0 {
		return
	}
	f := r.stack[len(r.stack)-1]
	if f.node == nil {
		return
	}
	if m == board.NoMove {
		sp := v
		f.node.StandPat = &sp
		return
	}
	if c := f.last; c != nil && c.move == m && !c.Null && !c.Verify {
		c.Raised = true
	}
}

// Pruned implements engine.Recorder.
func (r *Recorder) Pruned(moves []board.Move) {
	if len(r.stack) == 0 {
		return
	}
	if n := r.stack[len(r.stack)-1].node; n != nil && len(moves) > 0 {
		// The search reuses its move list: copy.
		n.pruned = append([]board.Move(nil), moves...)
	}
}

// tree wraps what was recorded in a Tree with the result's counts; the
// caller names the moves and marks the principal variation.
func (r *Recorder) tree(res engine.Result) *Tree {
	return &Tree{
		Algo:        res.Algo,
		Depth:       res.Depth,
		Score:       res.Score,
		Root:        r.root,
		Nodes:       r.kept,
		Omitted:     r.omitted,
		Earlier:     r.earlier,
		Searches:    r.searches,
		SearchNodes: res.Stats.Nodes,
		QNodes:      res.Stats.QNodes,
		MaxNodes:    r.maxNodes,
	}
}
