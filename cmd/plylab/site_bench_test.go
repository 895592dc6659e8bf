//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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
// page's first run alone. PLYLAB_JSFLAGS=--no-liftoff has the browser
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
