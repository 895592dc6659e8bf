//go:build !js

package plot

import (
	"fmt"
	"image/color"
	"io"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The native build draws charts with gonum.org/v1/plot, as SVG or PNG.
// The WebAssembly build does not carry it (its package registers twelve
// Liberation fonts and every output format, 3 MB of the compressed
// engine): it draws SVG with plylab's own small renderer (svg.go).

// Write draws the chart to w, as PNG (1600x900 pixels) when png is true,
// else as SVG of the same 16:9 shape: the shape and size of a projector.
// A chart without a single point is an error (a log scale has nothing to
// span).
func (c Chart) Write(w io.Writer, png bool) error {
	if !c.hasPoints() {
		return fmt.Errorf("plot: no finished depth to draw")
	}
	nodes := newLogPlot(c.Title+": nodes", "depth", "nodes (log scale)")
	times := newLogPlot(c.Title+": time", "depth", "seconds (log scale)")
	// The legend stands in its own column right of the charts, so it can
	// never cover a line.
	legend := gplot.NewLegend()
	legend.TextStyle.Font.Size = vg.Points(17)
	for si, s := range c.Series {
		if len(s.Points) == 0 {
			continue
		}
		var nxy, txy plotter.XYs
		for _, p := range s.Points {
			nxy = append(nxy, plotter.XY{X: float64(p.Depth), Y: p.Nodes})
			txy = append(txy, plotter.XY{X: float64(p.Depth), Y: p.Seconds})
		}
		col := colors[si%len(colors)]
		for _, pair := range []struct {
			p   *gplot.Plot
			xys plotter.XYs
		}{{nodes, nxy}, {times, txy}} {
			l, pts, err := plotter.NewLinePoints(pair.xys)
			if err != nil {
				return fmt.Errorf("plot: %v", err)
			}
			l.Color, pts.Color = col, col
			l.Width = vg.Points(2.5)
			pts.Shape = draw.CircleGlyph{}
			pts.Radius = vg.Points(4)
			pair.p.Add(l, pts)
			if pair.p == nodes {
				legend.Add(s.Name, l, pts)
			}
		}
	}
	legend.Top, legend.Left = true, true
	for _, p := range []*gplot.Plot{nodes, times} {
		p.X.Min, p.X.Max = float64(c.MinDepth)-0.2, float64(c.MaxDepth)+0.2
		p.X.Tick.Marker = IntegerTicks{}
		// One value on a log axis: gonum would widen it by ±1, below
		// zero for a value of 1; widen it by a factor of two instead.
		if p.Y.Min == p.Y.Max {
			p.Y.Min, p.Y.Max = p.Y.Min/2, p.Y.Max*2
		}
	}

	const wd, ht = 16 * vg.Inch, 9 * vg.Inch
	var canvas vg.CanvasWriterTo
	if png {
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wd, ht), vgimg.UseDPI(100),
			vgimg.UseBackgroundColor(color.White))}
	} else {
		canvas = vgsvg.New(wd, ht)
	}
	dc := draw.New(canvas)
	// An opaque white background in every format: without it the SVG is
	// transparent, and viewers with a dark theme show black behind the
	// black axes.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	legendW := legendWidth(legend)
	charts := draw.Crop(dc, 0, -legendW, 0, 0)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Millimeter * 10, PadY: vg.Millimeter * 6,
		PadLeft: vg.Millimeter * 6, PadRight: vg.Millimeter * 4, PadTop: vg.Millimeter * 6, PadBottom: vg.Millimeter * 6}
	canvases := gplot.Align([][]*gplot.Plot{{nodes, times}}, tiles, charts)
	nodes.Draw(canvases[0][0])
	times.Draw(canvases[0][1])
	// The legend's column starts below the chart titles.
	key := draw.Crop(dc, wd-legendW+vg.Millimeter*4, 0, 0, -vg.Millimeter*16)
	legend.Draw(key)
	if _, err := canvas.WriteTo(w); err != nil {
		return fmt.Errorf("cannot write the plot: %v", err)
	}
	return nil
}

// legendWidth is the width of the legend's column: its widest entry plus
// the sample line and margins.
func legendWidth(l gplot.Legend) vg.Length {
	return l.Rectangle(draw.Canvas{}).Size().X + 16*vg.Millimeter
}

// newLogPlot is one chart with a logarithmic y axis, its fonts sized for
// a projector.
func newLogPlot(title, x, y string) *gplot.Plot {
	p := gplot.New()
	p.BackgroundColor = color.White
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(20)
	p.X.Label.TextStyle.Font.Size = vg.Points(17)
	p.Y.Label.TextStyle.Font.Size = vg.Points(17)
	p.X.Tick.Label.Font.Size = vg.Points(15)
	p.Y.Tick.Label.Font.Size = vg.Points(15)
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Y.Scale = gplot.LogScale{}
	p.Y.Tick.Marker = gplot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	return p
}

// IntegerTicks labels whole depths only.
type IntegerTicks struct{}

// Ticks returns a labelled tick at every whole number from min (rounded
// up) to max.
func (IntegerTicks) Ticks(min, max float64) []gplot.Tick {
	var out []gplot.Tick
	for v := float64(int(min + 0.999)); v <= max; v++ {
		out = append(out, gplot.Tick{Value: v, Label: fmt.Sprintf("%d", int(v))})
	}
	return out
}
