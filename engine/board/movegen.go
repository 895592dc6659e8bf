package board

// Legal move generation.
//
// Instead of generating pseudo-legal moves and testing each one by making it
// and asking "is my king attacked?", the generator produces only legal moves
// directly, which is what makes bulk-counted perft fast:
//
//   - The king may go to any square the enemy does not attack, computed with
//     the king itself removed from the board (so it cannot hide "behind
//     itself" along a checking ray).
//   - In double check only the king can move.
//   - In single check every other move must land on the check mask: the
//     checking piece's square or a square between it and the king.
//   - A pinned piece (the only piece between its king and an enemy slider)
//     may move only along the line through the king and the pinner.
//   - En passant removes two pawns from one rank at once, which can expose
//     the king along that rank (the "discovered check" case); it is checked
//     by replaying the occupancy change against enemy sliders.
//   - Castling requires the king not in check and the squares it crosses
//     and lands on not attacked.

// attackersTo returns the pieces of both colors that attack s, given the
// occupancy occ (which may differ from the board's, e.g. with the king
// removed).
func (b *Board) attackersTo(s Square, occ Bitboard) Bitboard {
	rq := b.pieces[Rook] | b.pieces[Queen]
	bq := b.pieces[Bishop] | b.pieces[Queen]
	return pawnAttacks[Black][s]&b.pieces[Pawn]&b.colors[White] |
		pawnAttacks[White][s]&b.pieces[Pawn]&b.colors[Black] |
		knightAttacks[s]&b.pieces[Knight] |
		kingAttacks[s]&b.pieces[King] |
		RookAttacks(s, occ)&rq |
		BishopAttacks(s, occ)&bq
}

// attacked reports whether color by attacks square s with occupancy occ.
func (b *Board) attacked(s Square, by Color, occ Bitboard) bool {
	them := b.colors[by]
	if pawnAttacks[by.Other()][s]&b.pieces[Pawn]&them != 0 ||
		knightAttacks[s]&b.pieces[Knight]&them != 0 ||
		kingAttacks[s]&b.pieces[King]&them != 0 {
		return true
	}
	if RookAttacks(s, occ)&(b.pieces[Rook]|b.pieces[Queen])&them != 0 {
		return true
	}
	return BishopAttacks(s, occ)&(b.pieces[Bishop]|b.pieces[Queen])&them != 0
}

// IsAttacked reports whether color by attacks square s.
func (b *Board) IsAttacked(s Square, by Color) bool { return b.attacked(s, by, b.occupied()) }

// AttackersTo returns the pieces of both colors attacking s.
func (b *Board) AttackersTo(s Square) Bitboard { return b.attackersTo(s, b.occupied()) }

// Checkers returns the enemy pieces giving check to the side to move.
func (b *Board) Checkers() Bitboard {
	return b.attackersTo(b.kings[b.side], b.occupied()) & b.colors[b.side.Other()]
}

// InCheck reports whether the side to move is in check.
func (b *Board) InCheck() bool {
	return b.attacked(b.kings[b.side], b.side.Other(), b.occupied())
}

// pinned returns the pieces of the side to move pinned to their king.
func (b *Board) pinned() Bitboard {
	us, them := b.side, b.side.Other()
	ksq := b.kings[us]
	occ := b.occupied()
	snipers := (RookAttacks(ksq, 0)&(b.pieces[Rook]|b.pieces[Queen]) |
		BishopAttacks(ksq, 0)&(b.pieces[Bishop]|b.pieces[Queen])) & b.colors[them]
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.PopLSB()
		blockers := between[ksq][s] & occ
		if blockers != 0 && blockers&(blockers-1) == 0 {
			pinned |= blockers & b.colors[us]
		}
	}
	return pinned
}

// GenerateMoves appends every legal move of the side to move to ml (which
// it resets first).
func (b *Board) GenerateMoves(ml *MoveList) {
	ml.N = 0
	b.generate(ml, false)
}

// GenerateNoisy appends the legal captures (en passant included) and
// promotions, the moves quiescence search looks at.
func (b *Board) GenerateNoisy(ml *MoveList) {
	ml.N = 0
	b.generate(ml, true)
}

// HasLegalMove reports whether the side to move has any legal move; cheaper
// than generating them all when only mate/stalemate matters. It applies the
// generator's tests (checks, pins) piece by piece and stops at the first
// piece with a target; only pawns are generated in full. Castling never
// needs a look: it is legal only when the king's step towards the rook is.
func (b *Board) HasLegalMove() bool {
	us, them := b.side, b.side.Other()
	occ := b.occupied()
	own, enemy := b.colors[us], b.colors[them]
	ksq := b.kings[us]
	occNoKing := occ &^ SquareBB(ksq)
	for targets := kingAttacks[ksq] &^ own; targets != 0; {
		if !b.attacked(targets.PopLSB(), them, occNoKing) {
			return true
		}
	}
	checkers := b.attackersTo(ksq, occ) & enemy
	if checkers&(checkers-1) != 0 {
		return false
	}
	mask := ^Bitboard(0)
	if checkers != 0 {
		mask = between[ksq][checkers.LSB()] | checkers
	}
	pinned := b.pinned()
	pieceTargets := ^own & mask
	for from := b.pieces[Knight] & own &^ pinned; from != 0; {
		if knightAttacks[from.PopLSB()]&pieceTargets != 0 {
			return true
		}
	}
	for from := (b.pieces[Bishop] | b.pieces[Queen]) & own; from != 0; {
		f := from.PopLSB()
		t := BishopAttacks(f, occ) & pieceTargets
		if pinned.Has(f) {
			t &= line[ksq][f]
		}
		if t != 0 {
			return true
		}
	}
	for from := (b.pieces[Rook] | b.pieces[Queen]) & own; from != 0; {
		f := from.PopLSB()
		t := RookAttacks(f, occ) & pieceTargets
		if pinned.Has(f) {
			t &= line[ksq][f]
		}
		if t != 0 {
			return true
		}
	}
	var ml MoveList
	b.pawnMoves(&ml, false, mask, pinned, occ, enemy)
	return ml.N > 0
}

func (b *Board) generate(ml *MoveList, noisy bool) {
	us, them := b.side, b.side.Other()
	occ := b.occupied()
	own, enemy := b.colors[us], b.colors[them]
	ksq := b.kings[us]

	// King moves.
	targets := kingAttacks[ksq] &^ own
	if noisy {
		targets &= enemy
	}
	occNoKing := occ &^ SquareBB(ksq)
	for targets != 0 {
		to := targets.PopLSB()
		if !b.attacked(to, them, occNoKing) {
			if enemy.Has(to) {
				ml.add(NewMove(ksq, to, FlagCapture))
			} else {
				ml.add(NewMove(ksq, to, FlagQuiet))
			}
		}
	}

	checkers := b.attackersTo(ksq, occ) & enemy
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}
	mask := ^Bitboard(0)
	if checkers != 0 {
		mask = between[ksq][checkers.LSB()] | checkers
	}
	pinned := b.pinned()
	pieceTargets := ^own & mask
	if noisy {
		pieceTargets &= enemy
	}

	// Knights: a pinned knight can never move.
	for from := b.pieces[Knight] & own &^ pinned; from != 0; {
		f := from.PopLSB()
		b.addPieceMoves(ml, f, knightAttacks[f]&pieceTargets, enemy)
	}
	// Sliders: pinned ones stay on the pin line.
	for from := (b.pieces[Bishop] | b.pieces[Queen]) & own; from != 0; {
		f := from.PopLSB()
		t := BishopAttacks(f, occ) & pieceTargets
		if pinned.Has(f) {
			t &= line[ksq][f]
		}
		b.addPieceMoves(ml, f, t, enemy)
	}
	for from := (b.pieces[Rook] | b.pieces[Queen]) & own; from != 0; {
		f := from.PopLSB()
		t := RookAttacks(f, occ) & pieceTargets
		if pinned.Has(f) {
			t &= line[ksq][f]
		}
		b.addPieceMoves(ml, f, t, enemy)
	}

	b.pawnMoves(ml, noisy, mask, pinned, occ, enemy)

	// Castling: never out of, through or into check.
	if !noisy && checkers == 0 && b.castling != 0 {
		if us == White {
			if b.castling&WhiteKingside != 0 && occ&(SquareBB(5)|SquareBB(6)) == 0 &&
				!b.attacked(5, them, occ) && !b.attacked(6, them, occ) {
				ml.add(NewMove(E1, G1, FlagKingCastle))
			}
			if b.castling&WhiteQueenside != 0 && occ&(SquareBB(1)|SquareBB(2)|SquareBB(3)) == 0 &&
				!b.attacked(3, them, occ) && !b.attacked(2, them, occ) {
				ml.add(NewMove(E1, C1, FlagQueenCastle))
			}
		} else {
			if b.castling&BlackKingside != 0 && occ&(SquareBB(61)|SquareBB(62)) == 0 &&
				!b.attacked(61, them, occ) && !b.attacked(62, them, occ) {
				ml.add(NewMove(E8, G8, FlagKingCastle))
			}
			if b.castling&BlackQueenside != 0 && occ&(SquareBB(57)|SquareBB(58)|SquareBB(59)) == 0 &&
				!b.attacked(59, them, occ) && !b.attacked(58, them, occ) {
				ml.add(NewMove(E8, C8, FlagQueenCastle))
			}
		}
	}
}

func (b *Board) addPieceMoves(ml *MoveList, from Square, targets, enemy Bitboard) {
	for caps := targets & enemy; caps != 0; {
		ml.add(NewMove(from, caps.PopLSB(), FlagCapture))
	}
	for quiet := targets &^ enemy; quiet != 0; {
		ml.add(NewMove(from, quiet.PopLSB(), FlagQuiet))
	}
}

func addPromotions(ml *MoveList, from, to Square, capture bool) {
	flag := FlagPromo
	if capture {
		flag = FlagPromoCap
	}
	// Queen first: move ordering in the searches tries it first anyway.
	for p := 3; p >= 0; p-- {
		ml.add(NewMove(from, to, flag+p))
	}
}

func (b *Board) pawnMoves(ml *MoveList, noisy bool, mask, pinned, occ, enemy Bitboard) {
	us := b.side
	ksq := b.kings[us]
	pawns := b.pieces[Pawn] & b.colors[us]
	up, startRank, promoRank := 8, rank2, rank8
	if us == Black {
		up, startRank, promoRank = -8, rank7, rank1
	}
	for pawns != 0 {
		from := pawns.PopLSB()
		allowed := mask
		if pinned.Has(from) {
			allowed &= line[ksq][from]
		}
		// Pushes.
		to := Square(int(from) + up)
		if !occ.Has(to) {
			if promoRank.Has(to) {
				if allowed.Has(to) {
					addPromotions(ml, from, to, false)
				}
			} else if !noisy {
				if allowed.Has(to) {
					ml.add(NewMove(from, to, FlagQuiet))
				}
				to2 := Square(int(to) + up)
				if startRank.Has(from) && !occ.Has(to2) && allowed.Has(to2) {
					ml.add(NewMove(from, to2, FlagDoublePush))
				}
			}
		}
		// Captures.
		for caps := pawnAttacks[us][from] & enemy & allowed; caps != 0; {
			t := caps.PopLSB()
			if promoRank.Has(t) {
				addPromotions(ml, from, t, true)
			} else {
				ml.add(NewMove(from, t, FlagCapture))
			}
		}
		// En passant: replay the occupancy change and test the king.
		if b.ep != NoSquare && pawnAttacks[us][from].Has(b.ep) {
			capSq := Square(int(b.ep) - up)
			after := occ&^SquareBB(from)&^SquareBB(capSq) | SquareBB(b.ep)
			them := b.colors[us.Other()] &^ SquareBB(capSq)
			if RookAttacks(ksq, after)&(b.pieces[Rook]|b.pieces[Queen])&them == 0 &&
				BishopAttacks(ksq, after)&(b.pieces[Bishop]|b.pieces[Queen])&them == 0 &&
				(knightAttacks[ksq]&b.pieces[Knight]|pawnAttacks[us][ksq]&b.pieces[Pawn])&them == 0 {
				ml.add(NewMove(from, b.ep, FlagEnPassant))
			}
		}
	}
}

// AttackersWith returns the pieces of both colors attacking s when the
// board's occupancy is replaced by occ (static exchange evaluation removes
// pieces one by one to uncover x-ray attackers).
func (b *Board) AttackersWith(s Square, occ Bitboard) Bitboard { return b.attackersTo(s, occ) & occ }
