package lab

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// The ledger quoted in a page: docs/reproducing.md cites rows of the
// ledger in square brackets with an arrow, and these functions find and
// check them (TestLedgerDoc, and plylab docs check, which counts the
// numbers inside a checked quotation as bound).

// LedgerQuote is one quotation of the ledger's rows in a page
// (docs/reproducing.md): "[where → verdict]", "[where → verdict: words of
// plylab's value]" or "[where → counts]" ("[Table 4 → 1 differs, 4
// reproduced]"), in the section of Source.
type LedgerQuote struct {
	Source, Where, Rest string
	Line                int
	// Start and End are the quotation's byte offsets in the page, the
	// brackets included.
	Start, End int
}

// LedgerQuotes finds the quotations of rows in text: bracketed text with
// an arrow, brackets inside it allowed ("References [1]-[3]"). The source
// of each is the one named by the last "`plylab reproduce --source S`"
// line before it ("" before the first).
func LedgerQuotes(text string) ([]LedgerQuote, error) {
	var out []LedgerQuote
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
		body := strings.Join(strings.Fields(text[i+1:j]), " ")
		where, rest, ok := strings.Cut(body, " → ")
		if !ok || i > 0 && text[i-1] == '`' {
			continue // no quotation, or one shown as code (an example)
		}
		line := lineOf(i)
		out = append(out, LedgerQuote{Source: sources[line-1], Where: where, Rest: rest, Line: line, Start: i, End: j + 1})
		i = j
	}
	return out, nil
}

// CheckLedgerQuote compares one quotation with the claims of its source:
// the rows at its place must have its verdict (and, after a colon, the
// words in their plylab value), or together its counts.
func CheckLedgerQuote(q LedgerQuote, cs []Claim) error {
	if q.Source == "" {
		return fmt.Errorf("line %d: [%s → %s] comes before any source's section", q.Line, q.Where, q.Rest)
	}
	var rows []Claim
	for _, c := range cs {
		if c.Source == q.Source && (c.Where == q.Where || strings.HasPrefix(c.Where, q.Where+", ")) {
			rows = append(rows, c)
		}
	}
	if len(rows) == 0 {
		return fmt.Errorf("line %d: %s has no row at %q", q.Line, q.Source, q.Where)
	}
	if q.Rest != "" && q.Rest[0] >= '0' && q.Rest[0] <= '9' {
		got := strings.SplitN(SummaryLine(rows), ": ", 2)[1]
		if got != q.Rest {
			return fmt.Errorf("line %d: [%s → %s], the ledger says %s", q.Line, q.Where, q.Rest, got)
		}
		return nil
	}
	verdict, words, _ := strings.Cut(q.Rest, ": ")
	var matched []Claim
	for _, c := range rows {
		if strings.Contains(c.Live, words) {
			matched = append(matched, c)
		}
	}
	if len(matched) == 0 {
		return fmt.Errorf("line %d: no row of %s at %q has %q in its plylab value", q.Line, q.Source, q.Where, words)
	}
	for _, c := range matched {
		if c.Verdict != verdict {
			return fmt.Errorf("line %d: [%s → %s], the ledger says %s (%s)", q.Line, q.Where, q.Rest, c.Verdict, c.Live)
		}
	}
	return nil
}
