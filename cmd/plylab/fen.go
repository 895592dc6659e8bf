package main

import (
	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/board"
)

// validateFEN checks a FEN given on the command line. It returns nil or a
// usage error (exit status 2) such as
//
//	invalid FEN "...": two white kings
//
// The checks are the engine board's (board.FromFEN): beyond what
// notnil/chess parses, the position must be able to occur: one king per
// side, no pawns on the first or last rank, castling rights that match the
// king and rook squares, a plausible en-passant square, the side not to
// move not in check, at most 16 pieces (8 pawns) per side. Four fields (no
// move counters) are accepted as if " 0 1" followed.
func validateFEN(fen string) error {
	_, err := parseFEN(fen)
	return err
}

// parseFEN validates fen like validateFEN and returns the position, whose
// String() is the normalised six-field FEN.
func parseFEN(fen string) (*chess.Position, error) {
	pos, err := board.ChessPosition(fen)
	if err != nil {
		return nil, cliapp.Usagef("invalid FEN %q: %s", fen, err.Error())
	}
	return pos, nil
}

// normalizeFEN returns fen with single spaces and six fields, or a usage
// error if it is not valid.
func normalizeFEN(fen string) (string, error) {
	pos, err := parseFEN(fen)
	if err != nil {
		return "", err
	}
	return pos.String(), nil
}
