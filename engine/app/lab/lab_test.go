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
		{"tutorial", "Transposition tables", Refuted, "+0 plies: 255911 nodes take the tutorial's set to depth 6 without the table, to depth 6 with it (start position, pst)"},
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
		case Reproduced:
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
