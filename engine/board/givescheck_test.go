package board

import "testing"

// TestGivesCheck pins GivesCheck on moves built to show each way a move
// can check (the differential test covers random games; these are the
// rare kinds it may meet only a few times), and on near misses that do not
// check. Each answer is also compared with InCheck after making the move.
func TestGivesCheck(t *testing.T) {
	cases := []struct {
		name, fen, move string
		want            bool
	}{
		{"direct knight check", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "b1d2", false},
		{"knight lands checking", "4k3/8/8/8/2N5/8/8/4K3 w - - 0 1", "c4d6", true},
		{"pawn check", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "d5d6", false},
		{"pawn push checks", "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "d6d7", true},
		{"discovered by a knight", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c3", true},
		{"a blocker moving along the line", "4k3/8/8/8/4P3/8/8/4R1K1 w - - 0 1", "e4e5", false},
		{"en passant opens the rank", "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", "e5d6", true},
		{"en passant, rank still shut", "8/8/8/k1npP2R/8/8/8/4K3 w - d6 0 1", "e5d6", false},
		{"castling rook checks", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true},
		{"queenside castling rook checks", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true},
		{"castling, no check", "6k1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", false},
		{"promotion to a queen checks", "3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", true},
		{"underpromotion to a rook checks", "3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", true},
		{"underpromotion to a bishop does not", "3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8b", false},
		{"knight promotion checks", "8/P1k5/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", true},
		{"capture removes the blocker of our own line", "4k3/8/4p3/8/8/8/8/4R1K1 w - - 0 1", "e1e6", true},
		{"black: knight discovers the queen", "4k3/q7/8/8/3n4/8/8/6K1 b - - 0 1", "d4b3", true},
		{"black: quiet king move", "4k3/8/8/8/8/8/8/6K1 b - - 0 1", "e8d8", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := FromFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			var ml MoveList
			b.GenerateMoves(&ml)
			var m Move
			for _, x := range ml.Slice() {
				if x.String() == c.move {
					m = x
				}
			}
			if m == NoMove {
				t.Fatalf("%s is not legal in %s", c.move, c.fen)
			}
			if got := b.GivesCheck(m); got != c.want {
				t.Errorf("GivesCheck(%s) = %v, want %v", c.move, got, c.want)
			}
			b.Make(m)
			if b.InCheck() != c.want {
				t.Errorf("after %s InCheck = %v; the case is built wrong", c.move, b.InCheck())
			}
		})
	}
}
