//go:build !js

package main

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"
)

// The replay's figure of docs/trees.md: how long a step takes on the
// largest tree `plylab tree` records (its node budget, 2,000 nodes:
// minimax on paper-mate2 at depth 3), in the page of `tree --format
// html`, in headless Chromium at 1024x768:
//
//	go test -run '^$' -bench Replay -benchtime 5x -benchmem ./cmd/plylab
//
// Each iteration takes 100 steps of each kind: forward and back by one
// event from the middle of the search, and jumps to positions spread
// over the whole search (the scrubber); for two trees side by side, 100
// lockstep steps. A step is timed from the click until the drawing and
// the panel are laid out (script), and until the frame after it has been
// painted (frame): the time a reader waits.

// replayTimings is JavaScript timing n steps of kind on the page's first
// replay; it resolves to {Script: [...], Frame: [...]} in milliseconds.
const replayTimings = `(async (kind, n) => {
  const box = document.querySelector(".replay"), r = box.replay;
  const next = box.querySelector(".rp-next"), back = box.querySelector(".rp-back");
  const painted = () => new Promise((res) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = res; c.port2.postMessage(0); }));
  r.to(Math.floor(r.last / 2));
  await painted();
  const out = {Script: [], Frame: []};
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    if (kind === "forward") next.click();
    else if (kind === "back") back.click();
    else r.to(Math.floor(((i * 37) % n + 0.5) / n * r.last));
    const cur = document.querySelector(".rp-current");
    if (cur) cur.getBoundingClientRect();
    out.Script.push(performance.now() - t0);
    await painted();
    out.Frame.push(performance.now() - t0);
  }
  return out;
})`

func percentile(xs []float64, p float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func BenchmarkReplay(b *testing.B) {
	for _, bc := range []struct {
		name, kind string
		args       []string
	}{
		{"forward-2000", "forward", []string{"--position", "paper-mate2", "--algo", "minimax", "--depth", "3"}},
		{"back-2000", "back", []string{"--position", "paper-mate2", "--algo", "minimax", "--depth", "3"}},
		{"jump-2000", "jump", []string{"--position", "paper-mate2", "--algo", "minimax", "--depth", "3"}},
		{"lockstep-2000+497", "forward", []string{"--position", "paper-mate2", "--algo", "minimax", "--depth", "3", "--side-by-side", "alphabeta"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "tree.html")
			if r := runCLI(b, append(append([]string{"tree"}, bc.args...), "-o", path)...); r.code != 0 {
				b.Fatalf("tree: %s", r.stderr)
			}
			ctx, cancel := newBrowser(b)
			defer cancel()
			var nodes int
			err := chromedp.Run(ctx,
				chromedp.EmulateViewport(1024, 768),
				chromedp.Navigate("file://"+path),
				chromedp.WaitVisible(`.rp-next`),
				chromedp.Evaluate(`document.querySelectorAll("g.node").length`, &nodes),
			)
			if err != nil {
				b.Fatal(err)
			}
			var script, frame []float64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var t struct{ Script, Frame []float64 }
				if err := chromedp.Run(ctx, chromedp.Evaluate(replayTimings+`("`+bc.kind+`", 100)`, &t, awaitPromise)); err != nil {
					b.Fatal(err)
				}
				script, frame = append(script, t.Script...), append(frame, t.Frame...)
			}
			b.StopTimer()
			b.ReportMetric(median(script), "ms-script-median")
			b.ReportMetric(percentile(script, 0.95), "ms-script-p95")
			b.ReportMetric(median(frame), "ms-frame-median")
			b.ReportMetric(percentile(frame, 0.95), "ms-frame-p95")
			b.ReportMetric(float64(nodes), "nodes-drawn")
		})
	}
}
