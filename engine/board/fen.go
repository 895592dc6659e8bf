package board

import (
	"fmt"

	"github.com/plylab/plylab/positions"
)

// FENError is a FEN that does not describe a position that can occur,
// worded for the person who typed it:
//
//	invalid FEN "...": two white kings
type FENError struct {
	FEN string // as given
	Err error  // what is wrong (ChessPosition's error, without the FEN)
}

// Error names the FEN and says what is wrong with it.
func (e *FENError) Error() string { return fmt.Sprintf("invalid FEN %q: %s", e.FEN, e.Err.Error()) }

// Unwrap returns what is wrong.
func (e *FENError) Unwrap() error { return e.Err }

// FENPosition checks a FEN a user typed with ChessPosition's rules (beyond
// what notnil/chess parses, the position must be able to occur: one king
// per side, no pawns on the first or last rank, castling rights that match
// the king and rook squares, a plausible en-passant square, the side not
// to move not in check, at most 16 pieces and 8 pawns per side; four
// fields are read as if " 0 1" followed) and returns it as the position
// named "fen" with the normalised six-field FEN (single spaces). The
// error is a *FENError.
func FENPosition(fen string) (positions.Position, error) {
	pos, err := ChessPosition(fen)
	if err != nil {
		return positions.Position{}, &FENError{FEN: fen, Err: err}
	}
	return positions.Position{Name: "fen", FEN: pos.String()}, nil
}
