package lab

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/plylab/plylab/engine/textfmt"
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

// SummaryLine is the ledger's last line: the number of claims and the
// count of each verdict in alphabetical order, e.g. "44 claims: 11
// differs, 3 not run, 30 reproduced".
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
// lesson cell: the number of claims, the count of each verdict (Summary)
// and SummaryLine.
type LedgerResult struct {
	Claims  int            `json:"claims"`
	Verdict map[string]int `json:"verdicts"`
	Summary string         `json:"summary"`
}

// NewLedgerResult is the LedgerResult of cs.
func NewLedgerResult(cs []Claim) LedgerResult {
	return LedgerResult{Claims: len(cs), Verdict: Summary(cs), Summary: SummaryLine(cs)}
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
// (those that start with "plylab" and have arguments), in ledger order.
func SlowCommands(cs []Claim) []Rerun {
	var out []Rerun
	for _, c := range cs {
		args := strings.Fields(c.Command)
		if c.Slow && len(args) >= 2 && args[0] == "plylab" {
			out = append(out, Rerun{c.Command, args})
		}
	}
	return out
}

// LedgerTable is `plylab reproduce`: every claim with its source, where
// it is made, what was claimed, what plylab measures, the verdict
// (coloured by kind) and why; the note is SummaryLine.
func LedgerTable(claims []Claim) *textfmt.Table {
	t := &textfmt.Table{Title: "reproduce: the sources' claims", Columns: []textfmt.Column{
		{Key: "source", Header: "source"}, {Key: "where", Header: "where"}, {Key: "claim", Header: "claim"},
		{Key: "claimed", Header: "claimed"}, {Key: "plylab", Header: "plylab"}, {Key: "verdict", Header: "verdict"},
		{Key: "why", Header: "why / stored by"}}}
	for _, c := range claims {
		st := textfmt.StyleGood
		switch c.Verdict {
		case Differs, NotRun:
			st = textfmt.StyleAccent
		case Refuted:
			st = textfmt.StyleBad
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(c.Source), textfmt.TextCell(c.Where), textfmt.TextCell(c.Claim), textfmt.TextCell(c.Claimed),
			textfmt.TextCell(c.Live), textfmt.TextCell(c.Verdict).Styled(st), textfmt.TextCell(c.Note())})
	}
	t.Notes = append(t.Notes, SummaryLine(claims))
	return t
}
