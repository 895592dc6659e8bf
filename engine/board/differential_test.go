package board

import (
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// The differential test plays random games on our board and on notnil/chess
// side by side. At every position the two legal move sets must be equal, the
// FENs must be equal (castling rights and en-passant squares round-trip), the
// incremental hash must equal the hash recomputed from scratch (and the
// key KeyAfter predicts before each move), GivesCheck must agree with
// InCheck after each move, and make/unmake of every legal move must
// restore the position exactly.
func TestDifferentialAgainstNotnil(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  // promotions galore
		"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",       // en passant into a pin
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",     // castling both ways
		"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", // castling under attack
		"8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 b - e3 0 1", // en passant, rank pin
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
	}
	const positions = 10000
	rng := rand.New(rand.NewSource(20261121))
	var seen struct{ promo, castle, ep, check, checking, discovered, positions int }
	for seen.positions < positions {
		fen := starts[rng.Intn(len(starts))]
		b, err := FromFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		pos := b.Notnil()
		for ply := 0; ply < 60 && seen.positions < positions; ply++ {
			seen.positions++
			ours := b.legalUCI()
			var theirs []string
			for _, m := range pos.ValidMoves() {
				theirs = append(theirs, m.String())
			}
			sort.Strings(theirs)
			if strings.Join(ours, " ") != strings.Join(theirs, " ") {
				t.Fatalf("%s: moves differ\nours:   %v\nnotnil: %v", b.FEN(), ours, theirs)
			}
			if got, want := b.FEN(), pos.String(); got != want {
				t.Fatalf("FEN differs: ours %q notnil %q", got, want)
			}
			if b.Hash() != b.ComputeHash() {
				t.Fatalf("%s: incremental hash %x != recomputed %x", b.FEN(), b.Hash(), b.ComputeHash())
			}
			if b.InCheck() {
				seen.check++
			}
			// make/unmake of every move restores everything
			fenBefore, hashBefore := b.FEN(), b.Hash()
			var ml MoveList
			b.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				switch {
				case m.IsPromotion():
					seen.promo++
				case m.IsCastle():
					seen.castle++
				case m.Flag() == FlagEnPassant:
					seen.ep++
				}
				predicted, checks := b.KeyAfter(m), b.GivesCheck(m)
				b.Make(m)
				if checks != b.InCheck() {
					t.Fatalf("%s: GivesCheck(%s) = %v, but after the move InCheck is %v", fenBefore, m, checks, b.InCheck())
				}
				if checks {
					seen.checking++
					if b.Checkers()&^SquareBB(m.To()) != 0 {
						seen.discovered++
					}
				}
				if b.Hash() != b.ComputeHash() {
					t.Fatalf("%s after %s: incremental hash differs from recomputed", fenBefore, m)
				}
				if predicted != b.Hash() {
					t.Fatalf("%s: KeyAfter(%s) = %x, but the key after making it is %x", fenBefore, m, predicted, b.Hash())
				}
				b.Unmake()
				if b.FEN() != fenBefore || b.Hash() != hashBefore {
					t.Fatalf("%s: make/unmake %s gave %s", fenBefore, m, b.FEN())
				}
			}
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.Intn(ml.N)]
			var nm *chess.Move
			for _, x := range pos.ValidMoves() {
				if x.String() == m.String() {
					nm = x
				}
			}
			pos = pos.Update(nm)
			b.Make(m)
		}
	}
	t.Logf("coverage: %+v", seen)
	if seen.promo < 200 || seen.castle < 200 || seen.ep < 50 || seen.check < 200 || seen.checking < 1000 || seen.discovered < 50 {
		t.Fatalf("random playouts did not cover the special moves: %+v", seen)
	}
}

func (b *Board) legalUCI() []string {
	var ml MoveList
	b.GenerateMoves(&ml)
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}
