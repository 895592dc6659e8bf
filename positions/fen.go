package positions

import "github.com/plylab/plylab/engine/board"

// FromFEN checks a FEN a user typed with board.ChessPosition's rules (beyond
// what notnil/chess parses, the position must be able to occur: one king
// per side, no pawns on the first or last rank, castling rights that match
// the king and rook squares, a plausible en-passant square, the side not
// to move not in check, at most 16 pieces and 8 pawns per side; four
// fields are read as if " 0 1" followed) and returns it as the position
// named "fen" with the normalised six-field FEN (single spaces). The
// error is a *board.FENError.
func FromFEN(fen string) (Position, error) {
	pos, err := board.ChessPosition(fen)
	if err != nil {
		return Position{}, &board.FENError{FEN: fen, Err: err}
	}
	return Position{Name: "fen", FEN: pos.String()}, nil
}
