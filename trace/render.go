package trace

import (
	"bytes"
	"context"
	"fmt"
	"io"
)

// Image formats Render produces.
const (
	FormatSVG = "svg"
	FormatPNG = "png"
)

// PNGDPI is the resolution of PNG renders: sharp enough for a projector.
const PNGDPI = 144

// Render draws the trees as format (FormatSVG or FormatPNG) to w: a tidy
// tree layout written as SVG by plylab itself (draw.go), and PNG painted
// from that SVG at PNGDPI (png.go). No Graphviz is involved; DOT, for
// Graphviz users, comes from WriteDOT.
func Render(ctx context.Context, w io.Writer, opts DrawOptions, format string, trees ...*Tree) error {
	if format != FormatSVG && format != FormatPNG {
		return fmt.Errorf("cannot render %q: the image formats are svg and png", format)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	svg := drawingSVG(opts, trees...)
	if format == FormatPNG {
		return svgToPNG(svg, PNGDPI, w)
	}
	_, err := io.Copy(w, bytes.NewReader(svg))
	return err
}
