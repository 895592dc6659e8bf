package main

import (
	"context"
	"encoding/csv"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// maskCSV blanks the machine-dependent columns (times and speeds) of CSV
// output, so node counts, moves and scores can be compared exactly.
func maskCSV(t *testing.T, out string) string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("bad CSV: %v\n%s", err, out)
	}
	var masked []int
	for i, h := range rows[0] {
		if strings.HasSuffix(h, "_s") || strings.Contains(h, "per_s") || strings.Contains(h, "ratio") {
			masked = append(masked, i)
		}
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	for ri, r := range rows {
		if ri > 0 {
			for _, i := range masked {
				r[i] = "T"
			}
		}
		_ = w.Write(r)
	}
	w.Flush()
	return b.String()
}

func TestCompareGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"compare_paper-mate2", []string{"compare", "-p", "paper-mate2", "--depth", "1-5", "--algo", "minimax,alphabeta,engine,engine-without-verify"}},
		{"compare_start", []string{"compare", "-p", "start", "--depth", "1-4", "--algo", "minimax,alphabeta,alphabeta-with-mvvlva-with-killers-with-history,engine"}},
		{"compare_kiwipete", []string{"compare", "-p", "kiwipete", "--depth", "1-3", "--algo", "minimax,alphabeta,engine,engine-without-tt,engine-without-null"}},
		{"compare_suite_bk", []string{"compare", "--suite", "bk", "--depth", "1-4", "--algo", "engine", "--no-minimal"}},
		{"scores_paper-mate2", []string{"scores", "-p", "paper-mate2", "--depth", "3", "--algo", "minimax"}},
		{"scores_horizon", []string{"scores", "-p", "horizon", "--depth", "1", "--algo", "alphabeta"}},
		{"search_kiwipete", []string{"search", "-p", "kiwipete", "--depth", "8"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, append(tc.args, "--format", "csv")...)
			wantOK(t, r)
			golden(t, tc.name, maskCSV(t, r.stdout))
		})
	}
}

func TestCompareErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"compare", "--depth", "0"}, `--depth "0": expected depths from 1 to 30`},
		{[]string{"compare", "--depth", "5-3"}, `--depth "5-3": expected depths from 1 to 30`},
		{[]string{"compare", "--depth", "x"}, `--depth "x": expected a depth like 5 or a range like 1-6`},
		{[]string{"compare", "--algo", "negamax"}, `unknown algorithm "negamax"`},
		{[]string{"compare", "--algo", "engine-without-nul"}, `unknown technique "nul"`},
		{[]string{"compare", "--eval", "fancy"}, `unknown evaluation "fancy"`},
		{[]string{"compare", "--algo", "minimax", "--depth", "9"}, "predicted to take about"},
		{[]string{"compare", "--plot", "x.jpg"}, "must end in .svg or .png"},
		{[]string{"compare", "-p", "nowhere"}, `unknown position "nowhere"`},
		{[]string{"scores", "--depth", "0"}, "--depth must be between 1"},
		{[]string{"scores", "--algo", "minimax,alphabeta"}, "one --algo"},
		{[]string{"search", "--depth", "0"}, "--depth must be between 1"},
		{[]string{"search", "--algo", "minimax"}, "needs --depth"},
	}
	for _, tc := range tests {
		line := wantUsageError(t, runCLI(t, tc.args...))
		if !strings.Contains(line, tc.want) {
			t.Errorf("%v: %q, want it to contain %q", tc.args, line, tc.want)
		}
	}
}

// Ctrl-C: a cancelled compare prints the rows it finished and says so.
func TestCompareInterrupted(t *testing.T) {
	env := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	r := runIn(t, env, "compare", "-p", "start", "--depth", "1-3", "--algo", "minimax")
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stdout, "interrupted") || !strings.Contains(r.stderr, "interrupted") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
}

func TestCompareSVGPlot(t *testing.T) {
	path := t.TempDir() + "/growth.svg"
	r := runCLI(t, "compare", "-p", "paper-mate2", "--depth", "1-3", "--algo", "minimax,alphabeta", "--plot", path)
	wantOK(t, r)
	if !strings.Contains(r.stdout, "plot written to") {
		t.Fatalf("no plot note: %s", r.stdout)
	}
}

// TestComparePlotProjectable checks what a projected chart needs: an
// opaque white background in both formats, the axis labels that say the
// scale, and a 16:9 PNG of 1600x900 whose corners and legend column are
// white paper rather than transparent.
func TestComparePlotProjectable(t *testing.T) {
	dir := t.TempDir()
	svgPath, pngPath := dir+"/growth.svg", dir+"/growth.png"
	for _, path := range []string{svgPath, pngPath} {
		wantOK(t, runCLI(t, "compare", "-p", "paper-mate2", "--depth", "1-3", "--algo", "minimax,alphabeta", "--plot", path))
	}
	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<path d="M0,0L1152,0L1152,648L0,648Z" style="fill:#FFFFFF" />`, ">nodes (log scale)<", ">seconds (log scale)<", ">depth<", ">minimax<", ">alphabeta<"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the SVG chart lacks %q", want)
		}
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1600 || b.Dy() != 900 {
		t.Fatalf("PNG is %dx%d, want 1600x900", b.Dx(), b.Dy())
	}
	for _, pt := range [][2]int{{0, 0}, {1599, 0}, {0, 899}, {1599, 899}, {1590, 450}} {
		r, g, b, a := img.At(pt[0], pt[1]).RGBA()
		if r != 0xffff || g != 0xffff || b != 0xffff || a != 0xffff {
			t.Errorf("PNG pixel %v = %x %x %x %x, want opaque white", pt, r, g, b, a)
		}
	}
}

func TestTechniquesList(t *testing.T) {
	r := runCLI(t, "techniques", "--format", "csv")
	wantOK(t, r)
	golden(t, "techniques", r.stdout)
}

func TestEvalCommand(t *testing.T) {
	r := runCLI(t, "eval", "-p", "kiwipete", "--format", "csv")
	wantOK(t, r)
	golden(t, "eval_kiwipete", r.stdout)
	r = runCLI(t, "eval", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "--eval", "pesto", "--format", "csv")
	wantOK(t, r)
	// K+P v K: phase 0, so the score is the endgame one, 107 (see engine/eval tests).
	if !strings.Contains(r.stdout, "pesto,0,82,-15,94,13,67,107,107,107") {
		t.Fatalf("pesto breakdown:\n%s", r.stdout)
	}
	if line := wantUsageError(t, runCLI(t, "eval", "--eval", "fancy")); !strings.Contains(line, `unknown evaluation "fancy"`) {
		t.Fatal(line)
	}
}
