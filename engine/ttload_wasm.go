//go:build wasm

package engine

// ttLoad reads a word of the table. WebAssembly runs one thread, so no
// other search can write it meanwhile, and Go's WebAssembly build makes an
// atomic load a function call (4 % of a browser's search).
func ttLoad(p *uint64) uint64 { return *p }
