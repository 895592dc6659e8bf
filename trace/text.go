package trace

import (
	"fmt"
	"io"
	"strings"

	"github.com/plylab/plylab/engine"
)

// Role says what a piece of the text view shows, so a Painter can color
// it.
type Role int

// The roles of the text view.
const (
	RolePlain  Role = iota
	RoleTitle       // the heading line
	RoleMax         // a MAX node's marker
	RoleMin         // a MIN node's marker
	RolePV          // principal variation
	RoleCutoff      // alpha-beta cutoff
	RoleTT          // transposition table event
	RoleNull        // null move event
	RoleMate        // checkmate, stalemate, draw
	RoleDim         // pruned moves, hidden nodes, windows, explanations
)

// Painter styles text for a role (e.g. with ANSI colors); nil leaves text
// as it is.
type Painter func(r Role, text string) string

// WriteText writes the trees as indented text trees, one node per line:
// the player to move (▲ MAX, ▼ MIN), the move, the value from MAX's view
// with its bound, α/β with opts.Window, how the node ended, and "PV" on
// the principal variation; moves a cutoff left unsearched appear as
// "✂ k pruned: ...".
func WriteText(w io.Writer, opts DrawOptions, paint Painter, trees ...*Tree) error {
	if paint == nil {
		paint = func(_ Role, s string) string { return s }
	}
	var b strings.Builder
	for i, t := range trees {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(paint(RoleTitle, t.Heading()) + "\n")
		b.WriteString(paint(RoleDim, t.Summary()) + "\n")
		if t.Filter != "" {
			b.WriteString(paint(RoleDim, "shown: "+t.Filter) + "\n")
		}
		if !opts.NoLegend && i == 0 {
			max := "MAX"
			if t.Kind == KindChess {
				max = "MAX (" + t.RootPlayer + ")"
			}
			b.WriteString(paint(RoleDim, fmt.Sprintf("%s %s to move  %s MIN to move  values from MAX's view, ≥ / ≤ bounds  ✂ never searched",
				paint(RoleMax, "▲"), max, paint(RoleMin, "▼"))) + "\n")
		}
		b.WriteByte('\n')
		if t.Root == nil {
			b.WriteString("(no search)\n")
			continue
		}
		tw := &textWriter{b: &b, t: t, opts: opts, paint: paint}
		tw.node(t.Root, "", "")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

type textWriter struct {
	b     *strings.Builder
	t     *Tree
	opts  DrawOptions
	paint Painter
}

// node writes n's line (after lead) and its children (each line after
// indent).
func (tw *textWriter) node(n *Node, lead, indent string) {
	t, p := tw.t, tw.paint
	marker := p(RoleMax, "▲")
	if !n.Max() {
		marker = p(RoleMin, "▼")
	}
	name := n.Name
	if n.Ply == 0 && t.Kind == KindChess {
		name = "root (" + t.RootPlayer + " to move)"
	}
	value := t.ValueLabel(n)
	if n.PV {
		name, value = p(RolePV, name), p(RolePV, value)
	}
	parts := []string{marker + " " + name, value}
	if n.Fold != nil {
		parts = append(parts, p(RoleDim, "("+plural(n.Visited(), "node")+": "+strings.Join(n.Fold.Moves, " ")+")"))
	}
	if tw.opts.Window {
		parts = append(parts, p(RoleDim, "["+t.WindowLabel(n)+"]"))
	}
	if end := t.EndLabel(n); end != "" {
		role := RoleDim
		switch n.End {
		case engine.EndCutoff:
			role = RoleCutoff
		case engine.EndTTCutoff:
			role = RoleTT
		case engine.EndNullCutoff:
			role = RoleNull
		case engine.EndCheckmate, engine.EndStalemate, engine.EndDraw:
			role = RoleMate
		}
		parts = append(parts, p(role, end))
	}
	if n.Quiescence {
		parts = append(parts, p(RoleDim, "quiescence"))
	}
	if n.Research {
		parts = append(parts, p(RoleDim, "re-search"))
	}
	if n.PV {
		parts = append(parts, p(RolePV, "PV"))
	}
	tw.b.WriteString(lead + strings.Join(parts, "  ") + "\n")

	type item struct {
		child *Node
		text  string
	}
	var items []item
	for _, c := range n.Children {
		items = append(items, item{child: c})
	}
	if pr := n.Pruned; pr != nil {
		// A chess cutoff can leave forty moves unsearched: name the first
		// dozen, count the rest.
		const most = 12
		var moves []string
		for i, m := range pr.Moves {
			if i == most {
				moves = append(moves, fmt.Sprintf("and %d more", len(pr.Moves)-most))
				break
			}
			if i < len(pr.Subtrees) {
				m += ": " + pr.Subtrees[i]
			}
			moves = append(moves, m)
		}
		items = append(items, item{text: p(RoleDim, fmt.Sprintf("✂ %d pruned: %s", pr.Count, strings.Join(moves, ", ")))})
	}
	if n.Hidden > 0 && n.Fold == nil {
		items = append(items, item{text: p(RoleDim, "… "+plural(n.Hidden, "more node"))})
	}
	for i, it := range items {
		last := i == len(items)-1
		branch, cont := "├── ", "│   "
		if last {
			branch, cont = "└── ", "    "
		}
		if it.child != nil {
			tw.node(it.child, indent+p(RoleDim, branch), indent+p(RoleDim, cont))
		} else {
			tw.b.WriteString(indent + p(RoleDim, branch) + it.text + "\n")
		}
	}
}
