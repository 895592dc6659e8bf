package engine

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and most
// arm64 Linux kernels.
const hugePage = 2 << 20

// newBuckets allocates n buckets and asks Linux to back them with
// transparent huge pages where it can.
//
// Why: a probe lands on a random bucket of a table of several megabytes,
// so besides the cache miss it usually misses the TLB too (4 KiB pages:
// 4096 of them for 16 MB, more than the TLB holds) and the processor
// walks the page tables before it can even fetch the line. With 2 MiB
// pages the same table is 8 pages, which the TLB keeps. Many kernels
// (this project's machine among them) give huge pages only to memory
// that asks for them with madvise(MADV_HUGEPAGE), and Go's allocator does
// not ask. So the table is over-allocated by one huge page, the aligned
// part is advised, and the buckets are placed in it. It is only a hint:
// if the kernel declines, or on another system (tt_other.go), the table
// works the same, a little slower. The table's contents, and so every
// search result, are the same either way.
func newBuckets(n uint64) []ttBucket {
	size := n * uint64(unsafe.Sizeof(ttBucket{}))
	if size < hugePage {
		return make([]ttBucket, n)
	}
	per := uint64(hugePage / unsafe.Sizeof(ttBucket{}))
	raw := make([]ttBucket, n+per)
	start := uintptr(unsafe.Pointer(&raw[0]))
	skip := uint64((hugePage-start%hugePage)%hugePage) / uint64(unsafe.Sizeof(ttBucket{}))
	buckets := raw[skip : skip+n : skip+n]
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&buckets[0])), size)
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // a hint; failure changes nothing but speed
	// Touch every page now, while the table is made: the page faults
	// (and the kernel zeroing each huge page) are then paid here, once,
	// and not inside the first search's time, which would make a table
	// of nodes per second teach that the engine is slow at depth 1.
	clear(buckets)
	return buckets
}
