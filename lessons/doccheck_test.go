package lessons

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseDoc: a page's cells are comments of their own lines, its
// references live in comments, and its own {{...}} and ```plylab blocks
// are text and code.
func TestParseDoc(t *testing.T) {
	page := "# Page\n\n<!-- plylab: compare --depth 1-3 -->\nText `{{not a reference}}` and\n{{nor this}}, 17<!-- {{cell 1: nodes | depth=1, algo=minimax}} -->.\n\n```plylab\nsearch --depth 4\n```\n\n<!-- plylab: search --depth 4\nsearch --depth 4 -->\n"
	l, err := ParseDoc("docs/page.md", []byte(page), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Cells) != 2 || l.Cells[0].Commands[0].Text != "compare --depth 1-3" || l.Cells[0].Line != 3 ||
		len(l.Cells[1].Commands) != 2 || l.Cells[1].Commands[1].Line != 12 {
		t.Fatalf("cells: %+v", l.Cells)
	}
	refs := 0
	for _, b := range l.Blocks {
		refs += len(b.Refs)
		if b.Kind == Code && b.Info != "plylab" {
			t.Errorf("a ```plylab block is code: %+v", b)
		}
	}
	if refs != 1 {
		t.Errorf("%d references, want the one in a comment", refs)
	}
	if _, err := ParseDoc("p.md", []byte("# P\n\n<!-- plylab: compare\n"), nil); err == nil || !strings.Contains(err.Error(), "p.md:3: unterminated hidden cell") {
		t.Errorf("an unterminated cell: %v", err)
	}
}

// TestLiteralBefore: the text a binding comment binds.
func TestLiteralBefore(t *testing.T) {
	for _, tc := range []struct {
		before, want string
		ok           bool
		from         int
	}{
		{"visits 1,080", "1,080", true, 7},
		{"is **mate in 2**", "mate in 2", true, 5},
		{"is mate in\n2", "mate in 2", true, 3},
		{"visits 11,080", "1,080", false, 0},
		{"visits 1,081", "1,080", false, 0},
	} {
		from, ok := literalBefore(tc.before, tc.want)
		if ok != tc.ok || ok && from != tc.from {
			t.Errorf("literalBefore(%q, %q) = %d, %v", tc.before, tc.want, from, ok)
		}
	}
	for _, tc := range []struct {
		before, want string
		ok           bool
	}{
		{"it visits 1,081,373", "1081373", true},
		{"share 2.98 %", "2.98%", true},
		{"share 2.98 %", "2.99%", false},
		{"x11", "11", false},
	} {
		if _, ok := numberBefore(tc.before, tc.want); ok != tc.ok {
			t.Errorf("numberBefore(%q, %q) = %v", tc.before, tc.want, ok)
		}
	}
}

// TestCheckDoc: what a docs check reports about a page, with proseRun's
// results for its cells.
func TestCheckDoc(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "stored.json"), []byte(`{"elo": 132, "low": 104, "llr": 2.988076}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const cells = "# Page\n\n<!-- plylab: compare --depth 1-3 -->\n"
	for _, tc := range []struct {
		name, prose string
		want        []string
	}{
		{"bound", "Alpha-beta visits 497<!-- {{nodes | depth=3, algo=alphabeta}} --> nodes.", nil},
		{"written with separators", "It visits 2,096<!-- {{nodes | depth=3, algo=minimax}} --> nodes.", nil},
		{"another value", "Alpha-beta visits 498<!-- {{nodes | depth=3, algo=alphabeta}} --> nodes.",
			[]string{`4 binding: the page says "498" where {{cell 1: nodes | depth=3, algo=alphabeta}} gives "497"`}},
		{"unbound", "Alpha-beta visits 497 nodes.", []string{`4 : the number "497" has no source`}},
		{"a false assertion", "Fewer<!-- {{assert: [nodes | depth=3, algo=alphabeta] > 1000}} -->.", []string{"4 run: the prose states"}},
		{"a comparison", "Alpha-beta visits 497<!-- {{nodes | depth=3, algo=alphabeta}} --> nodes, far fewer.", []string{"4 comparison"}},
		{"a stored region", "Elo <!-- stored: stored.json -->+132 (+104 to +158)<!-- /stored -->.", []string{"4 region: stored.json does not hold 158"}},
		{"a cited file's number, rounded", "LLR <!-- cite stored.json -->2.99<!-- /cite -->.", nil},
		{"a cited file's number, misrounded", "LLR <!-- cite stored.json -->2.98<!-- /cite -->.", []string{"4 region: stored.json do not hold 2.98"}},
		{"a cited region", "Nodes <!-- cite game-trees paper, Table 4 -->23,152 and 988<!-- /cite -->.", nil},
		{"a region of a cell's output", "In all <!-- output: 1 -->Minimax: 17, 144 and 2,096; 5<!-- /output -->.", []string{"4 region: cell 1's results do not hold 5"}},
		{"a measured region", "<!-- measured: nosuch --x -->\nIt took 3.2 s.", []string{"4 region: the measurement's command nosuch --x: no"}},
		{"an unchecked region", "For example <!-- unchecked: an example request -->cell 4 of lesson 3 runs far fewer nodes<!-- /unchecked -->.", nil},
		{"an unchecked region without a reason", "For example <!-- unchecked: -->cell 4<!-- /unchecked -->.", []string{"4 region: an unchecked region says why"}},
		{"a measured table naming each row's command", "<!-- measured: each row's command -->\n| figure | value | command |\n|---|---|---|\n| nodes | 497 | `plylab compare --depth 3` |\n| speed | 2 M | see \"Speed\" |\n| time | 3 s | by hand |\n| other | 4 s | `nosuch --x` |",
			[]string{"9 region: the row names no command", "10 region: the row names no command"}},
		{"a comment beginning a line", "<!-- cite game-trees paper, Table 4 -->23,152<!-- /cite --> nodes.", []string{"4 binding: a comment that begins a line"}},
		{"a comment splitting a paragraph", "Alpha-beta visits\n<!-- {{assert: [nodes | depth=3, algo=alphabeta] < 500}} -->\nfew nodes.", []string{"5 binding: a comment on a line of its own inside a paragraph"}},
		{"a reference in a table row", "| alpha-beta | 497<!-- {{nodes \\| depth=3, algo=alphabeta}} --> |", nil},
		{"a reference in a table row with a bare pipe", "| alpha-beta | 497<!-- {{nodes | depth=3, algo=alphabeta}} --> |", []string{"4 binding: a comment in a table row writes |"}},
		{"a comment with -- inside a line", "Visits 497<!-- {{nodes | depth=3, algo=alphabeta}} -- -->.", []string{"4 binding: a comment inside a line"}},
	} {
		page := cells + tc.prose + "\n"
		res, err := CheckDoc(context.Background(), "page.md", []byte(page), DocOptions{Root: root, Run: proseRun,
			Command: func(c string) error {
				if strings.HasPrefix(c, "nosuch") {
					return fmt.Errorf("no")
				}
				return nil
			}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, i := range res.Issues {
			got = append(got, fmt.Sprintf("%d %s: %s", i.Line, i.Kind, strings.TrimPrefix(i.Error(), fmt.Sprintf("page.md:%d: ", i.Line))))
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %q", tc.name, got)
			continue
		}
		for i := range got {
			w := tc.want[i]
			kind, text, _ := strings.Cut(w, ": ")
			if !strings.HasPrefix(got[i], kind) || !strings.Contains(got[i], text) {
				t.Errorf("%s: %q, want %q", tc.name, got[i], w)
			}
		}
	}
}
