package main

import (
	"bytes"
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

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Trees on a slide: tree --slide measured on its own drawing.

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
