package board

import (
	"strings"
	"testing"
)

// FuzzFromFEN checks that FromFEN never panics, that a FEN it accepts
// prints back (FEN) to a FEN that parses to the same position and hash,
// and that the printed FEN is a fixed point. Errors are one line. Each legal
// move is made and unmade to check that the hash comes back.
func FuzzFromFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/4K3 b - -",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"k7/8/8/8/8/8/8/K7 w - - 99999999999999999999 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		b, err := FromFEN(fen)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("FromFEN(%q): error has several lines: %q", fen, err)
			}
			return
		}
		out := b.FEN()
		b2, err := FromFEN(out)
		if err != nil {
			t.Fatalf("FromFEN(%q) printed %q, which does not parse: %v", fen, out, err)
		}
		if b2.Hash() != b.Hash() || b2.FEN() != out {
			t.Fatalf("FromFEN(%q) printed %q, which reads back as %q (hash %x, want %x)", fen, out, b2.FEN(), b2.Hash(), b.Hash())
		}
		if b.squares != b2.squares || b.castling != b2.castling || b.ep != b2.ep || b.side != b2.side {
			t.Fatalf("FromFEN(%q) and FromFEN(%q) differ", fen, out)
		}
		var ml MoveList
		b.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			b.Make(m)
			b.Unmake()
			if b.Hash() != b2.Hash() || b.FEN() != out {
				t.Fatalf("FromFEN(%q): make/unmake %s changed the position to %q", fen, m, b.FEN())
			}
		}
	})
}
