package nnue

import (
	_ "embed"
	"sync"
)

// defaultNet is the network the engine plays with, built into the binary.
// docs/evaluation.md gives the commands that made it.
//
//go:embed default.nnue
var defaultNet []byte

var (
	defaultOnce   sync.Once
	defaultParsed *Network
)

// Default returns the built-in network. It is parsed on first use (a
// binary that never evaluates with a network pays nothing at start-up) and
// shared: do not modify it.
func Default() *Network {
	defaultOnce.Do(func() {
		n, err := Parse(defaultNet)
		if err != nil {
			panic("nnue: the built-in network is broken: " + err.Error())
		}
		defaultParsed = n
	})
	return defaultParsed
}
