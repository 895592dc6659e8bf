package lessons

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/lessons/sandbox"
)

// paramLesson declares a range and a list, uses them in a cell, in a
// comment, in prose and in a reference's conditions, and has a cell and a
// code block that use none.
const paramLesson = "---\ntitle: Params\nparam depth: 3 (2-5) depth of the search\nparam algo: alphabeta (minimax, alphabeta)\n---\n\n" +
	"At depth {depth} with {algo}, {not_a_param} stays.\n\n" +
	"```plylab\n# {algo} to depth {depth}\ncompare --depth {depth} --algo {algo}\n```\n\n" +
	"It visited {{nodes | depth={depth}}} nodes, {{cell 1: nodes}} in all.\n\n" +
	"```plylab\ntree --toy binary-3\n```\n\n" +
	"```go\nfunc f() { return {depth} }\n```\n"

func TestParams(t *testing.T) {
	l, err := Parse("lessons/05-params.md", []byte(paramLesson), testCommands)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Params) != 2 {
		t.Fatalf("%d parameters, want 2", len(l.Params))
	}
	d, a := l.Params[0], l.Params[1]
	if d.Name != "depth" || d.Default != "3" || d.Min != 2 || d.Max != 5 || d.Choices != nil || d.Label != "depth of the search" || d.Line != 3 || d.Values() != "2-5" {
		t.Errorf("depth: %+v", d)
	}
	if a.Name != "algo" || a.Default != "alphabeta" || !reflect.DeepEqual(a.Choices, []string{"minimax", "alphabeta"}) || a.Label != "" || a.Values() != "minimax, alphabeta" {
		t.Errorf("algo: %+v", a)
	}
	if got := l.Cells[0].Commands[0].Text; got != "compare --depth 3 --algo alphabeta" {
		t.Errorf("cell 1 runs %q", got)
	}
	if got := l.Cells[0].Commands[0].Comment; got != "alphabeta to depth 3" {
		t.Errorf("cell 1's comment %q", got)
	}
	if !reflect.DeepEqual(l.Cells[0].Params, []string{"algo", "depth"}) || l.Cells[1].Params != nil {
		t.Errorf("cells use %v and %v", l.Cells[0].Params, l.Cells[1].Params)
	}
	prose := l.Blocks[0]
	if strings.TrimSpace(prose.Text) != "At depth 3 with alphabeta, {not_a_param} stays." {
		t.Errorf("prose %q", prose.Text)
	}
	var shown []string
	for _, u := range prose.Params {
		shown = append(shown, u.Name+"="+prose.Text[u.Start:u.End])
	}
	if !reflect.DeepEqual(shown, []string{"depth=3", "algo=alphabeta"}) {
		t.Errorf("prose shows %v", shown)
	}
	refs := l.Blocks[2]
	if len(refs.Refs) != 2 || refs.Refs[0].Sel.Text != "nodes | depth=3" {
		t.Fatalf("refs %+v", refs.Refs)
	}
	if got := refs.RefParams(refs.Refs[0]); !reflect.DeepEqual(got, []string{"depth"}) {
		t.Errorf("{{nodes | depth={depth}}} uses %v", got)
	}
	if got := refs.RefParams(refs.Refs[1]); got != nil {
		t.Errorf("{{cell 1: nodes}} uses %v", got)
	}
	// A reference named like a parameter stays a reference.
	nl, err := Parse("n.md", []byte("---\ntitle: N\nparam nodes: 3 (2-4)\n---\n\n```plylab\ncompare --depth {nodes}\n```\n\n{{nodes}} nodes.\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(nl.Blocks[1].Refs) != 1 || strings.TrimSpace(nl.Blocks[1].Text) != "{{nodes}} nodes." {
		t.Errorf("{{nodes}} with a parameter nodes became %q", nl.Blocks[1].Text)
	}
	if code := l.Blocks[len(l.Blocks)-1]; code.Kind != Code || code.Text != "func f() { return {depth} }" {
		t.Errorf("a Go block changed: %q", code.Text)
	}

	// Another value, parsed again.
	l2, err := l.WithParams(map[string]string{"depth": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if got := l2.Cells[0].Commands[0].Text; got != "compare --depth 2 --algo alphabeta" {
		t.Errorf("with depth=2 cell 1 runs %q", got)
	}
	if got := l2.Blocks[2].Refs[0].Sel.Text; got != "nodes | depth=2" {
		t.Errorf("with depth=2 the reference reads %q", got)
	}
	if l2.Value("depth") != "2" || l2.Value("algo") != "alphabeta" || l.Value("depth") != "3" || l2.Slug != "05-params" || l2.Number != 5 {
		t.Errorf("values %s/%s, the default's %s, slug %s, number %d", l2.Value("depth"), l2.Value("algo"), l.Value("depth"), l2.Slug, l2.Number)
	}
	for _, tc := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"depth": "6"}, `depth: "6" is not a whole number from 2 to 5`},
		{map[string]string{"depth": "04"}, `depth: "04" is not a whole number from 2 to 5`},
		{map[string]string{"algo": "engine"}, `algo: "engine" is not one of minimax, alphabeta`},
		{map[string]string{"dpeth": "3"}, `the lesson has no parameter "dpeth"; did you mean "depth"?`},
		{map[string]string{"position": "start"}, `the lesson has no parameter "position"; its parameters are depth, algo`},
	} {
		_, err := l.WithParams(tc.values)
		var pe *ParamError
		if !errors.As(err, &pe) || err.Error() != tc.want {
			t.Errorf("WithParams(%v): %v, want a ParamError %q", tc.values, err, tc.want)
		}
	}
}

func TestParamErrors(t *testing.T) {
	fm := func(lines ...string) string { return "---\ntitle: T\n" + strings.Join(lines, "\n") + "\n---\n" }
	cell := "\n```plylab\ncompare --depth {depth}\n```\n"
	tests := []struct{ name, src, want string }{
		{"no values", fm("param depth: 4") + cell,
			"x.md:3: parameter depth: write 'param NAME: DEFAULT (VALUES) LABEL', e.g. 'param depth: 4 (2-5) depth of the search' or 'param position: paper-mate2 (paper-mate2, cpw3) the position'"},
		{"bad name", fm("param 2deep: 4 (2-5)") + cell,
			`x.md:3: parameter name "2deep": use lower-case letters, digits and '_', starting with a letter`},
		{"upside-down range", fm("param depth: 4 (5-2)") + cell,
			"x.md:3: parameter depth: the range 5-2 must go from a smaller to a larger whole number, at most 1000 apart"},
		{"default out of range", fm("param depth: 9 (2-5)") + cell,
			`x.md:3: parameter depth: the default "9" is not a whole number from 2 to 5`},
		{"one choice", fm("param depth: 4 (4)") + "\n```plylab\ncompare --depth {depth}\n```\n",
			"x.md:3: parameter depth: give a range such as (2-5) or at least two choices such as (minimax, alphabeta)"},
		{"path as a choice", fm("param pos: a (a, ../etc)") + "\n```plylab\ncompare --position {pos}\n```\n",
			`x.md:3: parameter pos: choice "../etc" has "/"`},
		{"choice twice", fm("param algo: a (a, b, a)") + "\n```plylab\ncompare --algo {algo}\n```\n",
			`x.md:3: parameter algo: the choice "a" is listed twice`},
		{"declared twice", fm("param depth: 4 (2-5)", "param depth: 3 (2-5)") + cell,
			`x.md:4: parameter "depth" is declared twice (first on line 3)`},
		{"unused", fm("param depth: 4 (2-5)", "param algo: a (a, b)") + cell,
			"x.md:4: parameter algo is declared but no cell or prose uses it; write {algo} where its value goes"},
		{"unknown in a cell", fm("param depth: 4 (2-5)") + "\n```plylab\ncompare --depth {dpeth}\n```\n",
			`x.md:7: unknown parameter {dpeth} in a cell; did you mean "depth"?; declare it in the front matter`},
		{"a value the rules refuse", fm("param algo: compare (compare, frobnicate)") + "\n```plylab\n{algo} --depth 3\n```\n",
			`x.md:7: with algo = frobnicate: unknown command "frobnicate" in a plylab cell`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(tc.src), testCommands)
			var le *Error
			if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error\n got: %v\nwant: %s...", err, tc.want)
			}
		})
	}
}

// TestParamsRendered: the terminal and the static page show the values
// a lesson runs with; a live page has a form to change them and marks the
// values its prose shows.
func TestParamsRendered(t *testing.T) {
	l, err := Parse("lessons/05-params.md", []byte(strings.Replace(paramLesson, ", {not_a_param}", "", 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var term bytes.Buffer
	tm := &Terminal{Out: &term, Width: 100}
	if err := tm.Present(NewSession(l, fakeRun, sandbox.NewMemory(sandbox.Quota{}))); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Parameters: depth = 3 (2-5: depth of the search) · algo = alphabeta (minimax, alphabeta)",
		"$ plylab compare --depth 3 --algo alphabeta", "It visited 1,234 nodes"} {
		if !strings.Contains(term.String(), want) {
			t.Errorf("the terminal lacks %q:\n%s", want, term.String())
		}
	}
	r, err := NewSession(l, fakeRun, sandbox.NewMemory(sandbox.Quota{})).RunAll()
	if err != nil {
		t.Fatal(err)
	}
	static, err := RenderPage(r, PageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<p class="params">Parameters: <strong>depth</strong> = <code>3</code> (2-5: depth of the search) · <strong>algo</strong> = <code>alphabeta</code> (minimax, alphabeta)</p>`,
		"<p>At depth 3 with alphabeta stays.</p>", "It visited 1,234 nodes, 1,234 in all."} {
		if !strings.Contains(string(static), want) {
			t.Errorf("the static page lacks %s", want)
		}
	}
	live, err := RenderPage(r, PageOptions{Notebook: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<form class="params" data-lesson="05-params"><span class="params-title">Parameters</span>`,
		`<input type="number" name="depth" value="3" min="2" max="5" step="1" data-default="3" />`,
		`<select name="algo" data-default="alphabeta"><option value="minimax">minimax</option><option value="alphabeta" selected="selected">alphabeta</option></select>`,
		`<p>At depth <span class="param-value" data-param="depth">3</span> with <span class="param-value" data-param="algo">alphabeta</span> stays.</p>`,
		`It visited <span class="ref" data-ref="2-0" data-cell="1" data-sel="nodes | depth=3">1,234</span> nodes, <span class="ref" data-ref="2-1" data-cell="1" data-sel="nodes">1,234</span> in all.`,
	} {
		if !strings.Contains(string(live), want) {
			t.Errorf("the live page lacks %s", want)
		}
	}
}

// TestLiveProseFallback: a value inside a link's address cannot be
// marked; the block is drawn as on a static page.
func TestLiveProseFallback(t *testing.T) {
	src := "---\ntitle: T\nparam depth: 3 (2-4)\n---\n\n```plylab\ncompare --depth {depth}\n```\n\nSee [it](x-{depth}.html) with {{nodes}} nodes.\n"
	l, err := Parse("t.md", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewSession(l, fakeRun, sandbox.NewMemory(sandbox.Quota{})).RunAll()
	if err != nil {
		t.Fatal(err)
	}
	page, err := RenderPage(r, PageOptions{Notebook: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := `<p>See <a href="x-3.html">it</a> with 1,234 nodes.</p>`; !strings.Contains(string(page), want) {
		t.Errorf("the page lacks %s", want)
	}
}

// TestBuiltinParams: lesson 3 declares its parameters, and each of their
// values makes a lesson that parses under the cells' allow-list.
func TestBuiltinParams(t *testing.T) {
	ls, err := Builtin(sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	l := ls[2]
	var names []string
	for _, q := range l.Params {
		names = append(names, q.Name+"="+q.Default+" ("+q.Values()+")")
	}
	if want := []string{"position=paper-mate2 (paper-mate2, cpw3, zugzwang)", "depth=3 (2-4)"}; !reflect.DeepEqual(names, want) {
		t.Errorf("lesson 3's parameters: %v, want %v", names, want)
	}
	l2, err := l.WithParams(map[string]string{"position": "zugzwang", "depth": "4"})
	if err != nil {
		t.Fatal(err)
	}
	var uses []string
	for _, c := range l2.Cells {
		if c.Params != nil {
			uses = append(uses, c.Commands[0].Text)
		}
	}
	want := []string{"compare --position zugzwang --depth 1-5 --algo minimax,alphabeta --plot paper-experiment.svg",
		"tree --position paper-mate2 --algo alphabeta --depth 4 --fit 0 -o pruned.svg"}
	if !reflect.DeepEqual(uses, want) {
		t.Errorf("cells using parameters: %q, want %q", uses, want)
	}
}
