package trace

import (
	"regexp"
	"strings"
	"testing"
)

// The HTML page is self-contained and strict: its one script and its
// one style sheet are inline and allowed by their hashes (no
// 'unsafe-inline'), nothing is fetched, and the drawing inside carries
// the record the replay reads, tree by tree.
func TestHTMLPage(t *testing.T) {
	a, _ := toyTree(t, russell, true)
	m, _ := toyTree(t, russell, false)
	page := string(htmlPage(DrawOptions{}, a, m))
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)" />`).FindStringSubmatch(page)
	if csp == nil {
		t.Fatal("no Content-Security-Policy")
	}
	policy := strings.ReplaceAll(csp[1], "&#39;", "'")
	script := regexp.MustCompile(`(?s)<script>(.*)</script>`).FindStringSubmatch(page)
	style := regexp.MustCompile(`(?s)<style>(.*)</style>`).FindStringSubmatch(page)
	if script == nil || style == nil {
		t.Fatal("no inline script or style")
	}
	for _, want := range []string{"default-src 'none'", "script-src " + CSPHash([]byte(script[1])) + ";", "style-src " + CSPHash([]byte(style[1])) + ";"} {
		if !strings.Contains(policy, want) {
			t.Errorf("policy %q lacks %q", policy, want)
		}
	}
	if strings.Contains(policy, "unsafe") {
		t.Errorf("policy %q allows unsafe sources", policy)
	}
	if strings.Count(page, "<script") != 1 || strings.Count(page, "<style") != 1 {
		t.Error("more than one script or style")
	}
	bare := strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"<?xml", "src=", "href=", "http://", "https://"} {
		if strings.Contains(bare, bad) {
			t.Errorf("page has %q", bad)
		}
	}
	for _, want := range []string{
		`<meta name="plylab-replay" content="auto" />`,
		`<h1>test · alphabeta · depth 2 · best a, value 3</h1>`,
		`<h1>test · minimax · depth 2 · best a, value 3</h1>`,
		`<g class="trace" data-tree="2" data-algo="minimax" data-kind="toy">`,
		`data-tree="1" data-move="b" data-enter="9 6 3 0" data-leave="12 7 4 1" data-parent="0" data-cause="6"`,
		`<g class="pruned" data-tree="1" data-of="5"`,
		`window.plylabReplay`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
