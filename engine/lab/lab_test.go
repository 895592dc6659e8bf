package lab

import (
	"context"
	"testing"
)

func TestLedgerGameTrees(t *testing.T) {
	cs, err := Ledger(context.Background(), "game-trees")
	if err != nil {
		t.Fatal(err)
	}
	sum := Summary(cs)
	// Every claim of the paper is reproduced except its swapped depth-3
	// rows and its times (not node counts).
	want := map[string]int{Reproduced: 26, Differs: 3}
	if len(sum) != len(want) || sum[Reproduced] != want[Reproduced] || sum[Differs] != want[Differs] {
		t.Errorf("verdicts %v, want %v", sum, want)
	}
	for _, c := range cs {
		if c.Source != "game-trees" {
			t.Errorf("source %q in a game-trees ledger", c.Source)
		}
	}
}

func TestStored(t *testing.T) {
	cs, err := Stored()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if !KnownSource(c.Source) || c.Where == "" || c.Claimed == "" || c.Verdict == "" {
			t.Errorf("incomplete stored claim %+v", c)
		}
	}
}
