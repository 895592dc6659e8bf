package lab

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/board"
)

// Each rule gives exactly the verdict its definition says: the cases near
// each boundary, and the wrong values a loose rule would accept (a figure
// within a factor of 2, a bound missed by a hair, a majority taken for
// all).
func TestVerdictRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"true", verdictTrue(true), Reproduced},
		{"false", verdictTrue(false), Refuted},
		{"soft true", verdictSoft(true), Reproduced},
		{"soft false", verdictSoft(false), Differs},

		{"swap: equal", verdictSwap(988, 988, 2096), Reproduced},
		{"swap: the other table's value", verdictSwap(988, 2096, 988), Differs},
		{"swap: neither", verdictSwap(988, 2096, 1000), Refuted},
		{"swap: off by one", verdictSwap(30903, 30904, 353292), Refuted},

		{"rounds: 35 from 35.4", verdictRounds(35, 2, 35.4), Reproduced},
		{"rounds: 35 from 34.5", verdictRounds(35, 2, 34.5), Reproduced},
		{"rounds: 35 from 34.4", verdictRounds(35, 2, 34.4), Differs},
		{"rounds: 35 from 30.4 (master games)", verdictRounds(35, 2, 30.4), Differs},
		{"rounds: 1225 is not 1126", verdictRounds(1225, 4, 1126), Differs},
		{"rounds: 35 from 6.3", verdictRounds(35, 2, 6.3), Refuted},
		{"rounds: 35 from 17.5 (a factor of 2)", verdictRounds(35, 2, 17.5), Differs},
		{"rounds: 35 from 17.4", verdictRounds(35, 2, 17.4), Refuted},
		{"rounds: 35 from 71", verdictRounds(35, 2, 71), Refuted},
		{"rounds: 1.8e9 from 35^6", verdictRounds(1.8e9, 2, math.Pow(35, 6)), Reproduced},
		{"rounds: 2e12 from 35^8", verdictRounds(2e12, 1, math.Pow(35, 8)), Reproduced},
		{"rounds: 2e12 at two digits", verdictRounds(2.0e12, 2, math.Pow(35, 8)), Differs},
		{"rounds: depth 8 from 6", verdictRounds(8, 1, 6), Differs},
		{"rounds: depth 8 from 8", verdictRounds(8, 1, 8), Reproduced},
		{"rounds: +3 plies from +4", verdictRounds(3, 1, 4), Differs},
		{"rounds: +3 plies from 0", verdictRounds(3, 1, 0), Refuted},
		{"rounds: 1500 from 1516", verdictRounds(1500, 2, 1516), Reproduced},
		{"rounds: 1500 from 1551", verdictRounds(1500, 2, 1551), Differs},

		{"all: every case", verdictAll(16, 16), Reproduced},
		{"all: one short", verdictAll(15, 16), Differs},
		{"all: half", verdictAll(8, 16), Refuted},
		{"all: none of none", verdictAll(0, 0), Refuted},

		{"cutoff: same", verdictCutoff(true, true), Reproduced},
		{"cutoff: other nodes", verdictCutoff(true, false), Differs},
		{"cutoff: other value", verdictCutoff(false, true), Refuted},

		{"side: above, significant", verdictSide(0.655, 0.566, 0.733, true), Reproduced},
		{"side: above, not significant", verdictSide(0.55, 0.45, 0.65, true), Differs},
		{"side: above, wrong side", verdictSide(0.45, 0.35, 0.55, true), Refuted},
		{"side: below, significant", verdictSide(0.405, 0.323, 0.494, false), Reproduced},
		{"side: below, interval reaches 50%", verdictSide(0.45, 0.36, 0.5, false), Differs},
		{"side: below, wrong side", verdictSide(0.6, 0.5, 0.7, false), Refuted},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, tc.got, tc.want)
		}
	}
}

func TestRoundSig(t *testing.T) {
	for _, tc := range []struct {
		x      float64
		digits int
		want   string
	}{
		{35.4, 2, "35"}, {34.5, 2, "35"}, {1838265625, 2, "1.8e+09"}, {2251875390625, 1, "2e+12"},
		{1516, 2, "1.5e+03"}, {0, 2, "0"}, {-34.6, 2, "-35"}, {6, 1, "6"}, {math.Inf(1), 2, "+Inf"},
	} {
		if got := roundSig(tc.x, tc.digits); got != tc.want {
			t.Errorf("roundSig(%g, %d) = %q, want %q", tc.x, tc.digits, got, tc.want)
		}
	}
}

// Every rule a claim can name is explained, once.
func TestRuleText(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range RuleText {
		if seen[r.Name] || r.Text == "" {
			t.Errorf("rule %q: duplicate or unexplained", r.Name)
		}
		seen[r.Name] = true
	}
	for _, name := range []string{RuleEqual, RuleSwap, RuleRounds, RuleBound, RuleRange, RuleTrue, RuleAll, RuleCutoff,
		RuleSetting, RuleInterval, RuleSide, RuleHalf, RuleAgree, RuleNone} {
		if !seen[name] {
			t.Errorf("rule %q has no RuleText", name)
		}
	}
}

func TestRateIntervalAndMatchVerdict(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi string
	}{{100, 100, "96.3", "100.0"}, {0, 100, "0.0", "3.7"}, {50, 100, "40.4", "59.6"}, {94, 100, "87.5", "97.2"}} {
		lo, hi := rateInterval(tc.k, tc.n)
		if got := fmt.Sprintf("%.1f %.1f", lo, hi); got != tc.lo+" "+tc.hi {
			t.Errorf("rateInterval(%d, %d) = %s, want %s %s", tc.k, tc.n, got, tc.lo, tc.hi)
		}
	}
	live, v, why := matchVerdict(match.WDL{W: 100}, []float64{95, 0, 5}, "conditions")
	if want := "100.0% / 0.0% / 0.0% (+100 =0 -0; Wilson 95%: win 96-100%, loss 0-4%, draw 0-4%; Elo diff +inf, 95% interval +566 to +inf)"; live != want {
		t.Errorf("live = %q, want %q", live, want)
	}
	if v != Differs || why != "conditions; outside plylab's 95% intervals: win 95%, draw 5%" {
		t.Errorf("verdict %s, why %q", v, why)
	}
	// The same rates as claimed: every one inside its interval.
	_, v, why = matchVerdict(match.WDL{W: 41, D: 20, L: 39}, []float64{41, 39, 20}, "c")
	if v != Reproduced || !strings.HasSuffix(why, "every rate the source prints lies inside plylab's interval") {
		t.Errorf("same rates: %s, %q", v, why)
	}
	// One rate just outside fails the whole row.
	_, v, _ = matchVerdict(match.WDL{W: 41, D: 20, L: 39}, []float64{41, 39, 31}, "c")
	if v != Differs {
		t.Errorf("a draw rate outside its interval: %s, want %s", v, Differs)
	}
}

// The stored rows: a match row needs its counts, anything else must be
// not checkable; a broken file is an error, not a panic.
func TestStoredRows(t *testing.T) {
	for _, tc := range []struct {
		name, data, err string
	}{
		{"match without counts", `[{"source":"ramz","where":"Table I","claimed":"1%","verdict":"differs"}]`,
			`lab: ledger.json: row 1 (ramz, Table I): a stored row needs wdl and claimed_pct (three numbers each), seconds and range (low < high), depth_nodes and claimed_plies, or the verdict "not checkable"`},
		{"a range upside down", `[{"source":"tutorial","where":"x","seconds":3,"range":[10,0]}]`, "a stored row needs wdl"},
		{"nodes that shrink", `[{"source":"tutorial","where":"x","claimed_plies":3,"depth_nodes":{"without":[10,5],"with":[1,2,30]}}]`,
			"row 1 (tutorial, x): depth_nodes must grow with the depth, got [10 5]"},
		{"a search that stops short", `[{"source":"tutorial","where":"x","claimed_plies":3,"depth_nodes":{"without":[10,100],"with":[1,20,90]}}]`,
			"the search with the technique never passes the budget 100"},
		{"two counts", `[{"source":"ramz","where":"Table I","wdl":[1,2],"claimed_pct":[1,2,3]}]`, "a stored row needs wdl"},
		{"not json", `[{`, "lab: ledger.json: unexpected end of JSON input"},
	} {
		_, err := storedFrom([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.err)
		}
	}
	cs, err := storedFrom([]byte(`[{"source":"tutorial","where":"x","claimed":"y","verdict":"not checkable","why":"w","command":"plylab match","date":"2026-01-01"},` +
		`{"source":"ramz","where":"Table I","claimed":"50% / 50% / 0%","wdl":[50,0,50],"claimed_pct":[50,50,0],"why":"c"}]`))
	if err != nil || len(cs) != 2 || cs[0].Rule != RuleNone || !cs[0].Slow || cs[1].Verdict != Reproduced || cs[1].Rule != RuleInterval {
		t.Errorf("storedFrom = %+v, %v", cs, err)
	}
}

// The stored timings and depth gains give their verdicts from the stored
// numbers.
func TestStoredMeasures(t *testing.T) {
	cs, err := storedFrom([]byte(`[` +
		`{"source":"tutorial","where":"t","claimed":"minutes","plylab":"minimax","seconds":25.4,"range":[60,3600],"command":"plylab compare","date":"d"},` +
		`{"source":"tutorial","where":"t","claimed":"a few seconds","plylab":"depth 8","seconds":4.4,"range":[0,10],"command":"plylab compare","date":"d"},` +
		`{"source":"tutorial","where":"tt","claimed":"+3","plylab":"suite","claimed_plies":3,"depth_nodes":{"without":[10,100,1000],"with":[5,50,500,5000]},"command":"plylab compare --depth 1-3 && plylab compare --depth 1-4","date":"d"}]`))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct{ live, verdict, rule string }{
		{"25.4 s: minimax", Differs, RuleRange},
		{"4.4 s: depth 8", Reproduced, RuleRange},
		// In 1000 nodes the search with the technique is 30 % of the way
		// (in log nodes) from depth 3 (500) to depth 4 (5000).
		{"+0.3 plies: in 1000 nodes the search reaches depth 3.3 with the technique, 3.0 without: suite", Refuted, RuleRounds},
	} {
		if c := cs[i]; c.Live != want.live || c.Verdict != want.verdict || c.Rule != want.rule {
			t.Errorf("row %d: %q %s by %s, want %q %s by %s", i+1, c.Live, c.Verdict, c.Rule, want.live, want.verdict, want.rule)
		}
	}
}

// depthGain reads the depth between iterations, in log nodes.
func TestDepthGain(t *testing.T) {
	for _, tc := range []struct {
		without, with []uint64
		plies         string
	}{
		{[]uint64{10, 100}, []uint64{10, 100, 1000}, "+0.0"},
		{[]uint64{10, 100}, []uint64{1, 10, 1000}, "+0.5"},
		{[]uint64{10, 1000}, []uint64{1, 10, 100, 10000}, "+1.5"},
		{[]uint64{100, 200, 400}, []uint64{50, 150, 800}, "-0.4"},
	} {
		g, err := depthGain(tc.without, tc.with)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%+.1f", g.plies); got != tc.plies {
			t.Errorf("depthGain(%v, %v) = %s plies, want %s", tc.without, tc.with, got, tc.plies)
		}
	}
	if _, err := depthGain([]uint64{100, 200, 400}, []uint64{800, 1600, 3200}); err == nil || !strings.Contains(err.Error(), "below depth 1") {
		t.Errorf("a budget below the first depth: %v", err)
	}
}

func TestMatchSAN(t *testing.T) {
	b := mustBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml board.MoveList
	b.GenerateMoves(&ml)
	for tok, want := range map[string]string{"O-O": "e1g1", "O-O-O": "e1c1", "Nxd7": "e5d7", "Bxa6": "e2a6", "Qxf6+": "f3f6",
		"gxh3": "g2h3", "d6": "d5d6", "Nc3b1?!": "c3b1", "Rb1": "a1b1"} {
		m, err := matchSAN(b, ml.Slice(), tok)
		if err != nil || m.String() != want {
			t.Errorf("%s: %v, %v; want %s", tok, m, err, want)
		}
	}
	for tok, want := range map[string]string{"Nd2": `"Nd2" matches 0 legal moves`, "x": `"x" is not a move`,
		"Qz9": `"Qz9" is not a move`, "N": `"N" is not a move`, "e8=Q": `"e8=Q" matches 0 legal moves`} {
		if _, err := matchSAN(b, ml.Slice(), tok); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", tok, err, want)
		}
	}
	// Two knights can reach d2 in this position only with a hint.
	two := mustBoard("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	two.GenerateMoves(&ml)
	if _, err := matchSAN(two, ml.Slice(), "Nd2"); err == nil || !strings.Contains(err.Error(), "matches 2 legal moves") {
		t.Errorf("ambiguous Nd2: %v", err)
	}
	if m, err := matchSAN(two, ml.Slice(), "Nbd2"); err != nil || m.String() != "b1d2" {
		t.Errorf("Nbd2: %v, %v", m, err)
	}
}

// The master games are read whole: every game, every move.
func TestMasterGames(t *testing.T) {
	g, err := readMasterGames()
	if err != nil {
		t.Fatal(err)
	}
	if g.Games != 461 || g.Positions != 42208 || g.Moves != 1282882 || g.Sampled != 5276 || g.Perft2 != 5380772 {
		t.Errorf("master games: %+v", g)
	}
}

func TestFlagValue(t *testing.T) {
	cmd := "plylab match --engine ramz --depth 4 --movetime 5s --book /x/book.bin"
	for name, want := range map[string]string{"depth": "4", "movetime": "5s", "book": "/x/book.bin", "games": "", "engine": "ramz"} {
		if got := flagValue(cmd, name); got != want {
			t.Errorf("flagValue(%s) = %q, want %q", name, got, want)
		}
	}
}
