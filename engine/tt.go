package engine

import (
	"unsafe"

	"github.com/plylab/plylab/engine/board"
)

// Transposition table.
//
// Different move orders often reach the same position (1.e4 e5 2.Nf3 and
// 1.Nf3 e5 2.e4), and iterative deepening searches the same positions again
// one ply deeper. The table remembers, per Zobrist key, the best move found
// and the score with its bound and depth. A later visit can then (a) stop at
// once if the stored result was searched at least as deep and its bound
// settles the current window, or (b) at least try the stored best move
// first, which is the single best move-ordering hint there is.
//
// Layout: buckets of two 16-byte entries. Slot 0 is "depth-preferred": it
// is replaced only by a search at least as deep or from a newer search
// (age). Slot 1 is "always replace": it keeps the most recent result. Deep,
// expensive results survive while fresh shallow ones still find a home.
//
// Mate scores are stored relative to the node ("mate in 3 from here"), not
// to the root, by adding the ply on store and subtracting it on probe;
// otherwise a mate found at one ply would be wrong at another.

// ttEntry is 16 bytes, so a two-entry bucket is 32 bytes and never
// straddles a 64-byte cache line: a probe costs one memory access.
type ttEntry struct {
	key   uint64
	move  board.Move
	score int16
	depth int8
	bound Bound
	age   uint8
}

type ttBucket [2]ttEntry

// TT is a transposition table. It is not safe for concurrent use.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     uint8
}

// NewTT allocates a table of about sizeMB mebibytes (rounded down to a
// power of two buckets, at least 1024).
func NewTT(sizeMB int) *TT {
	n := uint64(sizeMB) << 20 / 32
	size := uint64(1024)
	for size*2 <= n {
		size *= 2
	}
	return &TT{buckets: newBuckets(size), mask: size - 1}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.buckets)
	t.age = 0
}

// NewSearch ages the table so entries from older searches are replaced first.
func (t *TT) NewSearch() { t.age++ }

func scoreToTT(score, ply int) int {
	if score > mateBound {
		return score + ply
	}
	if score < -mateBound {
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	if score > mateBound {
		return score - ply
	}
	if score < -mateBound {
		return score + ply
	}
	return score
}

// probe returns the entry for key, if present.
func (t *TT) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].bound != BoundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// prefetch starts loading the bucket of key into the cache without
// waiting for it. A probe lands on a random bucket of a table many times
// larger than the cache, so it usually waits for main memory; a search
// that knows the next position's key a little before it probes (before
// making the move, from board.KeyAfter) calls prefetch there, and the load
// overlaps the work in between (the parent's pruning tests and exchange
// count, making the move, the child's draw and check tests). The table's
// contents, and so every search result, do not change.
func (t *TT) prefetch(key uint64) { prefetch(unsafe.Pointer(&t.buckets[key&t.mask])) }

// store records a search result.
func (t *TT) store(key uint64, move board.Move, score, depth int, bound Bound, ply int) {
	b := &t.buckets[key&t.mask]
	e := ttEntry{key: key, move: move, score: int16(scoreToTT(score, ply)), depth: int8(depth), bound: bound, age: t.age}
	// Keep the old best move when the new result has none (a fail-low node).
	for i := range b {
		if b[i].key == key {
			if move == board.NoMove {
				e.move = b[i].move
			}
			if i == 0 && depth < int(b[0].depth) && b[0].age == t.age {
				b[1] = e
				return
			}
			b[i] = e
			return
		}
	}
	if b[0].bound == BoundNone || b[0].age != t.age || depth >= int(b[0].depth) {
		b[1] = b[0]
		b[0] = e
		return
	}
	b[1] = e
}

// Hashfull returns the permille of the first 1000 buckets' entries written by
// the current search, as UCI's "hashfull" reports it.
func (t *TT) Hashfull() int {
	n := 0
	limit := 500
	if len(t.buckets) < limit {
		limit = len(t.buckets)
	}
	for i := 0; i < limit; i++ {
		for j := range t.buckets[i] {
			if t.buckets[i][j].bound != BoundNone && t.buckets[i][j].age == t.age {
				n++
			}
		}
	}
	return n * 1000 / (2 * limit)
}
