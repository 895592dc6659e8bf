package engine

import (
	"testing"
	"unsafe"
)

// TestNewBucketsHugePageAligned checks the huge-page placement of the
// transposition table: the requested number of zeroed buckets, starting
// on a 2 MiB boundary when the table is at least that large, and the
// table still working as a table.
func TestNewBucketsHugePageAligned(t *testing.T) {
	for _, tc := range []struct {
		n       uint64
		aligned bool
	}{
		{1024, false},        // 32 KiB: plain allocation
		{1 << 16, true},      // 2 MiB
		{1 << 19, true},      // 16 MiB, plylab bench's table
		{1<<16 + 1024, true}, // not a power of two
	} {
		b := newBuckets(tc.n)
		if uint64(len(b)) != tc.n || uint64(cap(b)) != tc.n {
			t.Errorf("newBuckets(%d): len %d cap %d", tc.n, len(b), cap(b))
			continue
		}
		if addr := uintptr(unsafe.Pointer(&b[0])); tc.aligned && addr%hugePage != 0 {
			t.Errorf("newBuckets(%d) starts at %#x, not on a 2 MiB boundary", tc.n, addr)
		}
		for i := range b {
			if b[i] != (ttBucket{}) {
				t.Fatalf("newBuckets(%d): bucket %d not zero", tc.n, i)
			}
		}
	}
	tt := NewTT(16)
	tt.store(0xdeadbeef, 0, 42, 3, Exact, 0)
	if e, ok := tt.probe(0xdeadbeef); !ok || e.score() != 42 || e.depth() != 3 {
		t.Errorf("probe after store: %+v, %v", e, ok)
	}
}
