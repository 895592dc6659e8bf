package live

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// fakeRun stands for plylab: compare prints a one-row table of its
// --depth with a node count that grows with it, tree -o writes a picture,
// fail fails.
func fakeRun(inv lessons.Invocation) lessons.Outcome {
	depth := "3"
	for i, a := range inv.Args {
		if a == "--depth" && i+1 < len(inv.Args) {
			depth = inv.Args[i+1]
		}
	}
	switch inv.Args[0] {
	case "compare":
		nodes := map[string]string{"2": "40", "3": "497", "4": "1080"}[depth]
		d, _ := strconv.ParseInt(depth, 10, 64)
		n, _ := strconv.ParseInt(nodes, 10, 64)
		t := &textfmt.Table{Columns: []textfmt.Column{{Key: "depth", Header: "depth", Right: true}, {Key: "nodes", Header: "nodes", Right: true}},
			Rows: [][]textfmt.Cell{{textfmt.IntCell(d), {Text: nodes, Value: n}}}}
		write := func() error { return textfmt.WriteTableText(inv.Stdout, t, textfmt.PlainPaint) }
		if inv.Table != nil {
			inv.Table(t, write)
		} else {
			write()
		}
		return lessons.Outcome{Records: []lessons.Record{{Kind: "table", Fields: []lessons.Field{
			{Key: "depth", Value: json.Number(depth), Text: depth}, {Key: "nodes", Value: json.Number(nodes), Text: nodes}}}}}
	case "tree":
		inv.Files.WriteFile("t.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>`))
		fmt.Fprintln(inv.Stdout, "wrote t.svg")
		return lessons.Outcome{Records: []lessons.Record{{Kind: "file", Fields: []lessons.Field{{Key: "name", Value: "t.svg"}}}}}
	}
	fmt.Fprintln(inv.Stderr, "plylab: --depth 99 is too deep; use a smaller --depth")
	return lessons.Outcome{Code: 2}
}

var rules = lessons.Commands{"compare": nil, "tree": nil, "fail": nil}

func TestPrepare(t *testing.T) {
	tests := []struct{ line, code string }{
		{"plylab compare --depth 3", ""},
		{"$ compare --depth 3", ""},
		{"", "bad_command"},
		{"# a note", "bad_command"},
		{"plylab compare; rm -rf /", "shell"},
		{"plylab compare > out", "shell"},
		{"/bin/sh -c x", "unknown_command"},
		{"frobnicate", "bad_command"},
		{"compare --depth 3\ncompare", "shell"},
	}
	for _, tc := range tests {
		cell, e := Prepare(tc.line, rules)
		code := ""
		if e != nil {
			code = e.Code
		}
		if code != tc.code || (e == nil) != (cell != nil) {
			t.Errorf("Prepare(%q): %v, code %q; want %q", tc.line, e, code, tc.code)
		}
	}
	if _, e := Prepare("plylab match", sandbox.Cells); e == nil || e.Code != "disallowed" || !strings.Contains(e.Message, "run 'plylab match' in a terminal") {
		t.Errorf("match under the cells' allow-list: %+v", e)
	}
}

func TestExecute(t *testing.T) {
	var events []string
	run := func(line string, o Options) (*Result, *lessons.CommandResult) {
		cell, e := Prepare(line, rules)
		if e != nil {
			t.Fatal(e)
		}
		o.Run, o.Files = fakeRun, sandbox.NewMemory(sandbox.Quota{})
		return Execute(line, cell, o)
	}
	res, cr := run("plylab compare --depth 4", Options{Emit: func(ev Event) { events = append(events, ev.Type+":"+ev.Stream) }})
	if res.ExitCode != 0 || res.Error != nil || cr == nil || cr.Records[0].Fields[1].Text != "1080" {
		t.Fatalf("compare: %+v", res)
	}
	if !strings.Contains(res.HTML, `<td class="num">1080</td>`) || res.Output != res.Stdout || res.Command != "plylab compare --depth 4" {
		t.Errorf("compare drawn as %q, output %q", res.HTML, res.Output)
	}
	if !reflect.DeepEqual(events, []string{"output:stdout"}) {
		t.Errorf("events %v", events)
	}

	// Files: at an address, or carried in the result.
	res, _ = run("tree", Options{FileURL: func(name string) string { return "/files/s/" + name }})
	if len(res.Files) != 1 || res.Files[0].URL != "/files/s/t.svg" || res.Files[0].Data != nil || res.Files[0].Bytes != 67 || len(res.SVGs) != 1 || res.SVGs[0].URL != "/files/s/t.svg" {
		t.Errorf("tree with addresses: files %+v, svgs %+v", res.Files, res.SVGs)
	}
	res, _ = run("tree", Options{})
	if len(res.Files) != 1 || res.Files[0].URL != "" || !strings.HasPrefix(string(res.Files[0].Data), "<svg") || !strings.Contains(res.HTML, "<figure><svg") {
		t.Errorf("tree in memory: files %+v", res.Files)
	}

	// A failure, and output over the limit.
	res, _ = run("fail", Options{})
	if res.ExitCode != 2 || res.Error == nil || res.Error.Code != "exit_status" || res.Error.Message != "plylab: --depth 99 is too deep; use a smaller --depth" {
		t.Errorf("fail: %+v", res.Error)
	}
	res, _ = run("compare --depth 2", Options{MaxOutput: 10, CutNote: "[cut]"})
	if !res.Truncated || res.Stdout != "depth  nod" || res.Stderr != "[cut]" || res.HTML != "" {
		t.Errorf("cut: %+v", res)
	}
}

// boundLesson has a parameter its second cell uses, prose reading both
// cells (one reference with the parameter in its conditions) and a quiz.
const boundLesson = "---\ntitle: Bound\nparam depth: 3 (2-4) the depth\n---\n\n" +
	"```plylab\ncompare --depth 2\n```\n\n" +
	"First {{nodes}}.\n\n" +
	"```plylab quiz\npredict: how many?\nanswer: nodes | depth={depth}\ncompare --depth {depth}\n```\n\n" +
	"Then {{nodes | depth={depth}}} at depth {depth}, and {{cell 1: nodes}} before.\n\n" +
	"```plylab\ntree\n```\n"

func TestBindAndPlan(t *testing.T) {
	l, err := lessons.Parse("lessons/04-bound.md", []byte(boundLesson), rules)
	if err != nil {
		t.Fatal(err)
	}
	cell4, _ := Prepare("compare --depth 4", rules)
	_, cr := Execute("compare --depth 4", cell4, Options{Run: fakeRun, Files: sandbox.NewMemory(sandbox.Quota{})})

	refs, answer, e := Bind(l, Binding{Lesson: "bound", Cell: 2, Params: map[string]string{"depth": "4"}}, "plylab compare --depth 4", cr)
	if e != nil {
		t.Fatal(e)
	}
	if want := []BoundRef{{Ref: "3-0", Value: "1080"}}; !reflect.DeepEqual(refs, want) || answer != "1080" {
		t.Errorf("bound: %+v, answer %q; want %+v, 1080", refs, answer, want)
	}
	// The command of the cell under other values, or an edited one: no
	// value, each marked as not shown by this output (and no answer).
	edited := []BoundRef{{Ref: "3-0", Error: "not shown by the current output: the prose reads cell 2 as the lesson wrote it, and its command was edited (Reset shows it)"}}
	for _, b := range []struct {
		params  map[string]string
		command string
	}{{nil, "compare --depth 4"}, {map[string]string{"depth": "4"}, "compare --depth 4 --algo x"}} {
		if refs, answer, e := Bind(l, Binding{Cell: 2, Params: b.params}, b.command, cr); !reflect.DeepEqual(refs, edited) || answer != "" || e != nil {
			t.Errorf("Bind(%v, %q) = %v, %q, %v; want %v", b.params, b.command, refs, answer, e, edited)
		}
	}
	if _, _, e := Bind(l, Binding{Cell: 2, Params: map[string]string{"depth": "9"}}, "compare --depth 9", cr); e == nil || e.Code != "bad_param" || e.Message != `depth: "9" is not a whole number from 2 to 4` {
		t.Errorf("depth 9: %+v", e)
	}
	if _, _, e := Bind(l, Binding{Cell: 9}, "compare", cr); e == nil || e.Message != "lesson 04-bound has cells 1 to 3, not 9" {
		t.Errorf("cell 9: %+v", e)
	}
	// A reference the new output lacks says why.
	refs, _, _ = Bind(l, Binding{Cell: 2}, "compare --depth 3", cr)
	if len(refs) != 1 || refs[0].Value != "" || refs[0].Error != `no result with "nodes" has depth=3` {
		t.Errorf("depth 3 bound to a depth-4 output: %+v", refs)
	}

	plan, e := MakePlan(l, PlanRequest{Lesson: "bound", Params: map[string]string{"depth": "2"}, Changed: []string{"depth"}})
	if e != nil {
		t.Fatal(e)
	}
	want := &Plan{Params: map[string]string{"depth": "2"}, Cells: []PlannedCell{{Cell: 2, Source: "plylab compare --depth 2"}}}
	if !reflect.DeepEqual(plan, want) {
		t.Errorf("plan %+v, want %+v", plan, want)
	}
	if _, e := MakePlan(l, PlanRequest{Changed: []string{"algo"}}); e == nil || e.Code != "bad_param" {
		t.Errorf("an unknown parameter changed: %+v", e)
	}
	if FindLesson([]*lessons.Lesson{l}, "04-bound") != l || FindLesson([]*lessons.Lesson{l}, "4") != l || FindLesson([]*lessons.Lesson{l}, "x") != nil {
		t.Error("FindLesson")
	}
}

// TestPlanReferenceParams: a reference whose conditions use a parameter
// runs the cell it reads again, though the cell does not use it.
func TestPlanReferenceParams(t *testing.T) {
	src := "---\ntitle: R\nparam depth: 3 (2-4)\n---\n\n```plylab\ncompare --depth 2-4\n```\n\nAt {depth}: {{nodes | depth={depth}}}.\n"
	l, err := lessons.Parse("r.md", []byte(src), rules)
	if err != nil {
		t.Fatal(err)
	}
	plan, e := MakePlan(l, PlanRequest{Params: map[string]string{"depth": "4"}, Changed: []string{"depth"}})
	if e != nil || len(plan.Cells) != 1 || plan.Cells[0].Cell != 1 {
		t.Errorf("plan %+v, %v", plan, e)
	}
}

func TestNotebookFiles(t *testing.T) {
	nb, e := ParseNotebook("../x.md", "# Mine\n\nA note.\n\n```plylab\n# why\nplylab compare --depth 3\n```\n\nThe end.\n", rules)
	if e != nil {
		t.Fatal(e)
	}
	want := &Notebook{Title: "Mine", Cells: []NotebookCell{{Prose: "A note.", Source: "# why\nplylab compare --depth 3"}}, Tail: "The end."}
	if !reflect.DeepEqual(nb, want) {
		t.Errorf("parsed %+v, want %+v", nb, want)
	}
	md, name, e := ExportNotebook(*nb, rules)
	if e != nil || name != "mine.md" || md != "# Mine\n\nA note.\n\n```plylab\n# why\nplylab compare --depth 3\n```\n\nThe end.\n" {
		t.Errorf("exported %q as %q: %v", md, name, e)
	}
	for _, tc := range []struct{ md, want string }{
		{"# B\n\n```plylab\ncompare; ls\n```\n", `notebook.md:4: cells run plylab commands, not a shell: ";" has no meaning here (no pipes, redirections, variables or command lists); write one plylab command a line`},
		{"# B\n\n```plylab\nfrobnicate\n```\n", `notebook.md:4: unknown command "frobnicate" in a plylab cell`},
	} {
		if _, e := ParseNotebook("", tc.md, rules); e == nil || e.Code != "bad_lesson" || e.Line != 4 || !strings.HasPrefix(e.Message, tc.want) {
			t.Errorf("ParseNotebook(%q): %+v, want %q", tc.md, e, tc.want)
		}
	}
	if _, _, e := ExportNotebook(Notebook{Title: "X", Cells: []NotebookCell{{Source: "frobnicate"}}}, rules); e == nil || !strings.HasPrefix(e.Message, "the notebook would not load again: ") {
		t.Errorf("exporting a bad cell: %+v", e)
	}
	if got := FileName("  Alpha-beta, at home! "); got != "alpha-beta-at-home.md" {
		t.Errorf("FileName: %q", got)
	}
}
