package main

import (
	"os"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"perft_divide_kiwipete", []string{"perft", "-p", "kiwipete", "--depth", "3", "--divide", "--reference"}},
		{"perft_cpw", []string{"perft", "-p", "cpw4", "--depth", "3", "--reference"}},
		{"perft_suite", []string{"perft", "--suite", "perft", "--depth", "2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, append(tc.args, "--format", "csv")...)
			wantOK(t, r)
			golden(t, tc.name, maskCSV(t, r.stdout))
		})
	}
}

func TestPerftErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "--depth", "0"}, "--depth must be between 1 and 12, got 0"},
		{[]string{"perft", "--depth=-3"}, "--depth must be between 1 and 12, got -3"},
		{[]string{"perft", "--depth", "13"}, "--depth must be between 1 and 12"},
		{[]string{"perft", "--depth", "9"}, "predicted to take about"},
		{[]string{"perft", "-p", "kiwipet"}, `unknown position "kiwipet"`},
		{[]string{"perft", "--fen", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"}, "two white kings"},
		{[]string{"perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"}, "expected 6 fields, found 5"},
		{[]string{"perft", "--fen", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1"}, "the side not to move (black) is in check"},
		{[]string{"perft", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1"}, `bad castling field "KX"`},
		{[]string{"perft", "--suite", "perft", "--divide"}, "--divide works on one position"},
		{[]string{"perft", "--stockfish", "/nonexistent/stockfish", "--depth", "1"}, "cannot start Stockfish"},
	}
	for _, tc := range tests {
		line := wantUsageError(t, runCLI(t, tc.args...))
		if !strings.Contains(line, tc.want) {
			t.Errorf("%v: %q, want it to contain %q", tc.args, line, tc.want)
		}
	}
}

func TestPerftStockfish(t *testing.T) {
	const sf = "/usr/games/stockfish"
	if !fileExists(sf) {
		t.Skip("Stockfish not installed (./test.sh installs it)")
	}
	r := runCLI(t, "perft", "-p", "kiwipete", "--depth", "3", "--stockfish", sf, "--format", "csv")
	wantOK(t, r)
	if !strings.Contains(maskCSV(t, r.stdout), "97862,T,T,97862,T,T,") {
		t.Fatalf("stockfish counts missing:\n%s", maskCSV(t, r.stdout))
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
