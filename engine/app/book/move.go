package book

import "github.com/plylab/plylab/engine/board"

// Polyglot move encoding (16 bits): to file (bits 0-2), to rank (3-5),
// from file (6-8), from rank (9-11), promotion piece (12-14: none, knight,
// bishop, rook, queen). Castling is written as the king taking its own
// rook (e1h1 for White's O-O), the Chess960-proof form, while plylab's
// board writes it as the king's two-square step (e1g1).

// EncodeMove returns m in Polyglot's encoding. m must be a move of the
// position it is encoded for; castling moves become king-takes-rook.
func EncodeMove(m board.Move) uint16 {
	from, to := m.From(), m.To()
	switch m.Flag() {
	case board.FlagKingCastle:
		to = board.Square(from.Rank()*8 + 7) // h1 or h8
	case board.FlagQueenCastle:
		to = board.Square(from.Rank() * 8) // a1 or a8
	}
	// Our squares are rank*8+file, so a square's 6 bits are Polyglot's
	// rank and file fields side by side.
	pm := uint16(to) | uint16(from)<<6
	if p := m.Promotion(); p != board.NoPieceType {
		pm |= uint16(p-board.Knight+1) << 12
	}
	return pm
}

// DecodeMove returns the legal move of b that pm encodes, or false when
// there is none (a corrupt entry, or a key collision with another
// position). Matching against the legal moves resolves castling and
// rejects anything the position does not allow.
func DecodeMove(b *board.Board, pm uint16) (board.Move, bool) {
	var ml board.MoveList
	b.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if EncodeMove(m) == pm&0x7fff {
			return m, true
		}
	}
	return board.NoMove, false
}

// moveString is pm in UCI-like notation as stored (e1h1 for castling), for
// error messages about moves that are not legal.
func moveString(pm uint16) string {
	sq := func(s uint16) string {
		return string(rune('a'+s&7)) + string(rune('1'+s>>3&7))
	}
	s := sq(pm>>6&63) + sq(pm&63)
	if p := pm >> 12 & 7; p >= 1 && p <= 4 {
		s += string("nbrq"[p-1])
	}
	return s
}
