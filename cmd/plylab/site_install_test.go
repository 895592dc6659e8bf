//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plylab/plylab/lessons/notebook"
)

// backrankLesson is a teacher's own lesson, as a new user writes one: a
// position given by its FEN, a compare cell, a tree cell, a sentence
// bound to the compare cell's output, and a quiz.
const backrankLesson = `---
title: The back rank
summary: A mate on the back rank, searched by minimax and alpha-beta.
minutes: 10
---

## The position

White to move; Black's king is shut in behind its own pawns.

` + "```plylab" + `
positions show --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
` + "```" + `

## Counting nodes

` + "```plylab" + `
compare --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" --depth 1-3 --algo minimax,alphabeta --no-minimal
` + "```" + `

At the deepest depth alpha-beta visits {{nodes | depth=3, algo=alphabeta}}
nodes where minimax visits {{nodes | depth=3, algo=minimax}}.

` + "```plylab" + `
tree --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" --algo alphabeta --depth 2 -o backrank.svg
` + "```" + `

` + "```plylab quiz" + `
predict: which move does alpha-beta choose?
answer: best | depth=3
compare --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1" --depth 3 --algo alphabeta --no-minimal
` + "```" + `
`

// TestSiteFromInstalledBinary is a teacher with the binary alone: plylab
// installed as the README says (go install ./cmd/plylab, here into a
// temporary folder), run in an empty folder that holds only their lesson,
// with no Go toolchain to be found (PATH without go, GOROOT pointing
// nowhere), exports a class site; a plain static file server serves it,
// and in Chromium the lesson's compare cell runs again and shows the node
// counts the CLI computes.
func TestSiteFromInstalledBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("installs plylab and drives a browser; skipped with -short")
	}
	gobin, err := notebook.GoTool()
	if err != nil {
		t.Skip("no Go toolchain to install plylab with")
	}
	bin := t.TempDir()
	install := exec.Command(gobin, "install", "./cmd/plylab")
	install.Dir = filepath.Join("..", "..")
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install ./cmd/plylab: %v\n%s", err, out)
	}

	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "backrank.md"), []byte(backrankLesson), 0o644); err != nil {
		t.Fatal(err)
	}
	path := bin + string(os.PathListSeparator) + "/usr/bin" + string(os.PathListSeparator) + "/bin"
	for _, dir := range filepath.SplitList(path) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			t.Fatalf("%s has a go command: the test needs a PATH without one", dir)
		}
	}
	nowhere := filepath.Join(work, "no-go-here")
	export := exec.Command(filepath.Join(bin, "plylab"), "lesson", "export", "backrank.md", "--format", "site", "-o", "site")
	export.Dir = work
	// Nothing of Go's: a PATH without go, no GOPATH or module settings,
	// a GOROOT that does not exist, no proxy to reach.
	export.Env = []string{"PATH=" + path, "HOME=" + work, "GOROOT=" + nowhere, "GOPATH=" + nowhere, "GOPROXY=off", "NO_COLOR=1"}
	var stdout, stderr bytes.Buffer
	export.Stdout, export.Stderr = &stdout, &stderr
	start := time.Now()
	if err := export.Run(); err != nil {
		t.Fatalf("plylab lesson export backrank.md --format site: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	t.Logf("exported in %v: %s", time.Since(start).Round(time.Millisecond), strings.TrimSpace(stdout.String()))
	if !strings.HasPrefix(stdout.String(), "wrote 1 lesson, the scratch notebook and the engine") {
		t.Errorf("the export printed %q", stdout.String())
	}
	site := filepath.Join(work, "site")
	for _, name := range []string{"backrank.html", "index.html", "static/plylab.wasm.gz", "static/wasm_exec.js", "static/plylab-worker.js"} {
		if _, err := os.Stat(filepath.Join(site, name)); err != nil {
			t.Errorf("the site lacks %s", name)
		}
	}

	// The counts the CLI computes, in this process.
	cli := runCLI(t, "compare", "--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--depth", "1-3", "--algo", "minimax,alphabeta", "--no-minimal", "--format", "json")
	wantOK(t, cli)
	var rows struct {
		Rows []struct {
			Depth int    `json:"depth"`
			Algo  string `json:"algo"`
			Nodes int    `json:"nodes"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(cli.stdout), &rows); err != nil || len(rows.Rows) != 6 {
		t.Fatalf("compare --format json: %v\n%s", err, cli.stdout)
	}

	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, site)
	const cell = "#cell-2"
	var status string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/backrank.html"),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready" || document.documentElement.dataset.plylab === "failed"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`document.documentElement.dataset.plylab + " " + (document.documentElement.dataset.plylabError || "")`, &status),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "ready") {
		t.Fatalf("the engine did not start: %s", status)
	}
	err = chromedp.Run(ctx,
		// The page shows the export's output first: clear it, so what is
		// read below is the browser's run.
		chromedp.Evaluate(`document.querySelector("`+cell+` .outputs").textContent = ""`, nil),
		chromedp.Click(cell+" button.run"),
		chromedp.Poll(`(() => { const s = document.querySelector("`+cell+` .status"); return s.classList.contains("ok") || s.classList.contains("error"); })()`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.TextContent(cell+" .status", &status),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "done") {
		var out string
		chromedp.Run(ctx, chromedp.TextContent(cell+" .outputs", &out))
		t.Fatalf("the compare cell in the browser: status %q\n%s", status, out)
	}
	for _, r := range rows.Rows {
		var onPage string
		if err := chromedp.Run(ctx, chromedp.Evaluate(tableCell(cell, strconv.Itoa(r.Depth), r.Algo, "nodes"), &onPage)); err != nil {
			t.Fatal(err)
		}
		if got := strings.ReplaceAll(onPage, ",", ""); got != strconv.Itoa(r.Nodes) {
			t.Errorf("depth %d %s: the browser shows %q nodes, the CLI %d", r.Depth, r.Algo, onPage, r.Nodes)
		}
	}
	t.Logf("the browser ran the teacher's compare cell: %s", status)
}
