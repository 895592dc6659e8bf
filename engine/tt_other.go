//go:build !linux

package engine

// newBuckets allocates n buckets (tt_linux.go asks for huge pages).
func newBuckets(n uint64) []ttBucket { return make([]ttBucket, n) }
