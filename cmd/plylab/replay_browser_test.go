//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/trace"
)

// The replay of a traced search in Chromium (trace/web/replay.js), step
// by step against the search's own record as `plylab tree --format json`
// writes it: the node, the window on entry and the value returned at
// every step, one tree event by event, two trees side by side node for
// node; the keys; the replay in every page that shows a tree; a
// projector's and a phone's screen.

// replayPanel is what a tree's replay panel shows at one step.
type replayPanel struct {
	Node, Event, Window, Value, Count string
}

// readPanels is JavaScript returning the replay panels of the figure fig
// (a selector), one per tree.
func readPanels(fig string) string {
	return `[...document.querySelector("` + fig + `").querySelectorAll(".rp-panel")].map((p) => ({
	  Node: p.dataset.node, Event: p.dataset.event,
	  Window: p.querySelector("dd.rp-window").textContent, Value: p.querySelector("dd.rp-value").textContent,
	  Count: p.querySelector(".rp-count").textContent}))`
}

// wantPanel is the panel a replay must show at event e of tree tr, the
// tree as `tree --format json` wrote it; done says the tree's last event
// has happened.
func wantPanel(tr *trace.Tree, e trace.Event, done bool) replayPanel {
	p := replayPanel{Node: fmt.Sprint(e.Node.ID), Event: "leave", Window: tr.WindowLabel(e.Node), Value: tr.ValueLabel(e.Node)}
	if e.Enter {
		p.Event, p.Value = "enter", "searching…"
	}
	p.Count = fmt.Sprintf("nodes visited %s · leaves %s · cutoffs %s", textfmt.Thousands(e.At.Nodes), textfmt.Thousands(e.At.Leaves), textfmt.Thousands(e.At.Cutoffs))
	if done {
		p.Count += " · finished"
	}
	return p
}

// treeJSON runs `plylab tree args... --format json` and reads its trees.
func treeJSON(t *testing.T, args ...string) []*trace.Tree {
	t.Helper()
	r := runCLI(t, append(append([]string{"tree"}, args...), "--format", "json")...)
	wantOK(t, r)
	if strings.Contains(strings.Join(args, " "), "--side-by-side") {
		var v struct{ Trees []*trace.Tree }
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
			t.Fatal(err)
		}
		return v.Trees
	}
	tr, err := trace.ReadJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	return []*trace.Tree{tr}
}

// treePage writes `plylab tree args... --format html` into a folder and
// returns its file: address.
func treePage(t *testing.T, args ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tree.html")
	wantOK(t, runCLI(t, append(append([]string{"tree"}, args...), "--format", "html", "-o", path)...))
	return "file://" + path
}

// TestReplayFollowsTheRecord replays Russell and Norvig's tree (lesson
// 3's textbook tree) by keyboard and paper-mate2 at depth 3 by the next
// button, in the self-contained page of `tree --format html`, and checks
// every step against the JSON of the same search; and kiwipete at depth
// 3 on a slide (--slide), folded: each fold of moves is one step in and
// one out, as the folded tree's record says.
func TestReplayFollowsTheRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	const fig = "figure"
	for _, tc := range []struct {
		name  string
		args  []string
		keys  bool
		slide bool // draw with --slide: the record is the tree FitSlide folds
	}{
		{"russell-norvig", []string{"--toy", "russell-norvig", "--algo", "alphabeta"}, true, false},
		{"paper-mate2-depth-3", []string{"--position", "paper-mate2", "--algo", "alphabeta", "--depth", "3"}, false, false},
		{"kiwipete-depth-3-slide", []string{"--position", "kiwipete", "--algo", "alphabeta", "--depth", "3"}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := treeJSON(t, tc.args...)[0]
			page := tc.args
			if tc.slide {
				shown, _, err := trace.FitSlide(trace.DrawOptions{}, trace.DefaultFit, tr)
				if err != nil {
					t.Fatal(err)
				}
				folds := 0
				shown[0].Walk(func(n *trace.Node) {
					if n.Fold != nil {
						folds++
					}
				})
				if folds == 0 {
					t.Fatal("nothing folded")
				}
				tr, page = shown[0], append(tc.args[:len(tc.args):len(tc.args)], "--slide")
			}
			events := tr.Events()
			if len(events) != 2*tr.Nodes || (tr.Omitted != 0 && !tc.slide) {
				t.Fatalf("%d events for %d nodes (%d omitted)", len(events), tr.Nodes, tr.Omitted)
			}
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(1024, 768), chromedp.Navigate(treePage(t, page...)), chromedp.WaitVisible(`.rp-next`)); err != nil {
				t.Fatal(err)
			}
			var got [][]replayPanel
			if tc.keys {
				// → from the next button, one key press a step.
				if err := chromedp.Run(ctx, chromedp.Focus(`.rp-next`)); err != nil {
					t.Fatal(err)
				}
				for range events {
					var p []replayPanel
					if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.Evaluate(readPanels(fig), &p)); err != nil {
						t.Fatal(err)
					}
					got = append(got, p)
				}
			} else {
				js := `(() => { const b = document.querySelector(".rp-next"), out = [];
				  for (let i = 0; i < ` + fmt.Sprint(len(events)) + `; i++) { b.click(); out.push(` + readPanels(fig) + `); }
				  return out; })()`
				if err := chromedp.Run(ctx, chromedp.Evaluate(js, &got)); err != nil {
					t.Fatal(err)
				}
			}
			if len(got) != len(events) {
				t.Fatalf("%d steps read, want %d", len(got), len(events))
			}
			bad := 0
			for i, e := range events {
				want := wantPanel(tr, e, i == len(events)-1)
				if len(got[i]) != 1 || got[i][0] != want {
					if bad++; bad <= 5 {
						t.Errorf("step %d: the page shows %+v, the record says %+v", i+1, got[i], want)
					}
				}
			}
			if tc.keys {
				replayKeys(t, ctx, fig, tr, events)
			}
		})
	}
}

// replayKeys checks the other keys on the page open in ctx: ← steps back,
// Home and End jump, space plays and pauses.
func replayKeys(t *testing.T, ctx context.Context, fig string, tr *trace.Tree, events []trace.Event) {
	press := func(key string) (int, []replayPanel) {
		t.Helper()
		var pos int
		var p []replayPanel
		err := chromedp.Run(ctx, chromedp.KeyEvent(key), chromedp.Evaluate(`+document.querySelector(".replay").dataset.pos`, &pos), chromedp.Evaluate(readPanels(fig), &p))
		if err != nil {
			t.Fatal(err)
		}
		return pos, p
	}
	last := len(events)
	if pos, p := press(kb.ArrowLeft); pos != last-1 || p[0] != wantPanel(tr, events[last-2], false) {
		t.Errorf("← from the end: step %d, %+v", pos, p)
	}
	if pos, p := press(kb.Home); pos != 0 || p[0].Node != "" {
		t.Errorf("Home: step %d, %+v", pos, p)
	}
	if pos, p := press(kb.End); pos != last || p[0] != wantPanel(tr, events[last-1], true) {
		t.Errorf("End: step %d, %+v", pos, p)
	}
	press(kb.Home)
	var playing bool
	if err := chromedp.Run(ctx, chromedp.KeyEvent(" "), chromedp.Sleep(1200*time.Millisecond), chromedp.Evaluate(`document.querySelector(".replay").replay.playing()`, &playing)); err != nil {
		t.Fatal(err)
	}
	pos, _ := press(" ")
	var still int
	if err := chromedp.Run(ctx, chromedp.Sleep(800*time.Millisecond), chromedp.Evaluate(`+document.querySelector(".replay").dataset.pos`, &still)); err != nil {
		t.Fatal(err)
	}
	if !playing || pos == 0 || still != pos {
		t.Errorf("space: playing %v, at step %d after a while, then paused at %d and still at %d", playing, pos, pos, still)
	}
}

// TestReplayLockstep replays two searches side by side: at every number
// of nodes, each tree shows the event the record says it had reached
// with that many nodes entered; alpha-beta finishes while minimax still
// works. Lesson 3's cell 2 on the notebook's page (the textbook tree) and
// the page of `tree --format html` (paper-mate2 at depth 2).
func TestReplayLockstep(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	for _, tc := range []struct {
		name, url, fig string
		args           []string
	}{
		{"lesson-3-cell-2", ts.URL + "/lesson/03-alphabeta?token=" + token, "#cell-2 figure.tree",
			[]string{"--toy", "russell-norvig", "--algo", "alphabeta", "--side-by-side", "minimax"}},
		{"html-paper-mate2", "", "figure", []string{"--position", "paper-mate2", "--algo", "alphabeta", "--depth", "2", "--side-by-side", "minimax"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			trees := treeJSON(t, tc.args...)
			url := tc.url
			if url == "" {
				url = treePage(t, tc.args...)
			}
			if err := chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitVisible(tc.fig+` .rp-next`)); err != nil {
				t.Fatal(err)
			}
			total := 0
			for _, tr := range trees {
				total = max(total, tr.Root.Left.Nodes)
			}
			js := `(() => { const f = document.querySelector("` + tc.fig + `"), b = f.querySelector(".rp-next"), out = [];
			  for (let i = 0; i < ` + fmt.Sprint(total) + `; i++) { b.click(); out.push(` + readPanels(tc.fig) + `); }
			  return out; })()`
			var got [][]replayPanel
			if err := chromedp.Run(ctx, chromedp.Evaluate(js, &got)); err != nil {
				t.Fatal(err)
			}
			if len(got) != total {
				t.Fatalf("%d steps, want %d", len(got), total)
			}
			bad := 0
			finished := map[int]int{}
			for k := 1; k <= total; k++ {
				for i, tr := range trees {
					events := tr.Events()
					n := 0
					for n < len(events) && events[n].At.Nodes <= k {
						n++
					}
					want := wantPanel(tr, events[n-1], n == len(events))
					if n == len(events) && finished[i] == 0 {
						finished[i] = k
					}
					if len(got[k-1]) != len(trees) || got[k-1][i] != want {
						if bad++; bad <= 5 {
							t.Errorf("at %d nodes, tree %d (%s) shows %+v, the record says %+v", k, i+1, tr.Algo, got[k-1], want)
						}
					}
				}
			}
			if finished[0] >= finished[1] || finished[0] != trees[0].Root.Left.Nodes {
				t.Errorf("alpha-beta finished at %d nodes, minimax at %d", finished[0], finished[1])
			}
		})
	}
}

// replayStarts presses the next button of the replay in figure fig (a
// selector) on the page open in ctx and returns the first tree's panel:
// the search entering the root.
func replayStarts(t *testing.T, ctx context.Context, fig string) replayPanel {
	t.Helper()
	var p []replayPanel
	err := chromedp.Run(ctx,
		chromedp.WaitVisible(fig+` .rp-next`),
		chromedp.Evaluate(`document.querySelector("`+fig+` .rp-next").click()`, nil),
		chromedp.Evaluate(readPanels(fig), &p),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(p) == 0 {
		t.Fatalf("%s: no replay panel", fig)
	}
	return p[0]
}

// scratchTree runs a tree cell in the scratch notebook at url and
// returns its figure's selector.
func scratchTree(t *testing.T, ctx context.Context, url string) string {
	t.Helper()
	err := chromedp.Run(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(`#cell-1 textarea.cmd-edit`),
		chromedp.SetValue(`#cell-1 textarea.cmd-edit`, "plylab tree --toy russell-norvig --algo alphabeta -o t.svg"),
		chromedp.Click(`#cell-1 button.run`),
		chromedp.Poll(`document.querySelector("#cell-1 .status").classList.contains("ok") || document.querySelector("#cell-1 .status").classList.contains("error")`, nil, chromedp.WithPollingTimeout(90*time.Second)),
	)
	if err != nil {
		t.Fatal(err)
	}
	return "#cell-1 figure.tree"
}

// TestReplayViews finds the replay wherever plylab shows a traced tree:
// the lesson pages of `lesson serve` and of a class site (every drawn
// tree), their scratch notebooks (a tree a cell drew), and the page of
// `tree --format html`; in each, the first step enters the root.
func TestReplayViews(t *testing.T) {
	if testing.Short() {
		t.Skip("builds plylab for WebAssembly and drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	site := staticServer(t, exportSite(t))
	root := replayPanel{Node: "0", Event: "enter", Window: "α -∞ β +∞", Value: "searching…", Count: "nodes visited 1 · leaves 0 · cutoffs 0"}
	lessonPage := func(url string) {
		t.Helper()
		var figs, replays int
		err := chromedp.Run(ctx,
			chromedp.Navigate(url),
			chromedp.WaitVisible(`#cell-8 figure.tree .rp-next`),
			chromedp.Evaluate(`document.querySelectorAll("figure svg g.node").length && [...document.querySelectorAll("figure")].filter((f) => f.querySelector("svg g.node")).length`, &figs),
			chromedp.Evaluate(`document.querySelectorAll("figure .replay").length`, &replays),
		)
		if err != nil {
			t.Fatal(err)
		}
		if figs != 3 || replays != figs {
			t.Errorf("%s: %d drawn trees, %d replays; want 3 of each (cells 1, 2 and 8)", url, figs, replays)
		}
		if got := replayStarts(t, ctx, "#cell-8 figure.tree"); got != root {
			t.Errorf("%s: cell 8's first step shows %+v", url, got)
		}
	}
	t.Run("lesson-serve", func(t *testing.T) { lessonPage(ts.URL + "/lesson/03-alphabeta?token=" + token) })
	t.Run("class-site", func(t *testing.T) { lessonPage(site.URL + "/03-alphabeta.html") })
	t.Run("scratch-serve", func(t *testing.T) {
		fig := scratchTree(t, ctx, ts.URL+"/scratch?token="+token)
		if got := replayStarts(t, ctx, fig); got != root {
			t.Errorf("a scratch cell's tree: the first step shows %+v", got)
		}
	})
	t.Run("scratch-site", func(t *testing.T) {
		fig := scratchTree(t, ctx, site.URL+"/scratch.html")
		if got := replayStarts(t, ctx, fig); got != root {
			t.Errorf("a scratch cell's tree in the browser's engine: the first step shows %+v", got)
		}
	})
	t.Run("tree-html", func(t *testing.T) {
		if err := chromedp.Run(ctx, chromedp.Navigate(treePage(t, "--toy", "russell-norvig"))); err != nil {
			t.Fatal(err)
		}
		if got := replayStarts(t, ctx, "figure"); got != root {
			t.Errorf("tree --format html: the first step shows %+v", got)
		}
	})
}

// TestReplayScreens looks at the replay on a 1024x768 projector and on a
// 390x844 phone, in the page of `tree --format html` (paper-mate2 at
// depth 3, replaying) and on lesson 3's page: the controls are in the
// window, do not overlap, keep their text inside, are at least 16 px
// tall in their text and 40 px as targets; the page scrolls no sideways;
// axe-core finds no serious violation in the replay page nor in the
// lesson's tree figures. With PLYLAB_SCREENSHOTS=DIR it saves the
// pictures of docs/trees.md there:
//
//	PLYLAB_SCREENSHOTS=$PWD/docs/img go test -run TestReplayScreens ./cmd/plylab
func TestReplayScreens(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	_, ts, token := newNotebook(t, nil)
	page := treePage(t, "--position", "paper-mate2", "--algo", "alphabeta", "--depth", "3")
	const controls = `(() => {
	  const out = [], vw = document.documentElement.clientWidth;
	  if (document.documentElement.scrollWidth > vw + 1) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + vw);
	  document.querySelectorAll(".replay").forEach((box, k) => {
	    const items = [...box.querySelectorAll("button, select, input, .rp-pos")];
	    for (const e of items) {
	      const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
	      const name = "replay " + k + " " + (e.className || e.tagName) + " " + (e.textContent || "").trim();
	      if (r.left < -0.5 || r.right > vw + 0.5) out.push(name + " is out of the window (" + r.left + ".." + r.right + ")");
	      if (e.scrollWidth > e.clientWidth + 1 && e.tagName !== "SELECT") out.push(name + " overflows its box");
	      if (parseFloat(cs.fontSize) < 16) out.push(name + " has text of " + cs.fontSize);
	      if (e.tagName !== "SPAN" && r.height < 40) out.push(name + " is " + r.height + " px tall");
	    }
	    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
	      const a = items[i].getBoundingClientRect(), c = items[j].getBoundingClientRect();
	      if (a.left < c.right - 0.5 && c.left < a.right - 0.5 && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5)
	        out.push("replay " + k + ": " + (items[i].className || items[i].tagName) + " overlaps " + (items[j].className || items[j].tagName));
	    }
	  });
	  document.querySelectorAll(".rp-panel dd, .rp-panel dt, .rp-now, .rp-count").forEach((e) => {
	    if (e.offsetParent && parseFloat(getComputedStyle(e).fontSize) < 16) out.push("panel text " + e.className + " of " + getComputedStyle(e).fontSize);
	  });
	  return out;
	})()`
	shots := os.Getenv("PLYLAB_SCREENSHOTS")
	for _, screen := range []struct {
		name string
		w, h int64
		opts []chromedp.EmulateViewportOption
	}{
		{"projector", 1024, 768, nil},
		{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}},
	} {
		t.Run(screen.name, func(t *testing.T) {
			var problems []string
			err := chromedp.Run(ctx,
				chromedp.EmulateViewport(screen.w, screen.h, screen.opts...),
				chromedp.Navigate(page),
				chromedp.WaitVisible(`.rp-next`),
				chromedp.Evaluate(`(() => { const b = document.querySelector(".rp-next"); for (let i = 0; i < 56; i++) b.click(); document.querySelector(".replay").scrollIntoView(); })()`, nil),
				chromedp.Evaluate(controls, &problems),
			)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Errorf("tree --format html at %dx%d: %s", screen.w, screen.h, p)
			}
			checkAxe(t, ctx, "tree --format html, replaying, at "+screen.name+" size")
			if shots != "" {
				var png []byte
				if err := chromedp.Run(ctx, chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(shots, "replay-"+screen.name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}

			// Lesson 3's page: the replay of cell 8, started.
			err = chromedp.Run(ctx,
				chromedp.Navigate(ts.URL+"/lesson/03-alphabeta?token="+token),
				chromedp.WaitVisible(`#cell-8 .rp-next`),
				chromedp.Evaluate(`(() => { const b = document.querySelector("#cell-8 .rp-next"); for (let i = 0; i < 56; i++) b.click(); document.querySelector("#cell-8 .replay").scrollIntoView(); })()`, nil),
				chromedp.Evaluate(controls, &problems),
			)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Errorf("lesson 3 at %dx%d: %s", screen.w, screen.h, p)
			}
			for _, v := range axeFigures(t, ctx) {
				t.Errorf("lesson 3's trees at %s size: %s", screen.name, v)
			}
		})
	}
}

// axeFigures runs axe-core on the drawn trees' figures of the page open
// in ctx and returns their serious and critical violations.
func axeFigures(t testing.TB, ctx context.Context) []axeViolation {
	t.Helper()
	src := axeScript()
	if src == "" {
		t.Skip("no axe-core found (set PLYLAB_AXE to axe.min.js, or npm install axe-core); ./test.sh installs it")
	}
	const run = `(async () => {
	  const r = await axe.run({include: [...document.querySelectorAll("figure.tree")].map((f) => f)}, {resultTypes: ["violations"]});
	  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({
	    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" "))}));
	})()`
	var out []axeViolation
	if err := chromedp.Run(ctx, chromedp.Evaluate(src+"\n;0", nil), chromedp.Evaluate(run, &out, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	return out
}
