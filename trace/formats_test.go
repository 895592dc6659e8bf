package trace

import (
	"context"
	"errors"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/textbook"
)

func TestLookupFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"text": "text", "SVG": "svg", "Dot": "dot", "png": "png", "json": "json", "HTML": "html", "gv": "", "": "", "txt": ""} {
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
		"t.html": "html", "T.HTM": "html",
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
	g := russellToy(t)
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

func TestToyInput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		spec, title, tree, err string
	}{
		{"russell-norvig", "russell-norvig", "((3,12,8),(2,4,6),(14,5,2))", ""},
		{" Binary-3 ", "binary-3", "(((3,5),(6,9)),((1,2),(0,-1)))", ""},
		{"((3,12,8),(2,4,6),(14,5,2))", "russell-norvig", "((3,12,8),(2,4,6),(14,5,2))", ""},
		{"[[1,2],[3]]", "textbook tree", "((1,2),(3))", ""},
		{"nosuch", "", "", `no textbook tree called "nosuch" (bundled: best-order, binary-3, russell-norvig, worst-order)`},
		{"(1,x)", "", "", `toy tree: at character 4 ("x"): expected a number or "("`},
	} {
		in, err := ToyInput(tt.spec)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ToyInput(%q): error %v, want %q", tt.spec, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ToyInput(%q): %v", tt.spec, err)
		}
		if in.Title != tt.title || in.Toy.Root.String() != tt.tree || in.Board != nil {
			t.Errorf("ToyInput(%q) = title %q, tree %s; want %q, %s", tt.spec, in.Title, in.Toy.Root.String(), tt.title, tt.tree)
		}
	}
	var se *textbook.ToySyntaxError
	if _, err := ToyInput("(1,x)"); !errors.As(err, &se) {
		t.Errorf("a syntax error is %T, want *textbook.ToySyntaxError", err)
	}
}

func TestToyFileInput(t *testing.T) {
	t.Parallel()
	in, err := ToyFileInput("dir/my-tree.txt", []byte("(\n (1, 2),\n (3, 4)\n)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if in.Title != "my-tree" || in.Toy.Root.String() != "((1,2),(3,4))" {
		t.Errorf("title %q, tree %s; want my-tree, ((1,2),(3,4))", in.Title, in.Toy.Root.String())
	}
	if _, err := ToyFileInput("x.txt", []byte("(1,")); err == nil {
		t.Error("a tree that does not parse: no error")
	}
}
