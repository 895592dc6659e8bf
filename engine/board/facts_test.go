package board

import (
	"reflect"
	"testing"

	"github.com/notnil/chess"
)

func TestDescribe(t *testing.T) {
	t.Parallel()
	ep := "e3"
	for _, tt := range []struct {
		fen  string
		want Facts
	}{
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Facts{FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", SideToMove: "white", Castling: "-", Status: "normal",
			LegalMoves: []string{"Kd1", "Kd2", "Kf1", "Kf2", "e3", "e4"}, LegalMoveCount: 6, Material: Material{White: 1, Black: 0, Balance: 1}}},
		// Fool's mate: White is mated.
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Facts{FEN: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			SideToMove: "white", Castling: "KQkq", Status: "checkmate", LegalMoves: []string{}, Material: Material{White: 39, Black: 39}}},
		// Black to move after 1.e4, with the en-passant square.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Facts{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			SideToMove: "black", Castling: "KQkq", EnPassant: &ep, Status: "normal",
			LegalMoves:     []string{"Na6", "Nc6", "Nf6", "Nh6", "a5", "a6", "b5", "b6", "c5", "c6", "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6"},
			LegalMoveCount: 20, Material: Material{White: 39, Black: 39}}},
		// Stalemate: Black to move, no legal move, not in check.
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Facts{FEN: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", SideToMove: "black", Castling: "-", Status: "stalemate",
			LegalMoves: []string{}, Material: Material{White: 9, Black: 0, Balance: 9}}},
		// Castling rights of one side only.
		{"4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", Facts{FEN: "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1", SideToMove: "black", Castling: "KQ", Status: "normal",
			LegalMoves: []string{"Kd7", "Kd8", "Ke7", "Kf7", "Kf8"}, LegalMoveCount: 5, Material: Material{White: 10, Black: 0, Balance: 10}}},
		// Check: the rook on e1 gives check along the open file.
		{"4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", Facts{FEN: "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", SideToMove: "black", Castling: "-", Status: "check",
			LegalMoves: []string{"Kd7", "Kd8", "Kf7", "Kf8"}, LegalMoveCount: 4, Material: Material{White: 5, Black: 0, Balance: 5}}},
	} {
		pos := &chess.Position{}
		if err := pos.UnmarshalText([]byte(tt.fen)); err != nil {
			t.Fatal(err)
		}
		if got := Describe(pos); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Describe(%s) =\n%+v\nwant\n%+v", tt.fen, got, tt.want)
		}
	}
}
