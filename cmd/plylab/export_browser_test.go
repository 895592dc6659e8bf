//go:build !js

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// scriptedLesson writes a lesson file that brings pictures holding
// script (an SVG with <script> and an onload handler) into dir.
func scriptedLesson(t *testing.T, dir string) string {
	t.Helper()
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="document.title='PWNED-ONLOAD'">` +
		`<script>document.title="PWNED"; window.pwned = 1;</script><rect width="40" height="40" fill="teal"/></svg>`
	lesson := "---\ntitle: Pictures\nsummary: a lesson with a picture\n---\n\n## A picture\n\n![a drawing](p.svg)\n\n" +
		"```plylab\npositions show --position start\n```\n"
	for name, data := range map[string]string{"p.svg": svg, "l.md": lesson} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "l.md")
}

var cspMeta = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]+" />`)

// TestExportCarriesNoScript: a lesson's picture with script is exported
// as an <img> (in which no script runs), every exported page carries a
// Content-Security-Policy, and in Chromium nothing of the picture's
// script ran while the picture is shown.
func TestExportCarriesNoScript(t *testing.T) {
	dir := t.TempDir()
	file := scriptedLesson(t, dir)
	out := filepath.Join(dir, "out")
	wantOK(t, runCLI(t, "lesson", "export", file, "--format", "html", "-o", out))
	pages, _ := filepath.Glob(filepath.Join(out, "*.html"))
	if len(pages) != 2 {
		t.Fatalf("exported pages %v, want index.html and l.html", pages)
	}
	for _, p := range pages {
		data, _ := os.ReadFile(p)
		if !cspMeta.Match(data) {
			t.Errorf("%s has no Content-Security-Policy", filepath.Base(p))
		}
		if strings.Contains(string(data), "<script") || strings.Contains(string(data), "onload=") {
			t.Errorf("%s carries the picture's script as markup", filepath.Base(p))
		}
	}
	if testing.Short() {
		return
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, out)
	var title string
	var pwned, loaded bool
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/l.html"),
		chromedp.WaitReady("img"),
		chromedp.Poll(`[...document.images].every((i) => i.complete)`, nil),
		chromedp.Evaluate(`document.title`, &title),
		chromedp.Evaluate(`window.pwned === 1`, &pwned),
		chromedp.Evaluate(`[...document.images].some((i) => i.naturalWidth === 40)`, &loaded),
	)
	if err != nil {
		t.Fatal(err)
	}
	if pwned || strings.Contains(title, "PWNED") || !strings.Contains(title, "Pictures") {
		t.Errorf("the picture's script ran: title %q, window.pwned %v", title, pwned)
	}
	if !loaded {
		t.Error("the picture is not shown")
	}
}

// TestExportReplays: the pages of an HTML export replay their traced
// trees, the replay's script inline and allowed by the page's policy by
// its hash (nothing fetched): lesson 3's toy tree steps to its end.
func TestExportReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	out := filepath.Join(t.TempDir(), "site")
	wantOK(t, runCLI(t, "lesson", "export", "3", "--format", "html", "-o", out))
	page, _ := os.ReadFile(filepath.Join(out, "03-alphabeta.html"))
	if !strings.Contains(string(page), "script-src &#39;sha256-") || strings.Contains(string(page), "<script src") {
		t.Error("the page's script is not inline and allowed by its hash")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, out)
	var bars int
	var status string
	err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
		chromedp.WaitReady(".rp-bar"),
		chromedp.Evaluate(`document.querySelectorAll(".rp-bar").length`, &bars),
		chromedp.Evaluate(`(() => { const bar = document.querySelector(".rp-bar"); const end = [...bar.querySelectorAll("button")].find((b) => b.textContent.includes("▶▶")); end.click(); return bar.closest("figure").querySelector(".rp-status, .rp-now").textContent; })()`, &status),
	)
	if err != nil {
		t.Fatal(err)
	}
	if bars < 2 || status == "" {
		t.Errorf("the exported page's trees: %d replays, status %q after ▶▶", bars, status)
	}
}
