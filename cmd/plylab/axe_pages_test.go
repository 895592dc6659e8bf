//go:build !js

package main

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// siteAll is the class site of all ten lessons, exported once per test
// binary with the engine of exportSite's site.
var siteAll struct {
	once sync.Once
	dir  string
	out  string
	code int
}

func exportAllSite(t *testing.T) string {
	t.Helper()
	engine := filepath.Join(exportSite(t), "static", "plylab.wasm.gz")
	siteAll.once.Do(func() {
		siteAll.dir, _ = os.MkdirTemp("", "plylab-site-all-")
		r := runCLI(t, "lesson", "export", "all", "--format", "site", "--wasm", engine, "-o", siteAll.dir)
		siteAll.out, siteAll.code = r.stdout+r.stderr, r.code
	})
	if siteAll.code != 0 {
		t.Fatalf("lesson export all --format site: %s", siteAll.out)
	}
	return siteAll.dir
}

// TestAccessibility runs axe-core on every page a class sees, served and
// static: the index, each lesson, the scratch notebook, and the scratch
// notebook with a lesson file loaded. No serious or critical violation
// may remain.
func TestAccessibility(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ls, err := lessons.Builtin(sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	var ctx context.Context
	lesson3, _ := filepath.Abs(filepath.Join("..", "..", "lessons", "03-alphabeta.md"))
	check := func(url, what string, ready string) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitReady("body"),
			chromedp.Poll(ready, nil, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		checkAxe(t, ctx, what)
	}
	loaded := func(what string) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.SetUploadFiles(`#nb-load`, []string{lesson3}, chromedp.ByID),
			chromedp.Poll(`document.getElementById("nb-message").textContent.startsWith("loaded")`, nil, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		checkAxe(t, ctx, what)
	}
	t.Run("server", func(t *testing.T) {
		var cancel context.CancelFunc
		ctx, cancel = newBrowser(t)
		defer cancel()
		_, ts, token := newNotebook(t, nil)
		check(ts.URL+"/?token="+token, "the served index", "true")
		for _, l := range ls {
			check(ts.URL+"/lesson/"+l.Slug+"?token="+token, "served lesson "+l.Slug, "true")
		}
		check(ts.URL+"/scratch?token="+token, "the served scratch notebook", "true")
		loaded("the served scratch notebook with lesson 3 loaded")
	})
	t.Run("site", func(t *testing.T) {
		ts := staticServer(t, exportAllSite(t))
		var cancel context.CancelFunc
		ctx, cancel = newBrowser(t)
		defer cancel()
		const engine = `document.documentElement.dataset.plylab === "ready"`
		check(ts.URL+"/index.html", "the site's index", "true")
		for _, l := range ls {
			check(ts.URL+"/"+lessons.HTMLName(l), "the site's lesson "+l.Slug, "true")
		}
		check(ts.URL+"/scratch.html", "the site's scratch notebook", engine)
		loaded("the site's scratch notebook with lesson 3 loaded")
	})
}
