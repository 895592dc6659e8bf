package engine

import (
	"sync/atomic"
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

// ttEntry is one result as a probe returns it: the position's key and
// the packed data word (packTT), read through its methods.
type ttEntry struct {
	key  uint64
	data uint64
}

func (e ttEntry) move() board.Move { return ttMove(e.data) }
func (e ttEntry) score() int16     { return int16(e.data >> 16) }
func (e ttEntry) depth() int       { return ttDepth(e.data) }
func (e ttEntry) bound() Bound     { return ttBound(e.data) }
func (e ttEntry) age() uint8       { return ttAge(e.data) }

// ttSlot is an entry as the table holds it: 16 bytes, so a two-entry
// bucket is 32 bytes and never straddles a 64-byte cache line: a probe
// costs one memory access. data packs the entry's fields other than the
// key (packTT); check is the key XORed with data.
//
// Why the XOR: with several search threads (Options.Threads) sharing
// the table, one thread may write a slot while another reads it, and the
// reader can then see the new data with the old check or the other way
// round. Each word is read and written whole (atomically when the table
// is shared), and the key a reader computes, check^data, matches only
// when both words come from the same write: a torn entry looks like an
// entry of another position and is ignored. This is the usual lockless
// table of parallel engines (Hyatt and Mann, "A lockless transposition
// table implementation for parallel search", 2002); it costs no lock
// and, with one thread, nothing but an XOR.
type ttSlot struct {
	check uint64
	data  uint64
}

type ttBucket [2]ttSlot

// packTT packs an entry's fields other than its key into one word: the
// move in bits 0-15, the score in 16-31, the depth in 32-39, the bound
// in 40-47 and the age in 48-55.
func packTT(move board.Move, score int16, depth int8, bound Bound, age uint8) uint64 {
	return uint64(move) | uint64(uint16(score))<<16 | uint64(uint8(depth))<<32 | uint64(bound)<<40 | uint64(age)<<48
}

// The fields of a packed data word (packTT).
func ttMove(data uint64) board.Move { return board.Move(data) }
func ttDepth(data uint64) int       { return int(int8(data >> 32)) }
func ttBound(data uint64) Bound     { return Bound(data >> 40) }
func ttAge(data uint64) uint8       { return uint8(data >> 48) }

// TT is a transposition table. With Share, several searches may use it
// at once (Lazy SMP's threads); otherwise it is not safe for concurrent
// use.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     uint8
	shared  bool // written with atomic stores (Share)
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

// Share makes the table safe for several searches at once: its slots are
// then written with atomic stores (they are always read with atomic
// loads), so a race on a slot is one the XOR check (ttSlot) detects, and
// the race detector sees none. Call it before the searches start.
func (t *TT) Share() { t.shared = true }

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

// read returns the two words of the slot sl (ttLoad: atomic loads, but
// plain ones in WebAssembly, which has one thread).
func (t *TT) read(sl *ttSlot) (check, data uint64) {
	return ttLoad(&sl.check), ttLoad(&sl.data)
}

// write sets the two words of the slot sl: with two plain stores for one
// search, with two atomic ones when the table is shared.
func (t *TT) write(sl *ttSlot, check, data uint64) {
	if t.shared {
		atomic.StoreUint64(&sl.check, check)
		atomic.StoreUint64(&sl.data, data)
		return
	}
	sl.check, sl.data = check, data
}

// probe returns the entry for key, if present.
func (t *TT) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if check, data := t.read(&b[i]); check^data == key && ttBound(data) != BoundNone {
			return ttEntry{key: key, data: data}, true
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
	for i := range b {
		check, old := t.read(&b[i])
		if check^old != key {
			continue
		}
		// Keep the old best move when the new result has none (a
		// fail-low node).
		if move == board.NoMove {
			move = ttMove(old)
		}
		data := packTT(move, int16(scoreToTT(score, ply)), int8(depth), bound, t.age)
		if i == 0 && depth < ttDepth(old) && ttAge(old) == t.age {
			t.write(&b[1], key^data, data)
			return
		}
		t.write(&b[i], key^data, data)
		return
	}
	data := packTT(move, int16(scoreToTT(score, ply)), int8(depth), bound, t.age)
	check0, first := t.read(&b[0])
	if ttBound(first) == BoundNone || ttAge(first) != t.age || depth >= ttDepth(first) {
		t.write(&b[1], check0, first)
		t.write(&b[0], key^data, data)
		return
	}
	t.write(&b[1], key^data, data)
}

// Hashfull returns the permille of the first 1000 buckets' entries written by
// the current search, as UCI's "hashfull" reports it.
func (t *TT) Hashfull() int {
	n := 0
	limit := min(500, len(t.buckets))
	for i := 0; i < limit; i++ {
		for j := range t.buckets[i] {
			if _, data := t.read(&t.buckets[i][j]); ttBound(data) != BoundNone && ttAge(data) == t.age {
				n++
			}
		}
	}
	return n * 1000 / (2 * limit)
}
