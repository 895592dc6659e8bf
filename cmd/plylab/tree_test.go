package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
	"github.com/plylab/plylab/positions"
	"github.com/plylab/plylab/trace"
)

const russellNorvig = "((3,12,8),(2,4,6),(14,5,2))"

// Golden DOT for the textbook tree and the mate in two, under minimax and
// alpha-beta, each cross-checked against the search itself: the trace
// holds exactly the nodes the search visited and exactly its cutoffs.
func TestTreeGoldenDOT(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		toy   string // or a position name
		algo  string
		depth int
	}{
		{"tree_toy_minimax", []string{"--toy", russellNorvig}, russellNorvig, "minimax", 2},
		{"tree_toy_alphabeta", []string{"--toy", russellNorvig}, russellNorvig, "alphabeta", 2},
		{"tree_paper-mate2_d2_minimax", []string{"--position", "paper-mate2", "--depth", "2"}, "", "minimax", 2},
		{"tree_paper-mate2_d2_alphabeta", []string{"--position", "paper-mate2", "--depth", "2"}, "", "alphabeta", 2},
		// 2,096 nodes: kept to 400 (and the root moves) so the golden stays
		// readable; the rest is counted, as --max-nodes promises.
		{"tree_paper-mate2_d3_minimax", []string{"--position", "paper-mate2", "--depth", "3", "--max-nodes", "400"}, "", "minimax", 3},
		{"tree_paper-mate2_d3_alphabeta", []string{"--position", "paper-mate2", "--depth", "3"}, "", "alphabeta", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"tree", "--algo", tt.algo, "--fit", "0"}, tt.args...)
			r := runCLI(t, append(args, "--format", "dot")...)
			wantOK(t, r)
			golden(t, tt.name, r.stdout)

			// The same search without the recorder.
			var res engine.Result
			if tt.toy != "" {
				g, err := textbook.ParseToy(tt.toy)
				if err != nil {
					t.Fatal(err)
				}
				if tt.algo == "alphabeta" {
					res = textbook.AlphaBeta(context.Background(), g, tt.depth, nil)
				} else {
					res = textbook.Minimax(context.Background(), g, tt.depth, nil)
				}
			} else {
				p, err := positions.Lookup("paper-mate2")
				if err != nil {
					t.Fatal(err)
				}
				b, err := board.FromFEN(p.FEN)
				if err != nil {
					t.Fatal(err)
				}
				o, _ := engine.ParseAlgo(tt.algo)
				res = textbook.Run(context.Background(), b, o, engine.Limits{Depth: tt.depth}, nil, nil)
			}
			r = runCLI(t, append(args, "--format", "json")...)
			wantOK(t, r)
			tr, err := trace.ReadJSON(strings.NewReader(r.stdout))
			if err != nil {
				t.Fatal(err)
			}
			s := tr.Stats()
			if uint64(s.Nodes+tr.Omitted) != res.Stats.Nodes || tr.SearchNodes != res.Stats.Nodes {
				t.Errorf("trace: %d nodes + %d omitted, search: %d", s.Nodes, tr.Omitted, res.Stats.Nodes)
			}
			if tr.Omitted == 0 && uint64(s.Cutoffs) != res.Stats.BetaCutoffs {
				t.Errorf("trace: %d cutoffs, search: %d", s.Cutoffs, res.Stats.BetaCutoffs)
			}
			// Every drawn node and cutoff is in the DOT.
			dot := golden0(t, tt.name)
			if got := strings.Count(dot, "tooltip=\"#"); got != s.Nodes {
				t.Errorf("DOT draws %d search nodes, the trace has %d", got, s.Nodes)
			}
			if got := strings.Count(dot, "-cutoff<BR/>"); got != s.Cutoffs {
				t.Errorf("DOT marks %d cutoffs, the trace has %d", got, s.Cutoffs)
			}
		})
	}
}

// golden0 reads a golden file (written by the test itself with -update).
func golden0(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTreeDOTIsDeterministic(t *testing.T) {
	t.Parallel()
	args := []string{"tree", "-p", "kiwipete", "--algo", "engine", "--depth", "3", "-f", "dot", "--window"}
	a, b := runCLI(t, args...), runCLI(t, args...)
	wantOK(t, a)
	if a.stdout != b.stdout {
		t.Error("two runs of the same search give different DOT")
	}
}

func TestTreeText(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "tree", "--toy", "russell-norvig")
	wantOK(t, r)
	golden(t, "tree_text_russell-norvig", r.stdout)
	if strings.Contains(r.stdout, "\x1b") {
		t.Error("escape codes with color off")
	}
	r = runCLI(t, "--color", "always", "tree", "--toy", "russell-norvig")
	wantOK(t, r)
	for _, want := range []string{"\x1b[1;32m", "\x1b[31mα-cutoff after 1 of 3\x1b[0m", "\x1b[1;34m▲", "\x1b[1;35m▼"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("colored text lacks %q", want)
		}
	}
}

// Both pictures of the "done when" commands: SVG files that are valid
// XML and carry the root's label.
func TestTreeSVGFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--toy", russellNorvig, "--algo", "alphabeta"}, []string{"root", "α-cutoff", "2 pruned"}},
		{[]string{"--position", "paper-mate2", "--algo", "alphabeta", "--depth", "3"}, []string{"White to move", "Ra6", "Rxa7#", "#2"}},
	}
	for i, tt := range tests {
		out := filepath.Join(dir, "t"+string(rune('0'+i))+".svg")
		r := runCLI(t, append([]string{"tree", "-o", out}, tt.args...)...)
		wantOK(t, r)
		if !strings.HasPrefix(r.stdout, "wrote "+out) {
			t.Errorf("stdout %q", r.stdout)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		texts := svgTexts(t, data)
		for _, w := range tt.want {
			if !strings.Contains(texts, w) {
				t.Errorf("%v: SVG lacks %q", tt.args, w)
			}
		}
	}
}

// svgTexts checks that data is well-formed XML and returns its text.
func svgTexts(t *testing.T, data []byte) string {
	t.Helper()
	if len(data) == 0 {
		t.Fatal("empty SVG")
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var b strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			b.Write(cd)
			b.WriteByte('|')
		}
	}
	return b.String()
}

func TestTreeJSONRoundTrip(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "tree", "--toy", "binary-3", "--format", "json")
	wantOK(t, r)
	tr, err := trace.ReadJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := trace.WriteJSON(&again, tr); err != nil {
		t.Fatal(err)
	}
	if again.String() != r.stdout {
		t.Error("JSON changes on a round trip")
	}
	if tr.Kind != trace.KindToy || tr.Title != "binary-3" || tr.Score != 5 || tr.Nodes != 11 {
		t.Errorf("read back: %s %q score %d, %d nodes", tr.Kind, tr.Title, tr.Score, tr.Nodes)
	}
	// Two trees: {"trees": [...]}.
	r = runCLI(t, "tree", "--toy", "binary-3", "--algo", "minimax", "--side-by-side", "alphabeta", "-f", "json")
	wantOK(t, r)
	var two struct {
		Trees []json.RawMessage `json:"trees"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &two); err != nil || len(two.Trees) != 2 {
		t.Fatalf("side-by-side JSON: %v, %d trees", err, len(two.Trees))
	}
}

func TestTreeSideBySide(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "tree", "--toy", "best-order", "--algo", "minimax", "--side-by-side", "alphabeta", "-f", "dot")
	wantOK(t, r)
	for _, want := range []string{"minimax", "alphabeta", "40 nodes searched", "20 nodes searched"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("side-by-side DOT lacks %q", want)
		}
	}
	if n := strings.Count(r.stdout, "subgraph cluster_"); n != 2 {
		t.Errorf("%d clusters, want 2", n)
	}
}

func TestTreeFilters(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "tree", "-p", "paper-mate2", "--depth", "3", "--focus", "a1a6,b7a6")
	wantOK(t, r)
	first := strings.SplitN(strings.SplitN(r.stdout, "\n\n", 2)[1], "\n", 2)[0]
	if !strings.Contains(first, "bxa6") || !strings.Contains(r.stdout, "shown: focus a1a6 b7a6") {
		t.Errorf("focus: first node line %q", first)
	}
	r = runCLI(t, "tree", "-p", "paper-mate2", "--depth", "3", "--pv-only", "-f", "json")
	wantOK(t, r)
	tr, err := trace.ReadJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Root.Count() != 33 || tr.Root.Visited() != 497 {
		t.Errorf("pv-only: %d drawn of %d", tr.Root.Count(), tr.Root.Visited())
	}
	r = runCLI(t, "tree", "-p", "paper-mate2", "--depth", "3", "--max-depth", "1", "--collapse", "5")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "max depth 1") || strings.Count(r.stdout, "\n") > 60 {
		t.Errorf("max-depth output:\n%s", r.stdout)
	}
}

func TestTreeListToys(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "tree", "--list-toys")
	wantOK(t, r)
	for _, want := range []string{"russell-norvig", "best-order", "worst-order", "binary-3", russellNorvig} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--list-toys lacks %q", want)
		}
	}
}

func TestTreeToyFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "aima.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("(\n (3, 12, 8),\n (2, 4, 6),\n (14, 5, 2)\n)\n"), 0o644)
	os.WriteFile(bad, []byte("(\n (3, 12, 8),\n (2, x, 6)\n)\n"), 0o644)
	r := runCLI(t, "tree", "--toy-file", good)
	wantOK(t, r)
	if !strings.HasPrefix(r.stdout, "aima · alphabeta · depth 2 · best a, value 3") {
		t.Errorf("toy file: %q", strings.SplitN(r.stdout, "\n", 2)[0])
	}
	r = runCLI(t, "tree", "--toy-file", bad)
	line := wantUsageError(t, r)
	if !strings.Contains(line, `at line 3, column 6 ("x"): expected a number or "("`) {
		t.Errorf("error %q does not point at the x", line)
	}
}

func TestTreeErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--toy", "((3,12,8),(2,4,6)"}, `bad --toy tree at character 18 (end of input): missing ')': unbalanced brackets`},
		{[]string{"--toy", "((3,12,8),(2,4,6)))"}, `at character 19 (")"): unexpected text after the tree (unbalanced brackets?)`},
		{[]string{"--toy", "((3,1x,8))"}, `at character 6 ("x"): expected "," or ')'`},
		{[]string{"--toy", "((3,a,8))"}, `at character 5 ("a"): expected a number or "("`},
		{[]string{"--toy", "nosuch"}, `no textbook tree called "nosuch" (bundled: best-order, binary-3, russell-norvig, worst-order)`},
		{[]string{"--toy", "russell-norvig", "--algo", "engine"}, `textbook trees are searched with minimax or alphabeta, not "engine"`},
		{[]string{"--toy", "russell-norvig", "--depth", "3"}, `--depth 3 is out of range for this textbook tree; it is 2 plies high`},
		{[]string{"--toy", "russell-norvig", "-p", "start"}, "not both"},
		{[]string{"-f", "gif"}, `unknown tree format "gif"; use --format text, dot, svg, png, json`},
		{[]string{"-o", filepath.Join(dir, "t.gif")}, `unknown tree format ".gif"`},
		{[]string{"-o", filepath.Join(dir, "t")}, `has no extension`},
		{[]string{"--focus", "e2e4"}, `--focus: no move "e2e4" at the root; the moves searched there are: c8d7 (Kd7)`},
		{[]string{"--max-nodes", "0"}, `--max-nodes must be between 1 and 1,000,000`},
		{[]string{"--depth", "0"}, `--depth must be between 1 and 64`},
		{[]string{"--algo", "minimax,alphabeta"}, `--algo takes one algorithm here`},
		{[]string{"--side-by-side", "nosuch"}, `--side-by-side: unknown algorithm "nosuch"`},
		{[]string{"extra"}, `'tree' takes no arguments`},
	}
	for _, tt := range tests {
		r := runCLI(t, append([]string{"tree"}, tt.args...)...)
		line := wantUsageError(t, r)
		if !strings.Contains(line, tt.want) {
			t.Errorf("plylab tree %v:\n got %s\nwant %s", tt.args, line, tt.want)
		}
	}
}

// Output problems are failures (exit 1) with a clear message, found
// before the search.
func TestTreeUnwritableOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct{ out, want string }{
		{filepath.Join(dir, "nodir", "t.svg"), "directory " + filepath.Join(dir, "nodir") + " does not exist"},
		{dir, "it is a directory"},
	} {
		r := runCLI(t, "tree", "--toy", "russell-norvig", "-o", tt.out, "-f", "svg")
		if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, tt.want) || !strings.HasPrefix(r.stderr, "plylab: cannot write ") {
			t.Errorf("-o %s: exit %d, stderr %q", tt.out, r.code, r.stderr)
		}
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	if f, err := os.Create(filepath.Join(ro, "probe")); err == nil {
		f.Close() // running as root: permissions do not apply
		return
	}
	r := runCLI(t, "tree", "--toy", "russell-norvig", "-o", filepath.Join(ro, "t.svg"))
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, "permission denied") {
		t.Errorf("read-only dir: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestTreePNGToTerminal(t *testing.T) {
	t.Parallel()
	env := testEnv()
	env.IsTerminal = func(io.Writer) bool { return true }
	r := runIn(t, env, "tree", "--toy", "russell-norvig", "-f", "png")
	line := wantUsageError(t, r)
	if !strings.Contains(line, "-o tree.png") {
		t.Errorf("error %q", line)
	}
}

func TestTreeOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		args                 []string
		format, title, algos string
		toy                  bool
		depth, maxNodes, fit int
		window, pvOnly       bool
		output               string
	}{
		{[]string{"tree"}, "text", "paper-mate2", "alphabeta", false, 3, trace.DefaultMaxNodes, 0, false, false, ""},
		{[]string{"tree", "--toy", "russell-norvig", "--side-by-side", "minimax", "--window"}, "text", "russell-norvig", "alphabeta,minimax", true, 2, trace.DefaultMaxNodes, 0, true, false, ""},
		{[]string{"tree", "--toy", "((3,12,8),(2,4,6),(14,5,2))", "-o", dir + "/t.svg"}, "svg", "russell-norvig", "alphabeta", true, 2, trace.DefaultMaxNodes, 40, false, false, dir + "/t.svg"},
		{[]string{"tree", "-p", "kiwipete", "--algo", "engine", "-d", "4", "--pv-only", "-f", "DOT", "--fit", "12", "--max-nodes", "500"}, "dot", "kiwipete", "engine", false, 4, 500, 12, false, true, ""},
		{[]string{"tree", "--toy", "binary-3", "-f", "json", "--fit", "12"}, "json", "binary-3", "alphabeta", true, 3, trace.DefaultMaxNodes, 0, false, false, ""},
	} {
		o, msg := parseOptions(t, newTreeCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		var algos []string
		for _, a := range o.Algos {
			algos = append(algos, a.Name)
		}
		got := fmt.Sprintf("%s %s %s %v %d %d %d %v %v %s", o.Format, o.Input.Title, strings.Join(algos, ","), o.Input.Toy != nil,
			o.Depth, o.MaxNodes, o.Filter.Fit, o.Draw.Window, o.Filter.PVOnly, o.Output)
		want := fmt.Sprintf("%s %s %s %v %d %d %d %v %v %s", tt.format, tt.title, tt.algos, tt.toy, tt.depth, tt.maxNodes, tt.fit, tt.window, tt.pvOnly, tt.output)
		if got != want {
			t.Errorf("%v:\n got %s\nwant %s", tt.args, got, want)
		}
	}
	for _, tt := range []struct {
		args []string
		want string // title, format, slide, its budget, window, no legend
	}{
		{[]string{"tree", "--suite", "bk", "--id", "BK.01", "--slide", "-o", dir + "/t.png"}, "BK.01 png true 40 false false"},
		{[]string{"tree", "-p", "kiwipete", "--slide", "--fit", "25", "--window", "--no-legend", "-o", dir + "/t.html"}, "kiwipete html true 25 true true"},
		{[]string{"tree", "--toy", "russell-norvig", "--slide", "-f", "dot"}, "russell-norvig dot true 40 false false"},
	} {
		o, msg := parseOptions(t, newTreeCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		got := fmt.Sprintf("%s %s %v %d %v %v", o.Input.Title, o.Format, o.Draw.Slide, o.SlideFit, o.Draw.Window, o.Draw.NoLegend)
		if got != tt.want || o.Filter.Fit != 0 {
			t.Errorf("%v:\n got %s, fit %d\nwant %s, fit 0", tt.args, got, o.Filter.Fit, tt.want)
		}
	}
	if o, msg := parseOptions(t, newTreeCommand, "tree", "--list-toys", "-f", "json"); o == nil || !o.ListToys || o.Format != "json" {
		t.Errorf("--list-toys -f json: %+v (%s)", o, msg)
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"'tree' takes no arguments", []string{"tree", "kiwipete"}},
		{"--list-toys prints text or json", []string{"tree", "--list-toys", "-f", "svg"}},
		{`unknown tree format "gif"`, []string{"tree", "-f", "gif"}},
		{"has no extension", []string{"tree", "-o", "tree"}},
		{"use only one of --toy and --toy-file", []string{"tree", "--toy", "binary-3", "--toy-file", "x.txt"}},
		{"not both", []string{"tree", "--toy", "binary-3", "-p", "start"}},
		{"--algo takes one algorithm here", []string{"tree", "--algo", "minimax,alphabeta"}},
		{"textbook trees are searched with minimax or alphabeta", []string{"tree", "--toy", "binary-3", "--algo", "engine"}},
		{"--depth 9 is out of range for this textbook tree", []string{"tree", "--toy", "binary-3", "-d", "9"}},
		{"--max-nodes must be between 1 and 1,000,000, got 0", []string{"tree", "--max-nodes", "0"}},
		{"--collapse must be 0 or more", []string{"tree", "--collapse", "-1"}},
	} {
		wantParseError(t, newTreeCommand, tt.want, tt.args...)
	}
}
