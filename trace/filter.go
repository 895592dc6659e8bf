package trace

import (
	"fmt"
	"math"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/param"
)

// Filter selects what of a tree is drawn. Removed nodes are never lost
// silently: each is added to Hidden of the drawn node above it, which the
// views show as "… N more nodes".
type Filter struct {
	// Focus is a move path from the root (UCI or SAN for chess, letters
	// for textbook trees, "null"/"verify" for those nodes): only the
	// subtree under it is drawn.
	Focus []string
	// PVOnly draws the principal variation, every move searched at each
	// of its nodes (as one node, its subtree folded) and the moves pruned
	// there.
	PVOnly bool
	// MaxDepth draws only this many plies below the (focused) root; 0
	// draws all.
	MaxDepth int
	// Collapse folds every subtree of fewer than Collapse nodes that is
	// not on the principal variation into its top node; 0 folds none.
	Collapse int
	// Fit, if positive, folds the smallest subtrees off the principal
	// variation (as Collapse does, with the smallest size that works)
	// until at most Fit nodes are drawn, so a big tree still makes a
	// readable picture. When that is not enough, the moves searched at
	// the principal variation's nodes, the root's too, fold as well: runs
	// of sibling moves become one fold node each (Node.Fold, "17 more
	// moves, all ≤ +0"), but for as many at each node as fit, those that
	// raised the best so far first. The principal variation itself is
	// never folded, so a tree may stay above Fit.
	Fit int
}

// IsZero reports whether the filter keeps everything.
func (f Filter) IsZero() bool {
	return len(f.Focus) == 0 && !f.PVOnly && f.MaxDepth <= 0 && f.Collapse <= 0 && f.Fit <= 0
}

// String describes the filter for titles, e.g. "focus a1a6 b7a6, pv only".
func (f Filter) String() string {
	var parts []string
	if len(f.Focus) > 0 {
		parts = append(parts, "focus "+strings.Join(f.Focus, " "))
	}
	if f.PVOnly {
		parts = append(parts, "pv only")
	}
	if f.MaxDepth > 0 {
		parts = append(parts, fmt.Sprintf("max depth %d", f.MaxDepth))
	}
	if f.Collapse > 0 {
		parts = append(parts, fmt.Sprintf("subtrees of fewer than %d nodes folded", f.Collapse))
	}
	return strings.Join(parts, ", ")
}

// Apply returns a copy of t showing only what f selects (t itself is not
// changed). A focus path that leads nowhere is an error naming the moves
// available where it went wrong.
func (t *Tree) Apply(f Filter) (*Tree, error) {
	if f.IsZero() || t.Root == nil {
		return t, nil
	}
	out := *t
	root := t.Root
	for i, step := range f.Focus {
		next := findChild(root, step)
		if next == nil {
			where := "at the root"
			if i > 0 {
				where = "after " + strings.Join(f.Focus[:i], ",")
			}
			return nil, param.Errorf("{Focus}: no move %q %s; the moves searched there are: %s", step, where, childNames(root, t.Kind))
		}
		root = next
	}
	out.Root = copyNode(root, 0, f)
	if f.Collapse > 0 {
		collapse(out.Root, f.Collapse)
	}
	desc := f.String()
	if f.Fit > 0 && out.Root.Count() > f.Fit {
		if d := fitTo(out.Root, f.Fit); d != "" {
			if desc != "" {
				desc += ", "
			}
			desc += d
		}
	}
	out.Nodes = out.Root.Count()
	if desc != "" {
		if out.Filter != "" {
			out.Filter += ", "
		}
		out.Filter += desc
	}
	return &out, nil
}

// fitTo folds the tree under root until at most fit nodes are drawn, as
// far as folding can, and describes what it did ("" when nothing was
// folded). First it folds the smallest subtrees off the principal
// variation (fitSize, as Collapse does). When even folding all of them
// leaves too many nodes, the moves searched at the principal variation's
// nodes (the root's among them) fold too: at each such node the moves
// that stay (the principal variation's, a null-move or verification
// search, the move that caused a cutoff) and k others stay drawn, those
// that raised the best so far first, and each run of two or more other
// moves next to each other in search order becomes one fold node ("17
// more moves, all ≤ +0"); k is the largest that fits (foldKeep).
func fitTo(root *Node, fit int) string {
	size, fits := fitSize(root, fit)
	if size > 0 {
		collapse(root, size)
	}
	if fits {
		if size == 0 {
			return ""
		}
		return fmt.Sprintf("subtrees of fewer than %d nodes folded to fit %d nodes", size, fit)
	}
	// Not enough: size, if any, folded every subtree that folds.
	const subtrees = "every subtree off the principal variation folded"
	k, ok := foldKeep(root, fit)
	if !ok {
		if size == 0 {
			return ""
		}
		return fmt.Sprintf("%s to fit %d nodes", subtrees, fit)
	}
	foldMoves(root, k)
	moves := "the other moves at the principal variation's nodes folded into boxes"
	if size > 0 {
		moves = subtrees + ", and the other moves at its nodes folded into boxes"
	}
	if k > 0 {
		moves += fmt.Sprintf(" but %d at each,", k)
	}
	return fmt.Sprintf("%s to fit %d nodes", moves, fit)
}

// fitSize returns the smallest Collapse size that draws at most fit nodes
// of the tree under root, and true; or, when none does, the size that
// folds everything foldable and false; 0 when folding subtrees cannot
// reduce the tree.
func fitSize(root *Node, fit int) (int, bool) {
	visited := map[*Node]int{}
	var count func(n *Node) int
	count = func(n *Node) int {
		c := 1 + n.Hidden
		for _, ch := range n.Children {
			c += count(ch)
		}
		visited[n] = c
		return c
	}
	all := count(root)
	// drawn is the number of nodes drawn after collapse(root, size),
	// which only falls as size grows: binary search.
	var drawn func(n *Node, size int) int
	drawn = func(n *Node, size int) int {
		if !n.PV && len(n.Children) > 0 && visited[n] < size {
			return 1
		}
		c := 1
		for _, ch := range n.Children {
			c += drawn(ch, size)
		}
		return c
	}
	lo, hi := 2, all+1
	least := drawn(root, hi)
	if least >= drawn(root, 0) {
		return 0, least <= fit
	}
	if least > fit {
		return hi, false
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if drawn(root, mid) <= fit {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, true
}

// A run of a node's children that is one move: the move and its
// re-searches (Node.Research), which follow it at once.
type moveRun struct{ first, last int }

// moveRuns splits n's children into moves.
func moveRuns(n *Node) []moveRun {
	var out []moveRun
	for i, c := range n.Children {
		if i > 0 && c.Research && len(out) > 0 {
			out[len(out)-1].last = i
			continue
		}
		out = append(out, moveRun{i, i})
	}
	return out
}

// stays reports whether the move r of n is never folded: the principal
// variation's, a null-move or verification search, the move that caused
// n's cutoff, or a fold already.
func stays(n *Node, r moveRun) bool {
	for _, c := range n.Children[r.first : r.last+1] {
		if c.PV || c.Null || c.Verify || c.Fold != nil || (n.Cause != 0 && c.ID == n.Cause) {
			return true
		}
	}
	return false
}

// foldPlan returns, for node n and the number k of foldable moves that
// stay drawn, the runs of moves to fold: each two or more moves next to
// each other, every one foldable (not stays) and not among the k kept.
// The moves kept are, first, those that raised n's best so far (Raised:
// with the folds between them they tell how the bound rose, "Kd1 0, 5
// more moves all ≤ 0, Nxg6 +100, 11 more moves all ≤ +100"), then the
// first others in search order.
func foldPlan(n *Node, k int) [][]moveRun {
	runs := moveRuns(n)
	var foldable []int // indexes into runs, raised first
	var rest []int
	for i, r := range runs {
		if stays(n, r) {
			continue
		}
		if n.Children[r.last].Raised {
			foldable = append(foldable, i)
		} else {
			rest = append(rest, i)
		}
	}
	foldable = append(foldable, rest...)
	kept := map[int]bool{}
	for _, i := range foldable[:min(k, len(foldable))] {
		kept[i] = true
	}
	var groups [][]moveRun
	var cur []moveRun
	flush := func() {
		if len(cur) >= 2 {
			groups = append(groups, cur)
		}
		cur = nil
	}
	for i, r := range runs {
		if kept[i] || stays(n, r) {
			flush()
			continue
		}
		cur = append(cur, r)
	}
	flush()
	return groups
}

// foldKeep returns the largest k for which foldMoves(root, k) draws at
// most fit nodes, or 0 when none does; ok is false when folding moves
// cannot reduce the tree.
func foldKeep(root *Node, fit int) (k int, ok bool) {
	most := 0
	root.Walk(func(n *Node) { most = max(most, len(n.Children)) })
	drawn := func(k int) int {
		var count func(n *Node) int
		count = func(n *Node) int {
			c := 1
			grouped := map[int]bool{}
			groups := foldPlan(n, k)
			for _, g := range groups {
				c++
				for _, r := range g {
					for i := r.first; i <= r.last; i++ {
						grouped[i] = true
					}
				}
			}
			for i, ch := range n.Children {
				if !grouped[i] {
					c += count(ch)
				}
			}
			return c
		}
		return count(root)
	}
	if drawn(0) >= root.Count() {
		return 0, false
	}
	lo, hi := 0, most
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if drawn(mid) <= fit {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo, true
}

// foldMoves folds, at every node under root, the runs of moves
// foldPlan(n, k) names into fold nodes (newFold).
func foldMoves(n *Node, k int) {
	groups := foldPlan(n, k)
	if len(groups) > 0 {
		var kids []*Node
		next := 0
		for _, g := range groups {
			first, last := g[0].first, g[len(g)-1].last
			kids = append(kids, n.Children[next:first]...)
			kids = append(kids, newFold(n, g, first > 0))
			next = last + 1
		}
		n.Children = append(kids, n.Children[next:]...)
	}
	for _, c := range n.Children {
		if c.Fold == nil {
			foldMoves(c, k)
		}
	}
}

// newFold is the fold node of the moves g of parent; more says drawn
// moves come before it. Its End is the moves' own when every one ended
// the same way at a leaf or at the game's end (so it is drawn as they
// would be), else expanded. Each move's value is its last search's (a
// re-search replaces the search before it), and the bound is the one
// every value satisfies from MAX's view: at a MAX node, whose other moves
// are worth no more than its best, "all ≤" when it holds, else "all ≥";
// at a MIN node the other way round.
func newFold(parent *Node, g []moveRun, more bool) *Node {
	var moves []string
	upper, lower := true, true
	hi, lo := math.MinInt, math.MaxInt
	raised, quiet := false, true
	hidden := -1
	end := parent.Children[g[0].first].End
	for _, r := range g {
		for _, c := range parent.Children[r.first : r.last+1] {
			hidden += c.Visited()
			raised = raised || c.Raised
			quiet = quiet && c.Quiescence
			if c.End != end {
				end = engine.EndExpanded
			}
		}
		c := parent.Children[r.last]
		moves = append(moves, parent.Children[r.first].Name)
		v, b := c.MaxValue(), c.MaxBound()
		hi, lo = max(hi, v), min(lo, v)
		upper = upper && (b == engine.Exact || b == engine.Upper)
		lower = lower && (b == engine.Exact || b == engine.Lower)
	}
	fg := &FoldGroup{Moves: moves, More: more, Bound: engine.BoundNone}
	switch {
	case upper && (parent.Max() || !lower):
		fg.Bound, fg.Value = engine.Upper, hi
	case lower:
		fg.Bound, fg.Value = engine.Lower, lo
	}
	switch end {
	case engine.EndLeaf, engine.EndQuiet, engine.EndCheckmate, engine.EndStalemate, engine.EndDraw:
		// Every move ended so: the fold is drawn as they would be.
	default:
		end = engine.EndExpanded
	}
	first := parent.Children[g[0].first]
	last := parent.Children[g[len(g)-1].last]
	f := &Node{
		ID: first.ID, Name: fg.Label(), Path: append([]string{}, parent.Path...),
		Ply: first.Ply, Depth: first.Depth, Alpha: first.Alpha, Beta: first.Beta,
		End: end, Quiescence: quiet, Hidden: hidden,
		Entered: first.Entered, Left: last.Left, Raised: raised, Fold: fg,
	}
	// Value and Bound in the node's negamax view, as every node's.
	f.Value, f.Bound = fg.Value, fg.Bound
	if !f.Max() {
		f.Value = -fg.Value
		switch fg.Bound {
		case engine.Upper:
			f.Bound = engine.Lower
		case engine.Lower:
			f.Bound = engine.Upper
		}
	}
	if fg.Bound == engine.BoundNone {
		f.Value = 0
	}
	return f
}

// findChild returns the child reached by move step: by UCI or SAN name,
// or "null"/"verify"; the last match when a move was searched twice.
func findChild(n *Node, step string) *Node {
	step = strings.TrimSpace(step)
	var found *Node
	for _, c := range n.Children {
		if c.Name == step || (c.UCI != "" && strings.EqualFold(c.UCI, step)) || strings.TrimRight(c.Name, "+#") == strings.TrimRight(step, "+#") {
			found = c
		}
	}
	return found
}

func childNames(n *Node, kind string) string {
	if len(n.Children) == 0 {
		return "none (the node is a leaf)"
	}
	seen := map[string]bool{}
	var names []string
	for _, c := range n.Children {
		name := c.Name
		if kind == KindChess && c.UCI != "" && c.UCI != "0000" {
			name = c.UCI + " (" + c.Name + ")"
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

// copyNode copies the subtree under n as f selects; depth is the distance
// from the drawn root.
func copyNode(n *Node, depth int, f Filter) *Node {
	c := *n
	c.Children = nil
	if f.MaxDepth > 0 && depth >= f.MaxDepth {
		c.Hidden = n.Visited() - 1
		return &c
	}
	for _, ch := range n.Children {
		if f.PVOnly && !n.PV {
			c.Hidden += ch.Visited()
			continue
		}
		c.Children = append(c.Children, copyNode(ch, depth+1, f))
	}
	return &c
}

// collapse folds small subtrees off the principal variation into their
// top node, bottom-up.
func collapse(n *Node, min int) {
	for _, c := range n.Children {
		collapse(c, min)
	}
	if !n.PV && len(n.Children) > 0 && n.Visited() < min {
		n.Hidden = n.Visited() - 1
		n.Children = nil
	}
}
