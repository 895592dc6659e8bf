//go:build js

package plot

import (
	"errors"
	"io"
)

// ErrNoPNG is Write's error for a PNG chart in the WebAssembly build,
// which draws SVG only.
var ErrNoPNG = errors.New("PNG charts are not drawn in the browser; name the chart .svg")

// Write draws the chart to w as SVG (WriteSVG): the WebAssembly build
// does not carry gonum.org/v1/plot, so it draws no PNG (png true is
// ErrNoPNG). A chart without a single point is an error.
func (c Chart) Write(w io.Writer, png bool) error {
	if png {
		return ErrNoPNG
	}
	return c.WriteSVG(w)
}
