package boardtext

import (
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
)

func position(t *testing.T, fen string) *chess.Position {
	t.Helper()
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestGlyphAndLetter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		p             chess.Piece
		glyph, letter string
	}{
		{chess.WhiteKing, "♔", "K"}, {chess.WhiteQueen, "♕", "Q"}, {chess.WhiteRook, "♖", "R"},
		{chess.WhiteBishop, "♗", "B"}, {chess.WhiteKnight, "♘", "N"}, {chess.WhitePawn, "♙", "P"},
		{chess.BlackKing, "♚", "k"}, {chess.BlackQueen, "♛", "q"}, {chess.BlackRook, "♜", "r"},
		{chess.BlackBishop, "♝", "b"}, {chess.BlackKnight, "♞", "n"}, {chess.BlackPawn, "♟", "p"},
		{chess.NoPiece, " ", "."},
	} {
		if g, l := Glyph(tt.p), Letter(tt.p); g != tt.glyph || l != tt.letter {
			t.Errorf("%v: glyph %q, letter %q; want %q, %q", tt.p, g, l, tt.glyph, tt.letter)
		}
	}
}

func TestDrawPlain(t *testing.T) {
	t.Parallel()
	pos := position(t, "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1")
	want := `  +-----------------+
8 | . . . . k . . . |
7 | . . . . . . . . |
6 | . . . . . . . . |
5 | . . . . . . . . |
4 | . . . . . . . . |
3 | . . . . . . . . |
2 | . . . . P . . . |
1 | R . . . K . . . |
  +-----------------+
    a b c d e f g h
`
	if got := Draw(pos, false, output.Painter{}); got != want {
		t.Errorf("White's side:\n%s\nwant\n%s", got, want)
	}
	flipped := `  +-----------------+
1 | . . . K . . . R |
2 | . . . P . . . . |
3 | . . . . . . . . |
4 | . . . . . . . . |
5 | . . . . . . . . |
6 | . . . . . . . . |
7 | . . . . . . . . |
8 | . . . k . . . . |
  +-----------------+
    h g f e d c b a
`
	if got := Draw(pos, true, output.Painter{}); got != flipped {
		t.Errorf("Black's side:\n%s\nwant\n%s", got, flipped)
	}
}

func TestDrawColor(t *testing.T) {
	t.Parallel()
	got := Draw(position(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), false, output.Painter{On: true})
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 9 {
		t.Fatalf("%d lines, want 8 ranks and the file labels:\n%s", len(lines), got)
	}
	// a1 is dark and holds the white rook; h1 is light and empty.
	rank1 := lines[7]
	for _, want := range []string{"\x1b[" + DarkSquare + ";" + PieceColor + "m ♖ ", "\x1b[" + LightSquare + ";" + PieceColor + "m   "} {
		if !strings.Contains(rank1, want) {
			t.Errorf("rank 1 lacks %q: %q", want, rank1)
		}
	}
	if !strings.Contains(lines[0], " ♚ ") || !strings.Contains(lines[8], "a  b  c  d  e  f  g  h") {
		t.Errorf("rank 8 or the file labels are wrong:\n%s", got)
	}
}
