package trace

import (
	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
)

// Kinds of trees.
const (
	KindChess = "chess" // a chess position; moves in SAN, values in centipawns
	KindToy   = "toy"   // a textbook tree; moves a, b, c..., values as written
)

// Tree is one traced search: the tree of the last root search and the
// numbers needed to say what it shows and what it leaves out.
type Tree struct {
	// Kind is KindChess or KindToy.
	Kind string
	// Title names the input, e.g. "paper-mate2" or "russell-norvig".
	Title string
	// Algo is the algorithm, e.g. "alphabeta" or "engine-without-null".
	Algo string
	// Start is the searched position (FEN) or textbook tree (nested list).
	Start string
	// RootPlayer is the side to move at the root, MAX: "White", "Black",
	// or "MAX" for textbook trees.
	RootPlayer string
	// Depth is the depth searched and Score the result, from MAX's view.
	Depth int
	Score int
	// PV is the principal variation in SAN (or textbook move names).
	PV []string
	// Root is the root node; nil if the search never started.
	Root *Node
	// Nodes is the number of nodes in Root's tree.
	Nodes int
	// Omitted counts the nodes of the last root search visited beyond the
	// node budget and therefore not kept (each is in some node's Hidden).
	Omitted int
	// Earlier counts the nodes of earlier root searches (iterations of
	// iterative deepening, aspiration re-searches), which are not drawn.
	Earlier int
	// Searches is the number of root searches (1 for minimax and
	// alpha-beta).
	Searches int
	// SearchNodes and QNodes are the search result's node counts (main
	// search and quiescence). Earlier+Nodes+Omitted = SearchNodes+QNodes
	// for an unfiltered tree.
	SearchNodes uint64
	QNodes      uint64
	// Cutoffs, PrunedMoves, TTCutoffs and NullCutoffs count the recorded
	// search's alpha-beta cutoffs, moves never searched, transposition
	// table cutoffs and null-move cutoffs (beyond the node budget they are
	// not seen). Display filters leave them as they are.
	Cutoffs     int
	PrunedMoves int
	TTCutoffs   int
	NullCutoffs int
	// MaxNodes is the recorder's node budget.
	MaxNodes int
	// Filter describes the display filters applied, "" for none.
	Filter string
}

// Node is one position the search visited.
type Node struct {
	// ID numbers the kept nodes in visit order from 0 (the root).
	ID int
	// Name is the move that led here in SAN (chess) or as a letter
	// (textbook trees: a, b, c... for the first, second, third child);
	// "root" at the root, "null" after a null move, "verify" for a
	// null-move verification search of the parent position.
	Name string
	// UCI is the move in UCI notation (chess), "0000" for a null move; for
	// textbook trees the same as Name.
	UCI string
	// Path lists the moves from the root to here: UCI for chess, letters
	// for textbook trees, "null" and "verify" for those nodes.
	Path []string
	// Ply is the distance from the root; Depth the remaining depth the
	// search gave the node (0 or less in quiescence).
	Ply   int
	Depth int
	// Alpha and Beta are the window on entry and Value the value
	// returned, all negamax: from the side to move's point of view. See
	// MaxValue and MaxWindow for MAX's view.
	Alpha int
	Beta  int
	Value int
	// Bound says whether Value is exact or a lower or upper bound
	// (negamax view; see MaxBound).
	Bound engine.Bound
	// End says how the node ended.
	End engine.EndReason
	// Searched and Total: moves searched out of the moves available
	// (Total is 0 when moves were never generated).
	Searched int
	Total    int
	// Best is the best move found, in SAN or as a letter ("" if none).
	Best string
	// Quiescence marks nodes of the quiescence search.
	Quiescence bool
	// Null marks the position after a null move (the side to move
	// passed).
	Null bool
	// Verify marks a null-move verification search: the parent position
	// searched again, reduced, without null move.
	Verify bool
	// Research marks a move searched again right after itself (principal
	// variation search or late move reduction re-search).
	Research bool
	// PV marks the nodes of the principal variation.
	PV bool
	// Hidden counts descendants visited but not in Children: beyond the
	// node budget, or removed by a display filter.
	Hidden int
	// Pruned lists the moves a cutoff left unsearched, nil if none.
	Pruned *PrunedGroup
	// Children are the nodes searched below this one, in search order.
	Children []*Node
	// Fold, when not nil, makes the node a fold: a box a drawing puts in
	// place of several sibling moves (Filter.Fit), "17 more moves, all
	// ≤ +0". It is no position of the search: its ID is its first move's,
	// its Path its parent's, its window its first move's on entry, Entered
	// and Left the first move's entry and the last move's exit (a replay
	// shows it as one step in and one out), Raised whether one of them
	// raised the parent's best, Hidden every node searched in them but one
	// (so Visited counts them all), and Value and Bound the bound on their
	// values (FoldGroup, in the node's negamax view).
	Fold *FoldGroup

	// Entered and Left are the search's progress when it entered this
	// node and when it left it: a replay of the search shows the nodes'
	// events in the order of their Seq.
	Entered, Left Moment
	// Raised marks a node whose value, when the search came back from it,
	// became its parent's best so far: its move was then the parent's
	// best move.
	Raised bool
	// StandPat is a quiescence node's stand-pat score (negamax), its best
	// value before any move was searched; nil where there was none.
	StandPat *int
	// Cause is, at a node cut off by a move's or a null move's search, the
	// ID of the child whose value caused the cutoff; 0 (the root's ID,
	// never a child's) for other ends, or when that child was beyond the
	// node budget.
	Cause int

	move   board.Move
	best   board.Move
	pruned []board.Move
}

// PrunedGroup is the moves of a node never searched because of a cutoff,
// drawn as one "k pruned" entry.
type PrunedGroup struct {
	// Count is the number of moves pruned.
	Count int
	// Moves names them (SAN or letters), in the order the search would
	// have tried them.
	Moves []string
	// Subtrees (textbook trees only) writes out what each pruned move
	// leads to: a leaf value or a nested list, so a student sees what
	// alpha-beta never looked at.
	Subtrees []string
}

// FoldGroup is what a fold node stands for: moves searched at its parent,
// next to each other in search order, drawn as one box.
type FoldGroup struct {
	// Moves names the moves folded, in search order (a move searched
	// twice, a re-search, once).
	Moves []string
	// Bound says what bounds every folded move's value, from MAX's view:
	// engine.Upper "all ≤ Value", engine.Lower "all ≥ Value";
	// engine.BoundNone when no one bound holds (some are upper bounds,
	// some lower bounds).
	Bound engine.Bound
	// Value is the bound: the largest of the values (Upper) or the
	// smallest (Lower), MAX's view.
	Value int
	// More says the fold follows drawn siblings: "17 more moves".
	More bool
}

// Label names a fold's moves: "17 more moves", "2 moves".
func (g *FoldGroup) Label() string {
	word := "moves"
	if len(g.Moves) == 1 {
		word = "move"
	}
	if g.More {
		word = "more " + word
	}
	return textfmt.Thousands(len(g.Moves)) + " " + word
}

// BoundLabel is the fold's bound as drawn: "all ≤ +0", "all ≥ -35", or
// "bounds both ways" when no one bound holds.
func (t *Tree) BoundLabel(g *FoldGroup) string {
	switch g.Bound {
	case engine.Upper:
		return "all ≤ " + t.FormatValue(g.Value)
	case engine.Lower:
		return "all ≥ " + t.FormatValue(g.Value)
	}
	return "bounds both ways"
}

// Max reports whether MAX (the side to move at the root) is to move at n.
// Null moves add a ply and pass the move, so parity still tells.
func (n *Node) Max() bool { return n.Ply%2 == 0 }

// MaxValue returns Value from MAX's point of view.
func (n *Node) MaxValue() int {
	if n.Max() {
		return n.Value
	}
	return -n.Value
}

// MaxBound returns Bound from MAX's point of view: negating a value turns
// a lower bound into an upper bound.
func (n *Node) MaxBound() engine.Bound {
	if n.Max() {
		return n.Bound
	}
	switch n.Bound {
	case engine.Lower:
		return engine.Upper
	case engine.Upper:
		return engine.Lower
	}
	return n.Bound
}

// MaxWindow returns the window on entry from MAX's point of view: the
// textbook α (the best MAX is already sure of) and β (the best MIN is
// already sure of).
func (n *Node) MaxWindow() (alpha, beta int) {
	if n.Max() {
		return n.Alpha, n.Beta
	}
	return -n.Beta, -n.Alpha
}

// Count returns the number of nodes in the subtree rooted at n.
func (n *Node) Count() int {
	c := 1
	for _, ch := range n.Children {
		c += ch.Count()
	}
	return c
}

// Visited returns the number of nodes the search visited in the subtree
// rooted at n: the drawn ones and the hidden ones.
func (n *Node) Visited() int {
	c := 1 + n.Hidden
	for _, ch := range n.Children {
		c += ch.Visited()
	}
	return c
}

// Walk calls fn for n and every node below it, parents first.
func (n *Node) Walk(fn func(*Node)) {
	fn(n)
	for _, c := range n.Children {
		c.Walk(fn)
	}
}

// Walk calls fn for every node of the tree, parents first.
func (t *Tree) Walk(fn func(*Node)) {
	if t.Root != nil {
		t.Root.Walk(fn)
	}
}

// Stats counts what the tree shows.
type Stats struct {
	Nodes     int // nodes drawn
	Hidden    int // nodes visited but not drawn
	Cutoffs   int // alpha-beta cutoffs (End == cutoff)
	Pruned    int // moves never searched because of a cutoff
	TTCutoffs int
	NullCuts  int
	QNodes    int // quiescence nodes drawn
	PV        int // principal variation nodes drawn
}

// Stats counts the tree's nodes, cutoffs and pruned moves.
func (t *Tree) Stats() Stats {
	var s Stats
	t.Walk(func(n *Node) {
		s.Nodes++
		s.Hidden += n.Hidden
		switch n.End {
		case engine.EndCutoff:
			s.Cutoffs++
		case engine.EndTTCutoff:
			s.TTCutoffs++
		case engine.EndNullCutoff:
			s.NullCuts++
		}
		if n.Pruned != nil {
			s.Pruned += n.Pruned.Count
		}
		if n.Quiescence {
			s.QNodes++
		}
		if n.PV {
			s.PV++
		}
	})
	return s
}

// Chess finishes the recording of a search of b (the root position, which
// is not changed): it names every kept move in SAN, marks the principal
// variation of res and returns the tree. Title is left to the caller.
func (r *Recorder) Chess(b *board.Board, res engine.Result) *Tree {
	t := r.tree(res)
	t.Kind = KindChess
	t.Start = b.FEN()
	t.RootPlayer = "White"
	if b.Side() == board.Black {
		t.RootPlayer = "Black"
	}
	t.PV = b.SANLine(res.PV)
	if t.Root != nil {
		t.Root.Name, t.Root.UCI, t.Root.Path = "root", "", []string{}
		nameChess(t.Root, b.Copy())
		markPV(t.Root, res.PV)
	}
	t.count()
	return t
}

// Toy finishes the recording of a search of the textbook tree g: moves are
// named a, b, c..., pruned moves carry the subtree they would have led
// to, and the principal variation of res is marked.
func (r *Recorder) Toy(g *textbook.ToyTree, res engine.Result) *Tree {
	t := r.tree(res)
	t.Kind = KindToy
	t.Start = g.Root.String()
	t.RootPlayer = "MAX"
	for _, m := range res.PV {
		t.PV = append(t.PV, textbook.ToyMoveName(m))
	}
	if t.Root != nil {
		t.Root.Name, t.Root.UCI, t.Root.Path = "root", "", []string{}
		nameToy(t.Root, textbook.NewToyTree(g.Root))
		markPV(t.Root, res.PV)
	}
	t.count()
	return t
}

// count sets the search-wide totals from the recorded tree.
func (t *Tree) count() {
	s := t.Stats()
	t.Cutoffs, t.PrunedMoves, t.TTCutoffs, t.NullCutoffs = s.Cutoffs, s.Pruned, s.TTCutoffs, s.NullCuts
}

// nameChess names the moves below n; b is at n's position and is left
// there. One notnil position per node serves all the node's moves (SAN
// needs the position before the move, and notnil is slow).
func nameChess(n *Node, b *board.Board) {
	var ms []board.Move
	for _, c := range n.Children {
		if !c.Null && !c.Verify {
			ms = append(ms, c.move)
		}
	}
	ms = append(ms, n.pruned...)
	if n.best != board.NoMove {
		ms = append(ms, n.best)
	}
	san := sanNames(b, ms)
	if n.best != board.NoMove {
		n.Best = san[n.best]
	}
	if len(n.pruned) > 0 {
		g := &PrunedGroup{Count: len(n.pruned)}
		for _, m := range n.pruned {
			g.Moves = append(g.Moves, san[m])
		}
		n.Pruned = g
	}
	for _, c := range n.Children {
		switch {
		case c.Verify:
			c.Name, c.UCI = "verify", ""
			c.Path = extend(n.Path, "verify")
			nameChess(c, b)
		case c.Null:
			c.Name, c.UCI = "null", "0000"
			c.Path = extend(n.Path, "null")
			b.MakeNull()
			nameChess(c, b)
			b.UnmakeNull()
		default:
			c.Name, c.UCI = san[c.move], c.move.String()
			c.Path = extend(n.Path, c.UCI)
			b.Make(c.move)
			nameChess(c, b)
			b.Unmake()
		}
	}
}

// sanNames returns the SAN of each move at b's position (UCI for a move
// that is not legal there, which a transposition table collision could
// supply as a best move).
func sanNames(b *board.Board, ms []board.Move) map[board.Move]string {
	out := make(map[board.Move]string, len(ms))
	if len(ms) == 0 {
		return out
	}
	pos := b.Notnil()
	legal := make(map[string]*chess.Move)
	for _, m := range pos.ValidMoves() {
		legal[m.String()] = m
	}
	for _, m := range ms {
		if _, done := out[m]; done {
			continue
		}
		if nm, ok := legal[m.String()]; ok {
			out[m] = chess.AlgebraicNotation{}.Encode(pos, nm)
		} else {
			out[m] = m.String()
		}
	}
	return out
}

// nameToy names the moves below n; g is at n's node and is left there.
func nameToy(n *Node, g *textbook.ToyTree) {
	if n.best != board.NoMove {
		n.Best = textbook.ToyMoveName(n.best)
	}
	if len(n.pruned) > 0 {
		p := &PrunedGroup{Count: len(n.pruned)}
		cur := g.Current()
		for _, m := range n.pruned {
			p.Moves = append(p.Moves, textbook.ToyMoveName(m))
			if i := int(m) - 1; i >= 0 && i < len(cur.Children) {
				p.Subtrees = append(p.Subtrees, cur.Children[i].String())
			} else {
				p.Subtrees = append(p.Subtrees, "?")
			}
		}
		n.Pruned = p
	}
	for _, c := range n.Children {
		c.Name = textbook.ToyMoveName(c.move)
		c.UCI = c.Name
		c.Path = extend(n.Path, c.Name)
		g.Make(c.move)
		nameToy(c, g)
		g.Unmake()
	}
}

// extend returns path+name in a new slice (paths must not share arrays).
func extend(path []string, name string) []string {
	out := make([]string, len(path)+1)
	copy(out, path)
	out[len(path)] = name
	return out
}

// markPV marks the root and, following pv, each node of the principal
// variation. When a move was searched twice (a re-search), the last
// search is the one whose value counted.
func markPV(root *Node, pv []board.Move) {
	n := root
	n.PV = true
	for _, m := range pv {
		var next *Node
		for _, c := range n.Children {
			if c.move == m && !c.Null && !c.Verify {
				next = c
			}
		}
		if next == nil {
			return
		}
		next.PV = true
		n = next
	}
}
