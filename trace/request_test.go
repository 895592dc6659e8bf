package trace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
)

// TestRequestTextbook: which textbook tree a request names, its title and
// height, or the error that names the flags.
func TestRequestTextbook(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "aima.txt"), filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(good, []byte("(\n (3, 12, 8),\n (2, 4, 6),\n (14, 5, 2)\n)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("(\n (3, 12, 8),\n (2, x, 6)\n)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.txt")
	for _, tt := range []struct {
		name   string
		r      Request
		title  string // "" when no textbook tree is asked for
		height int
		err    string
	}{
		{"position", Request{PositionSet: true}, "", 0, ""},
		{"nothing", Request{}, "", 0, ""},
		{"bundled", Request{Toy: "binary-3", ToySet: true}, "binary-3", 3, ""},
		{"inline bundled", Request{Toy: russell, ToySet: true}, "russell-norvig", 2, ""},
		{"inline", Request{Toy: "((1,2),(3,4))", ToySet: true}, "textbook tree", 2, ""},
		{"file", Request{ToyFile: good, ToyFileSet: true}, "aima", 2, ""},
		{"both toys", Request{Toy: "binary-3", ToySet: true, ToyFile: good, ToyFileSet: true}, "", 0,
			"use only one of Toy and ToyFile"},
		{"toy and position", Request{Toy: "binary-3", ToySet: true, PositionSet: true}, "", 0,
			"give either a textbook tree (Toy, ToyFile) or a chess position (Position, FEN), not both"},
		{"file and position", Request{ToyFile: good, ToyFileSet: true, PositionSet: true}, "", 0,
			"give either a textbook tree (Toy, ToyFile) or a chess position (Position, FEN), not both"},
		{"unknown name", Request{Toy: "nosuch", ToySet: true}, "", 0,
			`no textbook tree called "nosuch" (bundled: best-order, binary-3, russell-norvig, worst-order); or write a tree as nested lists such as "((3,12,8),(2,4,6))"`},
		{"syntax", Request{Toy: "((3,1x,8))", ToySet: true}, "", 0,
			`bad Toy tree at character 6 ("x"): expected "," or ')'; write nested lists of numbers such as "((3,12,8),(2,4,6))"`},
		{"file syntax", Request{ToyFile: bad, ToyFileSet: true}, "", 0,
			`bad textbook tree in ` + bad + ` at line 3, column 6 ("x"): expected a number or "("; write nested lists of numbers such as ((3,12,8),(2,4,6))`},
		{"missing file", Request{ToyFile: missing, ToyFileSet: true}, "", 0,
			"cannot read ToyFile " + missing + ": no such file or directory"},
	} {
		in, err := tt.r.Textbook()
		msg, title, height := "", "", 0
		if err != nil {
			msg = err.Error()
		}
		if in != nil {
			title, height = in.Title, in.Toy.Root.Height()
		}
		if msg != tt.err || title != tt.title || height != tt.height {
			t.Errorf("%s: %q, height %d, error %q; want %q, %d, %q", tt.name, title, height, msg, tt.title, tt.height, tt.err)
		}
	}
}

// TestRequestJob: the algorithms, depth, budget and view a request
// resolves to against a textbook tree or a chess position, and the first
// error in flag order.
func TestRequestJob(t *testing.T) {
	g, b := russellToy(t), kiwipeteBoard(t)
	toy, chess := Input{Title: "rn", Toy: g}, Input{Title: "kiwipete", Board: b}
	ab := mustAlgo(t, "alphabeta")
	ab.Eval, ab.TTSizeMB = mustAlgo(t, "engine").Eval, 64
	base := Request{Algo: "alphabeta", Depth: 3, MaxNodes: 2000, Fit: 40, Format: FormatText}
	with := func(f func(*Request)) Request { r := base; f(&r); return r }
	for _, tt := range []struct {
		name  string
		r     Request
		in    Input
		algos []engine.Options
		want  string // algorithms (name/eval/MB), depth, budget, filter; or the error
	}{
		{"toy default depth", base, toy, []engine.Options{ab}, "alphabeta/nnue/64 d2 n2000 {0 0 false [] 0}"},
		{"toy depth given", with(func(r *Request) { r.Depth, r.DepthSet = 1, true }), toy, []engine.Options{ab}, "alphabeta/nnue/64 d1 n2000 {0 0 false [] 0}"},
		{"chess", base, chess, []engine.Options{ab}, "alphabeta/nnue/64 d3 n2000 {0 0 false [] 0}"},
		{"fit in drawings", with(func(r *Request) { r.Format = FormatSVG }), chess, []engine.Options{ab}, "alphabeta/nnue/64 d3 n2000 {0 0 false [] 40}"},
		{"view", with(func(r *Request) {
			r.MaxDepth, r.Collapse, r.PVOnly, r.Focus, r.Format = 2, 5, true, "a1a6, b7a6", FormatDOT
		}),
			chess, []engine.Options{ab}, "alphabeta/nnue/64 d3 n2000 {2 5 true [a1a6 b7a6] 40}"},
		{"side by side keeps its eval", with(func(r *Request) { r.SideBySide = "minimax" }), toy, []engine.Options{ab},
			"alphabeta/nnue/64,minimax/material/64 d2 n2000 {0 0 false [] 0}"},
		{"side by side with --eval", with(func(r *Request) { r.SideBySide, r.EvalSet = "minimax", true }), toy, []engine.Options{ab},
			"alphabeta/nnue/64,minimax/nnue/64 d2 n2000 {0 0 false [] 0}"},
		{"two algos", base, toy, []engine.Options{ab, ab}, `Algo takes one algorithm here, got "alphabeta"; draw a second with SideBySide ALGO2`},
		{"bad side by side", with(func(r *Request) { r.SideBySide = "nosuch" }), toy, []engine.Options{ab}, `SideBySide: unknown algorithm "nosuch" (choose minimax, alphabeta, engine, ramz, paper-minimax or paper-alphabeta, optionally with -with-X or -without-X)`},
		{"engine on a toy", with(func(r *Request) { r.SideBySide = "engine" }), toy, []engine.Options{ab},
			`textbook trees are searched with minimax or alphabeta, not "engine" (its techniques need chess positions)`},
		{"toy too shallow", with(func(r *Request) { r.Depth, r.DepthSet = 3, true }), toy, []engine.Options{ab},
			"Depth 3 is out of range for this textbook tree; it is 2 plies high (the default searches it all)"},
		{"chess depth", with(func(r *Request) { r.Depth = 0 }), chess, []engine.Options{ab}, "Depth must be between 1 and 64, got 0"},
		{"no budget", with(func(r *Request) { r.MaxNodes = 0 }), toy, []engine.Options{ab}, "MaxNodes must be between 1 and 1,000,000, got 0"},
		{"budget too big", with(func(r *Request) { r.MaxNodes = 1_000_001 }), toy, []engine.Options{ab}, "MaxNodes must be between 1 and 1,000,000, got 1000001"},
		{"max-depth", with(func(r *Request) { r.MaxDepth = -1 }), toy, []engine.Options{ab}, "MaxDepth must be 0 or more, got -1"},
		{"collapse", with(func(r *Request) { r.Collapse = -2 }), toy, []engine.Options{ab}, "Collapse must be 0 or more, got -2"},
		{"fit checked in text too", with(func(r *Request) { r.Fit = -3 }), toy, []engine.Options{ab}, "Fit must be 0 or more, got -3"},
		{"drawing options", with(func(r *Request) { r.Window, r.NoLegend, r.Format = true, true, FormatSVG }), chess, []engine.Options{ab},
			"alphabeta/nnue/64 d3 n2000 {0 0 false [] 40} window nolegend"},
		// The slide preset picks the budget (FitSlide), at most 40 or --fit.
		{"slide", with(func(r *Request) { r.Slide, r.Format = true, FormatSVG }), chess, []engine.Options{ab}, "alphabeta/nnue/64 d3 n2000 {0 0 false [] 0} slide 40"},
		{"slide, the html page", with(func(r *Request) { r.Slide, r.Format, r.Fit = true, FormatHTML, 0 }), chess, []engine.Options{ab}, "alphabeta/nnue/64 d3 n2000 {0 0 false [] 0} slide 40"},
		{"slide at most 25", with(func(r *Request) { r.Slide, r.Format, r.Fit, r.FitSet = true, FormatPNG, 25, true }), chess, []engine.Options{ab},
			"alphabeta/nnue/64 d3 n2000 {0 0 false [] 0} slide 25"},
		{"slide in text", with(func(r *Request) { r.Slide = true }), chess, []engine.Options{ab},
			"Slide draws for a projector, not text; write a drawing: Output tree.svg (or .png, .html, .dot)"},
		{"slide and fit 0", with(func(r *Request) { r.Slide, r.Format, r.Fit, r.FitSet = true, FormatSVG, 0, true }), chess, []engine.Options{ab},
			"Slide folds the tree to fit a slide and Fit 0 draws every node; give one of them (Fit N with Slide: at most N nodes)"},
	} {
		algos := append([]engine.Options(nil), tt.algos...)
		j, err := tt.r.Job(tt.in, algos)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			var names []string
			for _, o := range j.Algos {
				names = append(names, fmt.Sprintf("%s/%s/%d", o.Name, o.Eval, o.TTSizeMB))
			}
			f := j.Filter
			got = fmt.Sprintf("%s d%d n%d {%d %d %v [%s] %d}", strings.Join(names, ","), j.Depth, j.MaxNodes,
				f.MaxDepth, f.Collapse, f.PVOnly, strings.Join(f.Focus, " "), f.Fit)
			if j.Draw.Window {
				got += " window"
			}
			if j.Draw.NoLegend {
				got += " nolegend"
			}
			if j.Draw.Slide {
				got += fmt.Sprintf(" slide %d", j.SlideFit)
			}
			if j.Input.Title != tt.in.Title {
				t.Errorf("%s: input %q, want %q", tt.name, j.Input.Title, tt.in.Title)
			}
		}
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if len(algos) != len(tt.algos) || (len(algos) > 0 && algos[0].Name != tt.algos[0].Name) {
			t.Errorf("%s: Job changed the caller's algorithms", tt.name)
		}
	}
}

// TestJobRun: a job runs SearchEach (the node counts of TestSearchEach);
// on a slide, folded by FitSlide.
func TestJobRun(t *testing.T) {
	g := russellToy(t)
	j := Job{Input: Input{Title: "rn", Toy: g}, Algos: []engine.Options{engine.MinimaxOptions(), engine.AlphaBetaOptions()}, Depth: 2, MaxNodes: 100}
	trees, err := j.Run(context.Background())
	if err != nil || len(trees) != 2 || trees[0].Nodes != 13 || trees[1].Nodes != 11 {
		t.Fatalf("Run: %d trees, %v", len(trees), err)
	}
	j = Job{Input: Input{Title: "kiwipete", Board: kiwipeteBoard(t)}, Algos: []engine.Options{engine.AlphaBetaOptions()}, Depth: 3,
		MaxNodes: DefaultMaxNodes, Draw: DrawOptions{Slide: true}, SlideFit: DefaultFit}
	trees, err = j.Run(context.Background())
	if err != nil || len(trees) != 1 || trees[0].Nodes != 13 || MeasureSVG(j.Draw, trees...).SlideLabel() < SlideMinLabel {
		t.Fatalf("Run on a slide: %d trees, %v", len(trees), err)
	}
}

// TestBytes: the same bytes as Write; a failed drawing gives no bytes.
func TestBytes(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	var want strings.Builder
	if err := Write(context.Background(), &want, FormatDOT, DrawOptions{}, nil, tr); err != nil {
		t.Fatal(err)
	}
	got, err := Bytes(context.Background(), FormatDOT, DrawOptions{}, nil, tr)
	if err != nil || string(got) != want.String() {
		t.Errorf("Bytes: %v, same bytes %v", err, string(got) == want.String())
	}
	if got, err := Bytes(context.Background(), "gif", DrawOptions{}, nil, tr); err == nil || got != nil {
		t.Errorf("unknown format: %d bytes, %v; want none and an error", len(got), err)
	}
}

func TestToysFormat(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"", "table", ""},
		{"text", "table", ""},
		{"json", "json", ""},
		{"svg", "", `ListToys prints text or json, not "svg"`},
		{"JSON", "", `ListToys prints text or json, not "JSON"`},
	} {
		got, err := ToysFormat(tt.in)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.err {
			t.Errorf("ToysFormat(%q) = %q, %q; want %q, %q", tt.in, got, msg, tt.want, tt.err)
		}
	}
}
