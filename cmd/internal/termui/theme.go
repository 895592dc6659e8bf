package termui

import (
	"github.com/plylab/plylab/cmd/internal/boardtext"
	"github.com/plylab/plylab/cmd/internal/output"
)

// BoardTheme is the cursor board in the colours and piece symbols of
// plylab's text boards (cmd/internal/boardtext), painted by paint.
func BoardTheme(paint output.Painter) Theme {
	return Theme{Paint: paint, Glyph: boardtext.Glyph, Letter: boardtext.Letter,
		LightSquare: boardtext.LightSquare, DarkSquare: boardtext.DarkSquare, Piece: boardtext.PieceColor}
}
