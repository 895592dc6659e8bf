package main

import (
	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/boardtext"
)

// The board drawing lives in cmd/internal/boardtext; these names are
// what the commands (positions show, play) call it by.
const (
	sgrLightSquare = boardtext.LightSquare
	sgrDarkSquare  = boardtext.DarkSquare
	sgrPiece       = boardtext.PieceColor
)

var (
	pieceGlyph  = boardtext.Glyph
	pieceLetter = boardtext.Letter
	drawBoard   = boardtext.Draw
)

// boardString is drawBoard in the run's colours (play's session uses it).
func (e *appEnv) boardString(pos *chess.Position, flip bool) string {
	return drawBoard(pos, flip, e.out)
}
