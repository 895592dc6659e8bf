//go:build !js

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// loadAllLessons loads each built-in lesson's file through the scratch
// page's Load (open at url) and checks it is drawn as its lesson page
// draws it: every cell there (quizzes too), its parameters' form, no raw
// {{...}} in its prose; then runs lesson 3's quiz cell and finds the
// prose that reads it filled in from the output.
func loadAllLessons(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	ls, err := lessons.Builtin(sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitReady(`#nb-load`, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		file, _ := filepath.Abs(filepath.Join("..", "..", "lessons", l.Slug+".md"))
		quizzes := 0
		for _, c := range l.Cells {
			if c.Quiz != nil {
				quizzes++
			}
		}
		var got struct {
			Message                string
			Cells, Quizzes, Params int
			Raw                    bool
			Title                  string
		}
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.getElementById("nb-message").textContent = ""`, nil),
			chromedp.SetUploadFiles(`#nb-load`, []string{file}, chromedp.ByID),
			chromedp.Poll(`document.getElementById("nb-message").textContent.startsWith("loaded") || document.getElementById("nb-message").textContent.startsWith("cannot")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
			chromedp.Evaluate(`(() => {
			  const c = document.getElementById("nb-cells");
			  return {Message: document.getElementById("nb-message").textContent,
			    Cells: c.querySelectorAll("section.cell[data-cell]").length,
			    Quizzes: c.querySelectorAll("section.cell .predict").length,
			    Params: c.querySelectorAll("form.params [name]").length,
			    Raw: c.textContent.replace(/textarea/g, "").includes("{{") && [...c.querySelectorAll(":not(textarea)")].some((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes("{{"))),
			    Title: document.getElementById("nb-title").value};
			})()`, &got),
		)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got.Message, "loaded") || got.Cells != len(l.Cells) || got.Quizzes != quizzes || got.Params != len(l.Params) || got.Raw || got.Title != l.Title {
			t.Errorf("Load %s: %+v; want %d cells, %d quizzes, %d parameters, title %q, no raw {{...}}", l.Slug, got, len(l.Cells), quizzes, len(l.Params), l.Title)
		}
		if l.Number != 3 {
			continue
		}
		// Lesson 3's quiz (compare at depth 4): the prose after it waits
		// for it, then reads it.
		var before, after, answer string
		err = chromedp.Run(ctx,
			chromedp.Evaluate(`(() => { const s = document.querySelector('#nb-cells span.ref[data-sel="nodes | depth=4"]'); return s.classList.contains("pending") ? s.textContent : "not pending: " + s.className; })()`, &before),
			chromedp.Evaluate(`(() => { for (const s of document.querySelectorAll("#nb-cells section.cell")) if (s.querySelector(".predict")) { s.querySelector("button.run").click(); return; } })()`, nil),
			chromedp.Poll(`document.querySelector('#nb-cells span.ref[data-sel="nodes | depth=4"]').classList.contains("updated")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
			chromedp.Evaluate(`document.querySelector('#nb-cells span.ref[data-sel="nodes | depth=4"]').textContent`, &after),
			chromedp.Evaluate(`(document.querySelector("#nb-cells .answer") || {}).textContent || ""`, &answer),
		)
		if err != nil {
			t.Fatal(err)
		}
		if before != "…" || after != "1,080" || !strings.Contains(answer, "1,080") {
			t.Errorf("lesson 3 loaded: the quiz's prose was %q before its run and %q after (want … and 1,080); answer %q", before, after, answer)
		}
	}
}

// staleProse edits lesson 3's quiz command (depth 4 → 3) on the open
// lesson page and runs it: the prose values that read that cell are
// marked as not shown by the current output; Reset gives them back, and a
// run of the lesson's own command binds them again.
func staleProse(t *testing.T, ctx context.Context) {
	t.Helper()
	const ref = `span.ref[data-sel="nodes | depth=4"]`
	var marked struct {
		Unbound bool
		Title   string
		Text    string
	}
	var restored, rebound bool
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => {
		  const s = document.querySelector('`+ref+`');
		  const cell = document.getElementById("cell-" + s.dataset.cell);
		  const ta = cell.querySelector("textarea.cmd-edit");
		  ta.value = ta.value.replace("--depth 4", "--depth 3");
		  ta.dispatchEvent(new Event("input"));
		  cell.querySelector("button.run").click();
		})()`, nil),
		chromedp.Poll(`document.querySelector('`+ref+`').classList.contains("unbound")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`(() => { const s = document.querySelector('`+ref+`'); return {Unbound: s.classList.contains("unbound"), Title: s.title, Text: getComputedStyle(s, "::after").content}; })()`, &marked),
		chromedp.Evaluate(`(() => { const s = document.querySelector('`+ref+`'); document.getElementById("cell-" + s.dataset.cell).querySelector("button.reset").click(); return !s.classList.contains("unbound") && s.textContent === s.dataset.shown; })()`, &restored),
		chromedp.Evaluate(`(() => { const s = document.querySelector('`+ref+`'); document.getElementById("cell-" + s.dataset.cell).querySelector("button.run").click(); })()`, nil),
		chromedp.Poll(`document.querySelector('`+ref+`').classList.contains("updated")`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`!document.querySelector('`+ref+`').classList.contains("unbound")`, &rebound),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !marked.Unbound || !strings.HasPrefix(marked.Title, "not shown by the current output") || !strings.Contains(marked.Text, "not in the output shown") {
		t.Errorf("after an edit the prose is %+v; want it marked as not shown by the current output", marked)
	}
	if !restored || !rebound {
		t.Errorf("Reset restored the prose: %v; a run of the lesson's command bound it again: %v", restored, rebound)
	}
}

// TestLoadAndStaleProseServer: Load and stale prose on `lesson serve`.
func TestLoadAndStaleProseServer(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.URL+"/lesson/03-alphabeta?token="+token), chromedp.WaitVisible(`textarea.cmd-edit`)); err != nil {
		t.Fatal(err)
	}
	staleProse(t, ctx)
	loadAllLessons(t, ctx, ts.URL+"/scratch?token="+token)
}

// TestLoadAndStaleProseSite: the same on a class site, in WebAssembly.
func TestLoadAndStaleProseSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plylab for WebAssembly and drives a browser; skipped with -short")
	}
	dir := exportSite(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	ts := staticServer(t, dir)
	if err := chromedp.Run(ctx, chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
		chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		t.Fatal(err)
	}
	staleProse(t, ctx)
	loadAllLessons(t, ctx, ts.URL+"/scratch.html")
}
