package board

// GivesCheck reports whether the legal move m would put the opponent in
// check, without making it: InCheck() after Make(m) equals it. A search
// that prunes quiet moves unless they check (futility, late move pruning)
// asks it before paying for Make and Unmake.
//
// How: the position after the move differs from this one only on the
// squares the move touches (from, to, the pawn taken en passant, the
// castling rook's two squares), so the checkers can be counted on the
// board as it is, with the occupancy and our pieces' bitboards adjusted
// for those squares. Direct checks come from the moved (or promoted) piece
// on its new square, discovered checks from sliders whose line to the king
// the move opens; both fall out of one attack test.
func (b *Board) GivesCheck(m Move) bool {
	from, to, flag := m.From(), m.To(), m.Flag()
	us, them := b.side, b.side.Other()
	k := b.kings[them]
	placed := b.squares[from].Type()
	if m.IsPromotion() {
		placed = m.Promotion()
	}
	fromBB, toBB := SquareBB(from), SquareBB(to)
	occ := b.occupied()&^fromBB | toBB
	ours := b.colors[us]&^fromBB | toBB
	// Our pieces by type after the move: the mover leaves from and the
	// (possibly promoted) piece arrives on to.
	var pawns, knights, diag, line Bitboard
	pawns = b.pieces[Pawn] & ours &^ fromBB
	knights = b.pieces[Knight] & ours &^ fromBB
	diag = (b.pieces[Bishop] | b.pieces[Queen]) & ours &^ fromBB
	line = (b.pieces[Rook] | b.pieces[Queen]) & ours &^ fromBB
	// A captured piece on to is theirs, and ours masks it out already; to
	// itself gets the placed piece only.
	pawns &^= toBB
	knights &^= toBB
	diag &^= toBB
	line &^= toBB
	switch placed {
	case Pawn:
		pawns |= toBB
	case Knight:
		knights |= toBB
	case Bishop:
		diag |= toBB
	case Rook:
		line |= toBB
	case Queen:
		diag |= toBB
		line |= toBB
	}
	switch flag {
	case FlagEnPassant:
		occ &^= SquareBB(to ^ 8)
	case FlagKingCastle, FlagQueenCastle:
		rf, rt := to+1, to-1
		if flag == FlagQueenCastle {
			rf, rt = to-2, to+1
		}
		occ = occ&^SquareBB(rf) | SquareBB(rt)
		line = line&^SquareBB(rf) | SquareBB(rt)
	}
	return pawnAttacks[them][k]&pawns != 0 ||
		knightAttacks[k]&knights != 0 ||
		RookAttacks(k, occ)&line != 0 ||
		BishopAttacks(k, occ)&diag != 0
}
