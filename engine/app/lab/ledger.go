package lab

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The ledger as `plylab reproduce` reads it: the sources' short names,
// each claim's note, the summary line and the commands of the stored
// claims to rerun.

// SourceNames lists the short names of Sources, in order.
func SourceNames() []string {
	names := make([]string, len(Sources))
	for i, s := range Sources {
		names[i] = s.Name
	}
	return names
}

// Note is the claim's "why / stored by" text: Why, followed for a stored
// claim by the command and date that produced its value.
func (c Claim) Note() string {
	if c.Slow && c.Command != "" {
		return strings.TrimSpace(c.Why + " (stored: " + c.Command + ", " + c.Date + ")")
	}
	return c.Why
}

// SummaryLine is the ledger's summary: the number of claims and the count
// of each verdict in alphabetical order, e.g. "44 claims: 2 adds up, 10
// differs, 1 not checkable, 1 refuted, 30 reproduced": a claim plylab
// reproduced by measuring and one whose source's own numbers add up are
// counted apart.
func SummaryLine(cs []Claim) string {
	sum := Summary(cs)
	keys := make([]string, 0, len(sum))
	for k := range sum {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", sum[k], k)
	}
	return fmt.Sprintf("%d claims: %s", len(cs), strings.Join(parts, ", "))
}

// VerdictShare is the percentage of cs with the verdict v, rounded to a whole
// number.
func VerdictShare(cs []Claim, v string) int {
	if len(cs) == 0 {
		return 0
	}
	return int(math.Round(100 * float64(Summary(cs)[v]) / float64(len(cs))))
}

// Headline is the ledger in one sentence, as README.md states it: how
// many claims the five sources make, how many of them plylab reproduced
// by measuring (and what share), how many rest on the sources' own
// numbers that add up, and the rest.
func Headline(cs []Claim) string {
	sum := Summary(cs)
	return fmt.Sprintf("`plylab reproduce` lists %d claims of the five source documents, %d of them contradictions within a source; "+
		"verdicts: %d reproduced by measuring (%d %%), %d adds up (the source's own numbers, nothing measured), %d differs, %d refuted, %d not checkable",
		len(cs), Contradictions(cs), sum[Reproduced], VerdictShare(cs, Reproduced), sum[AddsUp], sum[Differs], sum[Refuted], sum[NotCheckable])
}

// ShareLine says what share of cs plylab reproduced by measuring, how
// many rest on the sources' own numbers, and how many are contradictions,
// e.g. "reproduced by measuring: 52 of 126 claims (41 %); the source's
// own numbers add up: 8; contradictions within a source: 15".
func ShareLine(cs []Claim) string {
	sum := Summary(cs)
	return fmt.Sprintf("reproduced by measuring: %d of %d claims (%d %%); the source's own numbers add up: %d; contradictions within a source: %d",
		sum[Reproduced], len(cs), VerdictShare(cs, Reproduced), sum[AddsUp], Contradictions(cs))
}

// Contradictions counts the claims of cs that are contradictions within a
// source.
func Contradictions(cs []Claim) int {
	n := 0
	for _, c := range cs {
		if c.Kind == KindContradiction {
			n++
		}
	}
	return n
}

// ParseSource returns the source a person typed, in any case, as its
// short name in Sources ("" stays "", all sources); a name not in Sources
// is an error listing them.
func ParseSource(typed string) (string, error) {
	name := strings.ToLower(typed)
	if name != "" && !KnownSource(name) {
		return "", fmt.Errorf("unknown source %q; choose one of %s", name, strings.Join(SourceNames(), ", "))
	}
	return name, nil
}

// LedgerResult is the ledger's summary as `plylab reproduce` hands it to a
// lesson cell: the number of claims, the count of each verdict (Summary),
// the contradictions, the share reproduced by measuring in percent,
// SummaryLine and Headline.
type LedgerResult struct {
	Claims         int            `json:"claims"`
	Verdict        map[string]int `json:"verdicts"`
	Contradictions int            `json:"contradictions"`
	Reproduced     int            `json:"reproduced_pct"`
	Summary        string         `json:"summary"`
	Headline       string         `json:"headline"`
}

// NewLedgerResult is the LedgerResult of cs.
func NewLedgerResult(cs []Claim) LedgerResult {
	return LedgerResult{Claims: len(cs), Verdict: Summary(cs), Contradictions: Contradictions(cs),
		Reproduced: VerdictShare(cs, Reproduced), Summary: SummaryLine(cs), Headline: Headline(cs)}
}

// RerunSlow reruns the stored claims' commands (SlowCommands) in order
// with run, which runs one command line and returns its exit status.
// Before each it writes a blank line and "$ COMMAND" to w. A command that
// fails stops the reruns with an error naming it and its status.
func RerunSlow(w io.Writer, cs []Claim, run func(args []string) int) error {
	for _, r := range SlowCommands(cs) {
		fmt.Fprintf(w, "\n$ %s\n", r.Command)
		if code := run(r.Args); code != 0 {
			return fmt.Errorf("%s: exit status %d", r.Command, code)
		}
	}
	return nil
}

// Rerun is a stored claim's command that plylab can run again: Command
// as the ledger stores it, Args its words ("plylab" first).
type Rerun struct {
	Command string
	Args    []string
}

// SlowCommands returns the stored claims' commands that plylab can rerun
// (those that start with "plylab" and have arguments), in ledger order. A
// claim measured by several commands joins them with " && ".
func SlowCommands(cs []Claim) []Rerun {
	var out []Rerun
	for _, c := range cs {
		if !c.Slow {
			continue
		}
		for _, cmd := range strings.Split(c.Command, " && ") {
			args := strings.Fields(cmd)
			if len(args) >= 2 && args[0] == "plylab" {
				out = append(out, Rerun{strings.Join(args, " "), args})
			}
		}
	}
	return out
}

// LedgerTable is `plylab reproduce`: every claim with its source, where
// it is made, its kind, what was claimed, what plylab measures, the
// verdict (coloured by kind), the rule that gave it and why; the notes
// name the sources and the rules, and end with ShareLine and SummaryLine.
func LedgerTable(claims []Claim) *textfmt.Table {
	t := &textfmt.Table{Title: "reproduce: the sources' claims", Columns: []textfmt.Column{
		{Key: "source", Header: "source"}, {Key: "where", Header: "where"}, {Key: "kind", Header: "kind"}, {Key: "claim", Header: "claim"},
		{Key: "claimed", Header: "claimed"}, {Key: "plylab", Header: "plylab"}, {Key: "verdict", Header: "verdict"},
		{Key: "rule", Header: "rule"}, {Key: "basis", Header: "basis"}, {Key: "why", Header: "why / stored by"}}}
	sources := map[string]bool{}
	rules := map[string]bool{}
	for _, c := range claims {
		st := textfmt.StyleGood
		switch c.Verdict {
		case Differs, NotCheckable, AddsUp:
			st = textfmt.StyleAccent
		case Refuted:
			st = textfmt.StyleBad
		}
		sources[c.Source], rules[c.Rule] = true, true
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(c.Source), textfmt.TextCell(c.Where), textfmt.TextCell(c.Kind),
			textfmt.TextCell(c.Claim), textfmt.TextCell(c.Claimed), textfmt.TextCell(c.Live), textfmt.TextCell(c.Verdict).Styled(st),
			textfmt.TextCell(c.Rule), textfmt.TextCell(c.Basis), textfmt.TextCell(c.Note())})
	}
	for _, s := range Sources {
		if sources[s.Name] {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %s", s.Name, s.Title))
		}
	}
	for _, r := range RuleText {
		if rules[r.Name] {
			t.Notes = append(t.Notes, fmt.Sprintf("rule %q: %s", r.Name, r.Text))
		}
	}
	t.Notes = append(t.Notes, "basis: measured (now), stored (a measurement too long to repeat, with its command and date), source (the source's own numbers and text, nothing measured: such a claim adds up at most), none (not checkable)")
	t.Notes = append(t.Notes, ShareLine(claims), SummaryLine(claims))
	return t
}
