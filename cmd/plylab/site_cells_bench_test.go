//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plylab/plylab/lessons"
)

// BenchmarkSiteCells runs every cell of the ten lessons in a class site
// and with the command line, and reports each cell's browser time against
// its native wall time (docs/performance.md, "Every cell"):
//
//	go test -run '^$' -bench SiteCells -timeout 60m ./cmd/plylab
//
// The browser time is what the page waits for: from the run's request to
// its result, every command of the cell in turn, in headless Chromium
// (window.plylabNotebook.backend.run on a page of an exported site, so
// through the Web Worker as a Run press goes), after one warm-up run of
// the same cell. The native wall time is `plylab COMMAND` as a process
// for each command of the cell, start-up included, as a teacher times it
// in a terminal, also after a warm-up run; the in-process column runs the
// same commands in the test's process (no start-up). Browser and native
// runs take turns, PLYLAB_CELLS_RUNS times each (3 unless set), and the
// medians are compared; the benchmark measures once, however many times
// the testing package calls it. PLYLAB_CELLS (a regular expression over "03-alphabeta/4")
// picks cells (and "extra/compare", compare --position kiwipete --depth
// 3, which is no lesson's); PLYLAB_CELLS_TABLE=FILE writes the table as
// Markdown;
// PLYLAB_CELLS_ASSERT=1 fails the benchmark when a cell takes more than 5
// times its native wall time or the median cell more than 3 times.
func BenchmarkSiteCells(b *testing.B) {
	cellsOnce.Do(func() { cellsMedian, cellsWorst = siteCells(b) })
	b.ReportMetric(cellsMedian, "x-median")
	b.ReportMetric(cellsWorst, "x-max")
}

var (
	cellsOnce               sync.Once
	cellsMedian, cellsWorst float64
)

// siteCells measures the cells and returns the median and the largest
// ratio.
func siteCells(b *testing.B) (med, worst float64) {
	runsPerCell := 3
	if n, err := strconv.Atoi(os.Getenv("PLYLAB_CELLS_RUNS")); err == nil && n > 0 {
		runsPerCell = n
	}
	var pick *regexp.Regexp
	if p := os.Getenv("PLYLAB_CELLS"); p != "" {
		pick = regexp.MustCompile(p)
	}
	ls, err := testEnv().loadLessons(nil, true)
	if err != nil {
		b.Fatal(err)
	}
	type cell struct {
		name string
		cmds []*lessons.Command
	}
	var cells []cell
	for _, l := range ls {
		for _, c := range l.Cells {
			name := fmt.Sprintf("%s/%d", l.Slug, c.N)
			if pick == nil || pick.MatchString(name) {
				cells = append(cells, cell{name, c.Commands})
			}
		}
	}
	// The command issue 42 timed (7.4 to 9.9 s in Chromium against 0.34
	// to 0.40 s natively): not a lesson's cell, measured the same way.
	for _, text := range []string{"compare --position kiwipete --depth 3"} {
		name := "extra/" + strings.Fields(text)[0]
		if pick == nil || pick.MatchString(name) {
			cells = append(cells, cell{name, []*lessons.Command{{Text: text, Args: strings.Fields(text)}}})
		}
	}
	if len(cells) == 0 {
		b.Fatal("PLYLAB_CELLS matches no cell")
	}

	bin := filepath.Join(b.TempDir(), "plylab")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	work := b.TempDir()
	dir := exportSite(b)
	ctx, cancel := newBrowserFor(b, 3*time.Hour)
	defer cancel()
	ts := staticServer(b, dir)
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/scratch.html"),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
	)
	if err != nil {
		b.Fatal(err)
	}
	// A browser run: the cell's commands one after the other, as a Run
	// press runs them; milliseconds, or an error.
	runs := 0
	inBrowser := func(c cell) float64 {
		var cmds []string
		for _, cmd := range c.cmds {
			cmds = append(cmds, "plylab "+cmd.Text)
		}
		runs++
		var got struct {
			MS    float64
			Error string
		}
		js := fmt.Sprintf(`(async (cmds) => {
		  const t0 = performance.now();
		  for (const [i, c] of cmds.entries()) {
		    const r = await window.plylabNotebook.backend.run("bench%d-" + i, c, null, () => {});
		    if (r.error) return {MS: 0, Error: c + ": " + r.error.message};
		  }
		  return {MS: performance.now() - t0, Error: ""};
		})(%s)`, runs, jsonString(cmds))
		tctx, tcancel := context.WithTimeout(ctx, 10*time.Minute)
		defer tcancel()
		if err := chromedp.Run(tctx, chromedp.Evaluate(js, &got, awaitPromise)); err != nil {
			b.Fatalf("%s in the browser: %v", c.name, err)
		}
		if got.Error != "" {
			b.Fatalf("%s in the browser: %s", c.name, got.Error)
		}
		return got.MS
	}
	native := func(c cell) float64 {
		var total time.Duration
		for _, cmd := range c.cmds {
			p := exec.Command(bin, cmd.Args...)
			p.Dir = work
			p.Env = append(os.Environ(), "NO_COLOR=1")
			start := time.Now()
			if out, err := p.CombinedOutput(); err != nil {
				b.Fatalf("%s natively: plylab %s: %v\n%s", c.name, cmd.Text, err, out)
			}
			total += time.Since(start)
		}
		return float64(total.Microseconds()) / 1000
	}
	inProcess := func(c cell) float64 {
		start := time.Now()
		for _, cmd := range c.cmds {
			if r := runIn(b, testEnv(), cmd.Args...); r.code != 0 {
				b.Fatalf("%s in-process: plylab %s: exit %d\n%s", c.name, cmd.Text, r.code, r.stderr)
			}
		}
		return float64(time.Since(start).Microseconds()) / 1000
	}
	// In-process runs write their files (tree -o, --plot) here.
	b.Chdir(work)

	type row struct {
		name, command                string
		browser, native, proc, ratio float64
	}
	var rows []row
	for _, c := range cells {
		// The warm-up runs.
		first := inBrowser(c)
		native(c)
		inProcess(c)
		var br, nat, proc []float64
		for i := 0; i < runsPerCell; i++ {
			br = append(br, inBrowser(c))
			nat = append(nat, native(c))
			proc = append(proc, inProcess(c))
		}
		var cmds []string
		for _, cmd := range c.cmds {
			cmds = append(cmds, cmd.Text)
		}
		r := row{name: c.name, command: strings.Join(cmds, "; "), browser: median(br), native: median(nat), proc: median(proc)}
		r.ratio = r.browser / r.native
		rows = append(rows, r)
		b.Logf("%-24s browser %9.1f ms (first %9.1f), native %9.1f ms, in-process %9.1f ms: %5.2f×  %s", r.name, r.browser, first, r.native, r.proc, r.ratio, r.command)
	}
	var ratios []float64
	for _, r := range rows {
		if !strings.HasPrefix(r.name, "extra/") {
			ratios = append(ratios, r.ratio)
		}
	}
	if len(ratios) > 0 {
		sorted := append([]float64(nil), ratios...)
		sort.Float64s(sorted)
		med, worst = median(ratios), sorted[len(sorted)-1]
	}
	b.Logf("%d lesson cells: median %.2f×, worst %.2f× their native wall time", len(ratios), med, worst)
	if path := os.Getenv("PLYLAB_CELLS_TABLE"); path != "" {
		var md strings.Builder
		md.WriteString("| cell | command | browser ms | native ms | ratio | in-process ms |\n|---|---|---:|---:|---:|---:|\n")
		for _, r := range rows {
			fmt.Fprintf(&md, "| %s | `%s` | %.1f | %.1f | %.2f | %.1f |\n", r.name, strings.ReplaceAll(r.command, "|", `\|`), r.browser, r.native, r.ratio, r.proc)
		}
		fmt.Fprintf(&md, "\n%d lesson cells: median ratio %.2f, largest %.2f\n", len(ratios), med, worst)
		if err := os.WriteFile(path, []byte(md.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if os.Getenv("PLYLAB_CELLS_ASSERT") != "" {
		for _, r := range rows {
			if r.ratio > 5 && !strings.HasPrefix(r.name, "extra/") {
				b.Errorf("%s takes %.2f× its native wall time in the browser (%.1f against %.1f ms), over 5×", r.name, r.ratio, r.browser, r.native)
			}
		}
		if med > 3 {
			b.Errorf("the median cell takes %.2f× its native wall time in the browser, over 3×", med)
		}
	}
	return med, worst
}

// jsonString is v as a JavaScript literal (JSON).
func jsonString(v []string) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}
