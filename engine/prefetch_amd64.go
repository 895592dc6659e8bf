package engine

import "unsafe"

// prefetch asks the processor to start loading the cache line at addr
// (prefetch_amd64.s); it only changes timing.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
