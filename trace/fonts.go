//go:build !js

package trace

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// The Go fonts (which have α, β, ∞, ≤, ≥ and the triangles) paint the
// PNG's labels (png.go), through golang.org/x/image/font/opentype; the
// SVG drawing measures them with a table of the same fonts' widths
// (textwidth.go). The WebAssembly build paints no PNG and has no fonts.

var (
	goFontsOnce sync.Once
	goFonts     map[[2]bool]*opentype.Font // by {bold, italic}
)

// goFont returns the Go font of that weight and slant, parsed once.
func goFont(bold, italic bool) *opentype.Font {
	goFontsOnce.Do(func() {
		goFonts = map[[2]bool]*opentype.Font{}
		for k, ttf := range map[[2]bool][]byte{{false, false}: goregular.TTF, {true, false}: gobold.TTF, {false, true}: goitalic.TTF, {true, true}: gobolditalic.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				panic("trace: the embedded Go font does not parse: " + err.Error())
			}
			goFonts[k] = f
		}
	})
	return goFonts[[2]bool{bold, italic}]
}

// newFace is f at size points (one point a pixel: 72 dpi), unhinted, so
// that widths scale exactly with the size.
func newFace(f *opentype.Font, size float64) font.Face {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("trace: a face of the embedded Go font: " + err.Error())
	}
	return face
}
