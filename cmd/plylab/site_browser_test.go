//go:build !js

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The live notebook runs the same page and script against two back
// ends: `plylab lesson serve` (cells run on the server) and a static site
// exported with --format site (cells run in the browser, in plylab
// compiled to WebAssembly). The steps below drive lesson 3 as a student
// would and run against both: TestServeBrowser and TestSiteBrowser.

// editAndRun moves the first `compare ... --algo ...alphabeta --depth N`
// cell of the open lesson-3 page to another depth, runs it and checks
// that the page's table shows the alpha-beta node count the CLI prints
// for the same command. It returns the cell's selector.
func editAndRun(t *testing.T, ctx context.Context) string {
	t.Helper()
	var cell struct {
		ID      string `json:"id"`
		Command string `json:"command"`
	}
	const pick = `(() => {
	  for (const s of document.querySelectorAll("section.cell[data-cell]")) {
	    const ta = s.querySelector("textarea.cmd-edit");
	    const m = ta.value.match(/^plylab compare .*--algo \S*alphabeta\S*.*$/m);
	    if (m && / --depth \d+( |$)/.test(m[0])) {
	      const d = Number(m[0].match(/ --depth (\d+)/)[1]);
	      const cmd = m[0].replace(/ --depth \d+/, " --depth " + (d === 3 ? 2 : 3));
	      ta.value = cmd;
	      ta.dispatchEvent(new Event("input"));
	      return {id: s.id, command: cmd};
	    }
	  }
	  return {id: "", command: ""};
	})()`
	if err := chromedp.Run(ctx, chromedp.WaitVisible(`textarea.cmd-edit`), chromedp.Evaluate(pick, &cell)); err != nil {
		t.Fatal(err)
	}
	if cell.ID == "" {
		t.Fatal("lesson 3 has no 'plylab compare --depth N --algo ...alphabeta' cell to edit")
	}
	depth := regexp.MustCompile(` --depth (\d+)`).FindStringSubmatch(cell.Command)[1]
	sel := "#" + cell.ID
	var status, output, onPage string
	err := chromedp.Run(ctx,
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`(() => { const s = document.querySelector("`+sel+` .status"); return s.classList.contains("ok") || s.classList.contains("error"); })()`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(sel+" .status", &status),
		chromedp.TextContent(sel+" .outputs", &output),
		// The page shows compare's table as an HTML table: read the
		// alpha-beta row of the edited depth, as a student reads it.
		chromedp.Evaluate(tableCell(sel, depth, "alphabeta", "nodes"), &onPage),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "done") {
		t.Fatalf("status %q; output:\n%s", status, output)
	}
	if onPage == "" {
		t.Fatalf("no alpha-beta row at depth %s in the page's table:\n%s", depth, output)
	}
	row := regexp.MustCompile(`(?m)^\s*` + depth + `\s+alphabeta\s+([\d,]+)\s`)
	direct := runCLI(t, strings.Fields(strings.TrimPrefix(cell.Command, "plylab "))...)
	wantOK(t, direct)
	m := row.FindStringSubmatch(direct.stdout)
	if m == nil {
		t.Fatalf("no alpha-beta row at depth %s in-process:\n%s", depth, direct.stdout)
	}
	if onPage != m[1] {
		t.Errorf("%s: the page shows %s alpha-beta nodes at depth %s, the CLI %s", cell.Command, onPage, depth, m[1])
	}
	t.Logf("%s: %s nodes on the page and in the CLI", cell.Command, onPage)
	return sel
}

// stopLong runs a search that would take minutes in cell sel, presses
// Stop, and checks that the cell stops within a second, says so, and
// that the next run works.
func stopLong(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var status, message string
	var took float64
	err := chromedp.Run(ctx,
		chromedp.SetValue(sel+" textarea.cmd-edit", "plylab search --position start --depth 30"),
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`document.querySelector("`+sel+` .status").classList.contains("running") && !document.querySelector("`+sel+` button.stop").disabled`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		// Let the search get going.
		chromedp.Sleep(1500*time.Millisecond),
		chromedp.Evaluate(`window.stopPressed = performance.now(); document.querySelector("`+sel+` button.stop").click()`, nil),
		chromedp.Poll(`!document.querySelector("`+sel+`").classList.contains("running")`, nil, chromedp.WithPollingTimeout(time.Second)),
		chromedp.Evaluate(`performance.now() - window.stopPressed`, &took),
		chromedp.TextContent(sel+" .status", &status),
		chromedp.TextContent(sel+" .outputs p.error", &message),
	)
	if err != nil {
		t.Fatalf("Stop: the cell did not stop within a second: %v", err)
	}
	if status != "stopped" || !strings.Contains(message, "you pressed Stop") {
		t.Errorf("after Stop: status %q, message %q", status, message)
	}
	t.Logf("stopped %.0f ms after the click", took)
	var out string
	err = chromedp.Run(ctx,
		chromedp.SetValue(sel+" textarea.cmd-edit", "plylab perft --position kiwipete --depth 2"),
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`document.querySelector("`+sel+` .status").classList.contains("ok")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(sel+" .outputs", &out),
	)
	if err != nil {
		t.Fatalf("a run after Stop: %v", err)
	}
	if !strings.Contains(out, "2,039") {
		t.Errorf("perft 2 of kiwipete after Stop printed %q, want 2,039 leaves", out)
	}
}

// stopKeepsRows runs a compare of several depths in cell sel and presses
// Stop a second after the live view shows its first row (depths 1 to 3
// of minimax on kiwipete take a fraction of a second, depth 4 seconds and
// depth 5 minutes), and checks that the cell stops, says so, and keeps
// the rows of the depths it finished, with the node counts the CLI
// computes.
func stopKeepsRows(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	const cmd = "plylab compare --position kiwipete --depth 1-5 --algo minimax --no-minimal"
	var status, message string
	err := chromedp.Run(ctx,
		chromedp.SetValue(sel+" textarea.cmd-edit", cmd),
		chromedp.Click(sel+" button.run"),
		chromedp.Poll(`/^\s*1\s+minimax\s/m.test((document.querySelector("`+sel+` pre.live") || {}).textContent || "")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Sleep(time.Second),
		chromedp.Evaluate(`document.querySelector("`+sel+` button.stop").click()`, nil),
		chromedp.Poll(`!document.querySelector("`+sel+`").classList.contains("running")`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.TextContent(sel+" .status", &status),
		chromedp.TextContent(sel+" .outputs p.error", &message),
	)
	if err != nil {
		t.Fatalf("Stop during a compare: %v", err)
	}
	if status != "stopped" || !strings.Contains(message, "you pressed Stop") {
		t.Errorf("after Stop: status %q, message %q", status, message)
	}
	want := runCLI(t, "compare", "--position", "kiwipete", "--depth", "1-3", "--algo", "minimax", "--no-minimal", "--format", "csv")
	wantOK(t, want)
	for d := 1; d <= 3; d++ {
		var onPage, out string
		if err := chromedp.Run(ctx, chromedp.Evaluate(tableCell(sel, strconv.Itoa(d), "minimax", "nodes"), &onPage), chromedp.TextContent(sel+" .outputs", &out)); err != nil {
			t.Fatal(err)
		}
		row := regexp.MustCompile(`(?m)^` + strconv.Itoa(d) + `,minimax,(\d+),`).FindStringSubmatch(want.stdout)
		if onPage == "" || row == nil || strings.ReplaceAll(onPage, ",", "") != row[1] {
			t.Errorf("after Stop, depth %d: the page shows %q minimax nodes, the CLI %v; the cell shows:\n%s", d, onPage, row, out)
		}
	}
	t.Logf("stopped during depth 4; the rows of depths 1 to 3 stayed: %s", message)
}

// changeParam sets lesson 3's parameter position to cpw3: the cell of the
// paper's experiment, which uses it, runs again with the new position and
// the prose that reads it shows the CLI's numbers for cpw3; the other
// cells do not run.
func changeParam(t *testing.T, ctx context.Context) {
	t.Helper()
	var before string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector('span.ref[data-cell="4"][data-sel="nodes | depth=5, algo=minimax"]').textContent`, &before)); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Command, Status, Param, Nodes, Best, Minimal, Other string
		Updated                                             int
	}
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
		  const f = document.querySelector('form.params select[name="position"]');
		  f.value = "cpw3";
		  f.dispatchEvent(new Event("change", {bubbles: true}));
		})()`, nil),
		chromedp.Poll(`/^updated/.test(document.querySelector("form.params .params-status").textContent)`, nil, chromedp.WithPollingTimeout(90*time.Second)),
		chromedp.Evaluate(`(() => {
		  const ref = (cell, sel) => { const s = document.querySelector('span.ref[data-cell="' + cell + '"][data-sel="' + sel + '"]'); return s ? s.textContent : ""; };
		  return {
		    Command: document.querySelector("#cell-4 textarea.cmd-edit").value,
		    Status: document.querySelector("#cell-4 .status").textContent,
		    Param: [...document.querySelectorAll('span.param-value[data-param="position"]')].map((s) => s.textContent).join(","),
		    Nodes: ref(4, "nodes | depth=5, algo=minimax"),
		    Best: ref(4, "best | depth=5, algo=alphabeta"),
		    Minimal: ref(4, "minimal_tree | depth=5, algo=alphabeta"),
		    Other: document.querySelector("#cell-5 .status").textContent,
		    Updated: document.querySelectorAll('span.ref.updated').length,
		  };
		})()`, &got),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := runCLI(t, "compare", "--position", "cpw3", "--depth", "1-5", "--algo", "minimax,alphabeta", "--format", "json")
	wantOK(t, want)
	for _, w := range []string{`"nodes": ` + strings.ReplaceAll(got.Nodes, ",", "")} {
		if got.Nodes == "" || !strings.Contains(want.stdout, w) {
			t.Errorf("after position=cpw3 the prose reads %q minimax nodes at depth 5; the CLI's JSON lacks %s", got.Nodes, w)
		}
	}
	if got.Nodes == before {
		t.Errorf("the prose still reads %s nodes, as for paper-mate2", before)
	}
	if !strings.Contains(got.Command, "--position cpw3") || !strings.HasPrefix(got.Status, "done") {
		t.Errorf("cell 4 after position=cpw3: command %q, status %q", got.Command, got.Status)
	}
	if got.Param != "cpw3" || got.Best == "" || got.Minimal == "" || got.Updated < 10 {
		t.Errorf("after position=cpw3: prose shows position %q, best %q, minimal %q, %d values updated", got.Param, got.Best, got.Minimal, got.Updated)
	}
	if got.Other != "" {
		t.Errorf("cell 5 does not use position but has status %q", got.Other)
	}
	t.Logf("position=cpw3: %s minimax nodes at depth 5 (was %s), best %s", got.Nodes, before, got.Best)
}

// shortTimes runs searches of a few nodes in the page: their times are
// below the browser's clock step (0.1 ms in Chromium), and the table says
// so ("< 100 µs", "> 170 k/s") instead of "0 ns" and "0 /s".
func shortTimes(t *testing.T, ctx context.Context) {
	t.Helper()
	var out string
	err := chromedp.Run(ctx, chromedp.Evaluate(`window.plylabNotebook.backend.run("short1", "plylab compare --position paper-mate2 --depth 1-3 --algo minimax,alphabeta --no-minimal", null, () => {}).then((r) => r.stdout)`, &out, awaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "alphabeta") {
		t.Fatalf("compare printed %q", out)
	}
	for _, zero := range []string{" 0 ns", " 0 /s"} {
		if strings.Contains(out, zero) {
			t.Errorf("a time or speed in the browser reads %q:\n%s", zero, out)
		}
	}
	t.Logf("short searches in the browser:\n%s", out)
}

var site struct {
	once sync.Once
	dir  string
	err  error
	out  string
}

// exportSite exports lesson 3 as a static site once per test binary,
// with the engine plylab carries.
func exportSite(t testing.TB) string {
	t.Helper()
	site.once.Do(func() {
		site.dir, site.err = os.MkdirTemp("", "plylab-site-")
		if site.err != nil {
			return
		}
		r := runCLI(t, "lesson", "export", "3", "--format", "site", "-o", site.dir)
		site.out = r.stdout + r.stderr
		if r.code != 0 {
			site.err = os.ErrInvalid
		}
	})
	if site.err != nil {
		t.Fatalf("lesson export 3 --format site: %v\n%s", site.err, site.out)
	}
	return site.dir
}

// TestSiteExport checks the files of a site: the pages carry the
// WebAssembly back end's marker and the same cell markup as the server's,
// and the engine is within its budget (4 MB compressed).
func TestSiteExport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lesson 3 and writes a site; skipped with -short")
	}
	dir := exportSite(t)
	for _, name := range []string{"index.html", "03-alphabeta.html", "scratch.html", "static/notebook.js", "static/backends.js", "static/tree-viewer.js", "static/notebook.css",
		"static/plylab-worker.js", "static/wasm_exec.js", "static/plylab.wasm.gz", "static/plylab.nnue.gz", "static/master-games.pgn.gz", "static/plylab-simd.wasm", "static/favicon.svg", "static/replay.js", "static/replay.css"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("the site lacks %s", name)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "03-alphabeta.html"))
	for _, want := range []string{`<meta name="plylab-backend" content="wasm" />`, `<section class="cell" id="cell-4" data-cell="4">`,
		`<textarea class="cmd-edit"`, `<button type="button" class="run">Run</button>`, `<button type="button" class="stop" disabled>Stop</button>`,
		`<form class="params" data-lesson="03-alphabeta">`, `<option value="cpw3">cpw3</option>`, `data-sel="nodes | depth=5, algo=minimax">353,292</span>`,
		"plylab compare --position paper-mate2 --depth 1-5 --algo minimax,alphabeta --plot paper-experiment.svg</textarea>",
		`<span class="param-value" data-param="position">paper-mate2</span>`, `src="static/notebook.js"`, `src="static/replay.js"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("03-alphabeta.html lacks %s", want)
		}
	}
	if strings.Contains(string(page), `"/static/`) || strings.Contains(string(page), "plylab-token") {
		t.Error("a site page links the server's absolute paths or carries a token")
	}
	htmls, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	for _, p := range htmls {
		if data, _ := os.ReadFile(p); !cspMeta.Match(data) {
			t.Errorf("%s has no Content-Security-Policy", filepath.Base(p))
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, want := range []string{`href="03-alphabeta.html"`, `href="scratch.html"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	fi, err := os.Stat(filepath.Join(dir, "static", "plylab.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 4_000_000 {
		t.Errorf("the compressed engine is %d bytes, over its budget of 4 MB", fi.Size())
	}
	t.Logf("static/plylab.wasm.gz: %d bytes", fi.Size())
}

// staticServer serves dir as a plain static file server does: files as
// they are, nothing of plylab.
func staticServer(t testing.TB, dir string) *httptest.Server {
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	return ts
}

// TestSiteBrowser is the static site in headless Chromium, served by a
// plain file server: lesson 3 becomes interactive, an edited cell prints
// the CLI's node count, Stop stops a long search within a second, a
// changed parameter runs the cells that use it again and the prose follows,
// a file a cell wrote can be downloaded, and the scratch notebook loads a
// lesson file, all with no plylab process behind the page.
func TestSiteBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	dir := exportSite(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, dir)
	var ready float64
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready" || document.documentElement.dataset.plylab === "failed"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`document.documentElement.dataset.plylab === "ready" ? performance.getEntriesByName("plylab-ready")[0].startTime : -1`, &ready),
	)
	if err != nil {
		t.Fatal(err)
	}
	if ready < 0 {
		var why string
		chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.dataset.plylabError`, &why))
		t.Fatalf("the WebAssembly engine did not start: %s", why)
	}
	t.Logf("interactive %.0f ms after navigation", ready)

	sel := editAndRun(t, ctx)
	stopLong(t, ctx, sel)
	stopKeepsRows(t, ctx, sel)
	changeParam(t, ctx)
	shortTimes(t, ctx)
	if shots := os.Getenv("PLYLAB_SCREENSHOTS"); shots != "" {
		// docs/img/site-*.png: PLYLAB_SCREENSHOTS=$PWD/docs/img go test -run TestSiteBrowser ./cmd/plylab
		shoot := func(name, js string) {
			var png []byte
			if err := chromedp.Run(ctx, chromedp.Evaluate(js, nil), chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		shoot("site-params.png", `window.scrollTo(0, 0)`)
		shoot("site-cell.png", `(() => { const c = document.querySelector("#cell-4"); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 190); })()`)
	}

	// The chart cell 4 drew is in the page's memory, to download.
	var link struct{ Href, Download string }
	var svg string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const a = document.querySelector("#cell-4 p.files a"); return a ? {Href: a.href, Download: a.download} : {}; })()`, &link),
		chromedp.Evaluate(`fetch(document.querySelector("#cell-4 p.files a").href).then((r) => r.text())`, &svg, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
			return p.WithAwaitPromise(true)
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link.Href, "blob:") || link.Download != "paper-experiment.svg" || !strings.Contains(svg, "<svg") {
		t.Errorf("cell 4's file: link %+v, %d bytes starting %.40q", link, len(svg), svg)
	}

	// The same bytes as the CLI: a tree as text, and a chess tree's SVG;
	// the network's scores and the tuner on the master games (the engine
	// fetched the network and the games from the site).
	for _, args := range [][]string{
		{"scores", "--position", "kiwipete", "--depth", "1", "--eval", "nnue"},
		{"compare", "--position", "kiwipete", "--depth", "1-7", "--algo", "engine", "--no-minimal", "--columns", "depth,algo,nodes,best,score", "--format", "csv"},
		{"tune", "--epochs", "2", "--report", "1", "--no-weights"},
		{"tree", "--toy", "russell-norvig", "--algo", "alphabeta", "--window"},
		{"tree", "--position", "paper-mate2", "--algo", "alphabeta", "--depth", "2", "-o", "ab2.svg"},
	} {
		var got struct{ Stdout, Stderr, File string }
		err := chromedp.Run(ctx, chromedp.Evaluate(`window.plylabNotebook.backend.run("bytes`+args[0]+args[1][2:]+`", "plylab `+strings.Join(args, " ")+`", null, () => {}).then(async (r) => ({
		  Stdout: r.stdout, Stderr: r.stderr, File: r.files.length ? await (await fetch(r.files[0].url)).text() : ""}))`, &got, awaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		var cli result
		if args[len(args)-2] != "-o" {
			cli = runCLI(t, args...)
		} else {
			// The CLI writes its file in a temporary folder, never in
			// the package's own.
			out := filepath.Join(t.TempDir(), "ab2.svg")
			cli = runCLI(t, append(args[:len(args)-1:len(args)-1], out)...)
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			cli.stdout = strings.ReplaceAll(cli.stdout, out, "ab2.svg")
			if got.File != string(data) || !strings.Contains(got.File, `class="node`) {
				t.Errorf("%s: the browser's SVG (%d bytes) differs from the CLI's (%d bytes)", strings.Join(args, " "), len(got.File), len(data))
			}
		}
		t.Logf("%s: %d bytes of output, %d of file", strings.Join(args, " "), len(got.Stdout), len(got.File))
		if got.Stdout != cli.stdout || got.Stderr != cli.stderr {
			t.Errorf("%s: the browser printed\n%s%s\nthe CLI\n%s%s", strings.Join(args, " "), got.Stdout, got.Stderr, cli.stdout, cli.stderr)
		}
	}

	// The network runs on the vector kernels the worker gave the engine.
	var show string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.plylabNotebook.backend.run("nnueshow", "plylab nnue show", null, () => {}).then((r) => r.stdout)`, &show, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^vector kernels +yes$`).MatchString(show) {
		t.Errorf("nnue show in the browser:\n%s", show)
	}

	// The scratch notebook loads a lesson file and runs it, in the browser.
	good := filepath.Join(t.TempDir(), "mine.md")
	os.WriteFile(good, []byte("# Mine\n\n```plylab\nplylab compare --position paper-mate2 --depth 2 --algo alphabeta\n```\n"), 0o644)
	var msg, out string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/scratch.html"),
		chromedp.WaitReady(`#nb-load`, chromedp.ByID),
		chromedp.SetUploadFiles(`#nb-load`, []string{good}, chromedp.ByID),
		chromedp.Poll(`/\b(ok|error)\b/.test(document.getElementById("nb-message").className)`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(`#nb-message`, &msg, chromedp.ByID),
		chromedp.Click(`#cell-1 button.run`),
		chromedp.Poll(`document.querySelector("#cell-1 .status").classList.contains("ok")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(`#cell-1 .outputs`, &out),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(msg, "loaded mine.md") || !strings.Contains(out, "alphabeta") {
		t.Errorf("scratch notebook: message %q, output %q", msg, out)
	}
}
