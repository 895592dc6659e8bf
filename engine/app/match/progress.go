package match

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The one-thread goal of a release: a build's search against an earlier
// build under the clock. The games' tallies are stored in the repository
// (engine/app/match/progress.json), one row per match, and
// ProgressMarkdown lays them out as docs/strength.md's table, so the
// figures the page quotes are computed from the stored tallies and cannot
// drift from them.

//go:embed progress.json
var storedProgress []byte

// ProgressMatch is one stored match of a build against the reference
// build, from the build's side.
type ProgressMatch struct {
	// Bench is the bench signature of the search that played: matches
	// with the same signature (and the same Clock) are the same search
	// and are pooled.
	Bench int `json:"bench"`
	// Played says which binary played when it is not a release of that
	// search (a scratch build with a switch on, equal in search).
	Played string `json:"played,omitempty"`
	// Clock names the time management the build played with when it is
	// not the search's own: a switch that acts only under a clock (such
	// as "timeman") leaves the bench signature as it is, so it sets a
	// series of its own apart.
	Clock    string `json:"clock,omitempty"`
	Opponent string `json:"opponent"` // the reference build, e.g. "0.11.3 (bench 1342884)"
	TC       string `json:"tc"`       // the time control, e.g. "10+0.1"
	Seed     uint64 `json:"seed"`
	Wins     int    `json:"wins"`
	Draws    int    `json:"draws"`
	Losses   int    `json:"losses"`
	Stop     string `json:"stop"` // "fixed length", or how a sequential test ended
	Command  string `json:"command"`
	Date     string `json:"date"`
}

// WDL is the match's result from the build's side.
func (m ProgressMatch) WDL() WDL { return WDL{W: m.Wins, D: m.Draws, L: m.Losses} }

// StoredProgress returns the stored matches, in the order they were
// played. A row without games, signature, opponent or command is an
// error: the table would quote a result nobody can replay.
func StoredProgress() ([]ProgressMatch, error) {
	var ms []ProgressMatch
	if err := json.Unmarshal(storedProgress, &ms); err != nil {
		return nil, fmt.Errorf("match: progress.json: %w", err)
	}
	for i, m := range ms {
		if m.Bench <= 0 || m.Opponent == "" || m.TC == "" || m.Command == "" || m.Stop == "" ||
			m.Wins < 0 || m.Draws < 0 || m.Losses < 0 || m.WDL().N() == 0 {
			return nil, fmt.Errorf("match: progress.json: row %d is incomplete (bench, opponent, tc, games, stop and command are all needed)", i+1)
		}
	}
	return ms, nil
}

// ProgressPooled returns all the games of search bench with time
// management clock ("" for the search's own) against the opponent of its
// last stored match, at that match's time control, and how many matches
// they come from.
func ProgressPooled(ms []ProgressMatch, bench int, clock string) (WDL, int) {
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Bench == bench && ms[i].Clock == clock {
			return pooled(ms, ms[i])
		}
	}
	return WDL{}, 0
}

// sameSeries reports whether a and b are the same search with the same
// time management against the same opponent at the same time control:
// their games are pooled.
func sameSeries(a, b ProgressMatch) bool {
	return a.Bench == b.Bench && a.Clock == b.Clock && a.Opponent == b.Opponent && a.TC == b.TC
}

// searchLabel names m's search in the table: its bench signature, with
// its time management when that is not the search's own.
func searchLabel(m ProgressMatch) string {
	if m.Clock != "" {
		return fmt.Sprintf("bench %d with %s", m.Bench, m.Clock)
	}
	return fmt.Sprintf("bench %d", m.Bench)
}

// pooled returns the games of every match of ms in m's series, and how
// many matches they come from.
func pooled(ms []ProgressMatch, m ProgressMatch) (WDL, int) {
	var pool WDL
	n := 0
	for _, o := range ms {
		if sameSeries(o, m) {
			pool = pool.Plus(o.WDL())
			n++
		}
	}
	return pool, n
}

// ProgressMarkdown returns the stored matches as a Markdown table: a row
// for each match (build, seed, games, wins, draws, losses, score, Elo
// with its 95 % interval, how it stopped; a negative number with the
// minus sign U+2212, as the docs write it), and after the last match of a
// search that played more than one, a row pooling all of that search's
// games against the same opponent at the same time control.
func ProgressMarkdown(ms []ProgressMatch) string {
	var sb strings.Builder
	sb.WriteString("| search | match | games | W | D | L | score | Elo, 95 % interval | stop |\n")
	sb.WriteString("|---|---|---:|---:|---:|---:|---:|---|---|\n")
	row := func(search, match string, s WDL, stop string) {
		fmt.Fprintf(&sb, "| %s | %s | %d | %d | %d | %d | %.1f %% | %s | %s |\n",
			search, match, s.N(), s.W, s.D, s.L, 100*s.Score(), EloInterval(s), stop)
	}
	for i, m := range ms {
		search := searchLabel(m)
		if m.Played != "" {
			search += " (" + m.Played + ")"
		}
		row(search, fmt.Sprintf("%s, %s, seed %d", m.Opponent, tcText(m.TC), m.Seed), m.WDL(), m.Stop)
		if slices.ContainsFunc(ms[i+1:], func(o ProgressMatch) bool { return sameSeries(o, m) }) {
			continue // the pooled row follows the series' last match
		}
		if pool, n := pooled(ms, m); n > 1 {
			row("**"+searchLabel(m)+"**", fmt.Sprintf("**all %d matches**", n), pool, "")
		}
	}
	return sb.String()
}

// EloInterval writes s's Elo difference with its 95 % interval as the
// docs quote it: "+96 (+68 to +123)", a negative number with the minus
// sign U+2212.
func EloInterval(s WDL) string {
	elo, lo, hi := s.Elo()
	return fmt.Sprintf("%s (%s to %s)", minus(EloText(elo)), minus(EloText(lo)), minus(EloText(hi)))
}

// minus writes a negative number with the minus sign (U+2212) the
// docs' prose uses.
func minus(s string) string { return strings.Replace(s, "-", "−", 1) }

// tcText writes a time control for people: "10+0.1" as "10 s + 0.1 s".
func tcText(tc string) string {
	if base, inc, ok := strings.Cut(tc, "+"); ok {
		return base + " s + " + inc + " s"
	}
	return tc
}
