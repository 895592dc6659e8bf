package book

import "testing"

func TestBuildOptionsDescribe(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		o    BuildOptions
		want string
	}{
		{BuildOptions{}, "first 20 plies of each game, every move played, weight = 2 per win + 1 per draw for the side that moved"},
		{BuildOptions{MaxPly: 16, MinGames: 1}, "first 16 plies of each game, every move played, weight = 2 per win + 1 per draw for the side that moved"},
		{BuildOptions{MaxPly: 30, MinGames: 3, ByCount: true}, "first 30 plies of each game, moves played in at least 3 games, weight = number of games"},
	} {
		if got := tt.o.Describe(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.o, got, tt.want)
		}
	}
}

func TestShares(t *testing.T) {
	t.Parallel()
	entries := []Entry{{SAN: "e4", Weight: 6}, {SAN: "d4", Weight: 3}, {SAN: "c4", Weight: 1}, {SAN: "g4", Weight: 0}}
	total := TotalWeight(entries)
	if total != 10 {
		t.Fatalf("TotalWeight = %d, want 10", total)
	}
	for i, want := range []float64{60, 30, 10, 0} {
		if got := entries[i].Percent(total); got != want {
			t.Errorf("%s: %v%%, want %v%%", entries[i].SAN, got, want)
		}
	}
	if TotalWeight(nil) != 0 || entries[0].Percent(0) != 0 {
		t.Error("no weight at all: want total 0 and share 0")
	}
	// Weights of uint16 records add up beyond 16 bits.
	if got := TotalWeight([]Entry{{Weight: 65535}, {Weight: 65535}}); got != 131070 {
		t.Errorf("TotalWeight of two full weights = %d, want 131070", got)
	}
}
