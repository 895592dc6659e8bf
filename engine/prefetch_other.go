//go:build !amd64

package engine

import "unsafe"

// prefetch is a no-op where plylab has no prefetch instruction.
func prefetch(addr unsafe.Pointer) {}
