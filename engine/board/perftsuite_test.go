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
