package main

import (
	"strings"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
)

// Board square backgrounds and piece color (256-color ANSI).
const (
	sgrLightSquare = "48;5;223"
	sgrDarkSquare  = "48;5;137"
	sgrPiece       = "38;5;16"
)

// pieceGlyph is the Unicode chess symbol: ♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black.
func pieceGlyph(p chess.Piece) string {
	switch p {
	case chess.WhiteKing:
		return "♔"
	case chess.WhiteQueen:
		return "♕"
	case chess.WhiteRook:
		return "♖"
	case chess.WhiteBishop:
		return "♗"
	case chess.WhiteKnight:
		return "♘"
	case chess.WhitePawn:
		return "♙"
	case chess.BlackKing:
		return "♚"
	case chess.BlackQueen:
		return "♛"
	case chess.BlackRook:
		return "♜"
	case chess.BlackBishop:
		return "♝"
	case chess.BlackKnight:
		return "♞"
	case chess.BlackPawn:
		return "♟"
	}
	return " "
}

// pieceLetter is the FEN letter (uppercase White, lowercase Black) or "."
// for an empty square.
func pieceLetter(p chess.Piece) string {
	if p == chess.NoPiece {
		return "."
	}
	s := p.Type().String() // lower-case letter
	if p.Color() == chess.White {
		return strings.ToUpper(s)
	}
	return s
}

// drawBoard draws the board with rank and file labels, White at the
// bottom unless flip. With color on: Unicode pieces on light and dark
// squares; with color off: a plain ASCII frame with FEN letters and "."
// for empty squares, safe for logs and golden files.
func drawBoard(pos *chess.Position, flip bool, color output.Painter) string {
	b := pos.Board()
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	files := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if flip {
		ranks = []int{0, 1, 2, 3, 4, 5, 6, 7}
		files = []int{7, 6, 5, 4, 3, 2, 1, 0}
	}
	fileLabels := make([]string, 8)
	for i, f := range files {
		fileLabels[i] = string(rune('a' + f))
	}
	var sb strings.Builder
	if !color.On {
		sb.WriteString("  +-----------------+\n")
		for _, r := range ranks {
			sb.WriteString(string(rune('1'+r)) + " |")
			for _, f := range files {
				sb.WriteString(" " + pieceLetter(b.Piece(chess.NewSquare(chess.File(f), chess.Rank(r)))))
			}
			sb.WriteString(" |\n")
		}
		sb.WriteString("  +-----------------+\n")
		sb.WriteString("    " + strings.Join(fileLabels, " ") + "\n")
		return sb.String()
	}
	for _, r := range ranks {
		sb.WriteString(color.Paint(output.StyleDim, string(rune('1'+r))) + " ")
		for _, f := range files {
			bg := sgrLightSquare
			if (f+r)%2 == 0 { // a1 is dark
				bg = sgrDarkSquare
			}
			p := b.Piece(chess.NewSquare(chess.File(f), chess.Rank(r)))
			sb.WriteString(color.SGR(bg+";"+sgrPiece, " "+pieceGlyph(p)+" "))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(color.Paint(output.StyleDim, "   "+strings.Join(fileLabels, "  ")) + "\n")
	return sb.String()
}

// boardString is drawBoard in the run's colours (play's session uses it).
func (e *appEnv) boardString(pos *chess.Position, flip bool) string {
	return drawBoard(pos, flip, e.out)
}
