// Package plot draws the chart of a compare run: nodes and time per depth
// on log scales, one line per algorithm, like the game-trees paper's
// figure. Exponential growth is a straight line on a log scale, and its
// slope is the branching factor.
//
// It is a renderer: it reads engine/app/lab's typed results (FromCompare) and
// writes SVG or PNG with gonum.org/v1/plot (gonum.go); it searches nothing
// and prints nothing else. The WebAssembly build of a class site draws
// SVG with plylab's own small renderer instead (svg.go, write_js.go).
package plot

import (
	"bytes"
	"image/color"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
)

// Point is one finished depth of one algorithm: the y values the chart
// draws (nodes at least 1 and seconds at least a microsecond, since a log
// scale has no zero).
type Point struct {
	Depth   int
	Nodes   float64
	Seconds float64
}

// Series is one algorithm's line.
type Series struct {
	Name   string
	Points []Point
}

// Chart is what Write draws: a title, the depth range of the x axis and
// one series per algorithm (a series without points draws no line and has
// no legend entry, but keeps its colour slot).
type Chart struct {
	Title              string
	MinDepth, MaxDepth int
	Series             []Series
}

// FromCompare builds the chart of a compare run: one series per algorithm
// of algos, with a point for every finished row (nodes including
// quiescence).
func FromCompare(title string, algos []engine.Options, res *lab.CompareResult) Chart {
	c := Chart{Title: title, MinDepth: res.MinDepth, MaxDepth: res.MaxDepth}
	for ai, o := range algos {
		s := Series{Name: o.Name}
		for d := res.MinDepth; d <= res.MaxDepth; d++ {
			r := res.Row(d, ai)
			if !r.Done {
				continue
			}
			s.Points = append(s.Points, Point{Depth: d, Nodes: max(float64(r.Stats.TotalNodes()), 1), Seconds: max(r.Stats.Elapsed.Seconds(), 1e-6)})
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// colors are the lines' colours, in series order (repeating after eight).
var colors = []color.RGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff},
	{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

// Bytes draws the chart whole in memory: PNG when png is true, else SVG.
func (c Chart) Bytes(png bool) ([]byte, error) {
	var buf bytes.Buffer
	if err := c.Write(&buf, png); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// hasPoints reports whether some series has a point.
func (c Chart) hasPoints() bool {
	for _, s := range c.Series {
		if len(s.Points) > 0 {
			return true
		}
	}
	return false
}
