package trace

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The SVG drawing. Search trees are real trees, so they need no general
// graph layout: a tidy tree layout places each subtree in a band as wide
// as its widest level, children left to right in search order, each parent
// centred over its children, levels in rows. The drawing keeps the DOT
// source's vocabulary: MAX boxes, MIN ellipses, the same fills, borders,
// edge styles and labels, a frame per tree and the legend below.

// Layout constants, in points.
const (
	nodeSep   = 14.0 // between siblings
	rankSep   = 30.0 // between a level's bottom and the next level's top, on paper
	treeSep   = 28.0 // between two trees side by side
	pageMarg  = 12.0 // around everything
	framePad  = 12.0 // inside a tree's frame
	linePitch = 1.22 // line height as a multiple of the font size
	stackStep = 4.0  // the offset of a fold's second box
)

// style is a drawing's type sizes, in points (units of the SVG).
type style struct {
	name   float64 // the move above a node's value
	value  float64 // a node's value
	small  float64 // windows, end labels, "… N more", pruned moves, edge labels
	title  float64 // a tree's heading
	line   float64 // a tree's summary and filter lines
	legend float64 // the legend
	// rankSep is the gap between a level's bottom and the next level's
	// top.
	rankSep float64
	slide   bool // wrap the title and the legend, frame the page 4:3
}

// paperStyle is the drawing for a page or a screen that zooms: small
// labels, many nodes.
var paperStyle = style{name: 10, value: 14, small: 9, title: 13, line: 13, legend: 10, rankSep: rankSep}

// slideStyle is the drawing for a projector: no label under SlideMinLabel
// units, so a slide SlideWidth units wide shows each at least
// SlideMinLabel pixels high on a SlideWidth-pixel screen; its levels are
// closer than on paper, as a slide runs out of height before a page does.
var slideStyle = style{name: SlideMinLabel, value: 18, small: SlideMinLabel, title: 18, line: SlideMinLabel, legend: SlideMinLabel, rankSep: 24, slide: true}

// The slide the projector preset draws for: a 4:3 screen SlideWidth by
// SlideHeight pixels, where no label may be under SlideMinLabel pixels.
const (
	SlideWidth    = 1024
	SlideHeight   = 768
	SlideMinLabel = 14
)

// styleOf is the style opts ask for: the slide's or the paper's.
func styleOf(opts DrawOptions) style {
	if opts.Slide {
		return slideStyle
	}
	return paperStyle
}

// span is one line of text in a label.
type span struct {
	text         string
	size         float64
	color        string
	bold, italic bool
	class        string // the text's class: "value" and "end" in nodes, which a replay hides until the node is left
}

// box is a drawn node: a search node or a group of pruned moves.
type box struct {
	lines     []span
	lk        look
	pruned    bool
	tooltip   string
	attrs     string // the <g>'s attributes: class and data-* for the notebook's viewer
	w, h      float64
	x, y      float64 // centre x, top y
	level     int
	children  []*box
	edges     []edgeLook // one per child
	edgeAttrs []string   // one per child: the edge group's attributes, for the replay
	dx        float64    // centre offset from the parent's centre
	rowBottom float64    // the bottom of b's level: its tallest node's
}

type edgeLook struct {
	color        string
	width        float64
	dash         string
	label, lcolr string
	lsize        float64 // the label's type size
}

func (b *box) size() {
	tw, th := 0.0, 0.0
	for _, l := range b.lines {
		tw = max(tw, textWidth(l))
		th += l.size * linePitch
	}
	b.w, b.h = max(tw+12, 29), max(th+8, 22)
	if !b.lk.box && !b.pruned {
		// An ellipse holding a w×h text block is √2 times as large.
		b.w, b.h = b.w*1.38, b.h*1.3
	}
}

// nodeLines is a node's label, line by line, as the DOT source writes it;
// a fold's says how many moves, their bound and how many nodes.
func nodeLines(t *Tree, n *Node, opts DrawOptions, lk look, st style) []span {
	if g := n.Fold; g != nil {
		return []span{{text: g.Label(), size: st.name, color: "#444444"}, {text: t.BoundLabel(g), size: st.value, class: "value"},
			{text: plural(n.Visited(), "node"), size: st.small, color: "#777777", italic: true}}
	}
	name := n.Name
	if n.Research {
		name += " (re-search)"
	}
	if n.Ply == 0 && t.Kind == KindChess {
		name = t.RootPlayer + " to move"
	}
	lines := []span{{text: name, size: st.name, color: "#444444"}, {text: t.ValueLabel(n), size: st.value, bold: n.PV, class: "value"}}
	if opts.Window {
		lines = append(lines, span{text: t.WindowLabel(n), size: st.small, color: "#555555"})
	}
	if end := t.EndLabel(n); end != "" {
		if i := strings.Index(end, " after "); i > 0 {
			lines = append(lines, span{text: end[:i], size: st.small, color: lk.tag, class: "end"}, span{text: end[i+1:], size: st.small, color: lk.tag, class: "end"})
		} else {
			lines = append(lines, span{text: end, size: st.small, color: lk.tag, class: "end"})
		}
	}
	if n.Hidden > 0 {
		lines = append(lines, span{text: "… " + textfmt.Thousands(n.Hidden) + " more", size: st.small, color: "#777777", italic: true})
	}
	return lines
}

// prunedRows groups the moves a cutoff left unsearched for a label: at most
// twelve ("+k more" after them), each with the subtree it would have led to
// in a textbook tree, four to a row. The DOT and SVG drawings both use it.
func prunedRows(p *PrunedGroup, esc func(string) string) []string {
	const perLine, most = 4, 12
	var items []string
	for i, m := range p.Moves {
		if i == most {
			items = append(items, fmt.Sprintf("+%d more", len(p.Moves)-most))
			break
		}
		item := m
		if i < len(p.Subtrees) {
			item += ": " + p.Subtrees[i]
		}
		items = append(items, esc(item))
	}
	var rows []string
	for i := 0; i < len(items); i += perLine {
		rows = append(rows, strings.Join(items[i:min(i+perLine, len(items))], "  "))
	}
	return rows
}

// prunedLines is the pruned group's label in the SVG drawing.
func prunedLines(p *PrunedGroup, st style) []span {
	lines := []span{{text: fmt.Sprintf("%d pruned", p.Count), size: st.small, color: "#777777", italic: true}}
	for _, row := range prunedRows(p, func(s string) string { return s }) {
		lines = append(lines, span{text: row, size: st.small, color: "#777777"})
	}
	return lines
}

// build makes the box tree of n, whose parent is parent (nil at the
// drawn root).
func build(t *Tree, n, parent *Node, opts DrawOptions, d *drawer, level int) *box {
	lk := nodeLook(n)
	b := &box{lines: nodeLines(t, n, opts, lk, d.st), lk: lk, tooltip: d.tooltip(n), attrs: nodeAttrs(t, n, parent, d.tree), level: level}
	b.size()
	for _, c := range n.Children {
		e := edgeLook{color: "#555555", width: 1, lsize: d.st.small}
		switch {
		case c.PV:
			e.width, e.color = 3, colorPV
		case c.Null:
			e.dash, e.color, e.label = "5,2", colorNull, "null move"
		case c.Verify:
			e.dash, e.label = "1,3", "verify"
		case c.Quiescence:
			e.dash, e.color = "5,2", colorQuiet
		}
		if e.label != "" {
			e.lcolr = colorNull
		}
		b.children = append(b.children, build(t, c, n, opts, d, level+1))
		b.edges = append(b.edges, e)
		b.edgeAttrs = append(b.edgeAttrs, dataAttrs("edge", "tree", fmt.Sprint(d.tree), "to", fmt.Sprint(c.ID)))
	}
	folded := len(n.Children) == 0 && n.Hidden > 0
	if p := n.Pruned; p != nil && !folded {
		pb := &box{lines: prunedLines(p, d.st), pruned: true, level: level + 1,
			attrs: dataAttrs("pruned", "tree", fmt.Sprint(d.tree), "of", fmt.Sprint(n.ID),
				"why", "never searched: the cutoff above made them irrelevant", "moves", strings.Join(p.Moves, " ")),
			lk:      look{box: true, fill: "white", border: colorPruned, pen: 1, dashed: true},
			tooltip: fmt.Sprintf("%s never searched: %s", plural(p.Count, "move"), strings.Join(p.Moves, " "))}
		pb.size()
		b.children = append(b.children, pb)
		b.edges = append(b.edges, edgeLook{color: colorPruned, width: 1, dash: "5,2"})
		b.edgeAttrs = append(b.edgeAttrs, dataAttrs("edge", "tree", fmt.Sprint(d.tree), "pruned", fmt.Sprint(n.ID)))
	}
	return b
}

// contour lays out the subtree Reingold–Tilford style and returns its
// outline: for each level below and including b, the leftmost and
// rightmost extent relative to b's centre. Each child is pushed right just
// far enough that its outline clears its left siblings' on every level
// they share (a deep subtree may tuck under a shallow neighbour), then the
// parent is centred over its first and last child. Children keep their
// search order, left to right.
func (b *box) contour() (lefts, rights []float64) {
	var accL, accR []float64
	for i, c := range b.children {
		cl, cr := c.contour()
		shift := 0.0
		if i > 0 {
			shift = math.Inf(-1)
			for l := 0; l < min(len(cl), len(accR)); l++ {
				shift = max(shift, accR[l]-cl[l]+nodeSep)
			}
		}
		c.dx = shift
		for l := range cl {
			if l < len(accL) {
				accL[l] = min(accL[l], cl[l]+shift)
				accR[l] = max(accR[l], cr[l]+shift)
			} else {
				accL = append(accL, cl[l]+shift)
				accR = append(accR, cr[l]+shift)
			}
		}
	}
	lefts, rights = []float64{-b.w / 2}, []float64{b.w / 2}
	if len(b.children) == 0 {
		return lefts, rights
	}
	mid := (b.children[0].dx + b.children[len(b.children)-1].dx) / 2
	for _, c := range b.children {
		c.dx -= mid
	}
	for l := range accL {
		lefts = append(lefts, accL[l]-mid)
		rights = append(rights, accR[l]-mid)
	}
	return lefts, rights
}

// place sets the absolute positions: b's centre at x, its children at
// their offsets, every level at its row.
func (b *box) place(x float64, rows, heights []float64) {
	b.x, b.y = x, rows[b.level]
	b.rowBottom = b.y + heights[b.level]
	for _, c := range b.children {
		c.place(x+c.dx, rows, heights)
	}
}

func (b *box) heights(rows *[]float64) {
	for len(*rows) <= b.level {
		*rows = append(*rows, 0)
	}
	(*rows)[b.level] = max((*rows)[b.level], b.h)
	for _, c := range b.children {
		c.heights(rows)
	}
}

// treeDrawing is one tree, laid out, with its title.
type treeDrawing struct {
	root          *box
	title         []span
	w, h          float64 // including the title and, if framed, the frame
	tw, th        float64 // the tree alone
	left          float64 // the tree's left edge relative to the root's centre
	rows, heights []float64
}

// layoutTree lays out tree t, the idx-th of the drawing, with its title;
// the title's lines wrap at wrap units (none when 0).
func layoutTree(opts DrawOptions, t *Tree, idx int, wrap float64) *treeDrawing {
	st := styleOf(opts)
	td := &treeDrawing{title: wrapLines([]span{{text: t.Heading(), size: st.title, bold: true}, {text: t.Summary(), size: st.line}}, wrap)}
	if t.Filter != "" {
		td.title = append(td.title, wrapLines([]span{{text: "shown: " + t.Filter, size: st.line, italic: true}}, wrap)...)
	}
	if t.Root == nil {
		td.root = &box{lines: []span{{text: "(no search)", size: max(11, st.small)}}, lk: look{box: true, fill: "none", border: "none"}}
		td.root.size()
	} else {
		td.root = build(t, t.Root, nil, opts, &drawer{opts: opts, st: st, t: t, tree: idx}, 0)
	}
	lefts, rights := td.root.contour()
	td.left = slices.Min(lefts)
	td.tw = slices.Max(rights) - td.left
	td.root.heights(&td.heights)
	y := 0.0
	for _, h := range td.heights {
		td.rows = append(td.rows, y)
		y += h + st.rankSep
	}
	td.th = y - st.rankSep
	titleW := 0.0
	for _, l := range td.title {
		titleW = max(titleW, textWidth(l))
	}
	td.w = max(td.tw, titleW) + 2*framePad
	td.h = blockHeight(td.title) + 8 + td.th + 2*framePad
	return td
}

// wrapLines breaks each line wider than width units at spaces into lines
// that fit (a word wider than width stays whole); width 0 keeps them.
func wrapLines(lines []span, width float64) []span {
	if width <= 0 {
		return lines
	}
	var out []span
	for _, l := range lines {
		if textWidth(l) <= width {
			out = append(out, l)
			continue
		}
		cur := l
		cur.text = ""
		for _, w := range strings.Fields(l.text) {
			next := cur
			if next.text != "" {
				next.text += " "
			}
			next.text += w
			if cur.text != "" && textWidth(next) > width {
				out = append(out, cur)
				next.text = w
			}
			cur = next
		}
		out = append(out, cur)
	}
	return out
}

// Measure is a drawing's SVG as a screen shows it: the size of its
// viewBox and the type size of its smallest text, in the SVG's units.
type Measure struct {
	Width, Height float64
	MinText       float64
}

// SlideLabel is the height in pixels of the drawing's smallest label on
// a SlideWidth × SlideHeight screen, the drawing as large as fits it.
func (m Measure) SlideLabel() float64 {
	if m.Width <= 0 || m.Height <= 0 {
		return 0
	}
	return m.MinText * min(SlideWidth/m.Width, SlideHeight/m.Height)
}

// MeasureSVG lays out the trees as the SVG drawing would (Render) and
// returns its Measure.
func MeasureSVG(opts DrawOptions, trees ...*Tree) Measure {
	_, m := renderSVG(opts, trees...)
	return m
}

// drawingSVG draws the trees side by side, the legend below, as SVG.
func drawingSVG(opts DrawOptions, trees ...*Tree) []byte {
	svg, _ := renderSVG(opts, trees...)
	return svg
}

// renderSVG draws the trees side by side, the legend below, as SVG, and
// measures what it drew. A slide (opts.Slide) wraps each tree's title to
// its share of the slide's width and the legend to the slide's, and
// centres the drawing in a 4:3 page at least SlideWidth × SlideHeight.
func renderSVG(opts DrawOptions, trees ...*Tree) ([]byte, Measure) {
	st := styleOf(opts)
	titleWrap, legendWrap := 0.0, 0.0
	if st.slide {
		n := float64(max(len(trees), 1))
		titleWrap = (SlideWidth-2*pageMarg-(n-1)*treeSep)/n - 2*framePad
		legendWrap = SlideWidth - 2*pageMarg
	}
	var tds []*treeDrawing
	width, height := 0.0, 0.0
	for i, t := range trees {
		td := layoutTree(opts, t, i+1, titleWrap)
		if i > 0 {
			width += treeSep
		}
		width += td.w
		height = max(height, td.h)
		tds = append(tds, td)
	}
	treesW := width
	var leg *legendDrawing
	if !opts.NoLegend {
		leg = layoutLegend(opts, trees, legendWrap)
		width = max(width, leg.w)
	}
	total := height
	if leg != nil {
		total += 10 + leg.h
	}
	W, H := width+2*pageMarg, total+2*pageMarg
	pw, ph, dx, dy := W, H, 0.0, 0.0
	if st.slide {
		pw = max(W, SlideWidth, H*SlideWidth/SlideHeight)
		ph = pw * SlideHeight / SlideWidth
		dx, dy = (pw-W)/2, (ph-H)/2
	}
	s := svgWriter{min: math.Inf(1)}
	fmt.Fprintf(&s.b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0fpt" height="%.0fpt" viewBox="0 0 %.2f %.2f">`+"\n", pw, ph, pw, ph)
	s.b.WriteString("<title>search</title>\n")
	fmt.Fprintf(&s.b, `<polygon points="0,0 %.2f,0 %.2f,%.2f 0,%.2f" fill="white" stroke="none"/>`+"\n", pw, pw, ph, ph)
	if dx != 0 || dy != 0 {
		fmt.Fprintf(&s.b, `<g transform="translate(%.2f %.2f)">`+"\n", dx, dy)
	}
	x := pageMarg + (width-treesW)/2
	for i, td := range tds {
		fmt.Fprintf(&s.b, "<g%s>\n", dataAttrs("trace", "tree", fmt.Sprint(i+1), "algo", trees[i].Algo, "kind", trees[i].Kind))
		if len(tds) > 1 {
			s.shape(x, pageMarg, td.w, td.h, true, false, "none", "#bbbbbb", 1, "")
		}
		cx := x + td.w/2
		s.textBlock(cx, pageMarg+framePad, td.title, "middle")
		top := pageMarg + framePad + blockHeight(td.title) + 8
		for i := range td.rows {
			td.rows[i] += top
		}
		td.root.place(cx-td.tw/2-td.left, td.rows, td.heights)
		s.drawTree(td.root)
		s.b.WriteString("</g>\n")
		x += td.w + treeSep
	}
	if leg != nil {
		leg.draw(&s, pageMarg, pageMarg+height+10)
	}
	if dx != 0 || dy != 0 {
		s.b.WriteString("</g>\n")
	}
	s.b.WriteString("</svg>\n")
	return []byte(s.b.String()), Measure{Width: pw, Height: ph, MinText: s.min}
}

// nodeAttrs are the attributes of a drawn node's group: what the
// notebook's tree viewer shows when the node is clicked (its path, who is
// to move, the window on entry, the value, how and why it ended, and its
// position for a chess tree; a fold, how many moves and which, its end
// "folded"), and what the replay of the search reads (replayAttrs). tree
// numbers the drawing's trees from 1.
func nodeAttrs(t *Tree, n, parent *Node, tree int) string {
	path := "root"
	if len(n.Path) > 0 {
		path = strings.Join(n.Path, " ")
	}
	player := "MAX"
	if !n.Max() {
		player = "MIN"
	}
	end := t.EndLabel(n)
	if end == "" {
		end = n.End.String()
	}
	if n.Fold != nil {
		end = "folded"
	}
	kv := []string{"node", fmt.Sprint(n.ID), "path", path, "player", player, "ply", fmt.Sprint(n.Ply), "depth", fmt.Sprint(n.Depth),
		"window", t.WindowLabel(n), "value", t.ValueLabel(n), "end", end, "why", t.Why(n)}
	if fen := t.NodeFEN(n); fen != "" {
		kv = append(kv, "fen", fen)
	}
	if g := n.Fold; g != nil {
		kv = append(kv, "fold", fmt.Sprint(len(g.Moves)), "moves", strings.Join(g.Moves, " "))
	}
	kv = append(kv, replayAttrs(t, n, parent, tree)...)
	return dataAttrs("node", kv...)
}

// replayAttrs are what a replay of the search reads of a drawn node, all
// from the record (Node.Entered, Left, Raised, StandPat, Cause): its
// tree and parent, the move that led to it, its entry and exit as "seq
// nodes leaves cutoffs", and, when they apply, that it raised its
// parent's best, its stand pat (MAX's view) and the child that caused
// its cutoff.
func replayAttrs(t *Tree, n, parent *Node, tree int) []string {
	moment := func(m Moment) string { return fmt.Sprintf("%d %d %d %d", m.Seq, m.Nodes, m.Leaves, m.Cutoffs) }
	kv := []string{"tree", fmt.Sprint(tree), "move", n.Name, "enter", moment(n.Entered), "leave", moment(n.Left)}
	if parent != nil {
		kv = append(kv, "parent", fmt.Sprint(parent.ID))
	}
	if n.Raised {
		kv = append(kv, "raised", "1")
	}
	if n.StandPat != nil {
		v := *n.StandPat
		if !n.Max() {
			v = -v
		}
		kv = append(kv, "standpat", t.FormatValue(v))
	}
	if n.Cause != 0 {
		kv = append(kv, "cause", fmt.Sprint(n.Cause))
	}
	return kv
}

// dataAttrs writes ` class="CLASS" data-K="V"...` for key-value pairs.
func dataAttrs(class string, kv ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, ` class="%s"`, class)
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&b, ` data-%s="%s"`, kv[i], html.EscapeString(kv[i+1]))
	}
	return b.String()
}
