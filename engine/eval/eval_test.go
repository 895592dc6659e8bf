package eval

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

// testPositions are varied positions for the symmetry and consistency
// tests: openings, tactical middlegames, endgames, promoted pieces, an
// en-passant square, Black to move.
var testPositions = []string{
	board.StartFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
	"8/8/3k4/8/2Q5/8/8/4K3 b - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"rnbqkbnr/pppppppp/8/8/8/8/2PPPPPP/QQBQKBNR w Kkq - 0 1",
	"2r3k1/1q3pp1/p3p2p/1p1n4/3P4/P2B1Q1P/1P3PP1/2R3K1 b - - 3 27",
	"8/5k2/8/1p6/8/8/6P1/6K1 b - - 0 40",                                // a pawn race
	"8/8/4kb2/8/3PK3/8/8/2B5 w - - 0 50",                                // opposite-coloured bishops
	"8/8/4k3/8/2r5/8/3NK3/8 b - - 0 60",                                 // rook against knight, no pawns
	"r1bq1rk1/pp3ppp/2n1pn2/3p4/1bPP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", // an isolated queen's pawn
}

func mustFEN(t testing.TB, fen string) *board.Board {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatalf("FromFEN(%q): %v", fen, err)
	}
	return b
}

// mirrorFEN swaps the colors and turns the board upside down: every White
// piece on a square becomes a Black piece on the same file, opposite rank,
// and the other side is to move. Chess-wise it is the same position seen
// from the other side, so its evaluation for the side to move must not
// change.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	f[0] = swapCase(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		f[2] = swapCase(f[2])
	}
	if f[3] != "-" {
		r := map[byte]byte{'3': '6', '6': '3'}[f[3][1]]
		f[3] = string([]byte{f[3][0], r})
	}
	return strings.Join(f, " ")
}

func swapCase(s string) string {
	out := []byte(s)
	for i, ch := range out {
		switch {
		case ch >= 'a' && ch <= 'z':
			out[i] = ch - 'a' + 'A'
		case ch >= 'A' && ch <= 'Z':
			out[i] = ch - 'A' + 'a'
		}
	}
	return string(out)
}

// The start position is level: every kind scores it 0, except that the
// classical evaluation's tempo term gives the side to move its bonus, and
// the network learned the first move's worth from its games (it is
// checked against the network in TestNNUEKind).
func TestStartPositionIsZero(t *testing.T) {
	b := mustFEN(t, board.StartFEN)
	for _, k := range Kinds() {
		if k == NNUE {
			continue
		}
		if k == Classical {
			if got, want := Evaluate(b, k), int(DefaultWeights[FTempo][0]); got != want {
				t.Errorf("Evaluate(start, classical) = %d, want the tempo bonus %d", got, want)
			}
			continue
		}
		if got := Evaluate(b, k); got != 0 {
			t.Errorf("Evaluate(start, %v) = %d, want 0", k, got)
		}
		br := Explain(b, k)
		if br.MG != 0 || br.EG != 0 || br.White != 0 || br.STM != 0 {
			t.Errorf("Explain(start, %v) = %+v, want all totals 0", k, br)
		}
	}
}

// TestExactValues checks scores worked out by hand from the published
// tables (a8 = index 0; White reads s^56, Black reads s).
func TestExactValues(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		kind Kind
		want int
	}{
		{"material KQ vs K, white to move", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", Material, 900},
		{"material KQ vs K, black to move", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", Material, -900},
		{"material black knight", "4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", Material, -300},

		// Pawn e2: 100 + row 6 col 4 (-20, the "move your centre pawns"
		// penalty). Kings e1/e8: row 7 col 4 = 0 for both.
		{"pst KP vs K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", PST, 80},
		// Knight f3: index 21^56 = 45, row 5 col 5 = 10; 320 + 10.
		{"pst knight f3", "4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", PST, 330},
		// Black knight c6: index 42, row 5 col 2 = 10; good for Black.
		{"pst black knight c6, black to move", "4k3/8/2n5/8/8/8/8/4K3 b - - 0 1", PST, 330},

		// Phase 0, so the endgame score alone: pawn e2 = 94 + eg pawn
		// row 6 col 4 (13) = 107; kings e1 and e8 both read eg king row 7
		// col 4 (-28) and cancel.
		{"pesto KP vs K, white to move", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", PeSTO, 107},
		{"pesto KP vs K, black to move", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", PeSTO, -107},
		// Bare kings: White a1 reads index 56 (-53), Black h8 index 63 (-43).
		{"pesto bare kings", "7k/8/8/8/8/8/8/K7 w - - 0 1", PeSTO, -10},
		// Phase 4. Queen d1: mg 1025 + 10, eg 936 - 43; kings cancel (mg 8
		// each, eg -28 each). (1035*4 + 893*20) / 24 = 22000/24 = 916.
		{"pesto KQ vs K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", PeSTO, 916},
		// Phase 1. Black knight c6, index 42: mg 337 + 12, eg 281 - 1.
		// (-349*1 - 280*23) / 24 = -6789/24 = -282.875, truncated to -282.
		{"pesto black knight c6", "4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", PeSTO, -282},
		{"pesto black knight c6, black to move", "4k3/8/2n5/8/8/8/8/4K3 b - - 0 1", PeSTO, 282},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustFEN(t, tc.fen)
			if got := Evaluate(b, tc.kind); got != tc.want {
				t.Errorf("Evaluate(%q, %v) = %d, want %d", tc.fen, tc.kind, got, tc.want)
			}
			if got := Explain(b, tc.kind).STM; got != tc.want {
				t.Errorf("Explain(%q, %v).STM = %d, want %d", tc.fen, tc.kind, got, tc.want)
			}
		})
	}
}

func TestExplainBreakdown(t *testing.T) {
	b := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	got := Explain(b, PeSTO)
	want := Breakdown{
		Kind:       PeSTO,
		Phase:      0,
		MaterialMG: [2]int{82, 0},
		MaterialEG: [2]int{94, 0},
		// mg: pawn e2 -15, king e1 8 | king e8 8. eg: 13 and -28 | -28.
		SquaresMG: [2]int{-15 + 8, 8},
		SquaresEG: [2]int{13 - 28, -28},
		MG:        82 - 7 - 8,
		EG:        94 - 15 + 28,
		White:     107,
		STM:       107,
	}
	if got != want {
		t.Errorf("Explain(KP vs K, pesto) =\n %+v, want\n %+v", got, want)
	}

	b = mustFEN(t, "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1")
	got = Explain(b, Material)
	want = Breakdown{Kind: Material, Phase: 24, MaterialMG: [2]int{900, 0}, MaterialEG: [2]int{900, 0},
		MG: 900, EG: 900, White: 900, STM: -900}
	if got != want {
		t.Errorf("Explain(KQ vs K, material) =\n %+v, want\n %+v", got, want)
	}
}

func TestPhase(t *testing.T) {
	tests := []struct {
		fen  string
		want int
	}{
		{board.StartFEN, 24},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0},
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", 0},
		{"4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", 1},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 4},
		{"r3k3/8/8/8/8/8/8/R3K2R w - - 0 1", 6},
		// Two extra queens from promotions: 29 pieces' worth, capped.
		{"rnbqkbnr/pppppppp/8/8/8/8/2PPPPPP/QQBQKBNR w Kkq - 0 1", 24},
	}
	for _, tc := range tests {
		if got := Phase(mustFEN(t, tc.fen)); got != tc.want {
			t.Errorf("Phase(%q) = %d, want %d", tc.fen, got, tc.want)
		}
	}
}

func TestParseKind(t *testing.T) {
	for _, k := range Kinds() {
		got, err := ParseKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", k.String(), got, err, k)
		}
		if k.Describe() == "" || k.Describe() == "unknown evaluation" {
			t.Errorf("%v has no description", k)
		}
	}
	for s, want := range map[string]Kind{"MATERIAL": Material, "Pst": PST, "PeSTO": PeSTO, " pesto ": PeSTO} {
		if got, err := ParseKind(s); err != nil || got != want {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	_, err := ParseKind("x")
	if err == nil || err.Error() != `unknown evaluation "x" (choose material, pst, pesto, classical or nnue)` {
		t.Errorf("ParseKind(x) error = %v", err)
	}
	if got := []string{Material.String(), PST.String(), PeSTO.String(), Kind(9).String()}; strings.Join(got, ",") != "material,pst,pesto,Kind(9)" {
		t.Errorf("String() = %v", got)
	}
	if ks := Kinds(); len(ks) != 5 || ks[0] != Material || ks[1] != PST || ks[2] != PeSTO || ks[3] != Classical || ks[4] != NNUE {
		t.Errorf("Kinds() = %v", ks)
	}
}

func TestPieceValue(t *testing.T) {
	want := map[Kind][7]int{
		Material: {0, 100, 300, 300, 500, 900, 1000},
		PST:      {0, 100, 320, 330, 500, 900, 20000},
		PeSTO:    {0, 82, 337, 365, 477, 1025, 20000},
	}
	for k, vals := range want {
		for pt := board.NoPieceType; pt <= board.King; pt++ {
			if got := PieceValue(k, pt); got != vals[pt] {
				t.Errorf("PieceValue(%v, %d) = %d, want %d", k, pt, got, vals[pt])
			}
		}
		if got := PieceValue(k, board.King+1); got != 0 {
			t.Errorf("PieceValue(%v, out of range) = %d, want 0", k, got)
		}
	}
}

// TestMirrorSymmetry: swapping colors, flipping ranks and passing the move
// to the other side describes the same position from the other side, so
// the side to move's score must be identical. A wrong s^56 / s table
// convention, a sign error or a color-dependent bug breaks this.
func TestMirrorSymmetry(t *testing.T) {
	for _, fen := range testPositions {
		b := mustFEN(t, fen)
		m := mustFEN(t, mirrorFEN(fen))
		if Phase(b) != Phase(m) {
			t.Errorf("Phase differs: %q %d, mirror %d", fen, Phase(b), Phase(m))
		}
		for _, k := range Kinds() {
			got, mirrored := Evaluate(b, k), Evaluate(m, k)
			if got != mirrored {
				t.Errorf("%v: Evaluate(%q) = %d but mirrored %q gives %d", k, fen, got, mirrorFEN(fen), mirrored)
			}
			if eb, em := Explain(b, k), Explain(m, k); eb.White != -em.White || eb.MG != -em.MG || eb.EG != -em.EG {
				t.Errorf("%v: Explain(%q) White/MG/EG = %d/%d/%d, mirror %d/%d/%d", k, fen,
					eb.White, eb.MG, eb.EG, em.White, em.MG, em.EG)
			}
		}
	}
}

// referenceWhite recomputes the score from White's side in the plainest
// way: visit the 64 squares by rank and file, find the printed table's row
// (rank 8 is row 0, so White's row is 7-rank; Black's tables are the mirror
// image, row = rank) and add value plus table entry.
func referenceWhite(b *board.Board, k Kind) int {
	var mg, eg int
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			p := b.PieceAt(board.Square(rank*8 + file))
			if p == board.NoPiece {
				continue
			}
			t, row := p.Type(), 7-rank
			sign := 1
			if p.Color() == board.Black {
				row, sign = rank, -1
			}
			i := row*8 + file
			switch k {
			case Material:
				if t != board.King {
					mg += sign * materialValue[t]
				}
			case PST:
				mg += sign * (simplifiedValue[t] + simpleTables[t][i])
			case PeSTO:
				mg += sign * (pestoMGValue[t] + pestoMGTables[t][i])
				eg += sign * (pestoEGValue[t] + pestoEGTables[t][i])
			}
		}
	}
	if k != PeSTO {
		return mg
	}
	phase := min(Phase(b), 24)
	return (mg*phase + eg*(24-phase)) / 24
}

func TestExplainMatchesEvaluate(t *testing.T) {
	for _, fen := range testPositions {
		for _, f := range []string{fen, mirrorFEN(fen)} {
			b := mustFEN(t, f)
			for _, k := range Kinds() {
				ev, br := Evaluate(b, k), Explain(b, k)
				if br.STM != ev {
					t.Errorf("%v %q: Explain.STM = %d, Evaluate = %d", k, f, br.STM, ev)
				}
				if k == Classical || k == NNUE {
					continue // TestClassicalReference and TestNNUEKind check them
				}
				if ref := referenceWhite(b, k); br.White != ref {
					t.Errorf("%v %q: Explain.White = %d, reference = %d", k, f, br.White, ref)
				}
				if k != PeSTO && (br.MG != br.EG || br.Phase != 24) {
					t.Errorf("%v %q: untapered kind has MG %d, EG %d, phase %d", k, f, br.MG, br.EG, br.Phase)
				}
			}
		}
	}
}

// TestNNUEKind: the nnue kind is the built-in network, and Explain can
// only report its verdict.
func TestNNUEKind(t *testing.T) {
	for _, fen := range testPositions {
		b := mustFEN(t, fen)
		want := nnue.Default().Evaluate(b)
		if got := Evaluate(b, NNUE); got != want {
			t.Errorf("Evaluate(%s, nnue) = %d, the network says %d", fen, got, want)
		}
		br := Explain(b, NNUE)
		white := want
		if b.Side() == board.Black {
			white = -want
		}
		if br.STM != want || br.White != white || br.MG != white || br.EG != white || br.Phase != Phase(b) {
			t.Errorf("Explain(%s, nnue) = %+v", fen, br)
		}
		if got := EvaluateTerms(b, NNUE, 0); got != want {
			t.Errorf("EvaluateTerms(%s, nnue, none) = %d, want %d (a network has no terms)", fen, got, want)
		}
	}
	if PieceValue(NNUE, board.Queen) != PieceValue(PeSTO, board.Queen) {
		t.Error("nnue's piece values are not PeSTO's")
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	b := mustFEN(t, testPositions[6])
	for _, k := range Kinds() {
		if n := testing.AllocsPerRun(100, func() { Evaluate(b, k) }); n != 0 {
			t.Errorf("Evaluate(%v) allocates %v times per call", k, n)
		}
	}
}

func TestUnknownKindPanics(t *testing.T) {
	b := mustFEN(t, board.StartFEN)
	for name, f := range map[string]func(){
		"Evaluate":   func() { Evaluate(b, Kind(7)) },
		"Explain":    func() { Explain(b, Kind(7)) },
		"PieceValue": func() { PieceValue(Kind(7), board.Pawn) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s with an unknown kind did not panic", name)
				}
			}()
			f()
		}()
	}
}

func BenchmarkEvaluate(b *testing.B) {
	pos := mustFEN(b, testPositions[6]) // a full middlegame, 32 pieces
	for _, k := range Kinds() {
		b.Run(k.String(), func(b *testing.B) {
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += Evaluate(pos, k)
			}
			sink = s
		})
	}
}

func BenchmarkExplain(b *testing.B) {
	pos := mustFEN(b, testPositions[6])
	b.ReportAllocs()
	for b.Loop() {
		sinkBreakdown = Explain(pos, PeSTO)
	}
}

var (
	sink          int
	sinkBreakdown Breakdown
)
