package trace

import (
	"fmt"
	"strings"

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
	// readable picture. The principal variation and the moves searched at
	// its nodes are never folded, so a tree may stay above Fit.
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
		if size := fitSize(out.Root, f.Fit); size > 0 {
			collapse(out.Root, size)
			if desc != "" {
				desc += ", "
			}
			desc += fmt.Sprintf("subtrees of fewer than %d nodes folded to fit %d nodes", size, f.Fit)
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

// fitSize returns the smallest Collapse size that draws at most fit nodes
// of the tree under root, or the size that folds everything foldable when
// none does; 0 when folding cannot reduce the tree.
func fitSize(root *Node, fit int) int {
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
	if drawn(root, hi) >= drawn(root, 0) {
		return 0
	}
	if drawn(root, hi) > fit {
		return hi
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if drawn(root, mid) <= fit {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
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
