package engine

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// The exported settings are the ones the searches use.
func TestSettings(t *testing.T) {
	if got := KillersPerPly(); got != 2 {
		t.Errorf("KillersPerPly = %d, want 2", got)
	}
	if from, to := HistoryShape(); from != 64 || to != 64 {
		t.Errorf("HistoryShape = %dx%d, want 64x64", from, to)
	}
	for d, want := range map[int]int{1: 1, 3: 9, 6: 36, 12: 144} {
		if got := HistoryBonus(d); got != want {
			t.Errorf("HistoryBonus(%d) = %d, want %d", d, got, want)
		}
	}
	for tp, want := range map[board.PieceType]int{board.NoPieceType: 0, board.Pawn: 100, board.Knight: 300, board.Bishop: 300,
		board.Rook: 500, board.Queen: 900, board.King: 1000, board.PieceType(7): 0, board.PieceType(200): 0} {
		if got := PaperPieceValue(tp); got != want {
			t.Errorf("PaperPieceValue(%d) = %d, want %d", tp, got, want)
		}
	}
}

// Both null-move guards, on positions that tell them apart.
func TestNullMoveAllowed(t *testing.T) {
	ramz, plain := RamzOptions(), EngineOptions()
	for _, tc := range []struct {
		fen         string
		ramz, plain bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, true},
		{"4k3/8/8/8/8/8/4N3/4K3 w - - 0 1", false, true},    // a minor piece only: plylab's guard allows it
		{"4k3/r7/8/8/8/8/8/4K3 w - - 0 1", true, false},     // the opponent's rook: RAM-Z's guard allows it
		{"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", false, false}, // pawns only
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", true, false},     // Black to move, White's queen
	} {
		b, err := board.FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := ramz.NullMoveAllowed(b); got != tc.ramz {
			t.Errorf("%s: ramz guard %v, want %v", tc.fen, got, tc.ramz)
		}
		if got := plain.NullMoveAllowed(b); got != tc.plain {
			t.Errorf("%s: plylab's guard %v, want %v", tc.fen, got, tc.plain)
		}
	}
}
