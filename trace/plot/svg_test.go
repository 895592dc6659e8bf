package plot

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/trace"
)

// svgShapes reads a chart's SVG as XML (so it must be well formed) and
// returns its polylines' points and its texts.
func svgShapes(t *testing.T, svg string) (lines [][][2]float64, texts []string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return lines, texts
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			inText = e.Name.Local == "text"
			if e.Name.Local != "polyline" {
				continue
			}
			var pts [][2]float64
			for _, a := range e.Attr {
				if a.Name.Local != "points" {
					continue
				}
				for _, p := range strings.Fields(a.Value) {
					x, y, _ := strings.Cut(p, ",")
					fx, err1 := strconv.ParseFloat(x, 64)
					fy, err2 := strconv.ParseFloat(y, 64)
					if err1 != nil || err2 != nil {
						t.Fatalf("polyline point %q", p)
					}
					pts = append(pts, [2]float64{fx, fy})
				}
			}
			lines = append(lines, pts)
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
}

// TestWriteSVG: plylab's own chart (the browser's) draws each series with
// points as one line in each chart, rising to the right on log scales
// labelled by whole decades, with the titles and the legend; a series
// without points draws nothing; the same chart gives the same bytes.
func TestWriteSVG(t *testing.T) {
	c := Chart{Title: "growth", MinDepth: 1, MaxDepth: 3, Series: []Series{
		{Name: "minimax", Points: []Point{{1, 21, 0.001}, {2, 421, 0.01}, {3, 9323, 0.2}}},
		{Name: "empty"},
		{Name: "alphabeta", Points: []Point{{1, 21, 0.0008}, {2, 82, 0.002}}},
	}}
	var buf bytes.Buffer
	if err := c.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" width="1152pt" height="648pt" viewBox="0 0 1152 648">`) {
		t.Errorf("the SVG starts %.120q", svg)
	}
	lines, texts := svgShapes(t, svg)
	// nodes chart: minimax, alphabeta; time chart: the same.
	wantPoints := []int{3, 2, 3, 2}
	if len(lines) != len(wantPoints) {
		t.Fatalf("%d lines, want %d", len(lines), len(wantPoints))
	}
	for i, l := range lines {
		if len(l) != wantPoints[i] {
			t.Errorf("line %d has %d points, want %d", i, len(l), wantPoints[i])
		}
		for j := 1; j < len(l); j++ {
			if l[j][0] <= l[j-1][0] || l[j][1] >= l[j-1][1] {
				t.Errorf("line %d does not rise to the right: %v", i, l)
			}
		}
		for _, p := range l {
			if p[0] < 0 || p[0] > 1152 || p[1] < 0 || p[1] > 648 {
				t.Errorf("line %d leaves the canvas: %v", i, p)
			}
		}
	}
	// The nodes chart is left of the time chart.
	if lines[0][0][0] >= lines[2][0][0] {
		t.Errorf("the nodes chart's line starts at x %v, the time chart's at %v", lines[0][0][0], lines[2][0][0])
	}
	// Equal values sit at equal heights: both series have 21 nodes at depth 1.
	if lines[0][0] != lines[1][0] {
		t.Errorf("21 nodes at depth 1 drawn at %v and %v", lines[0][0], lines[1][0])
	}
	joined := "|" + strings.Join(texts, "|") + "|"
	for _, want := range []string{"growth: nodes", "growth: time", "depth", "nodes (log scale)", "seconds (log scale)",
		"|10|", "|100|", "|1000|", "|10000|", "|0.0001|", "|0.001|", "|0.01|", "|0.1|", "|1|", "|2|", "|3|", "|minimax|", "|alphabeta|"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the chart's texts lack %s: %s", want, joined)
		}
	}
	if strings.Contains(joined, "|empty|") {
		t.Error("a series without points has a legend entry")
	}
	// The legend's widest name fits the canvas.
	if w := trace.TextWidth("alphabeta", legendSize, false); w <= 0 {
		t.Errorf("TextWidth(alphabeta) = %v", w)
	}
	var again bytes.Buffer
	if err := c.WriteSVG(&again); err != nil || again.String() != svg {
		t.Errorf("the same chart drew different bytes (%v)", err)
	}
	// One point: a whole decade around it.
	one := Chart{Title: "one", MinDepth: 2, MaxDepth: 2, Series: []Series{{Name: "a", Points: []Point{{2, 1, 1e-6}}}}}
	buf.Reset()
	if err := one.WriteSVG(&buf); err != nil {
		t.Fatalf("one point: %v", err)
	}
	if _, texts := svgShapes(t, buf.String()); !strings.Contains("|"+strings.Join(texts, "|")+"|", "|1e-06|1e-05|") {
		t.Errorf("one point at 1e-6 s: the time axis reads %v", texts)
	}
	if err := (Chart{Title: "none", MinDepth: 1, MaxDepth: 2, Series: []Series{{Name: "x"}}}).WriteSVG(&buf); err == nil || err.Error() != "plot: no finished depth to draw" {
		t.Errorf("a chart without points: %v", err)
	}
}
