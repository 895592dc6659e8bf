package trace

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
)

// The same search gives byte-identical DOT; the DOT keeps children in
// search order and draws the pruned moves as a dashed "k pruned" node.
func TestDOTDeterministic(t *testing.T) {
	a, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	b, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	da, db := DOT(DrawOptions{Window: true}, a), DOT(DrawOptions{Window: true}, b)
	if da != db {
		t.Fatal("two runs of the same search give different DOT")
	}
	for _, want := range []string{`ordering="out"`, "α-cutoff", "β-cutoff", "pruned</I>", `style="dashed,rounded"`, "Ra6", "Rxa7#", "penwidth=\"3\"", "α "} {
		if !strings.Contains(da, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
}

func TestDOTGolden(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	tr.Title = "russell-norvig"
	golden(t, "russell-norvig-alphabeta.dot", DOT(DrawOptions{}, tr))
	// The SVG drawing is deterministic too (layout measured with the
	// embedded Go fonts): a layout change shows here as a golden diff.
	golden(t, "russell-norvig-alphabeta.svg", string(drawingSVG(DrawOptions{Window: true}, tr)))
	var buf bytes.Buffer
	if err := WriteText(&buf, DrawOptions{Window: true}, nil, tr); err != nil {
		t.Fatal(err)
	}
	golden(t, "russell-norvig-alphabeta.txt", buf.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./trace -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test ./trace -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}

func TestSideBySide(t *testing.T) {
	a, _ := toyTree(t, russell, false)
	b, _ := toyTree(t, russell, true)
	d := DOT(DrawOptions{}, a, b)
	for _, want := range []string{"minimax", "alphabeta", "13 nodes searched", "11 nodes searched"} {
		if !strings.Contains(d, want) {
			t.Errorf("side-by-side DOT lacks %q", want)
		}
	}
	if n := strings.Count(d, "subgraph cluster_"); n != 2 {
		t.Errorf("%d clusters, want 2", n)
	}
}

// SVG: non-empty, valid XML, with the root's label; PNG: a real image.
func TestRender(t *testing.T) {
	tr, _ := toyTree(t, russell, true)
	opts := DrawOptions{Window: true}
	var svg bytes.Buffer
	if err := Render(context.Background(), &svg, opts, FormatSVG, tr); err != nil {
		t.Fatal(err)
	}
	if svg.Len() == 0 || !strings.Contains(svg.String(), "<svg") {
		t.Fatalf("not an SVG: %.200s", svg.String())
	}
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	dec.Strict = true
	var texts []string
	inText := false
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
			inText = tk.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts = append(texts, string(tk))
			}
		case xml.EndElement:
			inText = false
		}
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"root", "α-cutoff", "≤ 2", "2 pruned", "MAX"} {
		if !strings.Contains(all, want) {
			t.Errorf("SVG text lacks %q: %s", want, all)
		}
	}

	var pngBuf bytes.Buffer
	if err := Render(context.Background(), &pngBuf, opts, FormatPNG, tr); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&pngBuf)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bounds := img.Bounds()
	if bounds.Dx() < 400 || bounds.Dy() < 200 {
		t.Errorf("PNG is %v", bounds)
	}
	// The edges and outlines must be painted: count dark pixels.
	dark := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			if r < 0x4000 && g < 0x4000 && b < 0x4000 {
				dark++
			}
		}
	}
	if dark < 500 {
		t.Errorf("only %d dark pixels: nothing drawn?", dark)
	}
	if err := Render(context.Background(), io.Discard, opts, "gif", tr); err == nil {
		t.Error("gif accepted")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for _, tr := range []*Tree{
		func() *Tree { tr, _ := toyTree(t, russell, true); return tr }(),
		func() *Tree { tr, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0); return tr }(),
		func() *Tree { tr, _ := chessTree(t, fenKiwipete, engine.EngineOptions(), 3, 300); return tr }(),
	} {
		var a bytes.Buffer
		if err := WriteJSON(&a, tr); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, back); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%s: JSON changes on a round trip", tr.Algo)
		}
		if DOT(DrawOptions{Window: true}, tr) != DOT(DrawOptions{Window: true}, back) {
			t.Errorf("%s: the tree read back draws differently", tr.Algo)
		}
		if back.Nodes != tr.Nodes || back.Root.Count() != tr.Root.Count() || back.Summary() != tr.Summary() {
			t.Errorf("%s: read back %d nodes, want %d", tr.Algo, back.Root.Count(), tr.Root.Count())
		}
	}
	if _, err := ReadJSON(strings.NewReader(`{"kind":"chess","root":{"bound":"sideways"}}`)); err == nil {
		t.Error("a bad bound was accepted")
	}
}

// TestTidyLayout checks the tree drawing's layout on a textbook tree, a
// chess tree and, on a slide, a chess tree whose moves are folded: no two
// boxes of a level overlap, children stay in search order left to right,
// every parent is centred over its first and last child, and each level
// lies below its parent's.
func TestTidyLayout(t *testing.T) {
	toy, _ := toyTree(t, russell, true)
	chess, _ := chessTree(t, fenMate2, engine.AlphaBetaOptions(), 3, 0)
	folded, err := searched(t, fenKiwipete, engine.AlphaBetaOptions(), 3).Apply(Filter{Fit: 20})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		tr   *Tree
		opts DrawOptions
	}{{toy, DrawOptions{Window: true}}, {chess, DrawOptions{Window: true}}, {folded, DrawOptions{Window: true, Slide: true}}} {
		tr, rankSep := tt.tr, styleOf(tt.opts).rankSep
		td := layoutTree(tt.opts, tr, 1, 0)
		td.root.place(0, td.rows, td.heights)
		levels := map[int][]*box{}
		var walk func(b *box)
		walk = func(b *box) {
			levels[b.level] = append(levels[b.level], b)
			for i, c := range b.children {
				if c.y < b.y+b.h+rankSep-1e-9 {
					t.Errorf("%s: child at y %.1f, parent's bottom %.1f", tr.Heading(), c.y, b.y+b.h)
				}
				if i > 0 && c.x <= b.children[i-1].x {
					t.Errorf("%s: children out of order", tr.Heading())
				}
			}
			if n := len(b.children); n > 0 {
				if mid := (b.children[0].x + b.children[n-1].x) / 2; math.Abs(mid-b.x) > 1e-9 {
					t.Errorf("%s: parent at %.2f, children's middle %.2f", tr.Heading(), b.x, mid)
				}
			}
			for _, c := range b.children {
				walk(c)
			}
		}
		walk(td.root)
		total := 0
		for l, row := range levels {
			total += len(row)
			// walk visits a level left to right (depth first, in order).
			for i := 1; i < len(row); i++ {
				if gap := (row[i].x - row[i].w/2) - (row[i-1].x + row[i-1].w/2); gap < nodeSep-1e-9 {
					t.Errorf("%s: level %d boxes %d and %d %.2f apart, want >= %g", tr.Heading(), l, i-1, i, gap, nodeSep)
				}
			}
		}
		if want := tr.Stats().Nodes; total < want {
			t.Errorf("%s: %d boxes for %d nodes", tr.Heading(), total, want)
		}
	}
}
