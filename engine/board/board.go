package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/notnil/chess"
)

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// undo holds what Make cannot recompute when it is taken back.
type undo struct {
	move     Move
	captured Piece
	moved    Piece // the piece that moved (a pawn for a promotion), NoPiece for a null move
	castling uint8
	ep       Square
	halfmove int32
	hash     uint64
}

// Board is a chess position plus the history needed to take moves back and
// to detect repetitions. The zero value is not usable; create boards with
// FromFEN or New.
type Board struct {
	pieces  [7]Bitboard // by PieceType (index 0 unused), both colors
	colors  [2]Bitboard
	squares [64]Piece
	kings   [2]Square

	side     Color
	castling uint8
	ep       Square // as in the FEN: set after every double push
	halfmove int
	fullmove int
	hash     uint64

	stack []undo
	// keys holds the hash of every position since the game's start (or the
	// FEN), the current one last: repetition detection scans it backwards.
	keys []uint64
}

// New returns the initial position.
func New() *Board {
	b, err := FromFEN(StartFEN)
	if err != nil {
		panic("board: start position: " + err.Error())
	}
	return b
}

// The largest clocks FromFEN accepts. They are far beyond any game (the
// 75-move rule ends a game at a halfmove clock of 150) yet small enough
// that the clocks, kept in 32 bits on the undo stack, never overflow.
const (
	maxHalfmove = 100000
	maxFullmove = 1000000
)

// FromFEN parses and validates a FEN. Four-field FENs (as in EPD files) are
// accepted and read as "0 1" for the clocks. The checks go beyond syntax:
// exactly one king per side, no pawns on the first or last rank, castling
// rights that match the king and rook placement, an en-passant square that
// a double push could have produced, and the side not to move not in check.
func FromFEN(fen string) (*Board, error) {
	fields := strings.Fields(fen)
	if len(fields) == 4 {
		fields = append(fields, "0", "1")
	}
	if len(fields) != 6 {
		return nil, fmt.Errorf("expected 6 fields, found %d", len(fields))
	}
	b := &Board{ep: NoSquare, stack: make([]undo, 0, 256), keys: make([]uint64, 0, 256)}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return nil, fmt.Errorf("expected 8 ranks in the board field, found %d", len(ranks))
	}
	for i, rs := range ranks {
		r := 7 - i
		f := 0
		prevDigit := false
		for _, ch := range rs {
			if ch >= '1' && ch <= '8' {
				if prevDigit {
					return nil, fmt.Errorf("rank %d %q has two digits in a row", r+1, rs)
				}
				f += int(ch - '0')
				prevDigit = true
				continue
			}
			prevDigit = false
			idx := strings.IndexRune("PNBRQKpnbrqk", ch)
			if idx < 0 {
				return nil, fmt.Errorf("bad character %q in rank %d %q", ch, r+1, rs)
			}
			if f < 8 {
				b.put(MakePiece(Color(idx/6), PieceType(idx%6+1)), Square(r*8+f))
			}
			f++
		}
		if f != 8 {
			return nil, fmt.Errorf("rank %d %q has %d squares, expected 8", r+1, rs, f)
		}
	}
	switch fields[1] {
	case "w":
		b.side = White
	case "b":
		b.side = Black
	default:
		return nil, fmt.Errorf("bad side to move %q (use w or b)", fields[1])
	}
	for c := White; c <= Black; c++ {
		kings := b.pieces[King] & b.colors[c]
		switch n := kings.Count(); n {
		case 1:
		case 0:
			return nil, fmt.Errorf("no %s king", c)
		case 2:
			return nil, fmt.Errorf("two %s kings", c)
		default:
			return nil, fmt.Errorf("%d %s kings", n, c)
		}
		b.kings[c] = kings.LSB()
		if n := b.colors[c].Count(); n > 16 {
			return nil, fmt.Errorf("%s has %d pieces (at most 16)", c, n)
		}
		if n := (b.pieces[Pawn] & b.colors[c]).Count(); n > 8 {
			return nil, fmt.Errorf("%s has %d pawns (at most 8)", c, n)
		}
	}
	if bad := b.pieces[Pawn] & (rank1 | rank8); bad != 0 {
		sq := bad.LSB()
		return nil, fmt.Errorf("%s pawn on %s (pawns never stand on rank 1 or 8)", b.squares[sq].Color(), sq)
	}
	if fields[2] != "-" {
		for _, ch := range fields[2] {
			var right uint8
			var king, rook Square
			var c Color
			switch ch {
			case 'K':
				right, king, rook, c = WhiteKingside, E1, H1, White
			case 'Q':
				right, king, rook, c = WhiteQueenside, E1, A1, White
			case 'k':
				right, king, rook, c = BlackKingside, E8, H8, Black
			case 'q':
				right, king, rook, c = BlackQueenside, E8, A8, Black
			default:
				return nil, fmt.Errorf("bad castling field %q", fields[2])
			}
			if b.castling&right != 0 {
				return nil, fmt.Errorf("bad castling field %q", fields[2])
			}
			if b.squares[king] != MakePiece(c, King) || b.squares[rook] != MakePiece(c, Rook) {
				return nil, fmt.Errorf("castling right %c needs the %s king on %s and a rook on %s", ch, c, king, rook)
			}
			b.castling |= right
		}
	}
	if fields[3] != "-" {
		sq, ok := ParseSquare(fields[3])
		if !ok {
			return nil, fmt.Errorf("bad en-passant square %q", fields[3])
		}
		// The square a pawn just skipped: rank 6 with White to move, rank 3
		// with Black to move, the pawn beyond it and both squares empty.
		wantRank := 5
		if b.side == Black {
			wantRank = 2
		}
		if sq.Rank() != wantRank {
			return nil, fmt.Errorf("en-passant square %s is impossible with %s to move (it must be on rank %d)", sq, b.side, wantRank+1)
		}
		pawnSq, from := sq-8, sq+8
		if b.side == Black {
			pawnSq, from = sq+8, sq-8
		}
		if b.squares[pawnSq] != MakePiece(b.side.Other(), Pawn) || b.squares[sq] != NoPiece || b.squares[from] != NoPiece {
			return nil, fmt.Errorf("en-passant square %s, but no %s pawn on %s can have just moved two squares", sq, b.side.Other(), pawnSq)
		}
		b.ep = sq
	}
	hm, err := strconv.Atoi(fields[4])
	if err != nil || hm < 0 || hm > maxHalfmove {
		return nil, fmt.Errorf("bad halfmove clock %q (want a number from 0 to %d)", fields[4], maxHalfmove)
	}
	fm, err := strconv.Atoi(fields[5])
	if err != nil || fm < 1 || fm > maxFullmove {
		return nil, fmt.Errorf("bad fullmove number %q (want a number from 1 to %d)", fields[5], maxFullmove)
	}
	b.halfmove, b.fullmove = hm, fm
	if b.attackersTo(b.kings[b.side.Other()], b.occupied())&b.colors[b.side] != 0 {
		return nil, fmt.Errorf("the side not to move (%s) is in check", b.side.Other())
	}
	// Belt and braces: the position must also be acceptable to notnil/chess,
	// the library every other part of plylab uses for rules and notation.
	if _, err := chess.FEN(strings.Join(fields, " ")); err != nil {
		return nil, fmt.Errorf("rejected by notnil/chess: %v", err)
	}
	b.hash = b.computeHash()
	b.keys = append(b.keys, b.hash)
	return b, nil
}

// FEN returns the position in Forsyth-Edwards Notation.
func (b *Board) FEN() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			p := b.squares[r*8+f]
			if p == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pieceChars[p])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if b.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	if b.castling == 0 {
		sb.WriteByte('-')
	}
	for i, ch := range "KQkq" {
		if b.castling&(1<<i) != 0 {
			sb.WriteRune(ch)
		}
	}
	fmt.Fprintf(&sb, " %s %d %d", b.ep, b.halfmove, b.fullmove)
	return sb.String()
}

// Copy returns an independent copy of the board, history included.
func (b *Board) Copy() *Board {
	c := *b
	c.stack = append(make([]undo, 0, cap(b.stack)), b.stack...)
	c.keys = append(make([]uint64, 0, cap(b.keys)), b.keys...)
	return &c
}

func (b *Board) put(p Piece, s Square) {
	bb := SquareBB(s)
	b.pieces[p.Type()] |= bb
	b.colors[p.Color()] |= bb
	b.squares[s] = p
}

func (b *Board) remove(p Piece, s Square) {
	bb := SquareBB(s)
	b.pieces[p.Type()] &^= bb
	b.colors[p.Color()] &^= bb
	b.squares[s] = NoPiece
}

func (b *Board) occupied() Bitboard { return b.colors[White] | b.colors[Black] }

// Side returns the side to move.
func (b *Board) Side() Color { return b.side }

// Castling returns the castling rights as a bit set of WhiteKingside etc.
func (b *Board) Castling() uint8 { return b.castling }

// EnPassant returns the en-passant square as a FEN would show it, or
// NoSquare.
func (b *Board) EnPassant() Square { return b.ep }

// HalfmoveClock returns the number of half moves since the last capture or
// pawn move (the fifty-move rule counts it).
func (b *Board) HalfmoveClock() int { return b.halfmove }

// FullmoveNumber returns the FEN move number.
func (b *Board) FullmoveNumber() int { return b.fullmove }

// Hash returns the position's Zobrist key.
func (b *Board) Hash() uint64 { return b.hash }

// Ply returns how many moves have been made on this board since it was
// created (and not taken back).
func (b *Board) Ply() int { return len(b.stack) }

// PieceAt returns the piece on s, or NoPiece.
func (b *Board) PieceAt(s Square) Piece { return b.squares[s] }

// Pieces returns the squares holding pieces of color c and type t.
func (b *Board) Pieces(c Color, t PieceType) Bitboard { return b.pieces[t] & b.colors[c] }

// PiecesOfType returns the squares holding pieces of type t, both colors.
func (b *Board) PiecesOfType(t PieceType) Bitboard { return b.pieces[t] }

// Occupancy returns the squares holding pieces of color c.
func (b *Board) Occupancy(c Color) Bitboard { return b.colors[c] }

// Occupied returns all occupied squares.
func (b *Board) Occupied() Bitboard { return b.occupied() }

// KingSquare returns the square of c's king.
func (b *Board) KingSquare(c Color) Square { return b.kings[c] }

// LastMove returns the last move made on the board, or NoMove.
func (b *Board) LastMove() Move {
	if len(b.stack) == 0 {
		return NoMove
	}
	return b.stack[len(b.stack)-1].move
}

// String returns a plain 8x8 diagram followed by the FEN, for debugging.
func (b *Board) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			sb.WriteByte(pieceChars[b.squares[r*8+f]])
			if f < 7 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(b.FEN())
	return sb.String()
}
