//go:build !js

package trace

import (
	"testing"

	"golang.org/x/image/font"
)

// TestFontWidths: the table of the Go fonts' widths (fontwidths.go)
// measures every character the fonts have, alone and in strings, at the
// drawing's sizes and others, exactly as the fonts do through
// x/image/font/opentype (the measure the drawing used before the table);
// a character the fonts lack counts nothing in both. When the fonts
// change, go generate ./trace rewrites the table.
func TestFontWidths(t *testing.T) {
	sizes := []float64{9, 10, 11, 13, 14, 15, 17, 20, 7.5, 12.3, 33.3}
	strings := []string{"", "e4", "Qxf7+", "+∞ ≤ α ≤ β", "… 1,234 more", "▲ β cutoff", "3 pruned", "shown: depth ≤ 3",
		"minimax: paper-mate2, depth 3", "日本", "\x00\t\r\n", "a\uFFFDb", "ünïcödé ŝtrïng"}
	fonts := []struct {
		name         string
		bold, italic bool
	}{{"regular", false, false}, {"bold", true, false}, {"italic", false, true}}
	for _, f := range fonts {
		var all []rune
		for _, c := range goFontWidths[fontIndex(f.bold, f.italic)].chars {
			all = append(all, c.r)
		}
		for _, size := range sizes {
			face := newFace(goFont(f.bold, f.italic), size)
			measure := func(s string) float64 { return float64(font.MeasureString(face, s)) / 64 }
			check := func(s string) {
				if got, want := textWidth(span{text: s, size: size, bold: f.bold, italic: f.italic}), measure(s); got != want {
					t.Errorf("%s %.1f pt: %q is %v wide by the table, %v by the font", f.name, size, s, got, want)
				}
			}
			for _, r := range all {
				check(string(r))
			}
			for _, s := range strings {
				check(s)
			}
			check(string(all))
		}
	}
	// Bold italic is measured in bold.
	if a, b := textWidth(span{text: "Nf3", size: 14, bold: true, italic: true}), textWidth(span{text: "Nf3", size: 14, bold: true}); a != b {
		t.Errorf("bold italic %v, bold %v", a, b)
	}
	if n := len(goFontWidths[goFontRegular].chars); n < 600 {
		t.Errorf("the regular font's table has %d characters; the Go font has over 600", n)
	}
}
