// Package board is plylab's fast chess board: bitboards, legal move
// generation, make/unmake without allocation, and incremental Zobrist keys.
//
// notnil/chess is the rules-and-notation library at the edges of plylab, but
// it is far too slow for a search hot path (it allocates on every move and
// hashes positions with md5). This package is the search's own board. It is
// verified against notnil/chess move for move by the differential tests, and
// it converts to and from notnil/chess only at the boundary (FEN in, SAN and
// UCI out).
package board

import "math/bits"

// Color is the side to move or the owner of a piece.
type Color uint8

// The two colors.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite color.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without color.
type PieceType uint8

// The piece types. NoPieceType is zero so an empty square reads as zero.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a colored piece: its type in the low three bits, its color in
// bit 3. NoPiece (zero) marks an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece combines a color and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's color (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// pieceChars maps a Piece to its FEN letter.
var pieceChars = [16]byte{'.', 'P', 'N', 'B', 'R', 'Q', 'K', '?', '?', 'p', 'n', 'b', 'r', 'q', 'k', '?'}

// String returns the FEN letter of the piece ("." for none).
func (p Piece) String() string { return string(pieceChars[p&15]) }

// Square is a board square, A1 = 0, B1 = 1, ..., H8 = 63.
type Square uint8

// Named squares used by the move generator and tests.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A8 Square = 56
	B8 Square = 57
	C8 Square = 58
	D8 Square = 59
	E8 Square = 60
	F8 Square = 61
	G8 Square = 62
	H8 Square = 63
	// NoSquare marks "no en-passant square".
	NoSquare Square = 64
)

// File returns 0..7 for files a..h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0..7 for ranks 1..8.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(name string) (Square, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, false
	}
	return Square(int(name[1]-'1')*8 + int(name[0]-'a')), true
}

// Bitboard is a set of squares, bit i for square i.
type Bitboard uint64

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square in a non-empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether the square is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return 1 << s }

// Castling rights, one bit each.
const (
	WhiteKingside  uint8 = 1
	WhiteQueenside uint8 = 2
	BlackKingside  uint8 = 4
	BlackQueenside uint8 = 8
)

// Move is a move packed in 16 bits: from (6 bits), to (6 bits) and a
// 4-bit flag saying what kind of move it is. Small moves make the
// transposition table and the killer tables compact.
type Move uint16

// NoMove is the zero move (a1a1), never legal.
const NoMove Move = 0

// Move flags (bits 12-15).
const (
	FlagQuiet       = 0
	FlagDoublePush  = 1
	FlagKingCastle  = 2
	FlagQueenCastle = 3
	FlagCapture     = 4
	FlagEnPassant   = 5
	FlagPromo       = 8  // + 0..3 for N, B, R, Q
	FlagPromoCap    = 12 // + 0..3 for N, B, R, Q
)

// NewMove packs a move.
func NewMove(from, to Square, flag int) Move {
	return Move(uint16(from) | uint16(to)<<6 | uint16(flag)<<12)
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m>>6) & 63 }

// Flag returns the move's kind.
func (m Move) Flag() int { return int(m >> 12) }

// IsCapture reports whether the move captures (en passant included).
func (m Move) IsCapture() bool { return m&(FlagCapture<<12) != 0 }

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m&(FlagPromo<<12) != 0 }

// IsCastle reports whether the move is a castling move.
func (m Move) IsCastle() bool { return m.Flag() == FlagKingCastle || m.Flag() == FlagQueenCastle }

// Promotion returns the promoted-to piece type, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m.Flag()&3)
}

// IsQuiet reports whether the move neither captures nor promotes.
func (m Move) IsQuiet() bool { return m>>12 < FlagCapture }

// String returns the move in UCI notation, e.g. "e2e4" or "e7e8q".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string("nbrq"[p-Knight])
	}
	return s
}

// MoveList is a fixed-size move buffer, so move generation never allocates.
// 256 is more than the largest known number of legal moves (218).
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the generated moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}
