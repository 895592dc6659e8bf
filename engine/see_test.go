package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// seeRecompute is SEE as it was first written: every attacker of the
// target recomputed from scratch after each capture. SEE adds only the
// x-rays behind the capturer instead; the two must agree on every move.
func seeRecompute(b *board.Board, m board.Move) int {
	from, to := m.From(), m.To()
	var gain [40]int
	victim := b.PieceAt(to).Type()
	if m.Flag() == board.FlagEnPassant {
		victim = board.Pawn
	}
	gain[0] = seeValue[victim]
	attacker := b.PieceAt(from).Type()
	if p := m.Promotion(); p != board.NoPieceType {
		gain[0] += seeValue[p] - seeValue[board.Pawn]
		attacker = p
	}
	occ := b.Occupied() &^ board.SquareBB(from)
	if m.Flag() == board.FlagEnPassant {
		occ &^= board.SquareBB(to ^ 8)
	}
	side := b.Side().Other()
	attackers := b.AttackersWith(to, occ)
	d := 0
	for d < len(gain)-1 {
		d++
		gain[d] = seeValue[attacker] - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		mine := attackers & b.Occupancy(side)
		if mine == 0 {
			break
		}
		var sq board.Square
		found := false
		for t := board.Pawn; t <= board.King; t++ {
			if bb := mine & b.PiecesOfType(t); bb != 0 {
				sq, attacker, found = bb.LSB(), t, true
				break
			}
		}
		if !found {
			break
		}
		if attacker == board.King && attackers&b.Occupancy(side.Other())&^board.SquareBB(sq) != 0 {
			break
		}
		occ &^= board.SquareBB(sq)
		attackers = b.AttackersWith(to, occ)
		side = side.Other()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// TestSEEMatchesRecomputation plays random games from every bench
// position (crowded boards with long exchanges, x-rays behind pawns,
// bishops, rooks, queens and kings among them) and compares SEE with the
// from-scratch version on every legal move of every position reached,
// quiet moves and captures alike.
func TestSEEMatchesRecomputation(t *testing.T) {
	checked, nonzero := 0, 0
	walkBenchGames(t, 7, 7, func(b *board.Board, m board.Move) {
		got, want := SEE(b, m), seeRecompute(b, m)
		if got != want {
			t.Fatalf("%s, %s: SEE %d, recomputed %d", b.FEN(), m.String(), got, want)
		}
		checked++
		if got != 0 {
			nonzero++
		}
	})
	if checked < 50000 || nonzero < 10000 {
		t.Errorf("only %d moves checked, %d with a nonzero exchange", checked, nonzero)
	}
}

// walkBenchGames plays a random game of up to 60 plies from every bench
// position, with a generator seeded by seed1 and seed2, and calls visit on
// every legal move of every position reached.
func walkBenchGames(t *testing.T, seed1, seed2 uint64, visit func(b *board.Board, m board.Move)) {
	t.Helper()
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed1, seed2))
	for _, p := range suite.Positions {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		var ml board.MoveList
		for ply := 0; ply < 60; ply++ {
			b.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Moves[:ml.N] {
				visit(b, m)
			}
			b.Make(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

// TestSEEAtLeastMatchesSEE checks SEEAtLeast against SEE's value on every
// legal move of random games from the bench positions (other games than
// TestSEEMatchesRecomputation's), at the thresholds where the answer turns (the value itself and one either
// side), at zero, at the pruning margins the search uses, and at a few
// far ones.
func TestSEEAtLeastMatchesSEE(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	checked, turning := 0, 0
	walkBenchGames(t, 11, 3, func(b *board.Board, m board.Move) {
		v := SEE(b, m)
		for _, th := range []int{v - 1, v, v + 1, 0, 1, -1, -50, -100, -200, -400, 99, 301, -20000, 20000, rng.IntN(2001) - 1000} {
			if got, want := SEEAtLeast(b, m, th), v >= th; got != want {
				t.Fatalf("%s, %s, threshold %d: SEEAtLeast %v, SEE %d", b.FEN(), m.String(), th, got, v)
			}
			checked++
		}
		if v != 0 {
			turning++
		}
	})
	if checked < 500000 || turning < 10000 {
		t.Errorf("only %d comparisons, %d moves with a nonzero exchange", checked, turning)
	}
}

// TestSEEAtLeastCases pins the answer on built exchanges: a defended
// pawn taken by a queen, an undefended one, an x-ray recapture, a king
// that may not recapture into a defended square, a promotion and en
// passant.
func TestSEEAtLeastCases(t *testing.T) {
	tests := []struct {
		fen, move string
		see       int
	}{
		{"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -800},    // QxP, PxQ
		{"4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100},       // the pawn hangs
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},    // the rook behind recaptures by x-ray: Black does not take
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400}, // two rooks each: Black takes last
		{"4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", -800},      // the king recaptures
		{"4k3/3p4/8/8/B7/8/8/3QK3 w - - 0 1", "d1d7", 100},      // it may not: the bishop defends d7
		{"k7/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", 800},        // promotion: a queen for a pawn
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},      // en passant
		{"4k3/2p5/8/8/4N3/8/8/4K3 w - - 0 1", "e4d6", -300},     // a quiet move into a pawn's capture
		// SEE's early stop: after QxP BxQ White is 800 down, and axb5
		// (to 500 down) is not counted, since neither side gains by
		// going on. SEEAtLeast stops where SEE does.
		{"rn1q1b1r/p1p1kppp/b6n/1p1pp3/P4P2/4P3/1PPPQ1PP/RNB1KBNR w KQ d6 0 8", "e2b5", -800},
	}
	for _, tc := range tests {
		b := mustBoard(t, tc.fen)
		m, err := b.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if v := SEE(b, m); v != tc.see {
			t.Errorf("%s %s: SEE %d, want %d", tc.fen, tc.move, v, tc.see)
		}
		for _, th := range []int{tc.see - 1, tc.see, tc.see + 1} {
			if got, want := SEEAtLeast(b, m, th), tc.see >= th; got != want {
				t.Errorf("%s %s threshold %d: SEEAtLeast %v, want %v", tc.fen, tc.move, th, got, want)
			}
		}
	}
}
