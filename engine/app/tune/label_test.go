package tune

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

func TestParseWDL(t *testing.T) {
	for _, tc := range []struct {
		line string
		want [3]int
		ok   bool
	}{
		{"info depth 8 seldepth 9 multipv 1 score cp 0 wdl 9 982 9 nodes 8540 pv c1d2 e6d5", [3]int{9, 982, 9}, true},
		{"info depth 8 score cp 31 wdl 120 870 10 nodes 10 pv e2e4", [3]int{120, 870, 10}, true},
		{"info depth 8 multipv 2 score cp 0 wdl 9 982 9 pv c1d2", [3]int{}, false},
		{"info depth 8 score cp 50 lowerbound wdl 300 700 0 pv e2e4", [3]int{}, false},
		{"info depth 8 score cp 50 upperbound wdl 300 700 0", [3]int{}, false},
		{"info string wdl 1 2 3", [3]int{}, false},
		{"info depth 8 score cp 50 nodes 10 pv e2e4", [3]int{}, false},
		{"info depth 8 score cp 50 wdl 300 700", [3]int{}, false},
		{"info depth 8 score cp 50 wdl 300 -1 0", [3]int{}, false},
		{"bestmove e2e4", [3]int{}, false},
		{"", [3]int{}, false},
	} {
		got, ok := parseWDL(tc.line)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseWDL(%q) = %v, %v; want %v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

func TestExpectedScore(t *testing.T) {
	for _, tc := range []struct {
		wdl  [3]int
		side board.Color
		want float64
	}{
		{[3]int{600, 300, 100}, board.White, 0.75},
		{[3]int{600, 300, 100}, board.Black, 0.25},
		{[3]int{9, 982, 9}, board.White, 0.5},
		{[3]int{1000, 0, 0}, board.Black, 0},
		{[3]int{1, 1, 1}, board.White, 0.5},
		{[3]int{2, 0, 1}, board.White, 0.6667},
		{[3]int{0, 0, 0}, board.White, 0.5},
	} {
		if got := ExpectedScore(tc.wdl, tc.side); got != tc.want {
			t.Errorf("ExpectedScore(%v, %v) = %v, want %v", tc.wdl, tc.side, got, tc.want)
		}
	}
}

// TestLabelledTraining labels a short game with a stand-in engine that
// always expects 0.75 for the side to move: with weight 1 the labels are
// 0.75 on White's moves and 0.25 on Black's, with weight 0.5 halfway to
// the game's result (1-0); the cache keeps every label, and a second run
// reads them all from it and searches nothing.
func TestLabelledTraining(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(games, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine, err := filepath.Abs("testdata/fake-wdl-engine.sh")
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "labels.tsv")
	var searched, cached int
	tr := Training{PGN: []string{games}, Skip: 1, Every: 1, LabelEngine: engine, LabelDepth: 8, LabelWeight: 1, LabelCache: cache,
		Labelled: func(s, c int) { searched, cached = s, c }}
	set, err := tr.Load(context.Background(), &eval.DefaultWeights)
	if err != nil {
		t.Fatal(err)
	}
	// After 1.e4 Black is to move (0.25 for White), after 1...e5 White
	// (0.75), and so on: six quiet positions.
	want := []float64{0.25, 0.75, 0.25, 0.75, 0.25, 0.75}
	if len(set.Samples) != len(want) {
		t.Fatalf("%d samples, want %d", len(set.Samples), len(want))
	}
	for i, s := range set.Samples {
		if s.Result != want[i] {
			t.Errorf("sample %d: label %v, want %v", i, s.Result, want[i])
		}
	}
	if searched != 6 || cached != 0 {
		t.Errorf("first run: %d searched, %d cached; want 6, 0", searched, cached)
	}
	if !strings.Contains(set.Source, "labels: 0 × game result + 1 × the expected score of fake-wdl-engine.sh at depth 8") {
		t.Errorf("source %q does not describe the labels", set.Source)
	}
	data, err := os.ReadFile(cache)
	if err != nil || strings.Count(string(data), "\n") != 6 || !strings.Contains(string(data), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\t0.7500\n") {
		t.Errorf("cache file %q, %v; want six lines, the position after 1.e4 e5 labelled 0.7500", data, err)
	}

	tr.LabelWeight = 0.5
	set, err = tr.Load(context.Background(), &eval.DefaultWeights)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range set.Samples {
		if w := 0.5 + want[i]/2; s.Result != w {
			t.Errorf("weight 0.5, sample %d: label %v, want %v", i, s.Result, w)
		}
	}
	if searched != 0 || cached != 6 {
		t.Errorf("second run: %d searched, %d cached; want 0, 6", searched, cached)
	}

	// With every label cached the engine is never started: a program
	// that is no UCI engine at all does not matter.
	tr.LabelEngine = "/bin/true"
	if set, err = tr.Load(context.Background(), &eval.DefaultWeights); err != nil || len(set.Samples) != 6 || searched != 0 || cached != 6 {
		t.Errorf("all cached, engine /bin/true: %v, %d samples, %d searched, %d cached; want no error, 6, 0, 6", err, len(set.Samples), searched, cached)
	}
}

// TestLabelErrors: an engine without wdl, a missing engine, a broken
// cache file and a depth out of range are errors that say so.
func TestLabelErrors(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(games, []byte("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noWDL := filepath.Join(dir, "nowdl.sh")
	fake, _ := filepath.Abs("testdata/fake-wdl-engine.sh")
	if err := os.WriteFile(noWDL, []byte("#!/bin/sh\nexec "+fake+" nowdl\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.tsv")
	if err := os.WriteFile(bad, []byte("not a label line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, engine, cache string
		depth               int
		want                string
	}{
		{"no wdl", noWDL, "", 8, "reports no win/draw/loss estimate"},
		{"missing engine", filepath.Join(dir, "missing"), "", 8, "not found"},
		{"broken cache", fake, bad, 8, "bad.tsv, line 1: want FEN, a tab and a label from 0 to 1"},
		{"depth", fake, "", 0, "label depth 0 is out of range"},
		{"not UCI", "/bin/true", "", 8, "/bin/true does not answer as a UCI engine: the engine ended"},
	} {
		tr := Training{PGN: []string{games}, Skip: 1, Every: 1, LabelEngine: tc.engine, LabelDepth: tc.depth, LabelWeight: 1, LabelCache: tc.cache}
		_, err := tr.Load(context.Background(), &eval.DefaultWeights)
		var le *LabelError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v; want a *LabelError containing %q", tc.name, err, tc.want)
		}
		if tc.name == "no wdl" && !errors.Is(err, ErrNoWDL) {
			t.Errorf("no wdl: %v is not ErrNoWDL", err)
		}
		if tc.name == "not UCI" && !errors.Is(err, ErrNotUCI) {
			t.Errorf("not UCI: %v is not ErrNotUCI", err)
		}
	}
}
