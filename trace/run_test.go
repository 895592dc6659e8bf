package trace

import (
	"context"
	"errors"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

func TestPickFormat(t *testing.T) {
	for _, tt := range []struct {
		format, out, want, err string
	}{
		{"", "", "text", ""},
		{"SVG", "t.png", "svg", ""},
		{"", "t.gv", "dot", ""},
		{"", "T.PNG", "png", ""},
		{"", "tree.json", "json", ""},
		{"", "replay.HTML", "html", ""},
		{"html", "", "html", ""},
		{"gif", "", "", `unknown tree format "gif"; use Format text, dot, svg, png, json, html`},
		{"", "tree", "", `Output "tree" has no extension to tell the format; name it .dot, .svg, .png, .json, .txt or .html, or add Format`},
		{"", "t.JPG", "", `unknown tree format ".jpg" (from Output t.JPG); name the file .dot, .svg, .png, .json, .txt or .html, or add Format`},
	} {
		got, err := PickFormat(tt.format, tt.out)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.err {
			t.Errorf("PickFormat(%q, %q) = %q, %q; want %q, %q", tt.format, tt.out, got, msg, tt.want, tt.err)
		}
	}
}

func mustAlgo(t *testing.T, name string) engine.Options {
	t.Helper()
	o, err := engine.ParseAlgo(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestCheckAlgosAndDepth(t *testing.T) {
	g, b := russellToy(t), kiwipeteBoard(t)
	toy, chess := Input{Toy: g}, Input{Board: b}
	for _, tt := range []struct {
		in   Input
		algo string
		err  string
	}{
		{toy, "alphabeta", ""},
		{toy, "engine", `textbook trees are searched with minimax or alphabeta, not "engine" (its techniques need chess positions)`},
		{chess, "engine", ""},
		{chess, "paper-minimax", `tree does not trace "paper-minimax" (the paper-faithful presets are not traced); draw minimax or alphabeta, or use compare or scores`},
	} {
		err := CheckAlgos(tt.in, []engine.Options{mustAlgo(t, "minimax"), mustAlgo(t, tt.algo)})
		if msg := errText(err); msg != tt.err {
			t.Errorf("CheckAlgos(%s) = %q, want %q", tt.algo, msg, tt.err)
		}
	}
	for _, tt := range []struct {
		in     Input
		depth  int
		given  bool
		want   int
		errMsg string
	}{
		{toy, 3, false, 2, ""},
		{toy, 1, true, 1, ""},
		{toy, 3, true, 0, "Depth 3 is out of range for this textbook tree; it is 2 plies high (the default searches it all)"},
		{chess, 4, true, 4, ""},
		{chess, 0, false, 0, "Depth must be between 1 and 64, got 0"},
	} {
		got, err := CheckDepth(tt.in, tt.depth, tt.given)
		if got != tt.want || errText(err) != tt.errMsg {
			t.Errorf("CheckDepth(%d, %v) = %d, %q; want %d, %q", tt.depth, tt.given, got, errText(err), tt.want, tt.errMsg)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSearchEach: one tree per algorithm, side by side, with the node
// counts of TestSearchToy; a focus path not in the tree is a FilterError.
func TestSearchEach(t *testing.T) {
	g := russellToy(t)
	in := Input{Title: "rn", Toy: g}
	algos := []engine.Options{engine.MinimaxOptions(), engine.AlphaBetaOptions()}
	trees, err := SearchEach(context.Background(), in, algos, 2, 100, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(trees) != 2 || trees[0].Nodes != 13 || trees[1].Nodes != 11 {
		t.Fatalf("got %d trees", len(trees))
	}
	if got, want := DrawnOfSearched(trees), trees[0].DrawnOfSearched()+"; "+trees[1].DrawnOfSearched(); got != want {
		t.Errorf("DrawnOfSearched = %q, want %q", got, want)
	}
	_, err = SearchEach(context.Background(), in, algos, 2, 100, Filter{Focus: []string{"z"}})
	var fe *FilterError
	if !errors.As(err, &fe) {
		t.Errorf("focus on a missing move: %v, want a FilterError", err)
	}
}

func TestDescribeToyError(t *testing.T) {
	_, err := textbook.ParseToy("((3,12),\n(2,x))")
	if err == nil {
		t.Fatal("no error")
	}
	if got, want := DescribeToyError(err, false), `at character 13 ("x"): expected a number or "("`; got != want {
		t.Errorf("command-line wording %q, want %q", got, want)
	}
	if got, want := DescribeToyError(err, true), `at line 2, column 4 ("x"): expected a number or "("`; got != want {
		t.Errorf("file wording %q, want %q", got, want)
	}
	if got := DescribeToyError(errors.New("toy tree: no such tree"), true); got != "no such tree" {
		t.Errorf("other error worded %q", got)
	}
}

// russellToy is the Russell–Norvig textbook tree, parsed.
func russellToy(t *testing.T) *textbook.ToyTree {
	t.Helper()
	g, err := textbook.ParseToy(russell)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// kiwipeteBoard is the Kiwipete position as a board.
func kiwipeteBoard(t *testing.T) *board.Board {
	t.Helper()
	b, err := board.FromFEN(fenKiwipete)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
