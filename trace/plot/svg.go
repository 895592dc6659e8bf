package plot

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/plylab/plylab/trace"
)

// WriteSVG draws the chart as SVG with plylab's own small renderer: the
// same two log-scale charts side by side (nodes and time per depth), the
// same colours and the legend in its own column right of them, in the
// 16:9 shape of Write's SVG. The WebAssembly engine of a class site draws
// its charts with it (it does not carry gonum.org/v1/plot); its text is
// set in the sans-serif of trees' drawings and measured in the Go font
// (trace.TextWidth).
func (c Chart) WriteSVG(w io.Writer) error {
	if !c.hasPoints() {
		return fmt.Errorf("plot: no finished depth to draw")
	}
	const wd, ht = 1152.0, 648.0 // 16 × 9 inches, in points
	var legend []legendRow
	legendW := 0.0
	for si, s := range c.Series {
		if len(s.Points) == 0 {
			continue
		}
		legend = append(legend, legendRow{name: s.Name, color: colorHex(si)})
		legendW = max(legendW, trace.TextWidth(s.Name, legendSize, false))
	}
	legendW += legendSample + 8 + 45 // the sample, a gap, and the margins around the column

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0fpt" height="%.0fpt" viewBox="0 0 %.0f %.0f">`+"\n", wd, ht, wd, ht)
	fmt.Fprintf(&b, `<rect width="%.0f" height="%.0f" fill="#FFFFFF"/>`+"\n", wd, ht)
	// Two panels with the margins of Write's tiles: 6 mm around, 10 mm
	// between them, 4 mm right of the second.
	const padL, padR, padT, padB, gap = 17.0, 11.3, 17.0, 17.0, 28.3
	panelW := (wd - legendW - padL - padR - gap) / 2
	panels := []struct {
		title, ylabel string
		y             func(Point) float64
	}{
		{c.Title + ": nodes", "nodes (log scale)", func(p Point) float64 { return p.Nodes }},
		{c.Title + ": time", "seconds (log scale)", func(p Point) float64 { return p.Seconds }},
	}
	for i, p := range panels {
		x0 := padL + float64(i)*(panelW+gap)
		c.panel(&b, x0, padT, panelW, ht-padT-padB, p.title, p.ylabel, p.y)
	}
	// The legend's column starts below the chart titles.
	lx, ly := wd-legendW+11.3, padT+45.0
	for i, e := range legend {
		y := ly + float64(i)*legendRowH
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2.5"/>`+"\n", num(lx), num(y), num(lx+legendSample), num(y), e.color)
		fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(lx+legendSample/2), num(y), e.color)
		text(&b, lx+legendSample+8, y+legendSize*0.35, "start", legendSize, "", e.name)
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("cannot write the plot: %v", err)
	}
	return nil
}

// The legend's look, in points.
const (
	legendSize   = 17.0
	legendSample = 30.0
	legendRowH   = 26.0
)

// legendRow is one series in the legend.
type legendRow struct{ name, color string }

// The charts' font sizes, in points, as Write sets them.
const (
	titleSize = 20.0
	labelSize = 17.0
	tickSize  = 15.0
)

// panel draws one chart in the box at (x0, y0) of size w×h: its title,
// axes, grid, ticks, labels and a line per series of the y values y
// gives, on a logarithmic scale of whole decades.
func (c Chart) panel(b *strings.Builder, x0, y0, w, h float64, title, ylabel string, y func(Point) float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range c.Series {
		for _, p := range s.Points {
			v := math.Log10(y(p))
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	// Whole decades, so the axis always has labelled ticks.
	lo, hi = math.Floor(lo), math.Ceil(hi)
	if hi == lo {
		hi = lo + 1
	}
	var labels []string
	labelW := 0.0
	for k := lo; k <= hi; k++ {
		l := strconv.FormatFloat(math.Pow(10, k), 'g', -1, 64)
		labels = append(labels, l)
		labelW = max(labelW, trace.TextWidth(l, tickSize, false))
	}
	// The plotting area, inside the room of the title, the axis labels
	// and the tick labels.
	left := x0 + labelSize + 10 + labelW + 6 + 6
	right := x0 + w - 8
	top := y0 + titleSize + 14
	bottom := y0 + h - labelSize - tickSize - 24
	xmin, xmax := float64(c.MinDepth)-0.2, float64(c.MaxDepth)+0.2
	px := func(d float64) float64 { return left + (d-xmin)/(xmax-xmin)*(right-left) }
	py := func(v float64) float64 { return bottom - (math.Log10(v)-lo)/(hi-lo)*(bottom-top) }

	text(b, (left+right)/2, y0+titleSize, "middle", titleSize, "", title)
	text(b, (left+right)/2, y0+h-4, "middle", labelSize, "", "depth")
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="middle" font-family="%s" font-size="%.0f" transform="rotate(-90 %s %s)">%s</text>`+"\n",
		num(x0+labelSize), num((top+bottom)/2), fontFamily, labelSize, num(x0+labelSize), num((top+bottom)/2), html.EscapeString(ylabel))

	// The grid: every whole depth and every decade.
	b.WriteString(`<g stroke="#E0E0E0" stroke-width="1">` + "\n")
	for d := c.MinDepth; d <= c.MaxDepth; d++ {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(px(float64(d))), num(top), num(px(float64(d))), num(bottom))
	}
	for k := lo; k <= hi; k++ {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(left), num(py(math.Pow(10, k))), num(right), num(py(math.Pow(10, k))))
	}
	b.WriteString("</g>\n")

	// The axes, their ticks (a long one at each labelled value, short ones
	// at 2 to 9 times each decade) and labels.
	fmt.Fprintf(b, `<path d="M%s %sV%sH%s" fill="none" stroke="#000000" stroke-width="1"/>`+"\n", num(left), num(top), num(bottom), num(right))
	b.WriteString(`<g stroke="#000000" stroke-width="1">` + "\n")
	for d := c.MinDepth; d <= c.MaxDepth; d++ {
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(px(float64(d))), num(bottom), num(px(float64(d))), num(bottom+6))
	}
	for k := lo; k <= hi; k++ {
		for m := 1.0; m < 10 && (m == 1 || k < hi); m++ {
			v := m * math.Pow(10, k)
			l := 3.0
			if m == 1 {
				l = 6
			}
			fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(left-l), num(py(v)), num(left), num(py(v)))
		}
	}
	b.WriteString("</g>\n")
	for d := c.MinDepth; d <= c.MaxDepth; d++ {
		text(b, px(float64(d)), bottom+6+tickSize+2, "middle", tickSize, "", strconv.Itoa(d))
	}
	for i, l := range labels {
		text(b, left-6-6, py(math.Pow(10, lo+float64(i)))+tickSize*0.35, "end", tickSize, "", l)
	}

	// The lines and their points.
	for si, s := range c.Series {
		if len(s.Points) == 0 {
			continue
		}
		col := colorHex(si)
		var pts []string
		for _, p := range s.Points {
			pts = append(pts, num(px(float64(p.Depth)))+","+num(py(y(p))))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2.5" stroke-linejoin="round"/>`+"\n", strings.Join(pts, " "), col)
		for _, p := range s.Points {
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(px(float64(p.Depth))), num(py(y(p))), col)
		}
	}
}

// fontFamily is the charts' font: the sans-serif of trees' drawings.
const fontFamily = "Helvetica,Arial,sans-serif"

// text writes one line of text at (x, y), its baseline there, anchored
// start, middle or end.
func text(b *strings.Builder, x, y float64, anchor string, size float64, attrs, s string) {
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="%s" font-family="%s" font-size="%.0f"%s>%s</text>`+"\n",
		num(x), num(y), anchor, fontFamily, size, attrs, html.EscapeString(s))
}

// num is a coordinate with two decimals at most.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// colorHex is series si's colour as #RRGGBB.
func colorHex(si int) string {
	c := colors[si%len(colors)]
	return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
}
