package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
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

// svgSlideLabel reads an SVG drawing as a screen would show it on a
// 1024×768 slide: the viewBox scaled to 1024 pixels wide (less when its
// height would pass 768), and returns the height in pixels of its
// smallest text (font-size, times the scale of every transform around
// it) and the viewBox's size.
func svgSlideLabel(t *testing.T, data []byte) (px, width, height float64) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	scales := []float64{1}
	smallest := math.Inf(1)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range tk.Attr {
				attr[a.Name.Local] = a.Value
			}
			k := scales[len(scales)-1] * transformScale(t, attr["transform"])
			scales = append(scales, k)
			switch tk.Name.Local {
			case "svg":
				var x, y float64
				if _, err := fmt.Sscanf(attr["viewBox"], "%g %g %g %g", &x, &y, &width, &height); err != nil {
					t.Fatalf("viewBox %q: %v", attr["viewBox"], err)
				}
			case "text":
				size, err := strconv.ParseFloat(attr["font-size"], 64)
				if err != nil {
					t.Fatalf("a text without its size: %v", tk.Attr)
				}
				smallest = min(smallest, size*k)
			}
		case xml.EndElement:
			scales = scales[:len(scales)-1]
		}
	}
	if width <= 0 || height <= 0 || math.IsInf(smallest, 1) {
		t.Fatalf("no viewBox (%g × %g) or no text", width, height)
	}
	return smallest * min(1024/width, 768/height), width, height
}

// transformScale is how much an SVG transform list enlarges text: the
// product of its scale() factors (the larger of x and y) and matrix()
// determinants' square roots; translate and rotate keep sizes.
func transformScale(t *testing.T, s string) float64 {
	k := 1.0
	for _, f := range regexp.MustCompile(`(\w+)\s*\(([^)]*)\)`).FindAllStringSubmatch(s, -1) {
		var v []float64
		for _, n := range strings.FieldsFunc(f[2], func(r rune) bool { return r == ',' || r == ' ' }) {
			x, err := strconv.ParseFloat(n, 64)
			if err != nil {
				t.Fatalf("transform %q: %v", s, err)
			}
			v = append(v, x)
		}
		switch {
		case f[1] == "scale" && len(v) == 1:
			k *= math.Abs(v[0])
		case f[1] == "scale" && len(v) == 2:
			k *= max(math.Abs(v[0]), math.Abs(v[1]))
		case f[1] == "matrix" && len(v) == 6:
			k *= math.Sqrt(math.Abs(v[0]*v[3] - v[1]*v[2]))
		case f[1] == "translate" || f[1] == "rotate":
		default:
			t.Fatalf("transform %q: %s not measured", s, f[0])
		}
	}
	return k
}

// TestTreeSlide is the test of trees on a slide: kiwipete and the
// first Bratko-Kopec position, alpha-beta to depth 3, drawn with --slide
// fit a 1024×768 slide with every label 14 px high or more, measured on
// the SVG itself; the drawing without it does not (the drawing of
// before, whose root moves never folded, was wider still). The PNG is
// the same page: 4:3, twice the SVG's size in points (144 dpi).
func TestTreeSlide(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		name  string
		input []string
		nodes string
	}{
		{"kiwipete", []string{"--position", "kiwipete"}, "13 nodes drawn of 9,050 searched"},
		{"BK.01", []string{"--suite", "bk", "--id", "BK.01"}, "16 nodes drawn of 4,392 searched"},
		{"BK.01 --window", []string{"--suite", "bk", "--id", "BK.01", "--window"}, "13 nodes drawn of 4,392 searched"},
	} {
		args := append([]string{"tree", "--algo", "alphabeta", "--depth", "3"}, tt.input...)
		paper := filepath.Join(dir, tt.name+"-paper.svg")
		wantOK(t, runCLI(t, append(args, "-o", paper)...))
		data, err := os.ReadFile(paper)
		if err != nil {
			t.Fatal(err)
		}
		if px, w, h := svgSlideLabel(t, data); px >= 14 {
			t.Errorf("%s: the paper drawing (%.0f × %.0f) shows its smallest label %.1f px high on a slide; the test cannot fail", tt.name, w, h, px)
		}

		slide := filepath.Join(dir, tt.name+".svg")
		r := runCLI(t, append(args, "--slide", "-o", slide)...)
		wantOK(t, r)
		data, err = os.ReadFile(slide)
		if err != nil {
			t.Fatal(err)
		}
		px, w, h := svgSlideLabel(t, data)
		if px < 14 || w*768 != h*1024 {
			t.Errorf("%s: %.0f × %.0f, smallest label %.1f px on a 1024×768 slide; want 4:3, ≥ 14 px", tt.name, w, h, px)
		}
		if want := fmt.Sprintf("wrote %s (alphabeta: %s; smallest label %s px on a 1024×768 slide)\n", slide, tt.nodes, pxText(px)); r.stdout != want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, r.stdout, want)
		}
		// A fold among the root's moves (MIN to move after them).
		if !regexp.MustCompile(`class="node" data-node="\d+" data-path="root" data-player="MIN"[^>]* data-value="all ≤ [^"]+"[^>]* data-end="folded"[^>]* data-fold="\d+"`).Match(data) {
			t.Errorf("%s: no root moves folded", tt.name)
		}

		pngPath := filepath.Join(dir, tt.name+".png")
		wantOK(t, runCLI(t, append(args, "--slide", "-o", pngPath)...))
		f, err := os.Open(pngPath)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); float64(b.Dx()) != 2*w || float64(b.Dy()) != 2*h {
			t.Errorf("%s: PNG %v, the SVG %.0f × %.0f points", tt.name, b, w, h)
		}
		// Painted: the text, outlines and edges are dark pixels.
		dark := 0
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 2 {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 2 {
				if r, g, b, _ := img.At(x, y).RGBA(); r < 0x4000 && g < 0x4000 && b < 0x4000 {
					dark++
				}
			}
		}
		if dark < 2000 {
			t.Errorf("%s: only %d dark pixels in the PNG: nothing drawn?", tt.name, dark)
		}
	}
}

// The slide preset's flags: --suite needs --id here, --slide needs a
// drawing and a budget.
func TestTreeSlideErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--suite", "bk"}, "tree draws one position, and suite bk has 24; pick one with --id, e.g. --suite bk --id BK.01"},
		{[]string{"--slide"}, "--slide draws for a projector, not text; write a drawing: -o tree.svg"},
		{[]string{"--slide", "-f", "json"}, "--slide draws for a projector, not json"},
		{[]string{"--slide", "--fit", "0", "-f", "svg"}, "--slide folds the tree to fit a slide and --fit 0 draws every node; give one of them"},
	} {
		line := wantUsageError(t, runCLI(t, append([]string{"tree"}, tt.args...)...))
		if !strings.Contains(line, tt.want) {
			t.Errorf("plylab tree %v:\n got %s\nwant %s", tt.args, line, tt.want)
		}
	}
}

// TestTreeSlideDoc binds docs/trees.md's table of drawings on a slide:
// each row's command (the first cell, after `plylab tree`, with -o
// tree.svg) is run and its SVG measured as TestTreeSlide measures it: the
// nodes drawn, the viewBox and the smallest label on a 1024×768 slide
// (rounded down to a tenth of a pixel). -update rewrites the rows.
func TestTreeSlideDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("runs searches")
	}
	const path, header = "../../docs/trees.md", "| `plylab tree ... -o tree.svg` | nodes drawn | viewBox (points) | smallest label on a 1024×768 slide |"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	start := slices.Index(lines, header)
	if start < 0 {
		t.Fatalf("docs/trees.md has no table headed %s", header)
	}
	dir := t.TempDir()
	row := regexp.MustCompile("^\\| `([^`]+)` \\|")
	changed := false
	for i := start + 2; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		m := row.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("docs/trees.md, table row %q: no `command` first", lines[i])
		}
		out := filepath.Join(dir, fmt.Sprintf("t%d.svg", i))
		wantOK(t, runCLI(t, append(append([]string{"tree"}, strings.Fields(m[1])...), "-o", out)...))
		svg, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		px, w, h := svgSlideLabel(t, svg)
		got := fmt.Sprintf("| `%s` | %d | %s × %s | %s px |", m[1], strings.Count(string(svg), `<g class="node"`),
			textfmt.Thousands(int64(math.Round(w))), textfmt.Thousands(int64(math.Round(h))), pxText(px))
		if got != lines[i] {
			if !*update {
				t.Errorf("docs/trees.md:%d says\n  %s\nthe drawing is\n  %s\n(go test ./cmd/plylab -run TreeSlideDoc -update)", i+1, lines[i], got)
			}
			lines[i], changed = got, true
		}
	}
	if *update && changed {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
