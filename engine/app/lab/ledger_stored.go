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
	// Seconds is a stored time, and Range the seconds the claim's words
	// allow, [low, high): RuleRange. Live says what was timed.
	Seconds float64   `json:"seconds,omitempty"`
	Range   []float64 `json:"range,omitempty"`
	// DepthNodes are a search's nodes to each depth from 1 (every
	// iteration and quiescence node included, summed over a suite) without
	// and with a technique, and ClaimedPlies the depth the claim says the
	// technique adds: RuleRounds on the depth it adds at an equal budget
	// (depthGain).
	DepthNodes   *depthNodes `json:"depth_nodes,omitempty"`
	ClaimedPlies float64     `json:"claimed_plies,omitempty"`
}

// depthNodes are the nodes to each depth of two searches, from depth 1.
type depthNodes struct {
	Without []uint64 `json:"without"`
	With    []uint64 `json:"with"`
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
		case r.Seconds > 0 && len(r.Range) == 2 && r.Range[0] < r.Range[1]:
			c.Live = fmt.Sprintf("%.1f s: %s", r.Seconds, c.Live)
			c.Verdict, c.Rule = verdictSoft(r.Range[0] <= r.Seconds && r.Seconds < r.Range[1]), RuleRange
		case r.DepthNodes != nil && r.ClaimedPlies != 0:
			g, err := depthGain(r.DepthNodes.Without, r.DepthNodes.With)
			if err != nil {
				return nil, fmt.Errorf("lab: ledger.json: row %d (%s, %s): %w", i+1, c.Source, c.Where, err)
			}
			c.Live = g.String() + ": " + c.Live
			c.Verdict, c.Rule = verdictRounds(r.ClaimedPlies, 1, g.plies), RuleRounds
		case len(r.WDL) == 0 && len(r.ClaimedPct) == 0 && c.Verdict == NotCheckable:
			c.Rule = RuleNone
		default:
			return nil, fmt.Errorf("lab: ledger.json: row %d (%s, %s): a stored row needs wdl and claimed_pct (three numbers each), seconds and range (low < high), depth_nodes and claimed_plies, or the verdict %q", i+1, c.Source, c.Where, NotCheckable)
		}
		out[i] = c
	}
	return out, nil
}

// gain is the depth a technique adds at an equal node budget: the budget
// is what the search without it needs for its deepest depth, and each
// search's depth at that budget is read between its iterations, log-linearly
// in the nodes (a search 40 % of the way in log nodes from depth 6 to
// depth 7 is at depth 6.4), so a budget at one search's edge does not
// round the gain to a whole ply.
type gain struct {
	budget            uint64
	without, with     float64
	plies             float64
	withoutAt, withAt int // the whole depths the two searches completed
}

// String describes the gain.
func (g gain) String() string {
	return fmt.Sprintf("%+.1f plies: in %d nodes the search reaches depth %.1f with the technique, %.1f without", g.plies, g.budget, g.with, g.without)
}

// depthGain reads the gain from two searches' nodes to each depth (from
// depth 1, increasing); the search with the technique must pass the
// budget.
func depthGain(without, with []uint64) (gain, error) {
	if len(without) == 0 || len(with) == 0 {
		return gain{}, fmt.Errorf("depth_nodes needs nodes for at least one depth of each search")
	}
	for _, s := range [][]uint64{without, with} {
		for i := 1; i < len(s); i++ {
			if s[i] <= s[i-1] {
				return gain{}, fmt.Errorf("depth_nodes must grow with the depth, got %v", s)
			}
		}
	}
	g := gain{budget: without[len(without)-1], without: float64(len(without))}
	at := func(s []uint64, budget uint64) (float64, int, error) {
		for i, n := range s {
			if n > budget {
				if i == 0 {
					return 0, 0, fmt.Errorf("the budget %d is below depth 1's %d nodes", budget, n)
				}
				lo, hi := math.Log(float64(s[i-1])), math.Log(float64(n))
				return float64(i) + (math.Log(float64(budget))-lo)/(hi-lo), i, nil
			}
		}
		return 0, 0, fmt.Errorf("the search with the technique never passes the budget %d (nodes %v): store a deeper depth", budget, s)
	}
	var err error
	if g.with, g.withAt, err = at(with, g.budget); err != nil {
		return gain{}, err
	}
	g.withoutAt = len(without)
	g.plies = g.with - g.without
	return g, nil
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
