package positions

import (
	"errors"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// TestFromFENAccepts: positions that can occur, named "fen" with the
// FEN normalised (six fields, single spaces).
func TestFromFENAccepts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ fen, norm string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"  4k3/8/8/8/8/8/8/4K3   b  -  -  12   40 ", "4k3/8/8/8/8/8/8/4K3 b - - 12 40"},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", ""},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ""},
		{"6kR/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", ""}, // side to move in check is fine
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""},      // stalemate is a position
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", ""},
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", ""},
	} {
		p, err := FromFEN(tt.fen)
		if err != nil {
			t.Errorf("FromFEN(%q) = %v, want nil", tt.fen, err)
			continue
		}
		want := tt.norm
		if want == "" {
			want = tt.fen
		}
		if p.Name != "fen" || p.FEN != want {
			t.Errorf("FromFEN(%q) = %q %q, want \"fen\" %q", tt.fen, p.Name, p.FEN, want)
		}
	}
}

// TestFromFENRejects: each FEN that cannot be a position, with the
// one-line error that says why.
func TestFromFENRejects(t *testing.T) {
	t.Parallel()
	tests := []struct{ fen, why string }{
		{"", "expected 6 fields, found 0"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "expected 6 fields, found 5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "expected 6 fields, found 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "expected 8 ranks in the board field, found 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", `bad character 'X' in rank 1 "RNBQKBNX"`},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `bad character '9' in rank 6 "9"`},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `rank 7 "ppppppp" has 7 squares, expected 8`},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `rank 6 "44" has two digits in a row`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `bad side to move "x" (use w or b)`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1", `bad castling field "KX"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", `bad castling field "KKq"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1", `bad castling field "KQkq-"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", `bad en-passant square "e9"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", `bad halfmove clock "x" (want a number from 0 to 100000)`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", `bad fullmove number "0" (want a number from 1 to 1000000)`},
		{"4k3/8/8/8/8/8/8/4K1KR w - - 0 1", "two white kings"},
		{"4k2k/8/8/8/8/8/8/4K3 w - - 0 1", "two black kings"},
		{"kkk5/8/8/8/8/8/8/4K3 w - - 0 1", "3 black kings"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king"},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king"},
		{"4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", "white has 17 pieces (at most 16)"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "black has 9 pawns (at most 8)"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on a8 (pawns never stand on rank 1 or 8)"},
		{"4k3/8/8/8/8/8/8/4K2p w - - 0 1", "black pawn on h1 (pawns never stand on rank 1 or 8)"},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right K needs the white king on e1 and a rook on h1"},
		{"4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "castling right Q needs the white king on e1 and a rook on a1"},
		{"4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling right q needs the black king on e8 and a rook on a8"},
		{"3k3r/8/8/8/8/8/8/4K3 w k - 0 1", "castling right k needs the black king on e8 and a rook on h8"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en-passant square e3 is impossible with white to move (it must be on rank 6)"},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 2", "en-passant square e6 is impossible with black to move (it must be on rank 3)"},
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "en-passant square d6, but no black pawn on d5 can have just moved two squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "en-passant square e3, but no white pawn on e4 can have just moved two squares"},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "the side not to move (white) is in check"},
		{"4k3/8/8/8/8/5n2/8/4K3 b - - 0 1", "the side not to move (white) is in check"},
		{"4k3/8/8/8/1b6/8/8/4K3 b - - 0 1", "the side not to move (white) is in check"},
		{"4k3/3P4/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"4kK2/8/8/8/8/8/8/8 w - - 0 1", "the side not to move (black) is in check"},
	}
	for _, tt := range tests {
		p, err := FromFEN(tt.fen)
		want := `invalid FEN "` + tt.fen + `": ` + tt.why
		if err == nil {
			t.Errorf("FromFEN(%q) = %v, want %q", tt.fen, p, want)
			continue
		}
		if err.Error() != want {
			t.Errorf("FromFEN(%q):\n got %q\nwant %q", tt.fen, err.Error(), want)
		}
		var fe *board.FENError
		if !errors.As(err, &fe) || fe.FEN != tt.fen || fe.Err.Error() != tt.why {
			t.Errorf("FromFEN(%q): %T, not a *board.FENError of that FEN and reason", tt.fen, err)
		}
		if p.Name != "" || p.FEN != "" {
			t.Errorf("FromFEN(%q) = %v with an error, want the zero position", tt.fen, p)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("FromFEN(%q): multi-line error", tt.fen)
		}
	}
}
