package board

import "math/bits"

// Attack tables.
//
// Knights, kings and pawns attack a fixed set of squares from each square,
// so their attacks are looked up in 64-entry tables. Sliding pieces (bishops,
// rooks, queens) depend on which squares block them; "magic bitboards" turn
// the blocker set on a piece's rays into a table index with one multiply and
// one shift: (occupancy & mask) * magic >> shift. The magic numbers were
// found once by a seeded trial-and-error search (magics_test.go) and are
// stored in magics_gen.go, so start-up only fills the tables (about a
// millisecond) instead of searching (hundreds of milliseconds).

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard

	// between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal; otherwise it is empty.
	between [64][64]Bitboard
	// line[a][b] is the whole line through a and b, edge to edge, when they
	// are aligned; otherwise it is empty. A pinned piece may move only along
	// the line through its king and the pinner.
	line [64][64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    []Bitboard
	bishopTable  []Bitboard
)

type magic struct {
	mask  Bitboard
	magic uint64
	shift uint8
	table []Bitboard
}

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56
)

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAttacks[sq] |= 1 << ((r+d[1])*8 + f + d[0])
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[sq] |= 1 << ((r+dr)*8 + f + df)
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][sq] |= 1 << ((r+1)*8 + f + df)
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][sq] |= 1 << ((r-1)*8 + f + df)
			}
		}
	}
	for a := 0; a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				var ray Bitboard
				f, r := a&7+d[0], a>>3+d[1]
				for onBoard(f, r) {
					b := r*8 + f
					between[a][b] = ray
					ray |= 1 << b
					f, r = f+d[0], r+d[1]
				}
				// The full line: both directions from a, plus a itself.
				back := slideRay(Square(a), -d[0], -d[1])
				full := ray | back | 1<<a
				for rr := ray; rr != 0; {
					line[a][rr.PopLSB()] = full
				}
			}
		}
	}
	rookTable = fillMagics(&rookMagics, rookDirs, &rookMagicNumbers)
	bishopTable = fillMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers)
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// slideRay returns the squares from s in direction (df, dr) to the edge.
func slideRay(s Square, df, dr int) Bitboard {
	var ray Bitboard
	f, r := s.File()+df, s.Rank()+dr
	for onBoard(f, r) {
		ray |= 1 << (r*8 + f)
		f, r = f+df, r+dr
	}
	return ray
}

// slowSlider computes sliding attacks ray by ray; used to fill the magic
// tables and by tests.
func slowSlider(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for onBoard(f, r) {
			b := Bitboard(1) << (r*8 + f)
			att |= b
			if occ&b != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// sliderMask returns the squares whose occupancy matters to a slider on
// sq: its rays without the last square of each (an edge square never
// blocks anything beyond itself, so leaving it out keeps the tables small).
func sliderMask(sq Square, dirs [4][2]int) Bitboard {
	var mask Bitboard
	for _, d := range dirs {
		ray := slideRay(sq, d[0], d[1])
		if ray != 0 {
			var last Square
			if d[0]+d[1]*8 > 0 {
				last = Square(63 - bits.LeadingZeros64(uint64(ray)))
			} else {
				last = ray.LSB()
			}
			ray &^= 1 << last
		}
		mask |= ray
	}
	return mask
}

// fillMagics fills one slider's attack table from the generated magic
// numbers: for every square, every subset of its mask (enumerated with the
// Carry-Rippler trick) stores its attack set at its magic index. The
// magics were checked when generated (magics_test.go), so no slot is
// written twice with different sets. TestMagicsMapEverySubset checks the
// filled tables against slowSlider.
func fillMagics(ms *[64]magic, dirs [4][2]int, magics *[64]uint64) []Bitboard {
	var masks [64]Bitboard
	total := 0
	for sq := 0; sq < 64; sq++ {
		masks[sq] = sliderMask(Square(sq), dirs)
		total += 1 << masks[sq].Count()
	}
	table := make([]Bitboard, total)
	offset := 0
	var rays [4][64]Bitboard
	for i, d := range dirs {
		for sq := 0; sq < 64; sq++ {
			rays[i][sq] = slideRay(Square(sq), d[0], d[1])
		}
	}
	for sq := 0; sq < 64; sq++ {
		mask := masks[sq]
		size := 1 << mask.Count()
		m := &ms[sq]
		m.mask = mask
		m.magic = magics[sq]
		m.shift = uint8(64 - mask.Count())
		m.table = table[offset : offset+size : offset+size]
		var sub Bitboard
		for i := 0; i < size; i++ {
			// Each ray stops at its first blocker: the ray minus what
			// lies beyond the blocker in the same direction.
			var att Bitboard
			for i, d := range dirs {
				ray := rays[i][sq]
				if blockers := ray & sub; blockers != 0 {
					first := blockers.LSB()
					if d[0]+d[1]*8 < 0 {
						first = Square(63 - bits.LeadingZeros64(uint64(blockers)))
					}
					ray &^= rays[i][first]
				}
				att |= ray
			}
			m.table[(uint64(sub)*m.magic)>>m.shift] = att
			sub = (sub - mask) & mask
		}
		offset += size
	}
	return table
}

// RookAttacks returns the squares a rook on s attacks with the given
// occupancy.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return m.table[(uint64(occ&m.mask)*m.magic)>>m.shift]
}

// BishopAttacks returns the squares a bishop on s attacks with the given
// occupancy.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return m.table[(uint64(occ&m.mask)*m.magic)>>m.shift]
}

// QueenAttacks returns the union of rook and bishop attacks.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of color c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }
