package lessons

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var testCommands = Commands{
	"compare":   nil,
	"tree":      nil,
	"scores":    nil,
	"search":    nil,
	"positions": {"list", "show"},
}

func TestParse(t *testing.T) {
	src := `---
title: A test lesson
summary: What it is about.
minutes: 7
---

Intro with a [link](https://example.org).

` + "```plylab" + `
# nodes per depth
compare --position paper-mate2 --depth 1-3 --algo minimax,alphabeta
plylab tree --toy "((3,12,8),(2,4,6))" -o tree.svg   # a comment
` + "```" + `

Alpha-beta visits {{nodes | depth=3, algo=alphabeta}} nodes.

` + "```go" + `
fmt.Println("not run")
` + "```" + `

` + "```plylab quiz" + `
predict: how many nodes?
answer: nodes | depth=4
compare --position paper-mate2 \
    --depth 4 --algo alphabeta
` + "```" + `

Back to {{cell 1: leaves | depth=2}}.
`
	l, err := Parse("lessons/07-test-lesson.md", []byte(src), testCommands)
	if err != nil {
		t.Fatal(err)
	}
	if l.Title != "A test lesson" || l.Summary != "What it is about." || l.Minutes != 7 {
		t.Errorf("meta = %q, %q, %d", l.Title, l.Summary, l.Minutes)
	}
	if l.Number != 7 || l.Name != "test-lesson" || l.Slug != "07-test-lesson" {
		t.Errorf("name = %d %q %q", l.Number, l.Name, l.Slug)
	}
	var kinds []BlockKind
	for _, b := range l.Blocks {
		kinds = append(kinds, b.Kind)
	}
	want := []BlockKind{Prose, CellBlock, Prose, Code, CellBlock, Prose}
	if !reflect.DeepEqual(kinds, want) {
		t.Fatalf("blocks = %v, want %v", kinds, want)
	}
	if len(l.Cells) != 2 {
		t.Fatalf("%d cells, want 2", len(l.Cells))
	}
	c1 := l.Cells[0]
	if c1.N != 1 || c1.Line != 9 || len(c1.Commands) != 2 {
		t.Fatalf("cell 1 = %+v", c1)
	}
	if got := c1.Commands[0]; got.Line != 11 || got.Comment != "nodes per depth" ||
		!reflect.DeepEqual(got.Args, []string{"compare", "--position", "paper-mate2", "--depth", "1-3", "--algo", "minimax,alphabeta"}) {
		t.Errorf("command 1 = %+v", got)
	}
	if got := c1.Commands[1]; !reflect.DeepEqual(got.Args, []string{"tree", "--toy", "((3,12,8),(2,4,6))", "-o", "tree.svg"}) ||
		got.Text != `tree --toy "((3,12,8),(2,4,6))" -o tree.svg   # a comment` {
		t.Errorf("command 2 = %+v", got)
	}
	c2 := l.Cells[1]
	if c2.Quiz == nil || c2.Quiz.Question != "how many nodes?" || c2.Quiz.Answer.Key != "nodes" || c2.Quiz.Line != 22 {
		t.Fatalf("quiz = %+v", c2.Quiz)
	}
	if got := c2.Commands[0].Args; !reflect.DeepEqual(got, []string{"compare", "--position", "paper-mate2", "--depth", "4", "--algo", "alphabeta"}) {
		t.Errorf("continued command = %q", got)
	}
	refs := l.Blocks[2].Refs
	if len(refs) != 1 || refs[0].Cell != 1 || refs[0].Line != 15 || refs[0].Sel.Key != "nodes" ||
		!reflect.DeepEqual(refs[0].Sel.Where, []Cond{{"depth", "=", "3"}, {"algo", "=", "alphabeta"}}) {
		t.Errorf("refs = %+v", refs)
	}
	if r := l.Blocks[5].Refs; len(r) != 1 || r[0].Cell != 1 || r[0].Sel.Key != "leaves" {
		t.Errorf("explicit cell ref = %+v", r)
	}
}

func TestParseTitleFallback(t *testing.T) {
	src := "# Heading title\n\nFirst paragraph\nof two lines.\n\n```plylab\ntree --toy binary-3\n```\n"
	l, err := Parse("mine.md", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if l.Title != "Heading title" || !l.TitleInBody || l.Summary != "First paragraph of two lines." || l.Number != 0 || l.Name != "mine" {
		t.Errorf("got %q %v %q %d %q", l.Title, l.TitleInBody, l.Summary, l.Number, l.Name)
	}
	if l.Minutes < 1 {
		t.Errorf("minutes = %d", l.Minutes)
	}
}

func TestParseErrors(t *testing.T) {
	fence := "```"
	tests := []struct {
		name, src, want string
	}{
		{"unknown command", "# T\n\n" + fence + "plylab\ncompar --depth 3\n" + fence + "\n",
			`x.md:4: unknown command "compar" in a plylab cell; did you mean "compare"?`},
		{"unterminated block", "# T\n\ntext\n\n" + fence + "plylab\ncompare\n",
			"x.md:5: unterminated code block: the ``` opened here is never closed"},
		{"unterminated other block", "# T\n~~~~go\nx\n~~~\n",
			"x.md:2: unterminated code block: the ~~~~ opened here is never closed"},
		{"unknown subcommand", "# T\n" + fence + "plylab\npositions shw start\n" + fence + "\n",
			`x.md:3: unknown command "positions shw" in a plylab cell; did you mean "show"?`},
		{"missing subcommand", "# T\n" + fence + "plylab\npositions --flip\n" + fence + "\n",
			`x.md:3: "positions" needs a subcommand in a plylab cell: list, show`},
		{"lesson in a cell", "# T\n" + fence + "plylab\nlesson run 1\n" + fence + "\n",
			"x.md:3: a cell cannot run 'plylab lesson'"},
		{"global flag", "# T\n" + fence + "plylab\n--color never tree\n" + fence + "\n",
			"x.md:3: a cell command starts with a plylab command such as compare, not the flag --color (the lesson runner sets --color)"},
		{"help flag first", "# T\n" + fence + "plylab\n-h\n" + fence + "\n",
			"x.md:3: a cell command starts with a plylab command such as compare, not the flag -h (for a command's help, write the command first: compare --help)"},
		{"other flag first", "# T\n" + fence + "plylab\n--depth 3 compare\n" + fence + "\n",
			"x.md:3: a cell command starts with a plylab command such as compare, not the flag --depth"},
		{"empty cell", "# T\n" + fence + "plylab\n# only a comment\n" + fence + "\n",
			"x.md:2: empty plylab cell: write one plylab command a line"},
		{"unbalanced quote", "# T\n" + fence + "plylab\ntree --toy \"((1,2)\n" + fence + "\n",
			`x.md:3: unterminated " quote in "tree --toy \"((1,2)"`},
		{"header instead of key", "# T\n" + fence + "plylab\ncompare --depth 3\n" + fence + "\n\n{{% minimax | depth=3}}\n",
			`x.md:6: bad reference {{% minimax | depth=3}}: "% minimax" in "% minimax | depth=3" is not a result key (keys are lower-case JSON keys such as nodes or best_move)`},
		{"quiz without answer", "# T\n" + fence + "plylab quiz\npredict: how many?\ntree --toy binary-3\n" + fence + "\n",
			"x.md:2: a quiz cell needs an 'answer: SELECTOR' line, e.g. 'answer: nodes | depth=4'"},
		{"quiz without question", "# T\n" + fence + "plylab quiz\nanswer: nodes\ntree --toy binary-3\n" + fence + "\n",
			"x.md:2: a quiz cell needs a 'predict: QUESTION' line"},
		{"quiz with two commands", "# T\n" + fence + "plylab quiz\npredict: n?\nanswer: nodes\ntree --toy a\ntree --toy b\n" + fence + "\n",
			"x.md:6: a quiz cell runs exactly one command"},
		{"answer outside a quiz", "# T\n" + fence + "plylab\nanswer: nodes\ntree\n" + fence + "\n",
			`x.md:3: "answer:" lines belong in a quiz cell: write ` + fence + "plylab quiz"},
		{"bad answer", "# T\n" + fence + "plylab quiz\npredict: n?\nanswer: /(/\ntree\n" + fence + "\n",
			`x.md:4: bad answer: "/(/" in "/(/" is not a result key (keys are lower-case JSON keys such as nodes or best_move)`},
		{"unknown cell kind", "# T\n" + fence + "plylab quizz\ntree\n" + fence + "\n",
			`x.md:2: unknown cell kind "quizz" after plylab; write ` + fence + "plylab or " + fence + "plylab quiz"},
		{"ref before any cell", "# T\n\nThere are {{nodes}} nodes.\n",
			"x.md:3: {{nodes}} comes before the first cell: there is no output to read yet"},
		{"ref to a later cell", "# T\n" + fence + "plylab\ntree\n" + fence + "\n\nsee\n{{cell 2: nodes}}\n",
			"x.md:7: {{cell 2: ...}} refers to a cell that has not run yet here (cells 1-1 have)"},
		{"bad ref", "# T\n" + fence + "plylab\ntree\n" + fence + "\n{{nodes | depth}}\n",
			`x.md:5: bad reference {{nodes | depth}}: condition "depth" in "nodes | depth" is not KEY=VALUE`},
		{"no title", "just text\n", "x.md:1: the lesson has no title: add front matter 'title: ...' or a '# Title' heading"},
		{"front matter key", "---\ntitel: x\n---\n", `x.md:2: unknown front matter key "titel"; use title, summary, minutes and param NAME`},
		{"front matter open", "---\ntitle: x\n", "x.md:1: unterminated front matter: the '---' on line 1 has no closing '---'"},
		{"minutes", "---\ntitle: x\nminutes: soon\n---\n", `x.md:3: minutes must be a whole number of minutes, got "soon"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(tc.src), testCommands)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
			if _, ok := err.(*Error); !ok {
				t.Errorf("error is %T, want *Error", err)
			}
		})
	}
}

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`compare --depth 1-5`, []string{"compare", "--depth", "1-5"}},
		{`tree --toy "((3,12,8),(2,4,6))"`, []string{"tree", "--toy", "((3,12,8),(2,4,6))"}},
		{`positions show --fen '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1'`, []string{"positions", "show", "--fen", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"}},
		{`a "b \"c\"" d\ e`, []string{"a", `b "c"`, "d e"}},
		{`a # comment`, []string{"a"}},
		{`a b#c`, []string{"a", "b#c"}},
		{`a ""`, []string{"a", ""}},
	}
	for _, tc := range tests {
		got, err := splitWords(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitWords(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// compareResults is what `compare --position paper-mate2 --depth 4 --algo
// minimax,alphabeta` hands over: its text and its table's rows.
func compareResults() []*CommandResult {
	row := func(algo, nodes, nodesText, score, pct, pctText string) Record {
		return Record{Kind: "table", Fields: []Field{
			{Key: "depth", Value: json.Number("4"), Text: "4"},
			{Key: "algo", Value: algo, Text: algo},
			{Key: "nodes", Value: json.Number(nodes), Text: nodesText},
			{Key: "score", Value: score, Text: score},
			{Key: "pct_of_minimax", Value: json.Number(pct), Text: pctText},
			{Key: "note", Value: nil},
		}}
	}
	return []*CommandResult{
		{Stdout: "compare: paper-mate2\nalgorithms: minimax (material eval), alphabeta (material eval)\n"},
		{Stdout: "two tables", Records: []Record{
			{Kind: "position", Fields: []Field{{Key: "fen", Value: "6k1/8/8/8/8/8/8/R5K1 w - - 0 1"}, {Key: "flip", Value: false}}},
			row("minimax", "23152", "23,152", "mate in 2", "100", "100.00%"),
			row("alphabeta", "1080", "1,080", "mate in 2", "4.66", "4.66%"),
		}},
	}
}

func TestSelector(t *testing.T) {
	tests := []struct {
		sel, want, err string
	}{
		{"nodes | depth=4, algo=alphabeta", "1,080", ""},
		{"nodes | algo=minimax", "23,152", ""},
		{"nodes | algo=AlphaBeta", "1,080", ""},
		{"nodes | nodes=1080", "1,080", ""},
		{"score | algo=alphabeta", "mate in 2", ""},
		{"pct_of_minimax | algo=alphabeta", "4.66%", ""},
		{"nodes", "23,152", ""},
		{"fen", "6k1/8/8/8/8/8/8/R5K1 w - - 0 1", ""},
		{"flip", "false", ""},
		{"note", "", ""},
		{"nodez", "", `no result has the key "nodez" (keys: fen, flip, depth, algo, nodes, score, pct_of_minimax, note)`},
		{"nodes | depth=5", "", `no result with "nodes" has depth=5`},
		{"nodes | nosuch=5", "", `no result with "nodes" has nosuch=5`},
	}
	for _, tc := range tests {
		s, err := ParseSelector(tc.sel)
		if err != nil {
			t.Fatalf("ParseSelector(%q): %v", tc.sel, err)
		}
		got, err := s.Find(compareResults())
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.sel, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q = %q, %v; want %q", tc.sel, got, err, tc.want)
		}
	}
	if _, err := (Selector{Key: "nodes"}).Find([]*CommandResult{{Stdout: "text only"}}); err == nil ||
		err.Error() != `the command handed over no results to read "nodes" from` {
		t.Errorf("no records: %v", err)
	}
	for _, bad := range []string{"", "/unterminated", "/(\\d+) nodes/", "| depth=3", "nodes | =3", "% minimax", "Nodes", "nodes | Depth=3", "vs minimal"} {
		if _, err := ParseSelector(bad); err == nil {
			t.Errorf("ParseSelector(%q) succeeded", bad)
		}
	}
}

func TestParseNumber(t *testing.T) {
	tests := map[string]float64{"1,080": 1080, "+200": 200, "-31,998": -31998, "97.0%": 97, "2.57×": 2.57, "12k": 12000, "3.44 M/s": 3.44e6, " 42 ": 42}
	for in, want := range tests {
		if got, ok := ParseNumber(in); !ok || got != want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"mate in 2", "", "Ra6", "-"} {
		if _, ok := ParseNumber(bad); ok {
			t.Errorf("ParseNumber(%q) succeeded", bad)
		}
	}
}

func TestMask(t *testing.T) {
	in := "    5  alphabeta   10,275  1.09 ms  9.41 M/s  Ra6  mate in 2  4.24×\n" +
		"best move dxe6, score -85, 63,124 nodes in 37.2 ms (1.70 M/s)\n" +
		"took 2 min 05 s, 812 µs, 950 ns, 1.23 s, 12.0 /s, 950 k/s\n" +
		"227517 nodes 2423425 nps\n" +
		"depth 5 took \x1b[1m3 s\x1b[0m\n"
	want := "    5  alphabeta   10,275  <time>  <rate>  Ra6  mate in 2  4.24×\n" +
		"best move dxe6, score -85, 63,124 nodes in <time> (<rate>)\n" +
		"took <time>, <time>, <time>, <time>, <rate>, <rate>\n" +
		"227517 nodes <rate> nps\n" +
		"depth 5 took <time>\n"
	if got := Mask(in); got != want {
		t.Errorf("Mask:\n got %q\nwant %q", got, want)
	}
}

func TestCompareTranscripts(t *testing.T) {
	l, err := Parse("lessons/01-x.md", []byte("# X\n\n```plylab\ntree\n```\n\n```plylab\ntree\n```\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "lesson 01-x: X\n\n== cell 1\n$ plylab tree\ndepth  time\n─────  ──────\n    1  1.23 s\n\n== cell 2\n$ plylab tree\n12 nodes\n"
	// Wider masked columns, other times: the same.
	same := "lesson 01-x: X\n\n== cell 1\n$ plylab tree\ndepth     time\n─────  ─────────\n    1  812 µs\n\n== cell 2\n$ plylab tree\n12 nodes\n"
	if d := CompareTranscripts(l, same, want); d != nil {
		t.Errorf("unexpected difference: %s", d.Summary(l.File))
	}
	other := strings.Replace(want, "12 nodes", "13 nodes", 1)
	d := CompareTranscripts(l, other, want)
	if d == nil {
		t.Fatal("no difference found")
	}
	if d.Section != "cell 2" || d.Cell != 2 || d.Line != 7 {
		t.Errorf("difference at %q cell %d line %d", d.Section, d.Cell, d.Line)
	}
	sum := d.Summary(l.File)
	for _, s := range []string{"lessons/01-x.md:7: cell 2 differs from the golden transcript", "- 12 nodes", "+ 13 nodes"} {
		if !strings.Contains(sum, s) {
			t.Errorf("summary %q lacks %q", sum, s)
		}
	}
	if d := CompareTranscripts(l, want+"\n== cell 3\nmore\n", want); d == nil || d.Section != "cell 3" {
		t.Errorf("extra section: %+v", d)
	}
}

func TestRenderTerm(t *testing.T) {
	tests := []struct {
		name, md string
		width    int
		color    bool
		want     string
	}{
		{"paragraph joined and wrapped at spaces only", "A king-and-pawn ending\nis **won** here, by `Kd6`.", 20, false,
			"A king-and-pawn\nending is won here,\nby Kd6.\n"},
		{"headings", "# Title\n\n## Part\n\nText", 40, false, " Title\n\n## Part\n\nText\n"},
		{"tight list with continuation", "- item one\n  continued\n- item two", 40, false, "• item one continued\n• item two\n"},
		{"ordered list wraps under its text", "3. alpha beta gamma delta", 14, false, "3. alpha beta\n   gamma delta\n"},
		{"code block kept", "Text\n\n    code  line\n    two", 40, false, "Text\n\n    code  line\n    two\n"},
		{"link and quote", "> see [the wiki](https://example.org)", 60, false, "│ see the wiki https://example.org\n"},
		{"color: bold, italic, code", "**b** *i* `c`", 40, true,
			"\x1b[1mb\x1b[22m \x1b[3mi\x1b[23m \x1b[38;5;203;48;5;236mc\x1b[0;25;0;0;25;0m\n"},
		{"escapes take no width", "**aaaa** **bbbb** cc", 11, true, "\x1b[1maaaa\x1b[22m \x1b[1mbbbb\x1b[22m\ncc\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := renderTerm(tc.md, tc.width, tc.color); got != tc.want {
				t.Errorf("renderTerm(%q, %d):\n got %q\nwant %q", tc.md, tc.width, got, tc.want)
			}
		})
	}
}

func TestCloseness(t *testing.T) {
	tests := []struct {
		guess, actual float64
		want          string
	}{
		{1080, 1080, "exactly right!"},
		{1100, 1080, "within 2% — excellent"},
		{1500, 1080, "39% too high"},
		{100, 1080, "10.8 times too low"},
		{5, 0, "off by 5"},
	}
	for _, tc := range tests {
		if got := Closeness(tc.guess, tc.actual, nil); got != tc.want {
			t.Errorf("Closeness(%v, %v) = %q, want %q", tc.guess, tc.actual, got, tc.want)
		}
	}
}

func TestBuiltin(t *testing.T) {
	ls, err := Builtin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) < 10 {
		t.Fatalf("%d built-in lessons, want at least 10", len(ls))
	}
	for i, l := range ls {
		if l.Number != i+1 {
			t.Errorf("lesson %d is numbered %d (%s)", i+1, l.Number, l.File)
		}
		if len(l.Cells) < 3 {
			t.Errorf("%s has %d cells, want at least 3", l.File, len(l.Cells))
		}
		if l.Minutes < 5 || l.Minutes > 15 {
			t.Errorf("%s takes %d minutes, want 5-15", l.File, l.Minutes)
		}
		if l.Summary == "" {
			t.Errorf("%s has no summary", l.File)
		}
		golden, ok := Golden(l)
		if !strings.Contains(golden, "\n-> file ") && !strings.Contains(golden, "\n-> board ") {
			t.Errorf("%s draws no picture (its transcript has no file or board)", l.File)
		}
		if !ok {
			t.Errorf("%s has no golden transcript in testdata (go test ./cmd/plylab -run TestLessons -update)", l.File)
		}
	}
	for _, ref := range []string{"3", "alphabeta", "03-alphabeta", "alpha"} {
		if l, err := Find(ref, ls, nil); err != nil || l.Number != 3 {
			t.Errorf("Find(%q) = %v, %v", ref, l, err)
		}
	}
	for _, ref := range []string{"99", "nosuch"} {
		if _, err := Find(ref, ls, nil); err == nil {
			t.Errorf("Find(%q) succeeded", ref)
		}
	}
}
