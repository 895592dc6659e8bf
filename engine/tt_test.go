package engine

import (
	"sync"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// An entry comes back from the table as it went in, every field at its
// extremes, from a plain table and from a shared one alike.
func TestTTPackRoundTrip(t *testing.T) {
	m := board.NewMove(board.E1, board.G1, board.FlagQuiet)
	for _, tc := range []struct {
		move  board.Move
		score int16
		depth int8
		bound Bound
		age   uint8
	}{
		{m, 0, 0, Exact, 0},
		{m, -MateScore + 3, -1, Upper, 255},
		{board.NoMove, MateScore - 2, 127, Lower, 1},
		{0xffff, -32768, -128, Upper, 128},
	} {
		e := ttEntry{key: 0x9e3779b97f4a7c15, data: packTT(tc.move, tc.score, tc.depth, tc.bound, tc.age)}
		if e.move() != tc.move || e.score() != tc.score || e.depth() != int(tc.depth) || e.bound() != tc.bound || e.age() != tc.age {
			t.Errorf("pack(%+v) reads back as %v %d %d %v %d", tc, e.move(), e.score(), e.depth(), e.bound(), e.age())
		}
	}
	for _, shared := range []bool{false, true} {
		tt := NewTT(1)
		if shared {
			tt.Share()
		}
		tt.store(0x1234, m, -500, 7, Upper, 3)
		e, ok := tt.probe(0x1234)
		if !ok || e.move() != m || scoreFromTT(int(e.score()), 3) != -500 || e.depth() != 7 || e.bound() != Upper || e.age() != tt.age {
			t.Errorf("shared %v: probe after store: %+v, %v", shared, e, ok)
		}
	}
}

// A slot written by two stores at once can hold the check word of one
// and the data word of the other. Its key then matches neither position,
// so a probe for either finds nothing: the torn entry is ignored, not
// read as the other position's.
func TestTTTornEntryIgnored(t *testing.T) {
	tt := NewTT(1)
	const k1, k2 = 0x40000, 0x80000 // the same bucket
	d1 := packTT(board.NewMove(board.G1, board.H1, board.FlagQuiet), 10, 5, Exact, 0)
	d2 := packTT(board.NewMove(board.B1, board.C1, board.FlagQuiet), 20, 9, Exact, 0)
	e1 := ttEntry{key: k1, data: d1}
	var s1, s2 ttSlot
	tt.write(&s1, k1^d1, d1)
	tt.write(&s2, k2^d2, d2)
	slot := &tt.buckets[k1&tt.mask][0]
	for _, torn := range []ttSlot{{check: s1.check, data: s2.data}, {check: s2.check, data: s1.data}} {
		*slot = torn
		for _, k := range []uint64{k1, k2} {
			if e, ok := tt.probe(k); ok {
				t.Errorf("torn slot %+v: probe(%#x) found %+v", torn, k, e)
			}
		}
	}
	*slot = s1
	if e, ok := tt.probe(k1); !ok || e != e1 {
		t.Errorf("whole slot: probe(%#x) = %+v, %v; want %+v", uint64(k1), e, ok, e1)
	}
}

// Threads storing and probing the same four buckets at once: every entry
// a probe finds is the one stored for its key, never a mix of two. A
// torn read is rare on any machine (TestTTTornEntryIgnored makes one
// deterministically); what this test checks on every run is, under go
// test -race, that a shared table's accesses are all atomic.
func TestTTConcurrent(t *testing.T) {
	tt := NewTT(1)
	tt.Share()
	// Each key's entry is a function of the key, so a probe can check it.
	entry := func(key uint64) (board.Move, int, int) {
		return board.Move(key >> 20), int(key>>32&0x3ff) - 512, int(key>>44&0x3f) + 1
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(w + 1)
			for range 200000 {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				key := x<<16 | x>>62 // four buckets: every store and probe collides
				m, sc, d := entry(key)
				if x&1 == 0 {
					tt.store(key, m, sc, d, Exact, 0)
					continue
				}
				if e, ok := tt.probe(key); ok && (e.move() != m || int(e.score()) != sc || e.depth() != d) {
					select {
					case errs <- "probe found a mixed entry":
					default:
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
