//go:build js

package trace

import (
	"errors"
	"io"
)

// CanPNG reports whether this build paints PNG pictures: the WebAssembly
// engine of a class site does not (it would carry the fonts and the
// painter); it draws SVG.
const CanPNG = false

// ErrNoPNG is the error of a PNG picture asked of a build that paints
// none (CanPNG false).
var ErrNoPNG = errors.New("PNG pictures are not drawn in the browser; name the picture .svg")

// svgToPNG paints nothing in the browser's build.
func svgToPNG([]byte, float64, io.Writer) error { return ErrNoPNG }
