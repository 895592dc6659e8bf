//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findBrowser returns a Chromium or Chrome to drive: $PLYLAB_CHROMIUM,
// Debian's /usr/bin/chromium, or one on $PATH; "" when there is none.
func findBrowser() string {
	if p := os.Getenv("PLYLAB_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser starts headless Chromium with a fresh profile and no network
// chatter of its own, for at most three minutes.
func newBrowser(t testing.TB) (context.Context, context.CancelFunc) {
	t.Helper()
	return newBrowserFor(t, 3*time.Minute)
}

// newBrowserFor is newBrowser for at most limit.
func newBrowserFor(t testing.TB, limit time.Duration) (context.Context, context.CancelFunc) {
	t.Helper()
	path := findBrowser()
	if path == "" {
		t.Skip("no Chromium found (install Debian's chromium, or set PLYLAB_CHROMIUM); ./test.sh installs it")
	}
	// A fresh profile, removed after the browser has exited (t.TempDir
	// would race with Chromium's last writes).
	profile, err := os.MkdirTemp("", "plylab-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1100, 820),
	}
	if f := os.Getenv("PLYLAB_JSFLAGS"); f != "" {
		opts = append(opts, chromedp.Flag("js-flags", f))
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	// cdproto may not know every event of a newer Chromium; those
	// messages are noise here.
	quiet := func(string, ...any) {}
	ctx, cancelC := chromedp.NewContext(actx, chromedp.WithErrorf(quiet), chromedp.WithLogf(quiet))
	ctx, cancelT := context.WithTimeout(ctx, limit)
	return ctx, func() {
		cancelT()
		cancelC()
		cancelA()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// tableCell is JavaScript that reads, in the cell sel, the value under
// the header column of the table row whose first two cells are depth and
// algo ("" when there is none).
func tableCell(sel, depth, algo, column string) string {
	return `(() => {
	  for (const t of document.querySelectorAll("` + sel + ` table.out-table")) {
	    const heads = [...t.querySelectorAll("thead th")].map((h) => h.textContent.trim());
	    const col = heads.indexOf("` + column + `");
	    for (const tr of t.querySelectorAll("tbody tr")) {
	      const c = [...tr.children].map((td) => td.textContent.trim());
	      if (c[0] === "` + depth + `" && c[1] === "` + algo + `" && col >= 0) return c[col];
	    }
	  }
	  return "";
	})()`
}

// TestServeBrowser drives the notebook in headless Chromium as a student
// would: open lesson 3, change a cell's depth, run it and read the node
// count from the page (it must equal the count computed in-process), run
// a long search and press Stop, change a parameter of the lesson; then
// load lesson files in the scratch notebook.
func TestServeBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)

	if err := chromedp.Run(ctx, chromedp.Navigate(ts.URL+"/lesson/03-alphabeta?token="+token)); err != nil {
		t.Fatal(err)
	}
	// The steps TestSiteBrowser takes on a static site (site_browser_test.go).
	sel := editAndRun(t, ctx)
	if shot := os.Getenv("PLYLAB_SCREENSHOT"); shot != "" {
		// docs/img/notebook.png: PLYLAB_SCREENSHOT=$PWD/docs/img/notebook.png go test -run TestServeBrowser ./cmd/plylab
		var png []byte
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`(() => { const c = document.querySelector("`+sel+`"); window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY - 140); })()`, nil),
			chromedp.Sleep(300*time.Millisecond),
			chromedp.CaptureScreenshot(&png),
		)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stopLong(t, ctx, sel)
	stopKeepsRows(t, ctx, sel)
	changeParam(t, ctx)

	// The scratch notebook loads a lesson file, and shows a broken one's
	// error with its line.
	dir := t.TempDir()
	good, bad := dir+"/mine.md", dir+"/broken.md"
	os.WriteFile(good, []byte("# Mine\n\nA note.\n\n```plylab\nplylab compare --position paper-mate2 --depth 2 --algo alphabeta\n```\n\n```plylab\nplylab positions show --position start\n```\n"), 0o644)
	os.WriteFile(bad, []byte("# Broken\n\n```plylab\nplylab frobnicate\n```\n"), 0o644)
	var cells int
	var msg, out string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/scratch?token="+token),
		chromedp.WaitReady(`#nb-load`, chromedp.ByID),
		chromedp.SetUploadFiles(`#nb-load`, []string{bad}, chromedp.ByID),
		chromedp.Poll(`/\b(ok|error)\b/.test(document.getElementById("nb-message").className)`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.TextContent(`#nb-message`, &msg, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "broken.md:4:") || !strings.Contains(msg, "not a plylab command") {
		t.Errorf("loading a broken lesson: %q", msg)
	}
	err = chromedp.Run(ctx,
		chromedp.SetUploadFiles(`#nb-load`, []string{good}, chromedp.ByID),
		chromedp.Poll(`document.getElementById("nb-message").textContent.startsWith("loaded")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`document.querySelectorAll("#nb-cells section.cell").length`, &cells),
		chromedp.Click(`#cell-1 button.run`),
		chromedp.Poll(`document.querySelector("#cell-1 .status").classList.contains("ok")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.TextContent(`#cell-1 .outputs`, &out),
	)
	if err != nil {
		t.Fatal(err)
	}
	if cells != 2 || !strings.Contains(out, "alphabeta") {
		t.Errorf("loaded %d cells (want 2); cell 1 printed %q", cells, out)
	}
}

// TestNotebookProjector looks at the notebook as a class sees it on a
// projector, 1024x768: the widest table of lesson 3 scrolls to its last
// column with its first column kept in view; a search tree zooms and a
// click on a node explains it; an edited quiz says its question is the
// original's; compare shows its rows as they finish; lessons are found by
// the beginning of their name; the page has an icon. With
// PLYLAB_SCREENSHOTS=DIR it saves the pictures of docs/lessons.md there:
//
//	PLYLAB_SCREENSHOTS=$PWD/docs/img go test -run TestNotebookProjector ./cmd/plylab
func TestNotebookProjector(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	shots := os.Getenv("PLYLAB_SCREENSHOTS")
	shoot := func(name string) {
		if shots == "" {
			return
		}
		var png []byte
		if err := chromedp.Run(ctx, chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1024, 768)); err != nil {
		t.Fatal(err)
	}

	// /lesson/alpha is lesson 3.
	var path string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/lesson/alpha?token="+token),
		chromedp.WaitVisible(`textarea.cmd-edit`),
		chromedp.Evaluate(`location.pathname`, &path),
	)
	if err != nil {
		t.Fatal(err)
	}
	if path != "/lesson/03-alphabeta" {
		t.Errorf("/lesson/alpha went to %s, want /lesson/03-alphabeta", path)
	}

	// The widest table: scroll it to its end; its last column is then in
	// the window, and so is its first column (kept in view).
	var wide struct {
		Cell, Last, First       string
		LastRight, FirstLeft    float64
		BoxLeft, View, Overflow float64
	}
	const widest = `(() => {
	  let best = null;
	  for (const b of document.querySelectorAll(".table-scroll")) if (!best || b.scrollWidth > best.scrollWidth) best = b;
	  const overflow = best.scrollWidth - best.clientWidth;
	  best.scrollIntoView({block: "center"});
	  best.scrollLeft = best.scrollWidth;
	  const heads = best.querySelectorAll("thead th");
	  const last = heads[heads.length - 1], first = best.querySelector("tbody tr > :first-child");
	  return {Cell: best.closest("section.cell").id, Last: last.textContent, First: first.textContent,
	    LastRight: last.getBoundingClientRect().right, FirstLeft: first.getBoundingClientRect().left,
	    BoxLeft: best.getBoundingClientRect().left, View: window.innerWidth, Overflow: overflow};
	})()`
	if err := chromedp.Run(ctx, chromedp.Evaluate(widest, &wide)); err != nil {
		t.Fatal(err)
	}
	if wide.Overflow <= 0 {
		t.Errorf("lesson 3's widest table fits 1024 px (%+v): the test no longer tests scrolling", wide)
	}
	if wide.Last != "vs minimal" || wide.LastRight > wide.View+0.5 {
		t.Errorf("scrolled to the end, the last column is %q ending at %.0f px of %.0f", wide.Last, wide.LastRight, wide.View)
	}
	if wide.FirstLeft < wide.BoxLeft-0.5 || strings.TrimSpace(wide.First) == "" {
		t.Errorf("scrolled to the end, the first column (%q) starts at %.0f px, its box at %.0f: not kept in view", wide.First, wide.FirstLeft, wide.BoxLeft)
	}
	shoot("notebook-table.png")

	// A chess search tree (lesson 3's pruned alpha-beta tree): zoom in,
	// then click a node that was cut; it shows its position.
	var before, after, info string
	var board int
	const pruned = `[...document.querySelectorAll("figure.tree")].find((f) => /pruned/.test(f.querySelector("figcaption").textContent))`
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const f = `+pruned+`; f.id = "pruned"; f.scrollIntoView({block: "start"}); })()`, nil),
		chromedp.Evaluate(`document.querySelector("#pruned").dataset.scale`, &before),
		chromedp.Click(`#pruned button.zoom-in`),
		chromedp.Click(`#pruned button.zoom-in`),
		chromedp.Evaluate(`document.querySelector("#pruned").dataset.scale`, &after),
		chromedp.Evaluate(`(() => {
		  const g = [...document.querySelectorAll("#pruned g.node")].find((g) => /cutoff/.test(g.dataset.end) && g.dataset.fen);
		  const s = document.querySelector("#pruned .tree-stage"), r = g.getBoundingClientRect(), sr = s.getBoundingClientRect();
		  s.scrollLeft += r.left - sr.left - 80; s.scrollTop += r.top - sr.top - 40;
		  g.dispatchEvent(new MouseEvent("click", {bubbles: true}));
		})()`, nil),
		chromedp.Evaluate(`(() => { const i = document.querySelector("#pruned .tree-info"); return i.hidden ? "" : i.textContent; })()`, &info),
		chromedp.Evaluate(`document.querySelectorAll("#pruned .tree-info .mini-board span").length`, &board),
		chromedp.Evaluate(`document.querySelector("#pruned .tree-info").scrollIntoView({block: "end"})`, nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	var b, a float64
	fmt.Sscan(before, &b)
	fmt.Sscan(after, &a)
	if !(a > b*1.5) {
		t.Errorf("two clicks on zoom in: scale %s -> %s", before, after)
	}
	for _, want := range []string{"to move", "window on entry", "value", "cutoff", "cut: "} {
		if !strings.Contains(info, want) {
			t.Errorf("the clicked node's panel lacks %q: %q", want, info)
		}
	}
	if board != 64 {
		t.Errorf("the clicked node's panel draws %d squares, want a board of 64", board)
	}
	shoot("notebook-tree.png")

	// An edited quiz.
	var label, predict string
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const s = [...document.querySelectorAll("section.cell")].find((c) => c.querySelector(".predict")); s.id = "quiz"; const ta = s.querySelector("textarea"); ta.value = ta.value.replace(/--depth (\d+)/, (m, d) => "--depth " + (+d + 1)); ta.dispatchEvent(new Event("input")); })()`, nil),
		chromedp.Evaluate(`getComputedStyle(document.querySelector("#quiz .cell-label"), "::after").content`, &label),
		chromedp.TextContent(`#quiz .predict`, &predict),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(label, "edited") || !strings.Contains(predict, "about the original command") {
		t.Errorf("an edited quiz: label %q, prompt %q", label, predict)
	}

	// compare shows its rows as they finish.
	var sawLive bool
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
		  const s = document.querySelector("#quiz");
		  window.sawLive = false;
		  new MutationObserver(() => { const l = s.querySelector("pre.live"); if (l && /alphabeta/.test(l.textContent)) window.sawLive = true; }).observe(s, {subtree: true, childList: true, characterData: true});
		  s.querySelector("textarea").value = "plylab compare --position kiwipete --depth 1-5 --algo alphabeta,alphabeta-with-mvvlva --no-minimal";
		  s.querySelector("button.run").click();
		})()`, nil),
		chromedp.Poll(`document.querySelector("#quiz .status").classList.contains("ok")`, nil, chromedp.WithPollingTimeout(90*time.Second)),
		chromedp.Evaluate(`window.sawLive`, &sawLive),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !sawLive {
		t.Error("compare's rows did not show while it ran")
	}

	// The icon.
	resp, err := ts.Client().Get(ts.URL + "/favicon.ico")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("/favicon.ico: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
