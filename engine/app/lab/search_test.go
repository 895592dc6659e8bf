package lab

import (
	"context"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

// search_kiwipete.golden: the engine's iterations on kiwipete.
func TestIterationRows(t *testing.T) {
	b, err := board.FromFEN(mustPosition(t, "kiwipete").FEN)
	if err != nil {
		t.Fatal(err)
	}
	res := textbook.Run(context.Background(), b, engine.EngineOptions(), engine.Limits{Depth: 2}, nil, nil)
	rows := IterationRows(b, res)
	want := []IterationRow{{Depth: 1, SelDepth: 5, Score: 27, Nodes: 77, PV: "Bxa6"}, {Depth: 2, SelDepth: 5, Score: 27, Nodes: 160, PV: "Bxa6 bxc3"}}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		r := rows[i]
		if r.Depth != w.Depth || r.SelDepth != w.SelDepth || r.Score != w.Score || r.Nodes != w.Nodes || r.PV != w.PV {
			t.Errorf("iteration %d = %+v, want %+v", i+1, r, w)
		}
		if r.NPS != PerSecond(r.Nodes, r.Elapsed) {
			t.Errorf("iteration %d: nps %g is not nodes over time", i+1, r.NPS)
		}
	}
	if got := BestSAN(b, res); got != "Bxa6" {
		t.Errorf("BestSAN = %q, want Bxa6", got)
	}
	if got := BestSAN(b, engine.Result{BestMove: board.NoMove}); got != "(none)" {
		t.Errorf("BestSAN without a move = %q", got)
	}
}

func TestCounters(t *testing.T) {
	s := engine.Stats{Nodes: 3986, BetaCutoffs: 569, FirstCutoffs: 500, TTProbes: 0, SelDepth: 15, Elapsed: 2 * time.Second}
	cs := Counters(s)
	if len(cs) != 23 {
		t.Fatalf("%d counters, want 23", len(cs))
	}
	byName := map[string]Counter{}
	for _, c := range cs {
		byName[c.Name] = c
	}
	for _, tt := range []struct {
		name string
		want Counter
	}{
		{"nodes", Counter{Name: "nodes", Kind: Count, N: 3986, Meaning: "positions visited in the main search, root included"}},
		{"first-move cutoffs", Counter{Name: "first-move cutoffs", Kind: Share, N: 500, Of: 569, Meaning: "share of cutoffs made by the first move (ordering quality)"}},
		{"tt hits", Counter{Name: "tt hits", Kind: Share, Meaning: "look-ups that found the position"}},
		{"seldepth", Counter{Name: "seldepth", Kind: Plies, N: 15, Meaning: "deepest ply reached, quiescence included"}},
		{"time", Counter{Name: "time", Kind: Duration, Time: 2 * time.Second}},
		{"nodes/s", Counter{Name: "nodes/s", Kind: Rate, N: 3986, Time: 2 * time.Second, PerSecond: 1993, Meaning: "nodes and qnodes per second"}},
	} {
		if got := byName[tt.name]; got != tt.want {
			t.Errorf("%s = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if cs[0].Name != "nodes" || cs[len(cs)-1].Name != "nodes/s" {
		t.Errorf("order: first %q, last %q", cs[0].Name, cs[len(cs)-1].Name)
	}
}

// The candidates' counters appear only when their switch acted, before
// seldepth.
func TestCandidateCounters(t *testing.T) {
	for _, tc := range []struct {
		s     engine.Stats
		names []string
	}{
		{engine.Stats{}, nil},
		{engine.Stats{SingularTries: 40, SingularExts: 10, MultiCuts: 20}, []string{"singular tries", "singular extensions", "multi-cuts"}},
		{engine.Stats{HistLMRMore: 3}, []string{"history LMR less", "history LMR more"}},
		{engine.Stats{SingularTries: 1, HistLMRLess: 1}, []string{"singular tries", "singular extensions", "multi-cuts", "history LMR less", "history LMR more"}},
		{engine.Stats{Razors: 7, QEvasionPrunes: 2}, []string{"razored nodes", "quiet evasions pruned"}},
	} {
		cs := Counters(tc.s)
		if len(cs) != 23+len(tc.names) {
			t.Fatalf("%+v: %d counters, want %d", tc.s, len(cs), 23+len(tc.names))
		}
		for i, name := range tc.names {
			if got := cs[20+i].Name; got != name {
				t.Errorf("%+v: counter %d is %q, want %q", tc.s, 20+i, got, name)
			}
		}
		if cs[20+len(tc.names)].Name != "seldepth" {
			t.Errorf("%+v: %q after the candidates' counters, want seldepth", tc.s, cs[20+len(tc.names)].Name)
		}
	}
	cs := Counters(engine.Stats{SingularTries: 40, SingularExts: 10})
	if c := cs[21]; c.Kind != Share || c.N != 10 || c.Of != 40 {
		t.Errorf("singular extensions = %+v, want 10 of 40", c)
	}
}
