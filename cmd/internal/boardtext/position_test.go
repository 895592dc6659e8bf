package boardtext

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

func TestPosition(t *testing.T) {
	t.Parallel()
	const fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	info, pos, err := board.PositionInfo(positions.Position{Name: "fen", FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	want := `Position from --fen

  +-----------------+
8 | . . . . k . . . |
7 | . . . . . . . . |
6 | . . . . . . . . |
5 | . . . . . . . . |
4 | . . . . . . . . |
3 | . . . . . . . . |
2 | . . . . . . . . |
1 | . . . . K . . R |
  +-----------------+
    a b c d e f g h

FEN           4k3/8/8/8/8/8/8/4K2R w K - 0 1
Side to move  White
Castling      K
En passant    none (-)
Material      White 5, Black 0 (White +5)
Legal moves   15
              Kd1 Kd2 Ke2 Kf1 Kf2 O-O Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rh8+
`
	if got := Position(info, pos, false, output.Painter{}); got != want {
		t.Errorf("Position:\n%s\nwant\n%s", got, want)
	}
	// In colour the title is bold, labels dim and the legal moves accented.
	got := Position(info, pos, false, output.Painter{On: true})
	for _, s := range []string{"\x1b[1mPosition from --fen\x1b[", "\x1b[2mSide to move \x1b[", "\x1b[36mKd1 Kd2 "} {
		if !strings.Contains(got, s) {
			t.Errorf("coloured position lacks %q", s)
		}
	}
}
