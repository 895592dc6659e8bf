package trace

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Image formats Render produces.
const (
	FormatSVG = "svg"
	FormatPNG = "png"
)

// PNGDPI is the resolution of PNG renders: sharp enough for a projector
// (Graphviz's default of 96 looks blurry on a slide).
const PNGDPI = 144

// renderMu serializes rendering: go-graphviz runs one WebAssembly instance
// of Graphviz per process, shared by every caller, and Graphviz itself is
// not reentrant.
var renderMu sync.Mutex

// Render lays out the DOT source with Graphviz's dot layout and writes it
// to w as format (FormatSVG or FormatPNG). Graphviz runs in-process,
// compiled to WebAssembly, so no Graphviz installation is needed. PNG
// images are painted from Graphviz's SVG at PNGDPI.
func Render(ctx context.Context, w io.Writer, dotSrc string, format string) error {
	if format != FormatSVG && format != FormatPNG {
		return fmt.Errorf("cannot render %q: the image formats are svg and png", format)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	renderMu.Lock()
	defer renderMu.Unlock()
	gv, err := graphviz.New(ctx)
	if err != nil {
		return fmt.Errorf("starting graphviz: %w", err)
	}
	defer gv.Close()
	g, err := graphviz.ParseBytes([]byte(dotSrc))
	if err != nil {
		return fmt.Errorf("graphviz cannot read the DOT source: %w", err)
	}
	defer g.Close()
	var buf bytes.Buffer
	if err := gv.Render(ctx, g, graphviz.SVG, &buf); err != nil {
		return fmt.Errorf("graphviz: %w", err)
	}
	if buf.Len() == 0 {
		return fmt.Errorf("graphviz produced an empty image")
	}
	if format == FormatPNG {
		// PNG is painted from the SVG: see png.go for why.
		return svgToPNG(buf.Bytes(), PNGDPI, w)
	}
	_, err = w.Write(buf.Bytes())
	return err
}
