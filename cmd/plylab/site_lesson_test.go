//go:build !js

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/plylab/plylab/lessons/live"
	"github.com/plylab/plylab/lessons/notebook"
	"github.com/plylab/plylab/lessons/sandbox"
)

// The class site and a teacher's lesson file: export errors, a lesson
// from a file, parameter values, the engine's load progress.

// TestSiteExportErrors: a --wasm that is no engine, or no file, is a
// usage error in one line that says what to do, before any lesson runs.
func TestSiteExportErrors(t *testing.T) {
	dir := t.TempDir()
	notWasm := filepath.Join(dir, "notes.txt")
	os.WriteFile(notWasm, []byte("not an engine"), 0o644)
	r := runCLI(t, "lesson", "export", "3", "--format", "site", "-o", filepath.Join(dir, "out"), "--wasm", notWasm)
	if got := wantUsageError(t, r); got != "plylab: --wasm "+notWasm+" is not a WebAssembly module (nor one compressed with gzip); build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab" {
		t.Errorf("a text file as --wasm: %s", got)
	}
	missing := filepath.Join(dir, "nosuch.wasm")
	r = runCLI(t, "lesson", "export", "3", "--format", "site", "-o", filepath.Join(dir, "out"), "--wasm", missing)
	if got := wantUsageError(t, r); got != "plylab: --wasm: file "+strconv.Quote(missing)+" does not exist; check the path (build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab)" {
		t.Errorf("a missing --wasm: %s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("a failed export wrote its folder")
	}
}

// TestSiteLessonFile: a teacher's own lesson file with a parameter,
// exported as a site with a built engine (--wasm, the engine of
// exportSite's site and the wasm_exec.js next to it): changing the
// parameter runs its cell again in the browser and the prose follows.
func TestSiteLessonFile(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	engine := filepath.Join(exportSite(t), "static", "plylab.wasm.gz")
	dir := t.TempDir()
	lesson := filepath.Join(dir, "my-depths.md")
	os.WriteFile(lesson, []byte("---\ntitle: My depths\nparam depth: 2 (2-4) the depth\n---\n\n"+
		"```plylab\ncompare --position paper-mate2 --depth {depth} --algo alphabeta --no-minimal\n```\n\n"+
		"Alpha-beta visits {{nodes}} nodes at depth {depth}.\n"), 0o644)
	site := filepath.Join(dir, "site")
	r := runCLI(t, "lesson", "export", lesson, "--format", "site", "-o", site, "--wasm", engine)
	wantOK(t, r)
	if _, err := os.Stat(filepath.Join(site, "static", "lessons", "my-depths.md")); err != nil {
		t.Fatalf("the site lacks the lesson file's source: %v", err)
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, site)
	var got struct{ Nodes, Depth, Status string }
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/my-depths.html"),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`(() => { const f = document.querySelector('form.params input[name="depth"]'); f.value = "3"; f.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil),
		chromedp.Poll(`/^updated/.test(document.querySelector("form.params .params-status").textContent)`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`({Nodes: document.querySelector('span.ref[data-cell="1"]').textContent,
		  Depth: document.querySelector('span.param-value[data-param="depth"]').textContent,
		  Status: document.querySelector("#cell-1 .status").textContent})`, &got),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := runCLI(t, "compare", "--position", "paper-mate2", "--depth", "3", "--algo", "alphabeta", "--no-minimal", "--columns", "nodes", "--format", "csv")
	if got.Nodes != "497" || got.Depth != "3" || !strings.HasPrefix(got.Status, "done") || !strings.Contains(want.stdout, "497") {
		t.Errorf("after depth=3: %+v; the CLI prints %q", got, want.stdout)
	}
}

// TestLessonParamValues runs, for every value of every parameter of the
// built-in lessons, the cells a change to it runs again, as a live page
// does (live.MakePlan, live.Execute, live.Bind), and checks that each
// succeeds and that every value of the prose that reads them is found.
func TestLessonParamValues(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lessons' cells under every parameter value; skipped with -short")
	}
	env := testEnv()
	ls, err := env.loadLessons(nil, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		for _, q := range l.Params {
			values := q.Choices
			if values == nil {
				values = []string{strconv.Itoa(q.Min), strconv.Itoa(q.Max)}
			}
			for _, v := range values {
				if v == q.Default {
					continue
				}
				t.Run(l.Slug+"/"+q.Name+"="+v, func(t *testing.T) {
					params := map[string]string{q.Name: v}
					plan, e := live.MakePlan(l, live.PlanRequest{Lesson: l.Slug, Params: params, Changed: []string{q.Name}})
					if e != nil || len(plan.Cells) == 0 {
						t.Fatalf("plan: %+v, %v", plan, e)
					}
					for _, pc := range plan.Cells {
						bound := 0
						for _, line := range strings.Split(pc.Source, "\n") {
							if strings.HasPrefix(line, "#") {
								continue
							}
							cell, e := live.Prepare(line, sandbox.Cells)
							if e != nil {
								t.Fatalf("cell %d: %s: %v", pc.Cell, line, e)
							}
							res, cr := live.Execute(line, cell, live.Options{Run: env.newLessonRun(t.Context()), Files: sandbox.NewMemory(sandbox.Quota{})})
							if res.Error != nil {
								t.Fatalf("cell %d: %s: %v", pc.Cell, line, res.Error.Message)
							}
							refs, _, e := live.Bind(l, live.Binding{Lesson: l.Slug, Cell: pc.Cell, Params: params}, line, cr)
							if e != nil {
								t.Fatal(e)
							}
							for _, r := range refs {
								if r.Error != "" {
									t.Errorf("cell %d: %s: the prose's value %s: %s", pc.Cell, line, r.Ref, r.Error)
								}
							}
							bound += len(refs)
						}
						t.Logf("cell %d: %d values of the prose", pc.Cell, bound)
					}
				})
			}
		}
	}
}

// TestSiteLoadProgress: on a slow network the page shows how much of the
// engine has come, in megabytes of the whole, and the line goes when the
// engine is ready; a cell run meanwhile says the same in its status.
func TestSiteLoadProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	dir := exportSite(t)
	fi, err := os.Stat(filepath.Join(dir, "static", notebook.WasmName))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, dir)
	var seen, status, after string
	err = chromedp.Run(ctx,
		network.Enable(),
		network.SetCacheDisabled(true),
		// 2 MB a second: the engine takes about two seconds to come.
		network.EmulateNetworkConditions(false, 50, 2e6, 1e6),
		chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
		chromedp.Click("#cell-1 button.run"),
		chromedp.Poll(`(() => { const e = document.querySelector(".engine-load"); return e && /MB of/.test(e.textContent) ? e.textContent : false; })()`, &seen, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(10*time.Millisecond)),
		chromedp.TextContent("#cell-1 .status", &status),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Sleep(100*time.Millisecond),
		chromedp.Evaluate(`document.querySelector(".engine-load") ? document.querySelector(".engine-load").textContent : ""`, &after),
	)
	if err != nil {
		t.Fatal(err)
	}
	total := fmt.Sprintf("%.2f MB", float64(fi.Size())/1e6)
	if m := regexp.MustCompile(`^loading plylab's engine: (\d+\.\d\d) MB of (\d+\.\d\d MB)$`).FindStringSubmatch(seen); m == nil || m[2] != total {
		t.Errorf("the page showed %q while the engine came; want \"loading plylab's engine: N MB of %s\"", seen, total)
	}
	if !strings.Contains(status, "plylab") {
		t.Errorf("a cell run while the engine came says %q", status)
	}
	if after != "" {
		t.Errorf("the line %q stayed after the engine was ready", after)
	}
	t.Logf("while loading: %q; the waiting cell: %q", seen, status)
}
