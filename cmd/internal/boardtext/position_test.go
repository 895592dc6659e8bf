package boardtext

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/positions"
)

func TestPosition(t *testing.T) {
	t.Parallel()
	const fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	info, pos, err := positions.InfoOf(positions.Position{Name: "fen", FEN: fen})
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

// TestWrite: each format of `positions show` for one position, exactly.
func TestWrite(t *testing.T) {
	t.Parallel()
	info, pos, err := positions.InfoOf(positions.Position{Name: "fen", FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ format, want string }{
		{"csv", "field,value\nfen,4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nside_to_move,White\ncastling,none (-)\nen_passant,none (-)\nmaterial,\"White 1, Black 0 (White +1)\"\nlegal_move_count,6\nlegal_moves,Kd1 Kd2 Kf1 Kf2 e3 e4\n"},
		{"table", Position(info, pos, true, output.Painter{})},
		{"", Position(info, pos, true, output.Painter{})},
	} {
		var b strings.Builder
		if err := Write(&b, tt.format, info, pos, true, output.Painter{}); err != nil || b.String() != tt.want {
			t.Errorf("Write %q: %v\n got %q\nwant %q", tt.format, err, b.String(), tt.want)
		}
	}
	var md, js strings.Builder
	const wantMD = `**Position from --fen**

| Field            | Value                           |
| ---------------- | ------------------------------- |
| fen              | 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 |
| side_to_move     | White                           |
| castling         | none (-)                        |
| en_passant       | none (-)                        |
| material         | White 1, Black 0 (White +1)     |
| legal_move_count | 6                               |
| legal_moves      | Kd1 Kd2 Kf1 Kf2 e3 e4           |
`
	if err := Write(&md, "markdown", info, pos, false, output.Painter{}); err != nil || md.String() != wantMD {
		t.Errorf("markdown: %v\n%s", err, md.String())
	}
	if err := Write(&js, "json", info, pos, false, output.Painter{}); err != nil || !strings.Contains(js.String(), `"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"`) || !strings.Contains(js.String(), `"legal_moves": [`) {
		t.Errorf("json: %v\n%s", err, js.String())
	}
}
