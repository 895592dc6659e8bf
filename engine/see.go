package engine

import "github.com/plylab/plylab/engine/board"

// Static exchange evaluation (SEE).
//
// SEE predicts the material outcome of a capture by playing out, on one
// square, the whole sequence of recaptures with the least valuable attacker
// each time, letting either side stop when continuing would lose more. It
// sees x-rays (a rook behind a rook) by recomputing sliding attacks as
// pieces leave the square's lines. Quiescence search uses it to skip
// captures that simply lose material, such as QxP defended by a pawn: they
// almost never change the result and cost many nodes.

var seeValue = [7]int{0, 100, 300, 300, 500, 900, 20000}

// SEE returns the expected material gain of move m for the side to move,
// in centipawns (negative when the capture loses material).
func SEE(b *board.Board, m board.Move) int {
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
	queens := b.PiecesOfType(board.Queen)
	diagonal := b.PiecesOfType(board.Bishop) | queens
	straight := b.PiecesOfType(board.Rook) | queens
	d := 0
	for d < len(gain)-1 {
		d++
		gain[d] = seeValue[attacker] - gain[d-1]
		// Neither side can gain by continuing: stop early.
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		mine := attackers & b.Occupancy(side)
		if mine == 0 {
			break
		}
		// Least valuable attacker.
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
			// The king cannot capture into a defended square.
			break
		}
		// The capturer leaves its square. Only a slider behind it, on
		// the same line through the target, can join the exchange (an
		// x-ray): the other attackers are the same minus the one that
		// moved. So only the lines the capturer stood on are looked at
		// again, diagonals for a pawn or bishop, ranks and files for a
		// rook, both for a queen or king; a knight stands on no line
		// through the target. The set is the one AttackersWith(to, occ)
		// would compute from scratch.
		occ &^= board.SquareBB(sq)
		switch attacker {
		case board.Pawn, board.Bishop:
			attackers |= board.BishopAttacks(to, occ) & diagonal
		case board.Rook:
			attackers |= board.RookAttacks(to, occ) & straight
		case board.Queen, board.King:
			attackers |= board.BishopAttacks(to, occ)&diagonal | board.RookAttacks(to, occ)&straight
		}
		attackers &= occ
		side = side.Other()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
