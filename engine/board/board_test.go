package board

import (
	"strings"
	"testing"
)

func TestFromFENErrors(t *testing.T) {
	tests := []struct {
		name, fen, want string
	}{
		{"five fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "expected 6 fields, found 5"},
		{"three fields", "8/8/8/8/8/8/8/8 w -", "expected 6 fields, found 3"},
		{"two white kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "two white kings"},
		{"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king"},
		{"side not to move in check", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"bad castling letter", "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", `bad castling field "KX"`},
		{"repeated castling letter", "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", `bad castling field "KK"`},
		{"castling without rook", "r3k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right K"},
		{"bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", `bad side to move "x"`},
		{"seven ranks", "4k3/8/8/8/8/8/4K3 w - - 0 1", "expected 8 ranks in the board field, found 7"},
		{"long rank", "4k3/8p/8/8/8/8/8/4K3 w - - 0 1", `rank 7 "8p" has 9 squares, expected 8`},
		{"short rank", "4k3/7/8/8/8/8/8/4K3 w - - 0 1", `rank 7 "7" has 7 squares, expected 8`},
		{"bad piece", "4k3/8/8/8/8/8/8/4K2X w - - 0 1", "bad character 'X' in rank 1"},
		{"pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on a8 (pawns never stand on rank 1 or 8)"},
		{"impossible ep", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "but no black pawn on e5 can have just moved two squares"},
		{"bad ep", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1", `bad en-passant square "z9"`},
		{"bad clock", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad halfmove clock"},
		{"bad move number", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "bad fullmove number"},
		{"too many pieces", "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/NNNNK3 w - - 0 1", "at most 16"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromFEN(tc.fen)
			if err == nil {
				t.Fatalf("FromFEN(%q) succeeded, want error containing %q", tc.fen, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("FromFEN(%q) = %q, want it to contain %q", tc.fen, err, tc.want)
			}
		})
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
		"4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
	} {
		b, err := FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.FEN(); got != fen {
			t.Errorf("round trip: got %q want %q", got, fen)
		}
	}
	// Four-field EPD positions get the default clocks.
	b, err := FromFEN("4k3/8/8/8/8/8/8/4K3 w - -")
	if err != nil || b.FEN() != "4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Fatalf("EPD FEN: %v %v", b, err)
	}
}

// Small positions whose exact legal move counts exercise one rule each.
func TestLegalMoveCounts(t *testing.T) {
	tests := []struct {
		name, fen string
		want      int
	}{
		// e.p. capture would expose the king along the 4th rank: illegal.
		{"ep discovered check", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 6},
		// e.p. captures the checking pawn: legal.
		{"ep resolves check", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 9},
		{"double check king only", "4k3/8/8/8/8/8/3q4/r3K3 w - - 0 1", 1},
		{"castling through check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 26},
		{"castling blocked by attack on f1", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", 22},
		{"pinned knight", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", 4},
		{"promotions", "8/P6k/8/8/8/8/8/K7 w - - 0 1", 4 + 3},
		{"stalemate", "k7/8/1Q6/8/8/8/8/K7 b - - 0 1", 0},
		{"checkmate", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := FromFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := b.legalUCI()
			if len(got) != tc.want {
				t.Fatalf("%d legal moves %v, want %d", len(got), got, tc.want)
			}
			// notnil/chess must agree.
			if n := len(b.Notnil().ValidMoves()); n != tc.want {
				t.Fatalf("notnil finds %d moves, want %d", n, tc.want)
			}
		})
	}
}

func TestRepetitionAndDraws(t *testing.T) {
	b := New()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	if b.IsRepetition() {
		t.Fatal("fresh board reports a repetition")
	}
	for round := 1; round <= 2; round++ {
		for i, u := range shuffle {
			m, err := b.ParseMove(u)
			if err != nil {
				t.Fatal(err)
			}
			b.Make(m)
			if i < 3 && b.IsRepetition() && round == 1 {
				t.Fatalf("false repetition after %s", u)
			}
		}
		if !b.IsRepetition() || b.RepetitionCount() != round+1 {
			t.Fatalf("round %d: repetition %v count %d", round, b.IsRepetition(), b.RepetitionCount())
		}
	}
	if b.HalfmoveClock() != 8 {
		t.Fatalf("halfmove clock %d, want 8", b.HalfmoveClock())
	}
	m, _ := b.ParseMove("e4")
	b.Make(m)
	if b.HalfmoveClock() != 0 || b.IsRepetition() {
		t.Fatalf("pawn move must reset the clock and the repetition window")
	}

	fifty, _ := FromFEN("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")
	if !fifty.IsFiftyMoveDraw() {
		t.Fatal("halfmove 100 is a fifty-move draw")
	}
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // bishops on same color
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // opposite colors
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false},
	} {
		bd, err := FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := bd.InsufficientMaterial(); got != tc.want {
			t.Errorf("%s: insufficient %v want %v", tc.fen, got, tc.want)
		}
	}
}

func TestNullMove(t *testing.T) {
	b, _ := FromFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	fen, h := b.FEN(), b.Hash()
	b.MakeNull()
	if b.Side() != Black || b.EnPassant() != NoSquare || b.Hash() != b.ComputeHash() {
		t.Fatalf("null move: %s", b.FEN())
	}
	b.UnmakeNull()
	if b.FEN() != fen || b.Hash() != h {
		t.Fatalf("unmake null: %s", b.FEN())
	}
}

func TestNotation(t *testing.T) {
	b, _ := FromFEN("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
	m, err := b.ParseMove("Ra6")
	if err != nil || m.String() != "a1a6" {
		t.Fatalf("ParseMove(Ra6) = %v, %v", m, err)
	}
	line := []Move{m}
	b.Make(m)
	r, _ := b.ParseMove("bxa6")
	b.Make(r)
	mate, _ := b.ParseMove("b6b7")
	b.Unmake()
	b.Unmake()
	line = append(line, r, mate)
	if got := strings.Join(b.SANLine(line), " "); got != "Ra6 bxa6 b7#" {
		t.Fatalf("SANLine = %q", got)
	}
	if _, err := b.ParseMove("Ra9"); err == nil || !strings.Contains(err.Error(), "not a legal move") {
		t.Fatalf("bad move error: %v", err)
	}
	p, _ := FromFEN("8/P6k/8/8/8/8/8/K7 w - - 0 1")
	pm, err := p.ParseMove("a8=N")
	if err != nil || pm.String() != "a7a8n" || p.SAN(pm) != "a8=N" {
		t.Fatalf("promotion: %v %v %s", pm, err, p.SAN(pm))
	}
}

func TestSliderTables(t *testing.T) {
	// Magic lookups must equal the slow ray walk for arbitrary occupancies.
	occ := Bitboard(0x0123456789abcdef)
	for i := 0; i < 200; i++ {
		occ = occ*6364136223846793005 + 1442695040888963407
		for s := Square(0); s < 64; s++ {
			if RookAttacks(s, occ) != slowSlider(s, occ, rookDirs) {
				t.Fatalf("rook attacks differ on %s", s)
			}
			if BishopAttacks(s, occ) != slowSlider(s, occ, bishopDirs) {
				t.Fatalf("bishop attacks differ on %s", s)
			}
		}
	}
}
