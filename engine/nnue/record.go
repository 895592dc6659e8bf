package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/plylab/plylab/engine/board"
)

// Training records.
//
// A network learns from positions labelled with what is known about them:
// the score a search gave the position and the result of the game it came
// from. plylab stores each such position in a fixed 32-byte record, so a
// file of ten million positions is 320 MB and a trainer can read it
// straight into memory:
//
//	bytes  0-7   occupancy: the occupied squares, a1 = bit 0 (little-endian)
//	bytes  8-23  the pieces on those squares, in square order, four bits
//	             each (low nibble first): colour·6 + type−1, so 0-5 are
//	             White's pawn to king and 6-11 Black's
//	bytes 24-25  score in centipawns from White's point of view (int16)
//	byte  26     result from White's point of view: 0 loss, 1 draw, 2 win
//	byte  27     side to move: 0 White, 1 Black
//	bytes 28-29  fullmove number (uint16, saturating)
//	byte  30     halfmove clock (saturating at 255)
//	byte  31     zero (reserved)
//
// Castling rights and the en-passant square are not kept: the network
// does not read them. A record is not a full FEN.

// RecordSize is the size of one training record in bytes.
const RecordSize = 32

// Result is a game's result from White's point of view.
type Result uint8

// The results a record can hold.
const (
	BlackWins Result = 0
	Draw      Result = 1
	WhiteWins Result = 2
)

// Score returns the result as White's score: 0, ½ or 1.
func (r Result) Score() float64 { return float64(r) / 2 }

// String returns "1-0", "1/2-1/2" or "0-1".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case Draw:
		return "1/2-1/2"
	case BlackWins:
		return "0-1"
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// Record is one labelled position in its packed form.
type Record [RecordSize]byte

// Pack builds the record of b's position with a score (centipawns, from
// White's point of view) and the game's result.
func Pack(b *board.Board, whiteScore int, result Result) Record {
	var r Record
	occ := b.Occupied()
	binary.LittleEndian.PutUint64(r[0:], uint64(occ))
	i := 0
	for bb := occ; bb != 0; {
		s := bb.PopLSB()
		p := b.PieceAt(s)
		code := byte(p.Color())*6 + byte(p.Type()) - 1
		r[8+i/2] |= code << (4 * (i & 1))
		i++
	}
	r.SetScore(whiteScore)
	r[26] = byte(result)
	r[27] = byte(b.Side())
	binary.LittleEndian.PutUint16(r[28:], uint16(min(b.FullmoveNumber(), 65535)))
	r[30] = byte(min(b.HalfmoveClock(), 255))
	return r
}

// Score returns the record's score in centipawns from White's point of
// view. Pack and SetScore saturate at ±32767 so that a score can always be
// negated; a stored -32768 (which they never write) reads as -32767.
func (r *Record) Score() int {
	return max(int(int16(binary.LittleEndian.Uint16(r[24:]))), -32767)
}

// Result returns the game's result stored in the record.
func (r *Record) Result() Result { return Result(r[26]) }

// Side returns the side to move.
func (r *Record) Side() board.Color { return board.Color(r[27] & 1) }

// Occupancy returns the occupied squares.
func (r *Record) Occupancy() board.Bitboard {
	return board.Bitboard(binary.LittleEndian.Uint64(r[0:]))
}

// PieceSquare is one piece on one square.
type PieceSquare struct {
	Piece  board.Piece
	Square board.Square
}

// Pieces appends the record's pieces to dst, in square order, and returns
// the extended slice. Of a record that fails Check it reads at most 32
// pieces and skips piece codes above 11.
func (r *Record) Pieces(dst []PieceSquare) []PieceSquare {
	i := 0
	for bb := r.Occupancy(); bb != 0 && i < 32; i++ {
		s := bb.PopLSB()
		code := (r[8+i/2] >> (4 * (i & 1))) & 15
		if code > 11 {
			continue
		}
		dst = append(dst, PieceSquare{Piece: board.MakePiece(board.Color(code/6), board.PieceType(code%6+1)), Square: s})
	}
	return dst
}

// ErrBadRecord is wrapped by Check's errors.
var ErrBadRecord = errors.New("not a plylab training record")

// Check reports whether r is a record Pack could have written: at most 32
// pieces, piece codes 0-11, one king of each colour, a result of 0-2 and a
// side to move of 0 or 1.
func (r *Record) Check() error {
	occ := r.Occupancy()
	n := bits.OnesCount64(uint64(occ))
	if n > 32 {
		return fmt.Errorf("%w: %d occupied squares (at most 32)", ErrBadRecord, n)
	}
	kings := [2]int{}
	for i := range n {
		code := (r[8+i/2] >> (4 * (i & 1))) & 15
		if code > 11 {
			return fmt.Errorf("%w: piece code %d (0-11)", ErrBadRecord, code)
		}
		if code%6 == 5 {
			kings[code/6]++
		}
	}
	if kings != [2]int{1, 1} {
		return fmt.Errorf("%w: %d white and %d black kings", ErrBadRecord, kings[0], kings[1])
	}
	if r[26] > 2 || r[27] > 1 {
		return fmt.Errorf("%w: result %d or side %d out of range", ErrBadRecord, r[26], r[27])
	}
	return nil
}

// Board rebuilds a board from the record: pieces, side to move and clocks;
// no castling rights and no en-passant square.
func (r *Record) Board() (*board.Board, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	var sq [64]byte
	for _, ps := range r.Pieces(nil) {
		sq[ps.Square] = " PNBRQK"[ps.Piece.Type()]
		if ps.Piece.Color() == board.Black {
			sq[ps.Square] += 'a' - 'A'
		}
	}
	fen := make([]byte, 0, 90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			c := sq[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fen = append(fen, byte('0'+empty))
				empty = 0
			}
			fen = append(fen, c)
		}
		if empty > 0 {
			fen = append(fen, byte('0'+empty))
		}
		if rank > 0 {
			fen = append(fen, '/')
		}
	}
	side := " w"
	if r.Side() == board.Black {
		side = " b"
	}
	full := max(int(binary.LittleEndian.Uint16(r[28:])), 1)
	return board.FromFEN(fmt.Sprintf("%s%s - - %d %d", fen, side, r[30], full))
}

// ReadRecords reads every record from rd. A trailing partial record is an
// error naming its offset (a file cut short by a crash loses at most its
// last record: the ones before it are returned too).
func ReadRecords(rd io.Reader) ([]Record, error) {
	var out []Record
	var r Record
	for {
		n, err := io.ReadFull(rd, r[:])
		if err == io.EOF {
			return out, nil
		}
		if err == io.ErrUnexpectedEOF {
			return out, fmt.Errorf("%w: the data ends %d bytes into record %d (records are %d bytes)", ErrBadRecord, n, len(out)+1, RecordSize)
		}
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
}

// SetScore replaces the record's score (centipawns from White's point of
// view, saturating at ±32767).
func (r *Record) SetScore(white int) {
	white = min(max(white, -32767), 32767)
	binary.LittleEndian.PutUint16(r[24:], uint16(int16(white)))
}
