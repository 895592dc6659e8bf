package board

import "testing"

func TestPlayMoves(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		moves, fen, err string
	}{
		{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
		{"e4 c5 Nf3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		{" e2e4  c7c5 ", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", ""},
		{"e4 e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", `move 2, "e4" is not a legal move here (use SAN like Nf3 or UCI like g1f3)`},
	} {
		b, err := FromFEN(StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		err = b.PlayMoves(tt.moves)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || err.Error() != tt.err) {
			t.Errorf("PlayMoves(%q): error %v, want %q", tt.moves, err, tt.err)
		}
		if got := b.FEN(); got != tt.fen {
			t.Errorf("PlayMoves(%q): FEN %s, want %s", tt.moves, got, tt.fen)
		}
	}
}
