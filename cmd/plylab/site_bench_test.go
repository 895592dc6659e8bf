//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The figures of docs/performance.md's section on the browser, measured
// on a static site served from this machine by a plain file server:
//
//	go test -run '^$' -bench 'Site' -benchtime 7x ./cmd/plylab
//
// BenchmarkSiteInteractive: time from navigation to the engine's
// "plylab-ready" mark of lesson 3, with the browser's cache off (every
// load fetches and compiles the engine), and its parts.
// BenchmarkSiteSearch: the same searches in the browser and in this
// process, taking turns, compare's own time column (no start-up); the
// page's first run alone.
// BenchmarkSiteFirstCell: a student on a school network opens lesson 1
// and presses Run on its first cell at once: the time from navigation to
// the cell done, with the browser's cache off and the network throttled
// to Chromium's "Fast 4G" and "Slow 4G" profiles (DevTools' presets:
// 9 Mbps down, 165 ms latency; 1.6 Mbps down, 562.5 ms latency). PLYLAB_JSFLAGS=--no-liftoff has the browser
// compile everything optimized at once (the speed of the compiled code,
// without the JIT's warm-up).

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

func BenchmarkSiteInteractive(b *testing.B) {
	dir := exportSite(b)
	ctx, cancel := newBrowser(b)
	defer cancel()
	ts := staticServer(b, dir)
	if err := chromedp.Run(ctx, network.Enable(), network.SetCacheDisabled(true)); err != nil {
		b.Fatal(err)
	}
	var ready, compiled, started []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var m struct{ Ready, Compiled, Started float64 }
		err := chromedp.Run(ctx,
			chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
			chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
			chromedp.Evaluate(`(() => { const t = (n) => performance.getEntriesByName(n)[0].startTime; return {Ready: t("plylab-ready"), Compiled: t("plylab-compiled"), Started: t("plylab-started")}; })()`, &m),
		)
		if err != nil {
			b.Fatal(err)
		}
		ready, compiled, started = append(ready, m.Ready), append(compiled, m.Compiled), append(started, m.Started)
	}
	b.StopTimer()
	b.ReportMetric(median(ready), "ms-ready")
	b.ReportMetric(median(compiled), "ms-compiled")
	b.ReportMetric(median(started), "ms-instantiated")
	b.Logf("%d loads: ready %v ms", len(ready), ready)
}

func BenchmarkSiteSearch(b *testing.B) {
	for _, cmd := range []string{
		"compare --position paper-mate2 --depth 5 --algo alphabeta --no-minimal",
		"compare --position paper-mate2 --depth 5 --algo minimax --no-minimal",
		"compare --position paper-mate2 --depth 7 --algo alphabeta --no-minimal",
	} {
		b.Run(strings.Fields(cmd)[6]+"-depth-"+strings.Fields(cmd)[4], func(b *testing.B) {
			dir := exportSite(b)
			ctx, cancel := newBrowser(b)
			defer cancel()
			ts := staticServer(b, dir)
			err := chromedp.Run(ctx,
				chromedp.Navigate(ts.URL+"/03-alphabeta.html"),
				chromedp.Poll(`document.documentElement.dataset.plylab === "ready"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
			)
			if err != nil {
				b.Fatal(err)
			}
			args := append(strings.Fields(cmd), "--format", "json")
			timeOf := func(stdout string) float64 {
				var out struct {
					Rows []struct {
						Nodes int     `json:"nodes"`
						Time  float64 `json:"time_s"`
					} `json:"rows"`
				}
				if err := json.Unmarshal([]byte(stdout), &out); err != nil || len(out.Rows) != 1 {
					b.Fatalf("%s: %v\n%s", cmd, err, stdout)
				}
				return out.Rows[0].Time * 1000
			}
			inBrowser := func(id string) float64 {
				var stdout string
				err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`window.plylabNotebook.backend.run(%q, %q, null, () => {}).then((r) => r.stdout)`, id, "plylab "+strings.Join(args, " ")), &stdout, awaitPromise))
				if err != nil {
					b.Fatal(err)
				}
				return timeOf(stdout)
			}
			// The page's first runs are its JIT's: the browser compiles a
			// function when it is first called and again, optimized, once
			// it is busy. The first run is reported alone; ten more let
			// the optimized code arrive, as a student's first cells do.
			first := inBrowser("first00000")
			for i := 0; i < 10; i++ {
				inBrowser(fmt.Sprintf("warm%06d", i))
			}
			var browser, native []float64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				browser = append(browser, inBrowser(fmt.Sprintf("bench%06d", i)))
				native = append(native, timeOf(runCLI(b, args...).stdout))
			}
			b.StopTimer()
			b.ReportMetric(first, "ms-first")
			b.ReportMetric(median(browser), "ms-browser")
			b.ReportMetric(median(native), "ms-native")
			b.ReportMetric(median(browser)/median(native), "x-slower")
			b.Logf("%s: first run %.1f ms; then browser %v ms, native %v ms", cmd, first, browser, native)
		})
	}
}

// networkProfiles are Chromium DevTools' presets (and Puppeteer's
// PredefinedNetworkConditions): bytes a second and latency in ms.
var networkProfiles = []struct {
	name              string
	down, up, latency float64
}{
	{"fast-4g", 9e6 / 8 * 0.9, 1.5e6 / 8 * 0.9, 60 * 2.75},
	{"slow-4g", 1.6e6 / 8 * 0.9, 750e3 / 8 * 0.9, 150 * 3.75},
}

var lesson1Site struct {
	once sync.Once
	dir  string
}

// exportLesson1 exports lesson 1 as a site once per test binary.
func exportLesson1(b *testing.B) string {
	lesson1Site.once.Do(func() {
		dir, err := os.MkdirTemp("", "plylab-site1-")
		if err != nil {
			b.Fatal(err)
		}
		if r := runCLI(b, "lesson", "export", "1", "--format", "site", "-o", dir); r.code != 0 {
			b.Fatalf("lesson export 1 --format site: %s", r.stderr)
		}
		lesson1Site.dir = dir
	})
	return lesson1Site.dir
}

func BenchmarkSiteFirstCell(b *testing.B) {
	dir := exportLesson1(b)
	for _, p := range networkProfiles {
		b.Run(p.name, func(b *testing.B) {
			var done, ready []float64
			for i := 0; i < b.N; i++ {
				// A fresh browser each time: nothing compiled or cached.
				ctx, cancel := newBrowser(b)
				ts := staticServer(b, dir)
				var m struct{ Done, Ready, Downloaded, Compiled, Started float64 }
				err := chromedp.Run(ctx,
					network.Enable(),
					network.SetCacheDisabled(true),
					network.EmulateNetworkConditions(false, p.latency, p.down, p.up),
					chromedp.Navigate(ts.URL+"/01-game-trees.html"),
					chromedp.Click("#cell-1 button.run"),
					chromedp.Poll(`document.querySelector("#cell-1 .status").classList.contains("ok") || document.querySelector("#cell-1 .status").classList.contains("error")`, nil, chromedp.WithPollingTimeout(2*time.Minute)),
					chromedp.Evaluate(`(() => { const t = (n) => (performance.getEntriesByName(n)[0] || {startTime: -1}).startTime; return {Done: t("plylab-cell-done"), Ready: t("plylab-ready"), Downloaded: t("plylab-downloaded"), Compiled: t("plylab-compiled"), Started: t("plylab-started")}; })()`, &m),
				)
				if err != nil {
					cancel()
					b.Fatal(err)
				}
				if m.Done < 0 {
					b.Fatal("the first cell did not finish")
				}
				done, ready = append(done, m.Done), append(ready, m.Ready)
				defer cancel()
				b.Logf("%s: downloaded %.0f, compiled %.0f, instantiated %.0f, ready %.0f, first cell done %.0f ms", p.name, m.Downloaded, m.Compiled, m.Started, m.Ready, m.Done)
				if os.Getenv("PLYLAB_RESOURCES") != "" {
					var res []string
					chromedp.Run(ctx, chromedp.Evaluate(`performance.getEntriesByType("resource").map((e) => e.name.replace(/.*\//, "") + " " + e.initiatorType + " start " + e.startTime.toFixed(0) + " resp " + e.responseStart.toFixed(0) + " end " + e.responseEnd.toFixed(0) + " size " + e.transferSize)`, &res))
					for _, r := range res {
						b.Log(r)
					}
				}
			}
			b.ReportMetric(median(done), "ms-first-cell")
			b.ReportMetric(median(ready), "ms-ready")
			b.Logf("%s: first cell done %v ms after navigation (engine ready %v ms)", p.name, done, ready)
		})
	}
}
