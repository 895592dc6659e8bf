//go:build !js

package trace

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"git.sr.ht/~sbinet/gg"
	"golang.org/x/image/font"
)

// PNG images are painted from the SVG drawing (draw.go), which uses a
// small, fixed vocabulary: polygons, ellipses, paths of M, L, C and Z
// commands, and text (the vocabulary of Graphviz's SVG too, which this
// painter was first written for). Painting it with git.sr.ht/~sbinet/gg
// (the maintained fork of fogleman/gg that gonum/plot uses too) gives a
// PNG that matches the SVG, with the Go fonts (fonts.go).

// CanPNG reports whether this build paints PNG pictures: the native build
// does; the WebAssembly engine of a class site does not (png_js.go).
const CanPNG = true

// maxPNGPixels bounds the image: a traced tree thousands of nodes wide
// would otherwise ask for gigabytes. Beyond it the image is scaled down.
const maxPNGPixels = 24_000_000

// svgToPNG paints the SVG drawing as a PNG at dpi dots per inch.
func svgToPNG(svg []byte, dpi float64, w io.Writer) error {
	p := &painter{faces: map[string]font.Face{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	// Tolerate a DOCTYPE with an external DTD; nothing to resolve.
	dec.Strict = false
	var stack []affine
	var text *svgText
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading the SVG drawing: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			a := attrs(t.Attr)
			cur := affine{1, 1, 0, 0}
			if len(stack) > 0 {
				cur = stack[len(stack)-1]
			}
			switch t.Name.Local {
			case "svg":
				if err := p.begin(a, dpi); err != nil {
					return err
				}
				cur = p.base
			case "g":
				if tr := a["transform"]; tr != "" {
					cur = cur.then(parseTransform(tr))
				}
			case "text":
				text = &svgText{a: a, m: cur}
			default:
				if p.dc != nil {
					p.shape(t.Name.Local, a, cur)
				}
			}
			stack = append(stack, cur)
		case xml.CharData:
			if text != nil {
				text.s.Write(t)
			}
		case xml.EndElement:
			if t.Name.Local == "text" && text != nil && p.dc != nil {
				p.text(text)
				text = nil
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if p.dc == nil {
		return fmt.Errorf("SVG drawing without an <svg> element")
	}
	return p.dc.EncodePNG(w)
}

// affine maps (x, y) to (sx·x + tx, sy·y + ty): all the drawings use
// (scale and translate; rotate(0)).
type affine struct{ sx, sy, tx, ty float64 }

// then returns the map "apply inner, then a".
func (a affine) then(inner affine) affine {
	return affine{a.sx * inner.sx, a.sy * inner.sy, a.sx*inner.tx + a.tx, a.sy*inner.ty + a.ty}
}

func (a affine) apply(x, y float64) (float64, float64) { return a.sx*x + a.tx, a.sy*y + a.ty }

var transformRE = regexp.MustCompile(`(\w+)\s*\(([^)]*)\)`)

// parseTransform reads an SVG transform list such as
// "scale(1 1) rotate(0) translate(4 112)"; the rightmost applies first.
func parseTransform(s string) affine {
	m := affine{1, 1, 0, 0}
	for _, f := range transformRE.FindAllStringSubmatch(s, -1) {
		v := numbers(f[2])
		switch f[1] {
		case "scale":
			if len(v) == 1 {
				v = append(v, v[0])
			}
			if len(v) == 2 {
				m = m.then(affine{v[0], v[1], 0, 0})
			}
		case "translate":
			if len(v) == 1 {
				v = append(v, 0)
			}
			if len(v) == 2 {
				m = m.then(affine{1, 1, v[0], v[1]})
			}
		}
	}
	return m
}

var numberRE = regexp.MustCompile(`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`)

func numbers(s string) []float64 {
	var out []float64
	for _, f := range numberRE.FindAllString(s, -1) {
		if v, err := strconv.ParseFloat(f, 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

func attrs(list []xml.Attr) map[string]string {
	m := make(map[string]string, len(list))
	for _, a := range list {
		m[a.Name.Local] = a.Value
	}
	return m
}

type painter struct {
	dc    *gg.Context
	base  affine // SVG user units to pixels
	faces map[string]font.Face
}

type svgText struct {
	a map[string]string
	m affine
	s strings.Builder
}

// begin sizes the canvas from the <svg> width and height (in points) and
// its viewBox.
func (p *painter) begin(a map[string]string, dpi float64) error {
	wpt, hpt := length(a["width"]), length(a["height"])
	vb := numbers(a["viewBox"])
	if wpt <= 0 || hpt <= 0 || len(vb) != 4 || vb[2] <= 0 || vb[3] <= 0 {
		return fmt.Errorf("SVG drawing without a size (width %q, height %q, viewBox %q)", a["width"], a["height"], a["viewBox"])
	}
	k := dpi / 72
	if px := wpt * hpt * k * k; px > maxPNGPixels {
		k *= math.Sqrt(maxPNGPixels / px)
	}
	wpx, hpx := int(math.Ceil(wpt*k)), int(math.Ceil(hpt*k))
	sx, sy := wpt*k/vb[2], hpt*k/vb[3]
	p.base = affine{sx, sy, -vb[0] * sx, -vb[1] * sy}
	p.dc = gg.NewContext(max(wpx, 1), max(hpx, 1))
	p.dc.SetRGB(1, 1, 1)
	p.dc.Clear()
	p.dc.SetLineJoin(gg.LineJoinRound)
	p.dc.SetLineCap(gg.LineCapButt)
	return nil
}

// length reads "75pt" (or a plain number) as points.
func length(s string) float64 {
	v := numbers(s)
	if len(v) == 0 {
		return 0
	}
	switch {
	case strings.HasSuffix(s, "px"):
		return v[0] * 0.75
	case strings.HasSuffix(s, "in"):
		return v[0] * 72
	}
	return v[0]
}

// shape paints polygon, polyline, ellipse and path elements: fill first,
// then stroke, as SVG does.
func (p *painter) shape(name string, a map[string]string, m affine) {
	dc := p.dc
	build := func() bool {
		dc.ClearPath()
		switch name {
		case "polygon", "polyline":
			v := numbers(a["points"])
			if len(v) < 4 {
				return false
			}
			for i := 0; i+1 < len(v); i += 2 {
				x, y := m.apply(v[i], v[i+1])
				if i == 0 {
					dc.MoveTo(x, y)
				} else {
					dc.LineTo(x, y)
				}
			}
			if name == "polygon" {
				dc.ClosePath()
			}
		case "ellipse":
			cx, cy := m.apply(num(a["cx"]), num(a["cy"]))
			dc.DrawEllipse(cx, cy, num(a["rx"])*m.sx, math.Abs(num(a["ry"])*m.sy))
		case "path":
			return p.path(a["d"], m)
		default:
			return false
		}
		return true
	}
	fill, fok := parseColor(a["fill"], "black", a["fill-opacity"])
	stroke, sok := parseColor(a["stroke"], "none", a["stroke-opacity"])
	if name == "polyline" {
		fok = false
	}
	if fok && build() {
		dc.SetColor(fill)
		dc.Fill()
	}
	if sok && build() {
		width := 1.0
		if w := a["stroke-width"]; w != "" {
			width = num(w)
		}
		dc.SetLineWidth(width * m.sx)
		var dash []float64
		for _, d := range numbers(a["stroke-dasharray"]) {
			dash = append(dash, d*m.sx)
		}
		dc.SetDash(dash...)
		dc.SetColor(stroke)
		dc.Stroke()
		dc.SetDash()
	}
	dc.ClearPath()
}

// path adds an SVG path of absolute M, L, C and Z commands (the drawings
// use no others) to the current path.
func (p *painter) path(d string, m affine) bool {
	dc := p.dc
	cmd := byte(0)
	var args []float64
	flush := func() bool {
		switch cmd {
		case 0:
			return len(args) == 0
		case 'M', 'L':
			for i := 0; i+1 < len(args); i += 2 {
				x, y := m.apply(args[i], args[i+1])
				if cmd == 'M' && i == 0 {
					dc.MoveTo(x, y)
				} else {
					dc.LineTo(x, y)
				}
			}
		case 'C':
			for i := 0; i+5 < len(args); i += 6 {
				x1, y1 := m.apply(args[i], args[i+1])
				x2, y2 := m.apply(args[i+2], args[i+3])
				x3, y3 := m.apply(args[i+4], args[i+5])
				dc.CubicTo(x1, y1, x2, y2, x3, y3)
			}
		case 'Z', 'z':
			dc.ClosePath()
		default:
			return false
		}
		return true
	}
	for i := 0; i < len(d); {
		c := d[i]
		switch {
		case strings.IndexByte("MLCZz", c) >= 0:
			if !flush() {
				return false
			}
			cmd, args = c, args[:0]
			i++
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			return false // a command the drawings do not use
		default:
			j := i
			for j < len(d) && !((d[j] >= 'a' && d[j] <= 'z') || (d[j] >= 'A' && d[j] <= 'Z' && d[j] != 'E')) {
				j++
			}
			args = append(args, numbers(d[i:j])...)
			i = j
		}
	}
	return flush()
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v
}

// text paints one <text> element at its baseline.
func (p *painter) text(t *svgText) {
	s := t.s.String()
	if strings.TrimSpace(s) == "" {
		return
	}
	col, ok := parseColor(t.a["fill"], "black", t.a["fill-opacity"])
	if !ok {
		return
	}
	size := 14.0
	if v := t.a["font-size"]; v != "" {
		size = num(v)
	}
	bold := strings.Contains(t.a["font-weight"], "bold")
	italic := strings.Contains(t.a["font-style"], "italic")
	x, y := t.m.apply(num(t.a["x"]), num(t.a["y"]))
	// An SVG viewer draws the text in Helvetica, which runs a little
	// narrower than the Go font; drawn slightly smaller, the Go font keeps
	// the same margins inside the boxes.
	p.dc.SetFontFace(p.face(bold, italic, size*t.m.sy*0.92))
	ax := 0.0
	switch t.a["text-anchor"] {
	case "middle":
		ax = 0.5
	case "end":
		ax = 1
	}
	p.dc.SetColor(col)
	p.dc.DrawStringAnchored(s, x, y, ax, 0)
}

func (p *painter) face(bold, italic bool, size float64) font.Face {
	key := fmt.Sprintf("%t/%t/%.2f", bold, italic, size)
	if f, ok := p.faces[key]; ok {
		return f
	}
	f := newFace(goFont(bold, italic), size)
	p.faces[key] = f
	return f
}

// svgColors are the color names an SVG drawing may use (others are
// written as #rrggbb).
var svgColors = map[string]color.RGBA{
	"black": {0, 0, 0, 255}, "white": {255, 255, 255, 255},
	"grey": {192, 192, 192, 255}, "gray": {192, 192, 192, 255},
	"lightgrey": {211, 211, 211, 255}, "lightgray": {211, 211, 211, 255},
	"red": {255, 0, 0, 255}, "green": {0, 128, 0, 255}, "blue": {0, 0, 255, 255},
}

// parseColor reads an SVG paint: "" means def, "none" and "transparent"
// paint nothing (ok false). opacity, if set, multiplies the alpha.
func parseColor(s, def, opacity string) (c color.Color, ok bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" {
		s = def
	}
	if s == "none" || s == "transparent" {
		return nil, false
	}
	rgba, known := svgColors[s]
	if !known {
		rgba = color.RGBA{0, 0, 0, 255}
		if h := strings.TrimPrefix(s, "#"); h != s {
			if len(h) == 3 {
				h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
			}
			if v, err := strconv.ParseUint(h, 16, 32); err == nil {
				switch len(h) {
				case 6:
					rgba = color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
				case 8:
					rgba = color.RGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
				}
			}
		}
	}
	if opacity != "" {
		rgba.A = uint8(math.Round(float64(rgba.A) * math.Min(math.Max(num(opacity), 0), 1)))
	}
	if rgba.A == 0 {
		return nil, false
	}
	// gg wants premultiplied alpha through color.Color: NRGBA does that.
	return color.NRGBA{rgba.R, rgba.G, rgba.B, rgba.A}, true
}
