package main

import (
	"fmt"
	"image/color"
	"os"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The compare chart: nodes and time per depth on log scales, one line per
// algorithm, like the game-trees paper's figure. Exponential growth is a
// straight line on a log scale, and its slope is the branching factor.

var plotColors = []color.RGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff},
	{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

func writeComparePlot(file, title string, algos []engine.Options, res *lab.CompareResult) error {
	lo, hi := res.MinDepth, res.MaxDepth
	nodes := newLogPlot(title+": nodes", "depth", "nodes (log scale)")
	times := newLogPlot(title+": time", "depth", "seconds (log scale)")
	// The legend stands in its own column right of the charts, so it can
	// never cover a line.
	legend := plot.NewLegend()
	legend.TextStyle.Font.Size = vg.Points(17)
	for ai, o := range algos {
		var nxy, txy plotter.XYs
		for d := lo; d <= hi; d++ {
			r := res.Row(d, ai)
			if !r.Done {
				continue
			}
			nxy = append(nxy, plotter.XY{X: float64(d), Y: max(float64(r.Stats.TotalNodes()), 1)})
			txy = append(txy, plotter.XY{X: float64(d), Y: max(r.Stats.Elapsed.Seconds(), 1e-6)})
		}
		if len(nxy) == 0 {
			continue
		}
		col := plotColors[ai%len(plotColors)]
		for _, pair := range []struct {
			p   *plot.Plot
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
				legend.Add(o.Name, l, pts)
			}
		}
	}
	legend.Top, legend.Left = true, true
	for _, p := range []*plot.Plot{nodes, times} {
		p.X.Min, p.X.Max = float64(lo)-0.2, float64(hi)+0.2
		p.X.Tick.Marker = integerTicks{}
	}

	// 16:9, 1600x900 pixels as PNG: the shape and size of a projector.
	const w, h = 16 * vg.Inch, 9 * vg.Inch
	var canvas vg.CanvasWriterTo
	if strings.HasSuffix(file, ".png") {
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(100),
			vgimg.UseBackgroundColor(color.White))}
	} else {
		canvas = vgsvg.New(w, h)
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
	canvases := plot.Align([][]*plot.Plot{{nodes, times}}, tiles, charts)
	nodes.Draw(canvases[0][0])
	times.Draw(canvases[0][1])
	// The legend's column starts below the chart titles.
	key := draw.Crop(dc, w-legendW+vg.Millimeter*4, 0, 0, -vg.Millimeter*16)
	legend.Draw(key)
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("cannot write the plot: %v", err)
	}
	if _, err := canvas.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the plot: %v", err)
	}
	return f.Close()
}

// legendWidth is the width of the legend's column: its widest entry plus
// the sample line and margins.
func legendWidth(l plot.Legend) vg.Length {
	return l.Rectangle(draw.Canvas{}).Size().X + 16*vg.Millimeter
}

func newLogPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = color.White
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(20)
	p.X.Label.TextStyle.Font.Size = vg.Points(17)
	p.Y.Label.TextStyle.Font.Size = vg.Points(17)
	p.X.Tick.Label.Font.Size = vg.Points(15)
	p.Y.Tick.Label.Font.Size = vg.Points(15)
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	return p
}

// integerTicks labels whole depths only.
type integerTicks struct{}

func (integerTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for v := float64(int(min + 0.999)); v <= max; v++ {
		out = append(out, plot.Tick{Value: v, Label: fmt.Sprintf("%d", int(v))})
	}
	return out
}
