//go:build !js

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The notebook's tree viewer by keyboard and on a phone: every node of a
// drawn tree can be reached and chosen without a mouse (one node of the
// tree is in the tab order, the arrow keys move to the parent, the first
// child and the siblings, Enter or Space shows the node's panel), the
// tree's scrolling area takes the focus (axe's scrollable-region-focusable),
// and on a phone's screen the toolbar's buttons and the zoom readout do
// not overlap.

// focusedNode is JavaScript giving the focused element's node path ("" when
// the focus is on no node of a tree).
const focusedNode = `(() => { const g = document.activeElement; return g && g.matches && g.matches("g.node") ? g.dataset.path : ""; })()`

// axeRule runs one axe-core rule on the page and returns its violations
// (of any impact).
func axeRule(t testing.TB, ctx context.Context, rule string) []axeViolation {
	t.Helper()
	src := axeScript()
	if src == "" {
		t.Skip("no axe-core found (set PLYLAB_AXE to axe.min.js, or npm install axe-core); ./test.sh installs it")
	}
	run := `(async () => {
	  const r = await axe.run(document, {runOnly: {type: "rule", values: ["` + rule + `"]}, resultTypes: ["violations"]});
	  return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" "))}));
	})()`
	var out []axeViolation
	if err := chromedp.Run(ctx, chromedp.Evaluate(src+"\n;0", nil), chromedp.Evaluate(run, &out, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTreeViewerKeyboard(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(1024, 768),
		chromedp.Navigate(ts.URL+"/lesson/03-alphabeta?token="+token),
		chromedp.WaitVisible(`figure.tree .tree-stage`),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Every tree's scrolling area is focusable, and axe agrees.
	var unfocusable int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll(".tree-stage")].filter((s) => s.tabIndex < 0).length`, &unfocusable)); err != nil {
		t.Fatal(err)
	}
	if unfocusable != 0 {
		t.Errorf("%d tree areas cannot take the focus", unfocusable)
	}
	for _, v := range axeRule(t, ctx, "scrollable-region-focusable") {
		for _, target := range v.Targets {
			if strings.Contains(target, "tree-stage") {
				t.Errorf("axe: %s: %s", v.ID, target)
			}
		}
	}
	t.Run("keys", func(t *testing.T) { treeKeys(t, ctx) })
	t.Run("phone", func(t *testing.T) { treeToolbarPhone(t, ctx, ts.URL+"/lesson/03-alphabeta?token="+token) })
}

// treeKeys walks cell 2's side-by-side tree of lesson 3, open in ctx, by
// keyboard.
func treeKeys(t *testing.T, ctx context.Context) {

	// The side-by-side trees of cell 2: tab to the first root, Enter shows
	// the root's panel; down goes to the first child, right to its
	// sibling, up back to the root; Space chooses a node too.
	const fig = `#cell-2 figure.tree`
	var tabStops, trees int
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelectorAll("`+fig+` g.node[tabindex='0']").length`, &tabStops),
		chromedp.Evaluate(`document.querySelectorAll("`+fig+` g.trace").length`, &trees),
	)
	if err != nil {
		t.Fatal(err)
	}
	if tabStops != trees || trees != 2 {
		t.Fatalf("%d nodes of cell 2's %d trees are in the tab order, want one a tree (the others by the arrow keys)", tabStops, trees)
	}
	step := func(key string) (path, title string) {
		t.Helper()
		err := chromedp.Run(ctx,
			chromedp.KeyEvent(key),
			chromedp.Sleep(50*time.Millisecond),
			chromedp.Evaluate(focusedNode, &path),
			chromedp.Evaluate(`(() => { const i = document.querySelector("`+fig+` .tree-info"); return i.hidden ? "" : i.querySelector(".node-title").textContent; })()`, &title),
		)
		if err != nil {
			t.Fatal(err)
		}
		return path, title
	}
	if err := chromedp.Run(ctx, chromedp.Focus(fig+` g.node[tabindex='0']`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ key, path, title string }{
		{kb.Enter, "root", "the root · MAX to move"},
		{kb.ArrowDown, "a", "the root · MAX to move"},
		{kb.ArrowRight, "b", "the root · MAX to move"},
		{" ", "b", "b · MIN to move"},
		{kb.ArrowDown, "b a", "b · MIN to move"},
		{kb.ArrowUp, "b", "b · MIN to move"},
		{kb.ArrowLeft, "a", "b · MIN to move"},
		{kb.Enter, "a", "a · MIN to move"},
		{kb.ArrowUp, "root", "a · MIN to move"},
	} {
		path, title := step(s.key)
		if path != s.path || !strings.HasPrefix(title, s.title) {
			t.Errorf("after %q: focus on %q, panel %q; want %q, %q", s.key, path, title, s.path, s.title)
		}
	}
	var selected int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("`+fig+` g.selected").length`, &selected)); err != nil {
		t.Fatal(err)
	}
	if selected != 1 {
		t.Errorf("%d nodes marked selected, want 1", selected)
	}
}

// treeToolbarPhone opens lesson 3 at url on a phone's screen and looks at
// its trees' toolbars.
func treeToolbarPhone(t *testing.T, ctx context.Context, url string) {
	// A phone: the toolbar's buttons keep their text inside and do not
	// overlap the zoom readout or each other.
	var overlaps []string
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(url),
		chromedp.WaitVisible(`figure.tree .tree-bar`),
		chromedp.Evaluate(`(() => {
		  const out = [];
		  document.querySelectorAll(".tree-bar").forEach((bar, k) => {
		    const items = [...bar.querySelectorAll("button, .tree-zoom")].filter((e) => e.offsetParent);
		    for (const b of items) if (b.scrollWidth > b.clientWidth + 1) out.push("bar " + k + ": " + b.textContent + " overflows its box");
		    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
		      const a = items[i].getBoundingClientRect(), c = items[j].getBoundingClientRect();
		      if (a.left < c.right - 0.5 && c.left < a.right - 0.5 && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5)
		        out.push("bar " + k + ": " + items[i].textContent + " overlaps " + items[j].textContent);
		    }
		  });
		  return out;
		})()`, &overlaps),
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range overlaps {
		t.Errorf("at 390x844: %s", o)
	}
}
