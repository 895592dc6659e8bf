package nnue

import (
	"fmt"
	"sync"
	"sync/atomic"
)

var (
	defaultMu     sync.Mutex
	defaultParsed atomic.Pointer[Network]
)

// Default returns the built-in network. It is read on first use (a binary
// that never evaluates with a network pays nothing at start-up) and
// shared: do not modify it. The native build carries it (default_embed.go);
// the WebAssembly build of a class site gets it from the site when first
// needed (default_js.go).
func Default() *Network {
	if n := defaultParsed.Load(); n != nil {
		return n
	}
	defaultMu.Lock()
	defer defaultMu.Unlock()
	if n := defaultParsed.Load(); n != nil {
		return n
	}
	data, err := defaultFile()
	if err != nil {
		// Not remembered: a page that lost its connection can try again.
		panic(fmt.Sprintf("nnue: cannot load the built-in network: %v", err))
	}
	n, err := Parse(data)
	if err != nil {
		panic("nnue: the built-in network is broken: " + err.Error())
	}
	defaultParsed.Store(n)
	return n
}
