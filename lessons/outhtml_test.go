package lessons

import (
	"strings"
	"testing"
)

// TestTextHTML: plylab's text tables become HTML tables (numbers right,
// names left, the title and notes kept as text), anything else stays
// preformatted text, and everything is escaped.
func TestTextHTML(t *testing.T) {
	t.Parallel()
	text := "compare: paper-mate2\n" +
		"depth  algorithm    nodes  best\n" +
		"─────  ─────────  ───────  ────\n" +
		"    3  minimax      2,096  Ra6\n" +
		"   10  alphabeta      497  <b>\n" +
		"\n" +
		"algorithms: minimax & alphabeta"
	got := TextHTML(text)
	for _, want := range []string{
		`<pre class="out" tabindex="0">compare: paper-mate2</pre>`,
		`<div class="table-scroll" tabindex="0"><table class="out-table"><thead><tr><th class="num">depth</th><th>algorithm</th><th class="num">nodes</th><th>best</th></tr></thead>`,
		`<tr><td class="num">3</td><td>minimax</td><td class="num">2,096</td><td>Ra6</td></tr>`,
		`<tr><td class="num">10</td><td>alphabeta</td><td class="num">497</td><td>&lt;b&gt;</td></tr>`,
		`<pre class="out" tabindex="0">` + "\n" + `algorithms: minimax &amp; alphabeta</pre>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("TextHTML lacks %s\n got %s", want, got)
		}
	}
	// Not a table: a rule that is not all '─' runs, or a lone rule.
	for _, plain := range []string{"a  b\n──x ──\n1  2", "────\nno header above", "just text"} {
		if got := TextHTML(plain); strings.Contains(got, "<table") || !strings.HasPrefix(got, `<pre class="out" tabindex="0">`) {
			t.Errorf("TextHTML(%q) = %s, want preformatted text", plain, got)
		}
	}
}
