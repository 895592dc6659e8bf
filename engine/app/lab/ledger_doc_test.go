package lab

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// docs/reproducing.md and README.md say what the ledger says. The page's
// headline and summary line, the summary line of each source, its rules,
// and every quotation of a row, [where → verdict], [where → verdict:
// words of plylab's value] or [where → counts], are checked against
// Ledger; every contradiction the ledger holds is quoted; README.md states
// the headline.

// normalize joins lines and collapses runs of spaces.
func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// docQuote is one [where → ...] of the page, in the section of source.
type docQuote struct {
	source, where, rest string
	line                int
}

// docQuotes finds the quotations of rows in text: bracketed text with an
// arrow, brackets inside it allowed ("References [1]-[3]"). The source of
// each is the one named by the last "`plylab reproduce --source S`" line
// before it ("" before the first).
func docQuotes(text string) ([]docQuote, error) {
	var out []docQuote
	source := ""
	sourceLine := regexp.MustCompile("^`plylab reproduce --source ([a-z-]+)`")
	lines := strings.Split(text, "\n")
	offsets := make([]int, len(lines))
	pos := 0
	for i, l := range lines {
		offsets[i] = pos
		pos += len(l) + 1
	}
	lineOf := func(off int) int { return sort.Search(len(offsets), func(i int) bool { return offsets[i] > off }) }
	sources := make([]string, len(lines))
	for i, l := range lines {
		if m := sourceLine.FindStringSubmatch(l); m != nil {
			source = m[1]
		}
		sources[i] = source
	}
	for i := 0; i < len(text); i++ {
		if text[i] != '[' {
			continue
		}
		depth, j := 0, i
		for ; j < len(text); j++ {
			if text[j] == '[' {
				depth++
			} else if text[j] == ']' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j == len(text) {
			return nil, fmt.Errorf("line %d: unclosed [", lineOf(i))
		}
		body := normalize(text[i+1 : j])
		where, rest, ok := strings.Cut(body, " → ")
		if !ok {
			continue
		}
		line := lineOf(i)
		out = append(out, docQuote{source: sources[line-1], where: where, rest: rest, line: line})
		i = j
	}
	return out, nil
}

// checkQuote compares one quotation with the claims of its source.
func checkQuote(q docQuote, cs []Claim) error {
	if q.source == "" {
		return fmt.Errorf("line %d: [%s → %s] comes before any source's section", q.line, q.where, q.rest)
	}
	var rows []Claim
	for _, c := range cs {
		if c.Source == q.source && (c.Where == q.where || strings.HasPrefix(c.Where, q.where+", ")) {
			rows = append(rows, c)
		}
	}
	if len(rows) == 0 {
		return fmt.Errorf("line %d: %s has no row at %q", q.line, q.source, q.where)
	}
	if q.rest != "" && q.rest[0] >= '0' && q.rest[0] <= '9' {
		got := strings.SplitN(SummaryLine(rows), ": ", 2)[1]
		if got != q.rest {
			return fmt.Errorf("line %d: [%s → %s], the ledger says %s", q.line, q.where, q.rest, got)
		}
		return nil
	}
	verdict, words, _ := strings.Cut(q.rest, ": ")
	var matched []Claim
	for _, c := range rows {
		if strings.Contains(c.Live, words) {
			matched = append(matched, c)
		}
	}
	if len(matched) == 0 {
		return fmt.Errorf("line %d: no row of %s at %q has %q in its plylab value", q.line, q.source, q.where, words)
	}
	for _, c := range matched {
		if c.Verdict != verdict {
			return fmt.Errorf("line %d: [%s → %s], the ledger says %s (%s)", q.line, q.where, q.rest, c.Verdict, c.Live)
		}
	}
	return nil
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
	quotes, err := docQuotes(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) < 40 {
		t.Errorf("only %d quotations of rows found", len(quotes))
	}
	quoted := map[string]bool{}
	for _, q := range quotes {
		if err := checkQuote(q, cs); err != nil {
			t.Error("docs/reproducing.md: " + err.Error())
		}
		quoted[q.source+"|"+q.where] = true
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
		"[Table 4 → 2 reproduced] [Table 4, depth 3 → reproduced] [Table 4 → differs: 999] [Table 9 → differs]"
	quotes, err := docQuotes(text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, q := range quotes {
		if err := checkQuote(q, cs); err != nil {
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
	if _, err := docQuotes("[unclosed"); err == nil || err.Error() != "line 1: unclosed [" {
		t.Errorf("unclosed: %v", err)
	}
}
