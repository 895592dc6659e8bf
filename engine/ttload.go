//go:build !wasm

package engine

import "sync/atomic"

// ttLoad reads a word of the table atomically: threads share it (Lazy
// SMP), and an atomic load costs nothing more than a plain one here.
func ttLoad(p *uint64) uint64 { return atomic.LoadUint64(p) }
