package board_test

import (
	"os"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// TestPerftSuite checks every position of the 132-position perft suite
// against its published counts. By default each position goes as deep as
// keeps the whole suite at a few seconds on two cores (at most about 20
// million leaves per position, and at least depth 3); PLYLAB_PERFT_FULL=1
// runs every published depth (about 30 s here, 3.9 billion leaves).
func TestPerftSuite(t *testing.T) {
	suite, err := positions.LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	full := os.Getenv("PLYLAB_PERFT_FULL") != ""
	var leaves uint64
	for _, p := range suite.Positions {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		for d, want := range p.Perft {
			depth := d + 1
			if !full && depth > 3 && want > 20_000_000 {
				break
			}
			if got := b.Perft(depth); got != want {
				t.Fatalf("%s (%s) depth %d: %d, want %d", p.Name, p.FEN, depth, got, want)
			}
			leaves += want
		}
	}
	t.Logf("checked %d positions, %d leaves (full=%v)", len(suite.Positions), leaves, full)
}

// TestHasLegalMove checks the early-exit HasLegalMove against the full
// generator at every node of the perft suite's trees to depth 3 (mates,
// stalemates, pins, double checks and en passant included), plus a few
// positions built for it.
func TestHasLegalMove(t *testing.T) {
	suite, err := positions.LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	fens := []string{
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",     // stalemate
		"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",  // not yet mate
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",  // back-rank mate
		"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",  // en passant would open the rank to the king
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", // en passant
		"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",  // pinned bishop, king moves
		"k7/8/8/8/8/8/1r6/K6r w - - 0 1",     // in check, the only escape is a capture
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",      // stalemate in the corner
		"4k3/8/8/8/8/8/3q4/4K2R w K - 0 1",   // check: only captures and steps
	}
	for _, p := range suite.Positions {
		fens = append(fens, p.FEN)
	}
	var nodes, without int
	var walk func(b *board.Board, depth int)
	walk = func(b *board.Board, depth int) {
		var ml board.MoveList
		b.GenerateMoves(&ml)
		nodes++
		if got, want := b.HasLegalMove(), ml.N > 0; got != want {
			t.Fatalf("%s: HasLegalMove %v, the generator found %d moves", b.FEN(), got, ml.N)
		}
		if ml.N == 0 {
			without++
		}
		if depth == 0 {
			return
		}
		for _, m := range ml.Slice() {
			b.Make(m)
			walk(b, depth-1)
			b.Unmake()
		}
	}
	for _, fen := range fens {
		b, err := board.FromFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		depth := 3
		if testing.Short() {
			depth = 2
		}
		walk(b, depth)
	}
	if without == 0 {
		t.Fatal("no node without moves was checked")
	}
	t.Logf("%d nodes, %d without a legal move", nodes, without)
}
