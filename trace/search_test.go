package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

// TestSearchToy: Search on a textbook tree gives the tree the recorder
// gives directly, titled.
func TestSearchToy(t *testing.T) {
	t.Parallel()
	g, err := textbook.ParseToy(russell)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		o            engine.Options
		nodes, score int
	}{
		{engine.MinimaxOptions(), 13, 3},
		{engine.AlphaBetaOptions(), 11, 3},
	} {
		tr, err := Search(context.Background(), Input{Title: "rn", Toy: g}, tt.o, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Title != "rn" || tr.Nodes != tt.nodes || tr.Score != tt.score || tr.Algo != tt.o.Name {
			t.Errorf("%s: title %q, %d nodes, score %d, algo %q; want rn, %d, %d, %s", tt.o.Name, tr.Title, tr.Nodes, tr.Score, tr.Algo, tt.nodes, tt.score, tt.o.Name)
		}
	}
}

// TestSearchFollowsPV: with a budget too small for the whole search,
// Search runs again following the PV, so the whole PV is kept and the
// kept and omitted nodes add up to the search's.
func TestSearchFollowsPV(t *testing.T) {
	t.Parallel()
	b, err := board.FromFEN(fenKiwipete)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.AlphaBetaOptions()
	tr, err := Search(context.Background(), Input{Title: "kiwipete", Board: b}, o, 3, 200)
	if err != nil {
		t.Fatal(err)
	}
	res := textbook.Run(context.Background(), b, o, engine.Limits{Depth: 3}, nil, nil)
	if got := tr.Stats().PV; got != len(res.PV)+1 {
		t.Errorf("%d PV nodes kept, want %d", got, len(res.PV)+1)
	}
	if uint64(tr.Nodes+tr.Omitted) != res.Stats.Nodes || tr.Omitted == 0 {
		t.Errorf("%d kept + %d omitted, search %d", tr.Nodes, tr.Omitted, res.Stats.Nodes)
	}
	if b.FEN() != fenKiwipete {
		t.Errorf("the board changed: %s", b.FEN())
	}
}

func TestSearchCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := board.New()
	if _, err := Search(ctx, Input{Board: b}, engine.MinimaxOptions(), 3, 0); err != context.Canceled {
		t.Errorf("cancelled search: %v, want context.Canceled", err)
	}
}

func TestToyName(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ src, want string }{
		{russell, "russell-norvig"},
		{"( (3, 12, 8), (2,4,6), (14,5,2) )", "russell-norvig"},
		{"((1,2),(3,4))", "typed"},
	} {
		g, err := textbook.ParseToy(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := ToyName(g, "typed"); got != tt.want {
			t.Errorf("ToyName(%s) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestWrite: each format starts as it should, two trees in JSON are
// {"trees": [...]}, and an unknown format is an error.
func TestWrite(t *testing.T) {
	t.Parallel()
	a, _ := toyTree(t, russell, true)
	m, _ := toyTree(t, russell, false)
	for _, tt := range []struct {
		format, prefix string
		trees          []*Tree
	}{
		{FormatText, "test", []*Tree{a}},
		{FormatDOT, "digraph", []*Tree{a}},
		{FormatSVG, "<?xml", []*Tree{a}},
		{FormatPNG, "\x89PNG", []*Tree{a}},
		{FormatJSON, "{\n  \"kind\": \"toy\",\n  \"title\": \"test\"", []*Tree{a}},
		{FormatJSON, "{\n  \"trees\": [\n    {\n      \"kind\": \"toy\",\n      \"title\": \"test\"", []*Tree{a, m}},
		{FormatHTML, "<!DOCTYPE html>", []*Tree{a, m}},
	} {
		var buf bytes.Buffer
		if err := Write(context.Background(), &buf, tt.format, DrawOptions{}, nil, tt.trees...); err != nil {
			t.Fatalf("%s: %v", tt.format, err)
		}
		if !strings.HasPrefix(buf.String(), tt.prefix) {
			t.Errorf("%s of %d trees starts %q, want %q", tt.format, len(tt.trees), buf.String()[:min(buf.Len(), 40)], tt.prefix)
		}
		if tt.format == FormatJSON && len(tt.trees) == 2 {
			var v struct{ Trees []*Tree }
			if err := json.Unmarshal(buf.Bytes(), &v); err != nil || len(v.Trees) != 2 || v.Trees[1].Algo != "minimax" {
				t.Errorf("two trees' JSON does not read back: %v", err)
			}
		}
	}
	if err := Write(context.Background(), &bytes.Buffer{}, "gif", DrawOptions{}, nil, a); err == nil {
		t.Error("Write accepted the format gif")
	}
	for _, f := range Formats {
		if Drawing(f) != (f == FormatDOT || f == FormatSVG || f == FormatPNG || f == FormatHTML) {
			t.Errorf("Drawing(%s) = %v", f, Drawing(f))
		}
	}
}

func TestANSIPainter(t *testing.T) {
	t.Parallel()
	on, off := ANSIPainter(true), ANSIPainter(false)
	for _, tt := range []struct {
		r    Role
		want string
	}{
		{RolePlain, "x"},
		{RoleCutoff, "\x1b[31mx\x1b[0m"},
		{RoleMax, "\x1b[1;34mx\x1b[22;0m"},
		{RoleDim, "\x1b[2mx\x1b[22m"},
	} {
		if got := on(tt.r, "x"); got != tt.want {
			t.Errorf("role %d: %q, want %q", tt.r, got, tt.want)
		}
		if got := off(tt.r, "x"); got != "x" {
			t.Errorf("role %d with colour off: %q", tt.r, got)
		}
	}
}
