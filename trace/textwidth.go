package trace

import "sort"

//go:generate go run ./internal/fontwidths

// The drawing (draw.go) sizes its boxes by the width of their labels in
// the Go fonts, which have α, β, ∞, ≤, ≥ and the triangles. The widths
// come from a table of the fonts' advances (fontwidths.go, generated
// from golang.org/x/image/font/gofont by internal/fontwidths), not from
// the fonts: the same numbers golang.org/x/image/font/opentype gives at 72
// dpi without hinting, so the drawing is byte for byte what measuring
// with the fonts gave, and the WebAssembly engine carries no font. The
// PNG painter (png.go) paints with the fonts themselves.

// charWidth is one character's advance, in font units.
type charWidth struct {
	r   rune
	adv int32
}

// fontWidths is one font's table: its units per em, the advance of its
// missing-character glyph (what a character it lacks is drawn as) and
// the advance of every character it has, in rune order.
type fontWidths struct {
	unitsPerEm int32
	missing    int32
	chars      []charWidth
}

// The fonts of goFontWidths.
const (
	goFontRegular = iota
	goFontBold
	goFontItalic
)

// advance is r's advance in font units: its glyph's, or the missing
// glyph's when the font has none for r.
func (f *fontWidths) advance(r rune) int32 {
	i := sort.Search(len(f.chars), func(i int) bool { return f.chars[i].r >= r })
	if i < len(f.chars) && f.chars[i].r == r {
		return f.chars[i].adv
	}
	return f.missing
}

// measure is the width of s at size points, in points, in the
// arithmetic of x/image/font/opentype (a face of size points at 72 dpi,
// unhinted) and font.MeasureString: 26.6 fixed-point advances, each
// scaled from font units and rounded half away from zero, summed.
func (f *fontWidths) measure(s string, size float64) float64 {
	ppem := int32(0.5 + (size * 72 * 64 / 72))
	var w int32
	for _, r := range s {
		x := f.advance(r) * ppem
		if x >= 0 {
			x += f.unitsPerEm / 2
		} else {
			x -= f.unitsPerEm / 2
		}
		w += x / f.unitsPerEm
	}
	return float64(w) / 64
}

// TextWidth is the width in points of text at size points in the Go font
// (bold or regular) that trees' labels are set in: what a drawing
// reserves for it.
func TextWidth(text string, size float64, bold bool) float64 {
	return textWidth(span{text: text, size: size, bold: bold})
}

// textWidth measures s in the Go fonts (a little wider than Helvetica, so
// boxes sized with it hold the text in either). Bold italic is measured
// in bold.
func textWidth(s span) float64 {
	return goFontWidths[fontIndex(s.bold, s.italic)].measure(s.text, s.size)
}

// fontIndex is the font of goFontWidths a span is measured in: bold
// (bold italic too), italic or regular.
func fontIndex(bold, italic bool) int {
	switch {
	case bold:
		return goFontBold
	case italic:
		return goFontItalic
	}
	return goFontRegular
}
