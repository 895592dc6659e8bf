//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// Accessibility checks with axe-core (Deque's rules engine, npm package
// axe-core): the test command installs it outside the repository when
// missing (test.sh, ${XDG_CACHE_HOME:-~/.cache}/plylab/axe) and names its
// script in $PLYLAB_AXE. A browser test opens a page, then calls
// axeViolations, which runs axe in the page and returns the violations of
// a serious or critical impact.

// axeScript is the source of axe.min.js: $PLYLAB_AXE, or the test
// command's cache; "" when there is none.
var axeScript = sync.OnceValue(func() string {
	paths := []string{os.Getenv("PLYLAB_AXE")}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		if home, err := os.UserHomeDir(); err == nil {
			cache = filepath.Join(home, ".cache")
		}
	}
	if cache != "" {
		paths = append(paths, filepath.Join(cache, "plylab", "axe", "node_modules", "axe-core", "axe.min.js"))
	}
	for _, p := range paths {
		if p == "" {
			continue
		}
		if data, err := os.ReadFile(p); err == nil {
			return string(data)
		}
	}
	return ""
})

// axeViolation is one rule a page breaks, with the elements that break it.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

func (v axeViolation) String() string {
	return fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Targets, ", "))
}

// axeViolations runs axe-core on the page open in ctx and returns its
// serious and critical violations. Without axe-core the test is skipped
// (./test.sh installs it).
func axeViolations(t testing.TB, ctx context.Context) []axeViolation {
	t.Helper()
	src := axeScript()
	if src == "" {
		t.Skip("no axe-core found (set PLYLAB_AXE to axe.min.js, or npm install axe-core); ./test.sh installs it")
	}
	const run = `(async () => {
	  const r = await axe.run(document, {resultTypes: ["violations"]});
	  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({
	    id: v.id, impact: v.impact, help: v.help,
	    targets: v.nodes.map((n) => n.target.join(" ")),
	  }));
	})()`
	var out []axeViolation
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(src+"\n;0", nil),
		chromedp.Evaluate(run, &out, awaitPromise),
	); err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	return out
}

// checkAxe fails t for every serious or critical violation of the page
// open in ctx, naming the page by what.
func checkAxe(t testing.TB, ctx context.Context, what string) {
	t.Helper()
	for _, v := range axeViolations(t, ctx) {
		t.Errorf("%s: %v", what, v)
	}
}
