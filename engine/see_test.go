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
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	checked, nonzero := 0, 0
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
				got, want := SEE(b, m), seeRecompute(b, m)
				if got != want {
					t.Fatalf("%s, %s: SEE %d, recomputed %d", b.FEN(), m.String(), got, want)
				}
				checked++
				if got != 0 {
					nonzero++
				}
			}
			b.Make(ml.Moves[rng.IntN(ml.N)])
		}
	}
	if checked < 50000 || nonzero < 10000 {
		t.Errorf("only %d moves checked, %d with a nonzero exchange", checked, nonzero)
	}
}
