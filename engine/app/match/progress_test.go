package match

import (
	"strings"
	"testing"
)

// TestProgressMarkdown: one row a match, and a pooled row after the last
// match of a search that played more than one against the same opponent
// at the same time control, with exact counts and Elo (WDL.Elo's
// interval, tested in stats_test.go).
func TestProgressMarkdown(t *testing.T) {
	ms := []ProgressMatch{
		{Bench: 7, Opponent: "0.1", TC: "10+0.1", Seed: 1, Wins: 30, Draws: 40, Losses: 30, Stop: "fixed length", Command: "c"},
		{Bench: 8, Played: "a scratch build", Opponent: "0.1", TC: "10+0.1", Seed: 2, Wins: 60, Draws: 30, Losses: 10, Stop: "fixed length", Command: "c"},
		{Bench: 7, Opponent: "0.1", TC: "60+0.6", Seed: 3, Wins: 10, Draws: 0, Losses: 0, Stop: "fixed length", Command: "c"},
		{Bench: 8, Opponent: "0.1", TC: "10+0.1", Seed: 4, Wins: 20, Draws: 60, Losses: 20, Stop: "SPRT", Command: "c"},
		{Bench: 8, Clock: "timeman", Opponent: "0.1", TC: "10+0.1", Seed: 5, Wins: 50, Draws: 40, Losses: 10, Stop: "fixed length", Command: "c"},
		{Bench: 8, Clock: "timeman", Opponent: "0.1", TC: "10+0.1", Seed: 6, Wins: 10, Draws: 0, Losses: 0, Stop: "fixed length", Command: "c"},
	}
	got := strings.Split(strings.TrimSpace(ProgressMarkdown(ms)), "\n")
	want := []string{
		"| search | match | games | W | D | L | score | Elo, 95 % interval | stop |",
		"|---|---|---:|---:|---:|---:|---:|---|---|",
		"| bench 7 | 0.1, 10 s + 0.1 s, seed 1 | 100 | 30 | 40 | 30 | 50.0 % | +0 (−52 to +52) | fixed length |",
		"| bench 8 (a scratch build) | 0.1, 10 s + 0.1 s, seed 2 | 100 | 60 | 30 | 10 | 75.0 % | +191 (+127 to +247) | fixed length |",
		"| bench 7 | 0.1, 60 s + 0.6 s, seed 3 | 10 | 10 | 0 | 0 | 100.0 % | +inf (+166 to +inf) | fixed length |",
		"| bench 8 | 0.1, 10 s + 0.1 s, seed 4 | 100 | 20 | 60 | 20 | 50.0 % | +0 (−42 to +42) | SPRT |",
		"| **bench 8** | **all 2 matches** | 200 | 80 | 90 | 30 | 62.5 % | +89 (+52 to +124) |  |",
		"| bench 8 with timeman | 0.1, 10 s + 0.1 s, seed 5 | 100 | 50 | 40 | 10 | 70.0 % | +147 (+91 to +197) | fixed length |",
		"| bench 8 with timeman | 0.1, 10 s + 0.1 s, seed 6 | 10 | 10 | 0 | 0 | 100.0 % | +inf (+166 to +inf) | fixed length |",
		"| **bench 8 with timeman** | **all 2 matches** | 110 | 60 | 40 | 10 | 72.7 % | +170 (+114 to +220) |  |",
	}
	if len(got) != len(want) {
		t.Fatalf("ProgressMarkdown gave %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], want[i])
		}
	}
}

// TestStoredProgress: the stored rows read, and each is complete.
func TestStoredProgress(t *testing.T) {
	ms, err := StoredProgress()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatal("progress.json holds no match")
	}
	for _, m := range ms {
		if !strings.Contains(m.Command, "--seed") || !strings.HasPrefix(m.Command, "plylab match ") {
			t.Errorf("seed %d: command %q does not replay a match", m.Seed, m.Command)
		}
	}
}

// TestProgressPooled: the pooled games of one search against the
// opponent and time control of its last match.
func TestProgressPooled(t *testing.T) {
	ms := []ProgressMatch{
		{Bench: 7, Opponent: "a", TC: "10+0.1", Wins: 1, Draws: 2, Losses: 3},
		{Bench: 8, Opponent: "a", TC: "10+0.1", Wins: 10, Draws: 20, Losses: 30},
		{Bench: 7, Opponent: "b", TC: "10+0.1", Wins: 100, Draws: 200, Losses: 300},
		{Bench: 7, Opponent: "a", TC: "10+0.1", Wins: 4, Draws: 5, Losses: 6},
		{Bench: 7, Clock: "timeman", Opponent: "a", TC: "10+0.1", Wins: 40, Draws: 50, Losses: 60},
	}
	for _, c := range []struct {
		bench int
		clock string
		n     int
		want  WDL
	}{{7, "", 2, WDL{5, 7, 9}}, {8, "", 1, WDL{10, 20, 30}}, {9, "", 0, WDL{}}, {7, "timeman", 1, WDL{40, 50, 60}}, {8, "timeman", 0, WDL{}}} {
		got, n := ProgressPooled(ms, c.bench, c.clock)
		if got != c.want || n != c.n {
			t.Errorf("ProgressPooled(bench %d, %q) = %v from %d matches, want %v from %d", c.bench, c.clock, got, n, c.want, c.n)
		}
	}
	if got := EloInterval(WDL{20, 60, 20}); got != "+0 (−42 to +42)" {
		t.Errorf("EloInterval = %q", got)
	}
}
