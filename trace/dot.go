package trace

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/emicklei/dot"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// DrawOptions control the drawings (DOT, SVG, PNG) and the text view.
type DrawOptions struct {
	// Window shows each node's α and β on entry.
	Window bool
	// NoLegend leaves the legend out.
	NoLegend bool
	// Slide draws the SVG and PNG for a projector (SlideStyle): every
	// label at least SlideMinLabel units high, the title and the legend
	// wrapped to the slide's width, the page a 4:3 frame of at least
	// SlideWidth × SlideHeight units, the drawing centred in it. How many
	// nodes fit is FitSlide's to choose. DOT keeps its own sizes.
	Slide bool
}

// The palette, in the spirit of the papers' figures: pale fills so black
// text stays readable on a projector, one strong color per event.
const (
	colorMax      = "#cfe2f3" // MAX to move: pale blue
	colorMin      = "#f4cccc" // MIN to move: pale red
	colorLeaf     = "#ffffff" // evaluated leaf
	colorCut      = "#cc0000" // alpha-beta cutoff
	colorTT       = "#674ea7" // transposition table
	colorTTFill   = "#d9d2e9"
	colorNull     = "#b45f06" // null move
	colorNullFill = "#fce5cd"
	colorMate     = "#38761d" // checkmate, stalemate, draw
	colorMateFill = "#d9ead3"
	colorQuiet    = "#666666" // quiescence
	colorPruned   = "#999999" // never searched
	colorFold     = "#777777" // a fold: moves searched, drawn as one box
	colorPV       = "#000000"
	fontName      = "Helvetica"
)

// DOT returns the Graphviz DOT source drawing the trees; with two or more
// trees they are drawn side by side, each in a frame titled with its
// algorithm and node count. The output is deterministic: the same trees
// give byte-identical DOT (node IDs follow the visit order, attributes are
// written in sorted order).
func DOT(opts DrawOptions, trees ...*Tree) string {
	g := dot.NewGraph(dot.Directed)
	g.ID("search")
	// ordering=out keeps each node's children in search order, left to
	// right, as the papers draw them.
	g.Attr("ordering", "out")
	g.Attr("rankdir", "TB")
	g.Attr("nodesep", "0.2")
	g.Attr("ranksep", "0.4")
	g.Attr("fontname", fontName)
	g.Attr("bgcolor", "white")
	if !opts.NoLegend {
		g.Attr("label", dot.HTML(legend(opts, trees)))
		g.Attr("labelloc", "b")
		g.Attr("labeljust", "l")
	}
	for i, t := range trees {
		d := &drawer{opts: opts, t: t, tree: i + 1}
		d.draw(g, len(trees) > 1)
	}
	return g.String()
}

// WriteDOT writes DOT(opts, trees...) to w.
func WriteDOT(w io.Writer, opts DrawOptions, trees ...*Tree) error {
	_, err := io.WriteString(w, DOT(opts, trees...))
	return err
}

type drawer struct {
	opts DrawOptions
	st   style // the SVG drawing's type sizes
	t    *Tree
	tree int
	seq  int
	g    *dot.Graph
}

// key returns the next node key. The dot library writes nodes sorted by
// key, and Graphviz keeps children in order (ordering=out) only when the
// nodes are declared in the order of the edges, so keys are zero-padded
// sequence numbers handed out while drawing, depth first.
func (d *drawer) key() string {
	d.seq++
	return fmt.Sprintf("t%d_%07d", d.tree, d.seq)
}

func (d *drawer) draw(g *dot.Graph, framed bool) {
	t := d.t
	sub := g.Subgraph(fmt.Sprintf("tree %d", d.tree), dot.ClusterOption{})
	d.g = sub
	title := "<B>" + esc(t.Heading()) + "</B><BR/>" + esc(t.Summary())
	if t.Filter != "" {
		title += "<BR/><I>" + esc("shown: "+t.Filter) + "</I>"
	}
	sub.Attr("label", dot.HTML(title))
	sub.Attr("labelloc", "t")
	sub.Attr("fontname", fontName)
	sub.Attr("fontsize", "13")
	if framed {
		sub.Attr("style", "rounded")
		sub.Attr("color", "#bbbbbb")
		sub.Attr("margin", "12")
	} else {
		sub.Attr("peripheries", "0")
	}
	if t.Root == nil {
		sub.Node(d.key()).Attr("label", "(no search)").Attr("shape", "plaintext")
		return
	}
	d.node(t.Root)
}

// node draws n and everything below it, and returns n's graph node.
func (d *drawer) node(n *Node) dot.Node {
	t := d.t
	gn := d.g.Node(d.key())
	gn.Attr("fontname", fontName)
	gn.Attr("fontsize", "11")
	gn.Attr("margin", "0.06,0.03")
	gn.Attr("height", "0.3")
	gn.Attr("width", "0.4")

	lk := nodeLook(n)
	shape := "box"
	styles := []string{"filled"}
	if lk.box {
		styles = append(styles, "rounded")
	} else {
		shape = "ellipse"
	}
	if lk.dashed {
		styles = append(styles, "dashed")
	}
	fill, border, pen, tagColor := lk.fill, lk.border, fmt.Sprint(lk.pen), lk.tag
	gn.Attr("shape", shape)
	gn.Attr("style", strings.Join(styles, ","))
	gn.Attr("fillcolor", fill)
	gn.Attr("color", border)
	gn.Attr("penwidth", pen)
	gn.Attr("tooltip", d.tooltip(n))

	var lines []string
	if g := n.Fold; g != nil {
		// A fold: a double outline, as a stack of boxes.
		gn.Attr("peripheries", "2")
		lines = append(lines, htmlFont(esc(g.Label()), "10", "#444444"), htmlFont(esc(t.BoundLabel(g)), "14", ""),
			htmlFont("<I>"+esc(plural(n.Visited(), "node"))+"</I>", "9", "#777777"))
		gn.Attr("label", dot.HTML(strings.Join(lines, "<BR/>")))
		return gn
	}
	name := n.Name
	if n.Research {
		name += " (re-search)"
	}
	if n.Ply == 0 && t.Kind == KindChess {
		name = t.RootPlayer + " to move"
	}
	lines = append(lines, htmlFont(esc(name), "10", "#444444"))
	value := esc(t.ValueLabel(n))
	if n.PV {
		value = "<B>" + value + "</B>"
	}
	lines = append(lines, htmlFont(value, "14", ""))
	if d.opts.Window {
		lines = append(lines, htmlFont(esc(t.WindowLabel(n)), "9", "#555555"))
	}
	if end := t.EndLabel(n); end != "" {
		// "α-cutoff after 1 of 3" on two lines keeps ellipses narrow.
		if i := strings.Index(end, " after "); i > 0 {
			end = esc(end[:i]) + "<BR/>" + esc(end[i+1:])
		} else {
			end = esc(end)
		}
		lines = append(lines, htmlFont(end, "9", tagColor))
	}
	if n.Hidden > 0 {
		lines = append(lines, htmlFont("<I>"+esc("… "+textfmt.Thousands(n.Hidden)+" more")+"</I>", "9", "#777777"))
	}
	gn.Attr("label", dot.HTML(strings.Join(lines, "<BR/>")))

	for _, c := range n.Children {
		cn := d.node(c)
		e := d.g.Edge(gn, cn)
		e.Attr("dir", "none")
		switch {
		case c.PV:
			e.Attr("penwidth", "3")
			e.Attr("color", colorPV)
		case c.Null:
			e.Attr("style", "dashed")
			e.Attr("color", colorNull)
			e.Attr("label", "null move")
		case c.Verify:
			e.Attr("style", "dotted")
			e.Attr("label", "verify")
		case c.Quiescence:
			e.Attr("style", "dashed")
			e.Attr("color", colorQuiet)
		default:
			e.Attr("color", "#555555")
		}
		if c.Null || c.Verify {
			e.Attr("fontname", fontName)
			e.Attr("fontsize", "9")
			e.Attr("fontcolor", colorNull)
		}
	}
	// A folded node's pruned moves belong with its children, which are
	// not drawn; its cutoff label ("after 1 of 9") still tells.
	folded := len(n.Children) == 0 && n.Hidden > 0
	if p := n.Pruned; p != nil && !folded {
		pn := d.g.Node(d.key())
		pn.Attr("shape", "box")
		pn.Attr("style", "dashed,rounded")
		pn.Attr("color", colorPruned)
		pn.Attr("fontcolor", "#777777")
		pn.Attr("fontname", fontName)
		pn.Attr("fontsize", "9")
		pn.Attr("margin", "0.06,0.03")
		pn.Attr("height", "0.3")
		pn.Attr("label", dot.HTML(d.prunedLabel(p)))
		pn.Attr("tooltip", fmt.Sprintf("%s never searched: %s", plural(p.Count, "move"), strings.Join(p.Moves, " ")))
		e := d.g.Edge(gn, pn)
		e.Attr("dir", "none")
		e.Attr("style", "dashed")
		e.Attr("color", colorPruned)
	}
	return gn
}

// prunedLabel lists pruned moves as an HTML-like DOT label (prunedRows).
func (d *drawer) prunedLabel(p *PrunedGroup) string {
	lines := []string{"<I>" + esc(fmt.Sprintf("%d pruned", p.Count)) + "</I>"}
	lines = append(lines, prunedRows(p, esc)...)
	return strings.Join(lines, "<BR/>")
}

// tooltip is the SVG hover text: the path and every number of the node.
func (d *drawer) tooltip(n *Node) string {
	t := d.t
	path := "root"
	if len(n.Path) > 0 {
		path = strings.Join(n.Path, " ")
	}
	player := "MAX"
	if !n.Max() {
		player = "MIN"
	}
	if g := n.Fold; g != nil {
		// No node of the search: no "#id".
		return fmt.Sprintf("%s at %s, %s to move after them: %s; %s (%s searched)", g.Label(), path, player, strings.Join(g.Moves, " "),
			t.BoundLabel(g), plural(n.Visited(), "node"))
	}
	s := fmt.Sprintf("#%d %s: %s to move, ply %d, depth %d, %s, value %s (%s)",
		n.ID, path, player, n.Ply, n.Depth, t.WindowLabel(n), t.ValueLabel(n), n.End)
	if n.Total > 0 {
		s += fmt.Sprintf(", %d of %d moves searched", n.Searched, n.Total)
	}
	if n.Best != "" {
		s += ", best " + n.Best
	}
	return s
}

// legend explains the drawing: only the entries the pictures use, so a
// slide carries no noise.
func legend(opts DrawOptions, trees []*Tree) string {
	used, chess, root := legendUsage(trees)
	type entry struct{ sample, text string }
	cell := func(bg, border, style, text string) string {
		s := `<TD BGCOLOR="` + bg + `" COLOR="` + border + `"`
		if style != "" {
			s += ` STYLE="` + style + `"`
		}
		return s + `>` + text + `</TD>`
	}
	maxName := "MAX"
	if chess {
		maxName = "MAX (" + root + ")"
	}
	entries := []entry{
		{cell(colorMax, "#333333", "rounded", "&nbsp;"+esc(maxName)+"&nbsp;"), "to move: picks the highest value"},
		{cell(colorMin, "#333333", "", "&nbsp;MIN&nbsp;"), "to move: picks the lowest value"},
		{cell("white", colorPV, "", "<B>&nbsp;3&nbsp;</B>"), "bold: the principal variation"},
		{cell("white", "#333333", "", "≥ 5 &nbsp;≤ 2"), "values from MAX's view; bounds after a cutoff"},
	}
	if used.cut {
		entries = append(entries, entry{cell("white", colorCut, "", `<FONT COLOR="`+colorCut+`">α/β-cutoff</FONT>`),
			"a move reached the bound: the parent will avoid this node, so its other moves cannot matter"})
	}
	if used.pruned {
		entries = append(entries, entry{cell("white", colorPruned, "dashed", `<FONT COLOR="#777777"><I>k pruned</I></FONT>`),
			"moves never searched because of the cutoff"})
	}
	if used.tt {
		entries = append(entries, entry{cell(colorTTFill, colorTT, "", `<FONT COLOR="`+colorTT+`">TT cutoff</FONT>`),
			"transposition table already knew the value"})
	}
	if used.null {
		entries = append(entries, entry{cell(colorNullFill, colorNull, "", `<FONT COLOR="`+colorNull+`">null move</FONT>`),
			"passing still reached β: node pruned"})
	}
	if used.verify {
		entries = append(entries, entry{cell("white", "#333333", "", "verify"), "null-move cutoff checked by a reduced search"})
	}
	if used.quies {
		entries = append(entries, entry{cell("white", colorQuiet, "dashed", `<FONT COLOR="`+colorQuiet+`">quiescence</FONT>`),
			"captures searched past the depth limit"})
	}
	if used.mate {
		entries = append(entries, entry{cell(colorMateFill, colorMate, "", `<FONT COLOR="`+colorMate+`">checkmate</FONT>`),
			"game over: mate, stalemate or draw"})
	}
	if used.hidden {
		entries = append(entries, entry{cell("white", "#333333", "", `<FONT COLOR="#777777"><I>… N more</I></FONT>`),
			"nodes searched below this one but not drawn"})
	}
	if used.fold {
		entries = append(entries, entry{cell("white", colorFold, "", "N more moves"),
			"moves searched here, drawn as one box: every value within its bound"})
	}
	if chess {
		entries = append(entries, entry{cell("white", "white", "", "#2"), "mate in 2 moves (#-2: MAX is mated)"})
	}
	if opts.Window {
		entries = append(entries, entry{cell("white", "white", "", "α β"), "window on entry: MAX is sure of α, MIN of β"})
	}
	var b strings.Builder
	b.WriteString(`<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="4" CELLPADDING="3">`)
	const perRow = 2
	for i := 0; i < len(entries); i += perRow {
		b.WriteString("<TR>")
		for j := i; j < i+perRow; j++ {
			if j < len(entries) {
				b.WriteString(entries[j].sample)
				b.WriteString(`<TD BORDER="0" ALIGN="LEFT">` + esc(entries[j].text) + `&nbsp;&nbsp;</TD>`)
			} else {
				b.WriteString(`<TD BORDER="0"></TD><TD BORDER="0"></TD>`)
			}
		}
		b.WriteString("</TR>")
	}
	b.WriteString("</TABLE>")
	return `<FONT POINT-SIZE="10">` + b.String() + `</FONT>`
}

// htmlFont wraps HTML text in a FONT element.
func htmlFont(text, size, color string) string {
	attrs := ""
	if size != "" {
		attrs += ` POINT-SIZE="` + size + `"`
	}
	if color != "" {
		attrs += ` COLOR="` + color + `"`
	}
	if attrs == "" {
		return text
	}
	return "<FONT" + attrs + ">" + text + "</FONT>"
}

// esc escapes text for a Graphviz HTML label.
func esc(s string) string { return html.EscapeString(s) }
