package lab

import (
	"reflect"
	"strings"
	"testing"
)

func TestLedgerHelpers(t *testing.T) {
	if got, want := SourceNames(), []string{"ramz", "blog", "game-trees", "ruby", "tutorial"}; !reflect.DeepEqual(got, want) {
		t.Errorf("SourceNames = %v, want %v", got, want)
	}
	cs := []Claim{
		{Verdict: Reproduced, Why: "same counts"},
		{Verdict: Differs, Why: "  ", Slow: true, Command: "plylab match --games 100", Date: "2026-11-01"},
		{Verdict: Reproduced, Slow: true, Command: "stockfish bench"},
		{Verdict: NotRun, Slow: true, Command: "plylab"},
		{Verdict: Refuted, Slow: true, Why: "no command"},
	}
	for i, want := range []string{"same counts", "(stored: plylab match --games 100, 2026-11-01)", "(stored: stockfish bench, )", "(stored: plylab, )", "no command"} {
		if got := cs[i].Note(); got != want {
			t.Errorf("claim %d: Note = %q, want %q", i, got, want)
		}
	}
	if got, want := SummaryLine(cs), "5 claims: 1 differs, 1 not run, 1 refuted, 2 reproduced"; got != want {
		t.Errorf("SummaryLine = %q, want %q", got, want)
	}
	want := []Rerun{{"plylab match --games 100", []string{"plylab", "match", "--games", "100"}}}
	if got := SlowCommands(cs); !reflect.DeepEqual(got, want) {
		t.Errorf("SlowCommands = %+v, want %+v", got, want)
	}
}

// The transposition-table claim's verdict and its explanation agree for
// every gain in depth.
func TestTableVerdictWhy(t *testing.T) {
	for _, tc := range []struct {
		gain    int
		verdict string
		why     string
	}{
		{4, Reproduced, "matches the tutorial's"},
		{3, Reproduced, "matches the tutorial's"},
		{2, Differs, "smaller than the tutorial's"},
		{1, Differs, "smaller than the tutorial's"},
		{0, Refuted, "no gain in depth"},
		{-1, Refuted, "no gain in depth"},
	} {
		if v, w := tableVerdict(tc.gain), tableWhy(tc.gain); v != tc.verdict || !strings.Contains(w, tc.why) {
			t.Errorf("gain %d: %s, %q; want %s, ...%s...", tc.gain, v, w, tc.verdict, tc.why)
		}
	}
}
