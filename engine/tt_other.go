//go:build !linux

package engine

// newBuckets allocates n buckets (tt_linux.go asks for huge pages) and
// touches them, so their page faults are paid now and not inside the
// first search's time.
func newBuckets(n uint64) []ttBucket {
	b := make([]ttBucket, n)
	clear(b)
	return b
}
