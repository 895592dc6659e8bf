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

// SEEAtLeast reports whether SEE(b, m) >= threshold, the question every
// caller asks ("does this move lose more than it may?"), without working
// out the exchange's value. It plays the same sequence of least valuable
// recaptures, but keeps a running balance measured against the threshold
// instead of the list of gains: after each capture, if the side that just
// captured stays at or above the threshold even when it loses the
// capturer, or the side to recapture cannot get back across it by taking
// the capturer, the answer is known and the count stops there. Most
// exchanges are settled after one or two captures this way, and the
// bounds at the start (the victim alone cannot reach the threshold; the
// attacker lost for nothing still does) settle many without looking at
// the board at all. It stops the exchange where SEE does, including SEE's
// early stop when neither side gains by going on, so the answer is SEE's
// comparison on every move (TestSEEAtLeastMatchesSEE).
func SEEAtLeast(b *board.Board, m board.Move, threshold int) bool {
	from, to := m.From(), m.To()
	victim := b.PieceAt(to).Type()
	if m.Flag() == board.FlagEnPassant {
		victim = board.Pawn
	}
	onSquare := b.PieceAt(from).Type() // the piece the next capture takes
	gain := seeValue[victim]           // what the last capture won, as SEE counts it
	if p := m.Promotion(); p != board.NoPieceType {
		gain += seeValue[p] - seeValue[board.Pawn]
		onSquare = p
	}
	// balance is how far the side that made the last capture stands above
	// the threshold (for the mover) if the exchange stopped now, negated
	// for the side to recapture, with the piece on the square counted as
	// already lost.
	balance := gain - threshold
	if balance < 0 {
		return false // even unanswered, the capture falls short
	}
	balance = seeValue[onSquare] - balance
	if balance <= 0 {
		return true // even losing the capturer, the threshold is met
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
	// ok is the answer if the exchange stopped now: true while the side
	// that made the last capture is the mover.
	ok := true
	for {
		next := seeValue[onSquare] - gain
		if max(-gain, next) < 0 {
			break // SEE's early stop: neither side gains by going on
		}
		mine := attackers & b.Occupancy(side)
		if mine == 0 {
			break
		}
		var sq board.Square
		var attacker board.PieceType
		for t := board.Pawn; t <= board.King; t++ {
			if bb := mine & b.PiecesOfType(t); bb != 0 {
				sq, attacker = bb.LSB(), t
				break
			}
		}
		if attacker == board.King && attackers&b.Occupancy(side.Other()) != 0 {
			break // the king cannot capture into a defended square
		}
		// side captures: the answer turns its way unless the capturer,
		// lost in turn, takes the balance back across the threshold.
		ok = !ok
		gain, onSquare = next, attacker
		balance = seeValue[attacker] - balance
		if ok && balance < 1 || !ok && balance < 0 {
			break // the other side does better to stop than to go on
		}
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
	return ok
}
