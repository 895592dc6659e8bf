package plot

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/positions"
)

func compareRun(t *testing.T) ([]engine.Options, *lab.CompareResult) {
	t.Helper()
	var algos []engine.Options
	for _, n := range []string{"minimax", "alphabeta"} {
		o, err := engine.ParseAlgo(n)
		if err != nil {
			t.Fatal(err)
		}
		algos = append(algos, o)
	}
	p, err := positions.Lookup("start")
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.Compare(context.Background(), lab.CompareOptions{Positions: []positions.Position{p}, Algos: algos, MinDepth: 1, MaxDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	return algos, res
}

// The node counts are compare's on the start position (minimax: 1 + 20 +
// 400 + 8,902 nodes to depth 3; alpha-beta fewer).
func TestFromCompare(t *testing.T) {
	algos, res := compareRun(t)
	c := FromCompare("compare: start", algos, res)
	if c.Title != "compare: start" || c.MinDepth != 1 || c.MaxDepth != 3 || len(c.Series) != 2 {
		t.Fatalf("chart %q depths %d-%d, %d series", c.Title, c.MinDepth, c.MaxDepth, len(c.Series))
	}
	want := map[string][]float64{"minimax": {21, 421, 9323}}
	for ai, s := range c.Series {
		if s.Name != algos[ai].Name {
			t.Errorf("series %d is %q, want %q", ai, s.Name, algos[ai].Name)
		}
		var nodes []float64
		for i, p := range s.Points {
			if p.Depth != i+1 || p.Seconds < 1e-6 {
				t.Errorf("%s point %d: depth %d, %g s", s.Name, i, p.Depth, p.Seconds)
			}
			if r := res.Row(p.Depth, ai); float64(r.Stats.TotalNodes()) != p.Nodes {
				t.Errorf("%s depth %d: %g nodes, the row has %d", s.Name, p.Depth, p.Nodes, r.Stats.TotalNodes())
			}
			nodes = append(nodes, p.Nodes)
		}
		if w, ok := want[s.Name]; ok && !reflect.DeepEqual(nodes, w) {
			t.Errorf("%s nodes %v, want %v", s.Name, nodes, w)
		}
		if len(nodes) != 3 {
			t.Errorf("%s has %d points, want 3", s.Name, len(nodes))
		}
	}
}

func TestWrite(t *testing.T) {
	c := Chart{Title: "growth", MinDepth: 1, MaxDepth: 3, Series: []Series{
		{Name: "minimax", Points: []Point{{1, 21, 0.001}, {2, 421, 0.01}, {3, 9323, 0.2}}},
		{Name: "empty"},
	}}
	var svg bytes.Buffer
	if err := c.Write(&svg, false); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{"<svg", "growth: nodes", "growth: time", "minimax", `width="1152pt"`} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if strings.Contains(s, ">empty<") {
		t.Error("a series without points has a legend entry")
	}
	// One depth only: a log axis over a single value (gonum would
	// widen it below zero for a time of 1e-6 s... or a node count of 1).
	one := Chart{Title: "one", MinDepth: 2, MaxDepth: 2, Series: []Series{{Name: "a", Points: []Point{{2, 1, 1e-6}}}}}
	if err := one.Write(&bytes.Buffer{}, false); err != nil {
		t.Errorf("one point: %v", err)
	}
	data, err := c.Bytes(true)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("Bytes(true) is not a PNG: % x", data[:8])
	}
	if err := (Chart{Title: "none", MinDepth: 1, MaxDepth: 2, Series: []Series{{Name: "x"}}}).Write(&svg, false); err == nil || err.Error() != "plot: no finished depth to draw" {
		t.Errorf("a chart without points: %v", err)
	}
}
