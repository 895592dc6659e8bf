package termui

import (
	"testing"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
)

func TestBoardTheme(t *testing.T) {
	th := BoardTheme(output.Painter{On: true})
	if !th.Paint.On || th.LightSquare != "48;5;223" || th.DarkSquare != "48;5;137" || th.Piece != "38;5;16" {
		t.Errorf("BoardTheme: %+v", th)
	}
	if g, l := th.Glyph(chess.WhiteKing), th.Letter(chess.BlackQueen); g != "♔" || l != "q" {
		t.Errorf("white king glyph %q, black queen letter %q; want ♔ and q", g, l)
	}
}
