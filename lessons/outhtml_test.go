package lessons

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// TestOutputHTML: a command's tables are drawn from their values where
// their text was (numbers right, styles as classes, the title as the
// caption, the notes after it), the text around them stays preformatted,
// a table whose text was cut from the output stays text, and everything
// is escaped.
func TestOutputHTML(t *testing.T) {
	t.Parallel()
	table := &textfmt.Table{Title: "compare: paper-mate2",
		Columns: []textfmt.Column{{Key: "depth", Header: "depth", Right: true}, {Key: "algo", Header: "algorithm"}, {Key: "nodes", Header: "nodes", Right: true}, {Key: "best", Header: "best"}},
		Rows: [][]textfmt.Cell{
			{textfmt.IntCell(3), textfmt.TextCell("minimax"), textfmt.IntCell(2096), textfmt.TextCell("Ra6").Styled(textfmt.StyleAccent)},
			{textfmt.IntCell(10), textfmt.TextCell("alphabeta"), textfmt.IntCell(497), textfmt.TextCell("<b>")},
		},
		Notes: []string{"algorithms: minimax & alphabeta"}}
	var text strings.Builder
	textfmt.WriteTableText(&text, table, textfmt.PlainPaint)
	before, after := "searching…\n", "\nsee also <lesson 4>\n"
	stdout := before + text.String() + after
	cr := &CommandResult{Stdout: stdout, Stderr: "plylab: a warning\n",
		Tables: []TableSpan{{Start: len(before), End: len(before) + text.Len(), Table: table}}}
	h, err := OutputHTML(cr, "x")
	if err != nil {
		t.Fatal(err)
	}
	got := string(h)
	want := `<pre class="out" tabindex="0">searching…</pre>` +
		`<div class="table-scroll" tabindex="0"><table class="out-table"><caption>compare: paper-mate2</caption>` +
		`<thead><tr><th class="num">depth</th><th>algorithm</th><th class="num">nodes</th><th>best</th></tr></thead><tbody>` +
		`<tr><td class="num">3</td><td>minimax</td><td class="num">2,096</td><td class="accent">Ra6</td></tr>` +
		`<tr><td class="num">10</td><td>alphabeta</td><td class="num">497</td><td>&lt;b&gt;</td></tr></tbody></table></div>` +
		`<div class="out-notes"><p>algorithms: minimax &amp; alphabeta</p></div>` +
		`<pre class="out" tabindex="0">see also &lt;lesson 4&gt;</pre>` +
		`<pre class="out" tabindex="0">plylab: a warning</pre>`
	if got != want {
		t.Errorf("OutputHTML =\n%s\nwant\n%s", got, want)
	}
	// Cut short before the table's end: all of it is text.
	cr.Stdout = stdout[:len(before)+20]
	h, _ = OutputHTML(cr, "x")
	if strings.Contains(string(h), "<table") || !strings.Contains(string(h), "compare: paper-mate2") {
		t.Errorf("a cut table: %s", h)
	}
}
