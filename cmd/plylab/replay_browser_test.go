//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
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
// every step against the JSON of the same search.
func TestReplayFollowsTheRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("drives a browser; skipped with -short")
	}
	ctx, cancel := newBrowser(t)
	defer cancel()
	const fig = "figure"
	for _, tc := range []struct {
		name string
		args []string
		keys bool
	}{
		{"russell-norvig", []string{"--toy", "russell-norvig", "--algo", "alphabeta"}, true},
		{"paper-mate2-depth-3", []string{"--position", "paper-mate2", "--algo", "alphabeta", "--depth", "3"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := treeJSON(t, tc.args...)[0]
			events := tr.Events()
			if len(events) != 2*tr.Nodes || tr.Omitted != 0 {
				t.Fatalf("%d events for %d nodes (%d omitted)", len(events), tr.Nodes, tr.Omitted)
			}
			if err := chromedp.Run(ctx, chromedp.EmulateViewport(1024, 768), chromedp.Navigate(treePage(t, tc.args...)), chromedp.WaitVisible(`.rp-next`)); err != nil {
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
