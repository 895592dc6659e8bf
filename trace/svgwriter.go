package trace

import (
	"fmt"
	"html"
	"strings"
)

// Writing the SVG's elements: text in spans, shapes, a laid-out tree's
// boxes and edges.

// svgWriter collects SVG elements; min is the smallest type size written.
type svgWriter struct {
	b   strings.Builder
	min float64
}

func (s *svgWriter) text(x, y float64, anchor string, l span) {
	s.min = min(s.min, l.size)
	fmt.Fprintf(&s.b, `<text xml:space="preserve" x="%.2f" y="%.2f" text-anchor="%s" font-family="Helvetica,Arial,sans-serif" font-size="%.1f"`, x, y, anchor, l.size)
	if l.bold {
		s.b.WriteString(` font-weight="bold"`)
	}
	if l.italic {
		s.b.WriteString(` font-style="italic"`)
	}
	if l.class != "" {
		fmt.Fprintf(&s.b, ` class="%s"`, l.class)
	}
	col := l.color
	if col == "" {
		col = "#000000"
	}
	fmt.Fprintf(&s.b, ` fill="%s">%s</text>`+"\n", col, html.EscapeString(l.text))
}

// textBlock writes lines centred on x, the block's top at top.
func (s *svgWriter) textBlock(x, top float64, lines []span, anchor string) {
	y := top
	for _, l := range lines {
		y += l.size * linePitch
		s.text(x, y-l.size*0.3, anchor, l)
	}
}

func blockHeight(lines []span) float64 {
	h := 0.0
	for _, l := range lines {
		h += l.size * linePitch
	}
	return h
}

// shape writes a rounded box or an ellipse.
func (s *svgWriter) shape(x, y, w, h float64, rounded, ellipse bool, fill, stroke string, pen float64, dash string) {
	style := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="%g"`, fill, stroke, pen)
	if dash != "" {
		style += ` stroke-dasharray="` + dash + `"`
	}
	switch {
	case ellipse:
		fmt.Fprintf(&s.b, `<ellipse cx="%.2f" cy="%.2f" rx="%.2f" ry="%.2f" %s/>`+"\n", x+w/2, y+h/2, w/2, h/2, style)
	case rounded:
		r := min(6, h/2)
		k := r * 0.45 // cubic control distance for a quarter circle
		x1, y1 := x+w, y+h
		fmt.Fprintf(&s.b, `<path d="M%.2f,%.2f L%.2f,%.2f C%.2f,%.2f %.2f,%.2f %.2f,%.2f L%.2f,%.2f C%.2f,%.2f %.2f,%.2f %.2f,%.2f L%.2f,%.2f C%.2f,%.2f %.2f,%.2f %.2f,%.2f L%.2f,%.2f C%.2f,%.2f %.2f,%.2f %.2f,%.2f Z" %s/>`+"\n",
			x+r, y, x1-r, y, x1-k, y, x1, y+k, x1, y+r,
			x1, y1-r, x1, y1-k, x1-k, y1, x1-r, y1,
			x+r, y1, x+k, y1, x, y1-k, x, y1-r,
			x, y+r, x, y+k, x+k, y, x+r, y, style)
	default:
		fmt.Fprintf(&s.b, `<polygon points="%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f" %s/>`+"\n", x, y, x+w, y, x+w, y+h, x, y+h, style)
	}
}

func (s *svgWriter) drawBox(b *box) {
	fmt.Fprintf(&s.b, "<g%s><title>%s</title>\n", b.attrs, html.EscapeString(b.tooltip))
	dash := ""
	if b.lk.dashed {
		dash = "5,2"
	}
	if b.lk.stack {
		// A fold: a second box behind, up and to the right, as a stack.
		s.shape(b.x-b.w/2+stackStep, b.y-stackStep, b.w, b.h, b.lk.box, !b.lk.box, b.lk.fill, b.lk.border, b.lk.pen, dash)
	}
	s.shape(b.x-b.w/2, b.y, b.w, b.h, b.lk.box, !b.lk.box, b.lk.fill, b.lk.border, b.lk.pen, dash)
	s.textBlock(b.x, b.y+(b.h-blockHeight(b.lines))/2, b.lines, "middle")
	s.b.WriteString("</g>\n")
}

func (s *svgWriter) drawTree(b *box) {
	for i, c := range b.children {
		e := b.edges[i]
		// Straight down to the bottom of the parent's level first, so no
		// edge crosses a taller sibling of the parent, then to the child.
		x0, y0, x1, y1 := b.x, b.rowBottom, c.x, c.y
		fmt.Fprintf(&s.b, "<g%s>", b.edgeAttrs[i])
		fmt.Fprintf(&s.b, `<path d="M%.2f,%.2f L%.2f,%.2f L%.2f,%.2f" fill="none" stroke="%s" stroke-width="%g"`, b.x, b.y+b.h, x0, y0, x1, y1, e.color, e.width)
		if e.dash != "" {
			fmt.Fprintf(&s.b, ` stroke-dasharray="%s"`, e.dash)
		}
		s.b.WriteString("/>")
		if e.label != "" {
			s.b.WriteString("\n")
			s.text((x0+x1)/2+4, (y0+y1)/2+3, "start", span{text: e.label, size: e.lsize, color: e.lcolr})
		}
		s.b.WriteString("</g>\n")
	}
	for _, c := range b.children {
		s.drawTree(c)
	}
	s.drawBox(b)
}
