//go:build !js

package nnue

import _ "embed"

// defaultNet is the network the engine plays with, built into the binary.
// docs/evaluation.md gives the commands that made it.
//
//go:embed default.nnue
var defaultNet []byte

// DefaultFile is the built-in network's file (plylab's network format):
// what a class site gives its WebAssembly engine, which does not carry
// it.
func DefaultFile() []byte { return defaultNet }

func defaultFile() ([]byte, error) { return defaultNet, nil }
