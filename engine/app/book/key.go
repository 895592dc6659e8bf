package book

import "github.com/plylab/plylab/engine/board"

// Offsets into random64 (see the layout there).
const (
	castleOffset    = 768
	enPassantOffset = 772
	turnOffset      = 780
)

// Key returns the Polyglot key of b's position: the XOR of
//
//   - random64[64*kind + 8*rank + file] for every piece, where kind counts
//     black pawn 0, white pawn 1, black knight 2, white knight 3, ... black
//     king 10, white king 11;
//   - random64[768+i] for each castling right, i = 0..3 for White short,
//     White long, Black short, Black long;
//   - random64[772+file] for the en-passant file, but only when a pawn of
//     the side to move stands beside the pawn that just made a double push
//     (so positions that differ only in a useless en-passant square share a
//     key, as they do in every Polyglot book);
//   - random64[780] when White is to move.
//
// This is not the engine's own Zobrist key (board.Hash): books written by
// other programs are keyed with these fixed numbers.
func Key(b *board.Board) uint64 {
	var key uint64
	for s := board.Square(0); s < 64; s++ {
		p := b.PieceAt(s)
		if p.Type() == board.NoPieceType {
			continue
		}
		kind := 2 * int(p.Type()-board.Pawn)
		if p.Color() == board.White {
			kind++
		}
		key ^= random64[64*kind+int(s)]
	}
	// board's castling bits are 1, 2, 4, 8 for K, Q, k, q: the same order
	// as Polyglot's four castling numbers.
	castling := b.Castling()
	for i := 0; i < 4; i++ {
		if castling&(1<<i) != 0 {
			key ^= random64[castleOffset+i]
		}
	}
	if ep := b.EnPassant(); ep != board.NoSquare {
		us := b.Side()
		// Squares from which a pawn of ours attacks ep are the squares an
		// enemy pawn on ep would attack.
		if board.PawnAttacks(us.Other(), ep)&b.Pieces(us, board.Pawn) != 0 {
			key ^= random64[enPassantOffset+ep.File()]
		}
	}
	if b.Side() == board.White {
		key ^= random64[turnOffset]
	}
	return key
}
