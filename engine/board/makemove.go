package board

// castleMask[s] is ANDed into the castling rights whenever a move starts or
// ends on s: moving a king or rook, or capturing a rook on its home square,
// loses the matching rights.
var castleMask [64]uint8

func init() {
	for i := range castleMask {
		castleMask[i] = 15
	}
	castleMask[E1] &^= WhiteKingside | WhiteQueenside
	castleMask[H1] &^= WhiteKingside
	castleMask[A1] &^= WhiteQueenside
	castleMask[E8] &^= BlackKingside | BlackQueenside
	castleMask[H8] &^= BlackKingside
	castleMask[A8] &^= BlackQueenside
}

// Make plays a legal move (one produced by GenerateMoves or GenerateNoisy)
// and updates the hash incrementally. It never allocates once the history
// has grown to the search depth. Playing an illegal move corrupts the board.
func (b *Board) Make(m Move) {
	from, to, flag := m.From(), m.To(), m.Flag()
	us, them := b.side, b.side.Other()
	p := b.squares[from]
	h := b.hash ^ castleKeys[b.castling] ^ b.epKey(b.ep, us) ^ sideKey

	u := undo{move: m, moved: p, castling: b.castling, ep: b.ep, halfmove: int32(b.halfmove), hash: b.hash}

	b.halfmove++
	if p.Type() == Pawn {
		b.halfmove = 0
	}
	if flag == FlagEnPassant {
		capSq := to ^ 8 // the pawn beside the destination, on the origin's rank
		u.captured = MakePiece(them, Pawn)
		b.remove(u.captured, capSq)
		h ^= pieceKeys[u.captured][capSq]
	} else if c := b.squares[to]; c != NoPiece {
		u.captured = c
		b.remove(c, to)
		h ^= pieceKeys[c][to]
		b.halfmove = 0
	}
	b.remove(p, from)
	h ^= pieceKeys[p][from]
	placed := p
	if m.IsPromotion() {
		placed = MakePiece(us, m.Promotion())
	}
	b.put(placed, to)
	h ^= pieceKeys[placed][to]
	if p.Type() == King {
		b.kings[us] = to
		if flag == FlagKingCastle || flag == FlagQueenCastle {
			rf, rt := to+1, to-1 // kingside: h-file rook to f-file
			if flag == FlagQueenCastle {
				rf, rt = to-2, to+1
			}
			rook := MakePiece(us, Rook)
			b.remove(rook, rf)
			b.put(rook, rt)
			h ^= pieceKeys[rook][rf] ^ pieceKeys[rook][rt]
		}
	}
	b.castling &= castleMask[from] & castleMask[to]
	b.ep = NoSquare
	if flag == FlagDoublePush {
		b.ep = (from + to) / 2
	}
	if us == Black {
		b.fullmove++
	}
	b.side = them
	h ^= castleKeys[b.castling] ^ b.epKey(b.ep, them)
	b.hash = h
	b.stack = append(b.stack, u)
	b.keys = append(b.keys, h)
}

// KeyAfter returns the Zobrist key the position would have after the legal
// move m, without making it: Hash() after Make(m) equals it. A search uses
// it to start loading the child's transposition-table entry before it
// pays for the move (see engine's TT.prefetch), so the load overlaps the
// work of making it.
func (b *Board) KeyAfter(m Move) uint64 {
	from, to, flag := m.From(), m.To(), m.Flag()
	us, them := b.side, b.side.Other()
	p := b.squares[from]
	h := b.hash ^ castleKeys[b.castling] ^ b.epKey(b.ep, us) ^ sideKey
	if flag == FlagEnPassant {
		h ^= pieceKeys[MakePiece(them, Pawn)][to^8]
	} else if c := b.squares[to]; c != NoPiece {
		h ^= pieceKeys[c][to]
	}
	placed := p
	if m.IsPromotion() {
		placed = MakePiece(us, m.Promotion())
	}
	h ^= pieceKeys[p][from] ^ pieceKeys[placed][to]
	if flag == FlagKingCastle {
		h ^= pieceKeys[MakePiece(us, Rook)][to+1] ^ pieceKeys[MakePiece(us, Rook)][to-1]
	} else if flag == FlagQueenCastle {
		h ^= pieceKeys[MakePiece(us, Rook)][to-2] ^ pieceKeys[MakePiece(us, Rook)][to+1]
	}
	h ^= castleKeys[b.castling&castleMask[from]&castleMask[to]]
	if flag == FlagDoublePush {
		// Only their pawns decide whether the square counts, and the
		// double push does not move any of them.
		h ^= b.epKey((from+to)/2, them)
	}
	return h
}

// Unmake takes back the last move made with Make.
func (b *Board) Unmake() {
	u := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	b.keys = b.keys[:len(b.keys)-1]
	m := u.move
	them := b.side
	us := them.Other()
	b.side = us
	if us == Black {
		b.fullmove--
	}
	b.castling, b.ep, b.halfmove, b.hash = u.castling, u.ep, int(u.halfmove), u.hash
	if m == NoMove { // null move
		return
	}
	from, to, flag := m.From(), m.To(), m.Flag()
	placed := b.squares[to]
	b.remove(placed, to)
	p := placed
	if m.IsPromotion() {
		p = MakePiece(us, Pawn)
	}
	b.put(p, from)
	if p.Type() == King {
		b.kings[us] = from
		if flag == FlagKingCastle || flag == FlagQueenCastle {
			rf, rt := to+1, to-1
			if flag == FlagQueenCastle {
				rf, rt = to-2, to+1
			}
			rook := MakePiece(us, Rook)
			b.remove(rook, rt)
			b.put(rook, rf)
		}
	}
	if u.captured != NoPiece {
		capSq := to
		if flag == FlagEnPassant {
			capSq = to ^ 8
		}
		b.put(u.captured, capSq)
	}
}

// MakeNull passes the move to the opponent (a "null move"), as null-move
// pruning needs. The en-passant square is cleared and the halfmove clock
// restarts, so repetition detection does not look across the null move.
func (b *Board) MakeNull() {
	u := undo{move: NoMove, castling: b.castling, ep: b.ep, halfmove: int32(b.halfmove), hash: b.hash}
	h := b.hash ^ b.epKey(b.ep, b.side) ^ sideKey
	b.ep = NoSquare
	b.halfmove = 0
	if b.side == Black {
		b.fullmove++
	}
	b.side = b.side.Other()
	b.hash = h
	b.stack = append(b.stack, u)
	b.keys = append(b.keys, h)
}

// UnmakeNull takes back MakeNull.
func (b *Board) UnmakeNull() { b.Unmake() }

// MoveAt returns the i-th move made on the board since it was created
// (0 is the first; Ply() moves in all): the move (NoMove for a null
// move), the piece that moved (a pawn for a promotion) and the piece it
// captured (NoPiece if none). An evaluation that updates itself move by
// move (engine/nnue) replays these.
func (b *Board) MoveAt(i int) (m Move, moved, captured Piece) {
	u := &b.stack[i]
	return u.move, u.moved, u.captured
}

// KeyAt returns the Zobrist key of the position after the first i moves
// made on the board (KeyAt(0) is the key of the position it was created
// with, KeyAt(Ply()) is Hash()).
func (b *Board) KeyAt(i int) uint64 { return b.keys[i] }

// IsRepetition reports whether the current position occurred before since
// the last irreversible move. A search treats the first repetition as a
// draw: if the position was worth playing for, it was worth it the first
// time too.
func (b *Board) IsRepetition() bool {
	n := len(b.keys) - 1
	stop := n - b.halfmove
	if stop < 0 {
		stop = 0
	}
	for i := n - 2; i >= stop; i -= 2 {
		if b.keys[i] == b.hash {
			return true
		}
	}
	return false
}

// RepetitionCount returns how many times the current position has occurred
// (1 for a new position); 3 or more is a threefold repetition.
func (b *Board) RepetitionCount() int {
	n := len(b.keys) - 1
	stop := n - b.halfmove
	if stop < 0 {
		stop = 0
	}
	count := 1
	for i := n - 2; i >= stop; i -= 2 {
		if b.keys[i] == b.hash {
			count++
		}
	}
	return count
}

// RepetitionWindow returns how many plies back a repetition of the current
// position could be found: the plies since the last capture or pawn move,
// limited to the history the board knows. A threefold repetition within the
// next d plies needs RepetitionWindow()+d >= 8, a single repetition >= 4.
func (b *Board) RepetitionWindow() int { return min(b.halfmove, len(b.keys)-1) }

// IsFiftyMoveDraw reports whether fifty moves (100 half moves) have passed
// without a capture or pawn move.
func (b *Board) IsFiftyMoveDraw() bool { return b.halfmove >= 100 }

// InsufficientMaterial reports whether neither side can possibly mate: bare
// kings, a single minor piece, or only bishops all on squares of one color.
func (b *Board) InsufficientMaterial() bool {
	if b.pieces[Pawn]|b.pieces[Rook]|b.pieces[Queen] != 0 {
		return false
	}
	minors := b.pieces[Knight] | b.pieces[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if b.pieces[Knight] != 0 {
		return false
	}
	const dark Bitboard = 0xAA55AA55AA55AA55
	bishops := b.pieces[Bishop]
	return bishops&dark == 0 || bishops&^dark == 0
}
