package lab

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/plylab/plylab/engine/app/match"
)

// The stored claims: results that take hours (matches), kept in
// ledger.json with the command and date that made them. A match row stores
// its counts (wdl) and the source's percentages (claimed_pct); its plylab
// value, verdict and the verdict's reason are computed from them here, by
// RuleInterval. A row without counts can only be not checkable.

//go:embed ledger.json
var storedJSON []byte

// storedClaim is a row of ledger.json.
type storedClaim struct {
	Claim
	// WDL is plylab's wins, draws and losses in the stored match.
	WDL []int `json:"wdl,omitempty"`
	// ClaimedPct is the source's win, loss and draw percentages, in the
	// order its Table I prints them.
	ClaimedPct []float64 `json:"claimed_pct,omitempty"`
}

// Stored returns the stored (slow) claims with their computed values and
// verdicts.
func Stored() ([]Claim, error) { return storedFrom(storedJSON) }

// storedFrom reads stored claims from the text of a ledger.json.
func storedFrom(data []byte) ([]Claim, error) {
	var rows []storedClaim
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, fmt.Errorf("lab: ledger.json: %w", err)
	}
	out := make([]Claim, len(rows))
	for i, r := range rows {
		c := r.Claim
		c.Slow = true
		switch {
		case len(r.WDL) == 3 && len(r.ClaimedPct) == 3:
			c.Live, c.Verdict, c.Why = matchVerdict(match.WDL{W: r.WDL[0], D: r.WDL[1], L: r.WDL[2]}, r.ClaimedPct, c.Why)
			c.Rule = RuleInterval
		case len(r.WDL) == 0 && len(r.ClaimedPct) == 0 && c.Verdict == NotCheckable:
			c.Rule = RuleNone
		default:
			return nil, fmt.Errorf("lab: ledger.json: row %d (%s, %s): a stored row needs wdl and claimed_pct (three numbers each), or the verdict %q", i+1, c.Source, c.Where, NotCheckable)
		}
		out[i] = c
	}
	return out, nil
}

// rateInterval is Wilson's 95% score interval of k successes in n trials,
// in percent.
func rateInterval(k, n int) (lo, hi float64) {
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return 100 * math.Max(0, mid-half), 100 * math.Min(1, mid+half)
}

// matchVerdict applies RuleInterval to a stored match: plylab's value,
// the verdict, and the why (conditions, the stored row's text, followed by
// which claimed rates fall outside plylab's intervals).
func matchVerdict(s match.WDL, claimed []float64, conditions string) (live, verdict, why string) {
	n := s.N()
	w, d, l := s.Percent()
	names := []string{"win", "loss", "draw"}
	counts := []int{s.W, s.L, s.D}
	var ivs []string
	var outside []string
	for i, k := range counts {
		lo, hi := rateInterval(k, n)
		ivs = append(ivs, fmt.Sprintf("%s %.0f-%.0f%%", names[i], lo, hi))
		if claimed[i] < lo || claimed[i] > hi {
			outside = append(outside, fmt.Sprintf("%s %g%%", names[i], claimed[i]))
		}
	}
	elo, elo1, elo2 := s.Elo()
	live = fmt.Sprintf("%.1f%% / %.1f%% / %.1f%% (%s; Wilson 95%%: %s; Elo diff %s, 95%% interval %s to %s)",
		w, l, d, s, strings.Join(ivs, ", "), fmtElo(elo), fmtElo(elo1), fmtElo(elo2))
	verdict = verdictSoft(len(outside) == 0)
	if len(outside) == 0 {
		return live, verdict, conditions + "; every rate the source prints lies inside plylab's interval"
	}
	return live, verdict, conditions + "; outside plylab's 95% intervals: " + strings.Join(outside, ", ")
}

// fmtElo prints an Elo difference with its sign, "+inf" or "-inf".
func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", x)
}
