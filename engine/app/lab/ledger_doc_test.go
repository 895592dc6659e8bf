package lab

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// docs/reproducing.md and README.md say what the ledger says. The page's
// headline and summary line, the summary line of each source, its rules,
// and every quotation of a row, [where → verdict], [where → verdict:
// words of plylab's value] or [where → counts], are checked against
// Ledger; every contradiction the ledger holds is quoted; README.md states
// the headline.

// normalize drops HTML comments (the bindings plylab docs check reads),
// joins lines and collapses runs of spaces.
func normalize(s string) string {
	return strings.Join(strings.Fields(regexp.MustCompile(`(?s)<!--.*?-->`).ReplaceAllString(s, "")), " ")
}

func TestLedgerDoc(t *testing.T) {
	cs := mustLedger(t)
	data, err := os.ReadFile("../../../docs/reproducing.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	if !strings.Contains(normalize(doc), Headline(cs)+".") {
		t.Errorf("docs/reproducing.md lacks the headline %q", Headline(cs))
	}
	if want := "Today's summary line: `" + SummaryLine(cs) + "`."; !strings.Contains(doc, want) {
		t.Errorf("docs/reproducing.md lacks %q", want)
	}
	bySource := map[string][]Claim{}
	for _, c := range cs {
		bySource[c.Source] = append(bySource[c.Source], c)
	}
	for _, s := range SourceNames() {
		if want := "`plylab reproduce --source " + s + "`: `" + SummaryLine(bySource[s]) + "`."; !strings.Contains(doc, want) {
			t.Errorf("docs/reproducing.md lacks %q", want)
		}
	}
	// The rules are the list that follows "No verdict is written by hand".
	var rules []string
	_, after, _ := strings.Cut(doc, "No verdict is written by hand")
	for _, l := range strings.Split(after, "\n") {
		if strings.HasPrefix(l, "- ") {
			rules = append(rules, l)
		} else if len(rules) > 0 {
			break
		}
	}
	var wantRules []string
	for _, r := range RuleText {
		wantRules = append(wantRules, "- **"+r.Name+"**: "+r.Text)
	}
	if strings.Join(rules, "\n") != strings.Join(wantRules, "\n") {
		t.Errorf("docs/reproducing.md's rules:\n%s\nwant RuleText:\n%s", strings.Join(rules, "\n"), strings.Join(wantRules, "\n"))
	}
	quotes, err := LedgerQuotes(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) < 40 {
		t.Errorf("only %d quotations of rows found", len(quotes))
	}
	quoted := map[string]bool{}
	for _, q := range quotes {
		if err := CheckLedgerQuote(q, cs); err != nil {
			t.Error("docs/reproducing.md: " + err.Error())
		}
		quoted[q.Source+"|"+q.Where] = true
	}
	for _, c := range cs {
		if c.Kind == KindContradiction && !quoted[c.Source+"|"+c.Where] {
			t.Errorf("docs/reproducing.md does not quote the contradiction %s, %s", c.Source, c.Where)
		}
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(normalize(string(readme)), Headline(cs)) {
		t.Errorf("README.md lacks the headline %q", Headline(cs))
	}
}

// The quotation checker itself: what it accepts and what it rejects.
func TestCheckQuote(t *testing.T) {
	cs := []Claim{
		{Source: "game-trees", Where: "Table 4, depth 3", Live: "2096", Verdict: Differs},
		{Source: "game-trees", Where: "Table 4, depth 4", Live: "23152", Verdict: Reproduced},
		{Source: "game-trees", Where: "Statement vs References [1]-[3]", Verdict: NotCheckable},
	}
	text := "[x → y]\n`plylab reproduce --source game-trees`: `...`.\n" +
		"[Table 4 → 1 differs, 1 reproduced] [Table 4, depth 3 → differs: 2096] [Table 4 → reproduced: 23152]\n" +
		"[Statement vs References [1]-[3] →\nnot checkable] [a link](x.md)\n" +
		"[Table 4 → 2 reproduced] [Table 4, depth 3 → reproduced] [Table 4 → differs: 999] [Table 9 → differs] `[Table 9 → an example]`"
	quotes, err := LedgerQuotes(text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, q := range quotes {
		if err := CheckLedgerQuote(q, cs); err != nil {
			got = append(got, err.Error())
		} else {
			got = append(got, "ok")
		}
	}
	want := []string{
		"line 1: [x → y] comes before any source's section",
		"ok", "ok", "ok", "ok",
		"line 6: [Table 4 → 2 reproduced], the ledger says 1 differs, 1 reproduced",
		"line 6: [Table 4, depth 3 → reproduced], the ledger says differs (2096)",
		`line 6: no row of game-trees at "Table 4" has "999" in its plylab value`,
		`line 6: game-trees has no row at "Table 9"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("checkQuote:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := LedgerQuotes("[unclosed"); err == nil || err.Error() != "line 1: unclosed [" {
		t.Errorf("unclosed: %v", err)
	}
}
