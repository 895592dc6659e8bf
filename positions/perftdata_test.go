package positions

import (
	"fmt"
	"slices"
	"testing"

	"github.com/notnil/chess"
)

func TestPerftCounts(t *testing.T) {
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	line := func(n int) Position {
		t.Helper()
		p, err := perft.Find(fmt.Sprint(n))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		got  Position
		fen  string
		want []uint64
	}{
		{"named kiwipete", mustLookup(t, "kiwipete"),
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			[]uint64{48, 2039, 97862, 4085603, 193690690}},
		{"named start", mustLookup(t, "start"),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
		{"perft-1", line(1),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
		{"perft-3", line(3),
			"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
			[]uint64{15, 66, 1197, 7059, 133987, 764643}},
		{"perft-127 (en passant)", line(127),
			"1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1",
			[]uint64{10, 63, 533, 3508, 30821}},
		{"perft-128 (cpw 3, to depth 7)", line(128),
			"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
			[]uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
		{"perft-130 (cpw 4 mirrored)", line(130),
			"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
			[]uint64{6, 264, 9467, 422333, 15833292}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.FEN != tt.fen {
				t.Errorf("FEN %q, want %q", tt.got.FEN, tt.fen)
			}
			if !slices.Equal(tt.got.Perft, tt.want) {
				t.Errorf("Perft %v, want %v", tt.got.Perft, tt.want)
			}
		})
	}
	for _, p := range perft.Positions {
		if len(p.Perft) < 5 {
			t.Errorf("%s: only %d perft counts", p.Name, len(p.Perft))
		}
	}
}

// TestNamedPerftMatchesSuite checks that the named perft positions are the
// suite's lines, with the same counts.
func TestNamedPerftMatchesSuite(t *testing.T) {
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	for name, lineNo := range map[string]int{"start": 1, "kiwipete": 2, "cpw3": 128, "cpw4": 129, "cpw5": 131, "cpw6": 132} {
		p := mustLookup(t, name)
		q, err := perft.Find(fmt.Sprint(lineNo))
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN != q.FEN || !slices.Equal(p.Perft, q.Perft) {
			t.Errorf("%s = %q %v, but perft line %d = %q %v", name, p.FEN, p.Perft, lineNo, q.FEN, q.Perft)
		}
	}
}

// perftCount counts the leaves of the legal move tree of pos to depth d.
func perftCount(pos *chess.Position, d int) uint64 {
	moves := pos.ValidMoves()
	if d == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perftCount(pos.Update(m), d-1)
	}
	return n
}

// TestPerftCountsAgainstNotnil recounts the shallow published counts with
// notnil/chess: depth 1 and 2 for every suite line, depth 3 for the named
// positions (about 0.3 M leaves).
func TestPerftCountsAgainstNotnil(t *testing.T) {
	check := func(p Position, maxDepth int) {
		t.Helper()
		pos := mustPos(t, p.FEN)
		for d := 1; d <= min(maxDepth, len(p.Perft)); d++ {
			if got := perftCount(pos, d); got != p.Perft[d-1] {
				t.Errorf("%s/%s: perft(%d) = %d by notnil, published %d", p.Suite, p.Name, d, got, p.Perft[d-1])
			}
		}
	}
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range perft.Positions {
		check(p, 2)
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, p := range Named() {
		check(p, depth)
	}
}
