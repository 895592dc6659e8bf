package lab

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/textbook"
)

// fullLedger is Ledger(ctx, "") made once for all the tests that read it
// (about a second and a half of searches).
var fullLedger = sync.OnceValues(func() ([]Claim, error) { return Ledger(context.Background(), "") })

func mustLedger(t *testing.T) []Claim {
	t.Helper()
	cs, err := fullLedger()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// find returns the claims of source whose Where is where.
func find(cs []Claim, source, where string) []Claim {
	var out []Claim
	for _, c := range cs {
		if c.Source == source && c.Where == where {
			out = append(out, c)
		}
	}
	return out
}

// A few verdicts the ledger must give, each for its reason: the paper's
// tables to the digit, its swapped depth-3 rows, its driver's depth, the
// tutorial's overhead and the branching factor of real games.
func TestLedgerVerdicts(t *testing.T) {
	cs := mustLedger(t)
	for _, tc := range []struct {
		source, where, verdict, live string
	}{
		{"game-trees", "Table 4, depth 3", Differs, "2096"},
		{"game-trees", "Table 5, depth 3", Differs, "988"},
		{"game-trees", "Table 4, depth 5; Section IV", Reproduced, "353292"},
		{"game-trees", "Table 5, depth 5; Section IV", Reproduced, "30903"},
		{"game-trees", "Table 1, a1a6", Reproduced, "+∞"},
		{"game-trees", "Section III driver listing (depth = 4) vs Table 1 (depth = 3)", Refuted,
			"Table 1 rows reproduced: 2 of 16 four plies after the move (the driver's depth), 16 of 16 three plies after it (the caption's depth 3)"},
		{"game-trees", "Section II-D pseudocode vs Section III alpha_beta listing", Differs,
			"the listing's strict tests: 30903 nodes at depth 5 (Table 5), value +∞; the pseudocode's: 5435 nodes, value +∞"},
		{"game-trees", "Tables 2-3 (times) vs Tables 4-5 (nodes), depth 5", Differs,
			"11.43x fewer nodes (353292 / 30903); alpha-beta 5.26 ms a node, minimax 1.15-1.59 ms over depths 1-5"},
		{"ramz", "Appendix V-A.3", Reproduced, "exponent 0.99: alpha-beta with the worst move order at every node visits 185608 nodes at depth 4, 89.8% of minimax's 206604 (start position, pesto)"},
		{"ramz", "Appendix V-A.3", Reproduced, "exponent 0.54: the minimal tree (the best move first at every node) has 23946 nodes at depth 6, minimax's tree 124132537 (start position, pesto; at depth 4: 1396 against 206604, exponent 0.59)"},
		{"ramz", "Appendix V-A.3", Differs, "depth 5: the minimal tree fits depth 5 in the 9323 nodes minimax needs for depth 3; depth 6 takes 23946, 2.6 times as many (start position, pesto)"},
		{"ramz", "Abstract; Section III", AddsUp, "RAM-Z scores 65.5% (95% interval 56.6-73.3%) in Table I's 100 games"},
		{"blog", "The Search Function listing; Checkmates and Stalemates", Reproduced,
			"plylab's alpha-beta on a side with no legal moves: checkmated (R6k/6pp/8/8/8/8/8/K7 b - - 0 1) -32000, MateScore (32000) less the 0 plies from the root; stalemated (7k/5Q2/6K1/8/8/8/8/8 b - - 0 1) 0"},
		{"ruby", "quiescence text (QxP, then PxQ)", Reproduced,
			"on 6k1/8/8/3p4/4p3/8/8/4QK2 w - - 0 1, material: +800 after Qxe4 (from +700: +100), -100 after dxe4 (-800); at depth 1 plylab's alpha-beta plays Qxe4 without quiescence, Kg1 with it"},
		{"ruby", "quiescence text vs its quiesce listing", Differs, "negamax"},
		{"blog", "Checkmates and Stalemates", Reproduced,
			"on 7k/8/6K1/8/8/8/8/R7 w, depth 3, the game-trees paper's alpha-beta cutting on ties plays a1a8 (mate in 1) with the term, g6f7 (mate in 2) without"},
		{"ramz", "Appendix V-A.5", Reproduced, "1050 (delta true, node-level test only true, in the ramz preset)"},
		{"ramz", "Table I, RandomAgent row", Differs, "+100 =0 -0"},
	} {
		found := false
		for _, c := range find(cs, tc.source, tc.where) {
			if c.Live == tc.live || (len(tc.live) < 12 && strings.Contains(c.Live, tc.live)) {
				found = true
				if c.Verdict != tc.verdict {
					t.Errorf("%s, %s: %s, want %s (%s)", tc.source, tc.where, c.Verdict, tc.verdict, c.Live)
				}
			}
		}
		if !found {
			t.Errorf("%s, %s: no row with plylab %q in %+v", tc.source, tc.where, tc.live, find(cs, tc.source, tc.where))
		}
	}
}

// Every row is complete: a known source and kind, where it is said, what
// is claimed, a verdict from the four and the rule that gave it, and a why
// for every verdict but reproduced; a not-checkable row says what it would
// take (its why) and a checkable one has a measured value.
func TestLedgerRows(t *testing.T) {
	cs := mustLedger(t)
	rules := map[string]bool{}
	for _, r := range RuleText {
		rules[r.Name] = true
	}
	kinds := map[string]bool{KindValue: true, KindSetting: true, KindCited: true, KindContradiction: true}
	for i, c := range cs {
		bad := func(what string) { t.Errorf("row %d (%s, %s, %q): %s", i+1, c.Source, c.Where, c.Claim, what) }
		if !KnownSource(c.Source) || !kinds[c.Kind] || c.Where == "" || c.Claim == "" || c.Claimed == "" {
			bad("incomplete")
		}
		switch c.Verdict {
		case Reproduced, AddsUp:
		case Differs, Refuted, NotCheckable:
			if c.Why == "" {
				bad("a " + c.Verdict + " verdict without a why")
			}
		default:
			bad("unknown verdict " + c.Verdict)
		}
		if !rules[c.Rule] || (c.Rule == RuleNone) != (c.Verdict == NotCheckable) {
			bad("rule " + c.Rule + " with verdict " + c.Verdict)
		}
		if c.Verdict != NotCheckable && c.Live == "" {
			bad("a checked claim without a measured value")
		}
	}
	if n := Contradictions(cs); n < 10 {
		t.Errorf("%d contradictions, want the ones the sources hold", n)
	}
}

// "Reproduced" means measured: a claim is reproduced only on plylab's own
// measurement (now or stored), a claim on the source's own numbers adds
// up at most, and only a claim plylab cannot check has no basis.
func TestLedgerBasis(t *testing.T) {
	cs := mustLedger(t)
	count := map[string]int{}
	for i, c := range cs {
		bad := func(what string) { t.Errorf("row %d (%s, %s, %q): %s", i+1, c.Source, c.Where, c.Claim, what) }
		count[c.Basis]++
		switch c.Basis {
		case BasisMeasured, BasisStored:
			if c.Verdict == AddsUp || c.Verdict == NotCheckable {
				bad("measured, yet " + c.Verdict)
			}
			if (c.Basis == BasisStored) != c.Slow {
				bad("stored and slow must go together")
			}
		case BasisSource:
			if c.Verdict == Reproduced || c.Verdict == NotCheckable {
				bad("the source's own numbers, yet " + c.Verdict)
			}
		case BasisNone:
			if c.Verdict != NotCheckable {
				bad("no basis, yet " + c.Verdict)
			}
		default:
			bad("unknown basis " + c.Basis)
		}
	}
	for _, b := range []string{BasisMeasured, BasisStored, BasisSource, BasisNone} {
		if count[b] == 0 {
			t.Errorf("no claim has the basis %s", b)
		}
	}
	// The claims the ledger once counted as reproduced by arithmetic on the
	// sources' own numbers.
	for _, w := range []struct{ source, claim string }{
		{"ramz", "Table I puts RAM-Z at about 1500 Elo"},
		{"ramz", "RAM-Z bests 1400-Elo Stockfish"},
		{"ramz", "RAM-Z is at parity with 1500-Elo Stockfish"},
		{"ramz", "1600-Elo Stockfish bests RAM-Z"},
		{"tutorial", "depth 6 is 35^6 positions: 1.8 billion"},
		{"ruby", "35^2 = 1225"},
	} {
		for _, c := range cs {
			if c.Source == w.source && c.Claim == w.claim && (c.Verdict != AddsUp || c.Basis != BasisSource) {
				t.Errorf("%s, %q: %s on %s, want %s on %s", w.source, w.claim, c.Verdict, c.Basis, AddsUp, BasisSource)
			}
		}
	}
}

// settle keeps "reproduced" for measurements.
func TestSettle(t *testing.T) {
	for _, tc := range []struct {
		in           Claim
		basis, verdi string
	}{
		{Claim{Verdict: Reproduced}, BasisMeasured, Reproduced},
		{Claim{Verdict: Reproduced, Slow: true}, BasisStored, Reproduced},
		{Claim{Verdict: Reproduced, Basis: BasisSource}, BasisSource, AddsUp},
		{Claim{Verdict: Differs, Basis: BasisSource}, BasisSource, Differs},
		{Claim{Verdict: NotCheckable, Slow: true}, BasisNone, NotCheckable},
	} {
		c := tc.in
		settle(&c)
		if c.Basis != tc.basis || c.Verdict != tc.verdi {
			t.Errorf("settle(%+v) = %s on %s, want %s on %s", tc.in, c.Verdict, c.Basis, tc.verdi, tc.basis)
		}
	}
}

// Ledger for one source gives that source's rows of the whole ledger.
func TestLedgerSource(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the ledger's searches again")
	}
	all := mustLedger(t)
	for _, s := range SourceNames() {
		cs, err := Ledger(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		var want []Claim
		for _, c := range all {
			if c.Source == s {
				want = append(want, c)
			}
		}
		if len(cs) != len(want) {
			t.Fatalf("%s: %d rows, want %d", s, len(cs), len(want))
		}
		for i := range cs {
			if cs[i] != want[i] {
				t.Errorf("%s row %d: %+v, want %+v", s, i+1, cs[i], want[i])
			}
		}
	}
}

func TestLedgerCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Ledger(ctx, "game-trees"); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled ledger: %v, want %v", err, context.Canceled)
	}
}

// The driver's scores of every root move visit the same tree as the
// paper's search from the root: the ledger counts Table 4's depths 4 and
// 5 from them.
func TestPaperRootNodes(t *testing.T) {
	b := mustBoard(paperMate2)
	for d := 1; d <= 4; d++ {
		_, nodes, err := rootScores(context.Background(), b, false, d)
		if err != nil {
			t.Fatal(err)
		}
		if want := textbook.PaperSearch(context.Background(), b, false, engine.PaperOptions{}, d).Stats.Nodes; nodes != want {
			t.Errorf("depth %d: root and subtrees %d nodes, the search %d", d, nodes, want)
		}
	}
}

func TestStored(t *testing.T) {
	cs, err := Stored()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if !KnownSource(c.Source) || c.Where == "" || c.Claimed == "" || c.Verdict == "" || c.Command == "" || c.Date == "" {
			t.Errorf("incomplete stored claim %+v", c)
		}
	}
}
