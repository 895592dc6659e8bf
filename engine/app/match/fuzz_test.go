package match

import (
	"strings"
	"testing"
)

// pgnSeeds are PGN texts for the fuzzers: games, a FEN tag, comments,
// variations, and broken ones.
var pgnSeeds = []string{
	"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
	"[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q+ Kd7 *\n",
	"1. d4 {a comment} d5 (1... Nf6 2. c4) 2. c4 $1 e6 1/2-1/2\n\n1. e4 c5 0-1\n",
	"[Event \"x\"]\n\n1. e4 e4 *\n",
	"[FEN \"garbage\"]\n\n1. e4 *\n",
	"[Event \"unterminated\n1. Nf3",
}

// FuzzReadPGN reads fuzzed PGN as match openings (match --openings
// FILE.pgn). Properties: no panic; an error is one line; every opening
// replays legally (validate) with at most the asked plies.
func FuzzReadPGN(f *testing.F) {
	for _, s := range pgnSeeds {
		f.Add(s, 4)
	}
	f.Fuzz(func(t *testing.T, pgn string, plies int) {
		if len(pgn) > 5000 {
			return
		}
		plies = min(max(plies, 0), 20)
		l, err := ReadPGN(strings.NewReader(pgn), "fuzz.pgn", plies)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error has several lines: %q", err)
			}
			return
		}
		for _, o := range l.Openings {
			if len(o.Moves) > plies {
				t.Fatalf("opening %s has %d moves, more than %d", o.Name, len(o.Moves), plies)
			}
			if _, err := o.validate(); err != nil {
				t.Fatalf("opening %s %v does not replay: %v", o.FEN, o.Moves, err)
			}
		}
	})
}

// FuzzReadEPD reads fuzzed EPD/FEN opening files (match --openings
// FILE.epd). Properties: no panic; an error is one line; every opening
// validates and has a one-line name.
func FuzzReadEPD(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
		"# openings\n\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"Two knights\";\n",
		"7k/7P/6K1/8/3B4/8/8/8 b - - 0 1\n",
		"8/8/8 w\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, epd string) {
		if len(epd) > 5000 {
			return
		}
		l, err := ReadEPD(strings.NewReader(epd), "fuzz.epd")
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error has several lines: %q", err)
			}
			return
		}
		for _, o := range l.Openings {
			if strings.ContainsAny(o.Name, "\r\n") {
				t.Fatalf("name %q has several lines", o.Name)
			}
			if _, err := o.validate(); err != nil {
				t.Fatalf("opening %q does not validate: %v", o.FEN, err)
			}
		}
	})
}
