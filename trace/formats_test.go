package trace

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine"
)

func TestLookupFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"text": "text", "SVG": "svg", "Dot": "dot", "png": "png", "json": "json", "gv": "", "": "", "txt": ""} {
		got, ok := LookupFormat(in)
		if got != want || ok != (want != "") {
			t.Errorf("LookupFormat(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestFormatOfFile(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"t.dot": "dot", "t.gv": "dot", "dir/T.SVG": "svg", "a.png": "png", "a.json": "json", "a.txt": "text", "a.text": "text",
		"a": "", "a.pdf": "", "svg": "", "a.svg.bak": "",
	} {
		got, ok := FormatOfFile(in)
		if got != want || ok != (want != "") {
			t.Errorf("FormatOfFile(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestToyValues: each bundled tree's minimax value is the one its
// description states.
func TestToyValues(t *testing.T) {
	t.Parallel()
	want := map[string]int{"russell-norvig": 3, "binary-3": 5, "best-order": 8, "worst-order": 8}
	for _, toy := range Toys() {
		v, err := toy.Value()
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := want[toy.Name]; !ok || v != w {
			t.Errorf("%s: value %d, want %d (known: %v)", toy.Name, v, w, ok)
		}
	}
	if _, err := (Toy{Name: "bad", Tree: "(1,"}).Value(); err == nil || err.Error() != `bundled textbook tree bad does not parse: toy tree: at character 4 (end of input): expected a number or "(" (unbalanced brackets?)` {
		t.Errorf("a bad tree: %v", err)
	}
}

func TestDrawnOfSearched(t *testing.T) {
	t.Parallel()
	g, err := engine.ParseToy(russell)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Search(context.Background(), Input{Toy: g}, engine.AlphaBetaOptions(), 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tr.DrawnOfSearched(), "alphabeta: 11 nodes drawn of 11 searched"; got != want {
		t.Errorf("whole tree: %q, want %q", got, want)
	}
	top, err := tr.Apply(Filter{MaxDepth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := top.DrawnOfSearched(), "alphabeta: 4 nodes drawn of 11 searched"; got != want {
		t.Errorf("one ply: %q, want %q", got, want)
	}
}
