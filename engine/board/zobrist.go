package board

// Zobrist hashing.
//
// A position's key is the XOR of one random 64-bit number per (piece,
// square) on the board, one per castling right held, one for the en-passant
// file when a capture there is actually possible, and one when White is to
// move. XOR is its own inverse, so Make updates the key by XOR-ing out what
// leaves a square and XOR-ing in what arrives: a handful of operations per
// move instead of a full recomputation. Equal positions get equal keys;
// different positions collide with probability about 2^-64 per pair.
//
// The layout (castling as four independent keys, en passant only when a pawn
// can take, a key for White to move) follows the Polyglot book convention.

var (
	pieceKeys  [16][64]uint64
	castleKeys [16]uint64 // XOR of the keys of the rights in the index
	epKeys     [8]uint64
	sideKey    uint64 // XOR-ed in when White is to move
)

func init() {
	s := uint64(0x6a09e667f3bcc909) // fixed seed: keys are identical on every run
	next := func() uint64 {         // splitmix64
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for _, c := range []Color{White, Black} {
		for t := Pawn; t <= King; t++ {
			for sq := 0; sq < 64; sq++ {
				pieceKeys[MakePiece(c, t)][sq] = next()
			}
		}
	}
	var rights [4]uint64
	for i := range rights {
		rights[i] = next()
	}
	for cr := 0; cr < 16; cr++ {
		for i := 0; i < 4; i++ {
			if cr&(1<<i) != 0 {
				castleKeys[cr] ^= rights[i]
			}
		}
	}
	for i := range epKeys {
		epKeys[i] = next()
	}
	sideKey = next()
}

// epKey returns the key contribution of the en-passant square ep with side
// to move stm: non-zero only if a pawn of stm could capture there, so that
// positions differing only in an unusable en-passant square hash alike.
func (b *Board) epKey(ep Square, stm Color) uint64 {
	if ep == NoSquare {
		return 0
	}
	if pawnAttacks[stm.Other()][ep]&b.pieces[Pawn]&b.colors[stm] == 0 {
		return 0
	}
	return epKeys[ep.File()]
}

// computeHash recomputes the key from scratch (used at set-up and by tests).
func (b *Board) computeHash() uint64 {
	var h uint64
	for sq := Square(0); sq < 64; sq++ {
		if p := b.squares[sq]; p != NoPiece {
			h ^= pieceKeys[p][sq]
		}
	}
	h ^= castleKeys[b.castling]
	h ^= b.epKey(b.ep, b.side)
	if b.side == White {
		h ^= sideKey
	}
	return h
}

// ComputeHash recomputes the Zobrist key from scratch. It always equals
// Hash(); tests use it to check the incremental updates.
func (b *Board) ComputeHash() uint64 { return b.computeHash() }
