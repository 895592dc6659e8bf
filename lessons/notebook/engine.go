//go:build !js

package notebook

import (
	"embed"
)

// The engine of class sites (SiteOptions.Wasm, WasmExec), carried by
// plylab's native build: plylab compiled to WebAssembly and Go's loader
// for it, in the folder engine/, made by internal/genengine and
// committed, so that `plylab lesson export --format site` works from the
// installed binary alone (no clone, no Go toolchain, no network). It is
// built from this very source: TestEngineMatchesSource fails when a file
// it was built from has changed since (engine/SOURCES lists them); then
// run
//
//	go generate ./lessons/notebook
//
// and commit engine/. The WebAssembly build leaves this file out, so the
// engine never carries itself. The engine is committed as plain
// WebAssembly, not compressed: git stores a new build of it as a delta
// of a few kilobytes against the last (a gzipped one would cost its whole
// size, about 4 MB, every time); the export compresses it.

//go:generate go run ./internal/genengine

//go:embed engine/plylab.wasm engine/wasm_exec.js engine/SOURCES
var engineFiles embed.FS

// RegenerateCommand is the command that rebuilds the embedded engine from
// a clone.
const RegenerateCommand = "go generate ./lessons/notebook"

// EmbeddedWasm returns the engine this binary carries (plain
// WebAssembly) and its wasm_exec.js.
func EmbeddedWasm() (wasm, wasmExec []byte) {
	wasm, err := engineFiles.ReadFile("engine/plylab.wasm")
	if err != nil {
		panic("notebook: the embedded engine is missing: " + err.Error())
	}
	wasmExec, err = engineFiles.ReadFile("engine/wasm_exec.js")
	if err != nil {
		panic("notebook: the embedded wasm_exec.js is missing: " + err.Error())
	}
	return wasm, wasmExec
}

// EmbeddedSources is engine/SOURCES: the Go version that built the
// embedded engine and the files it was built from, a hash each.
func EmbeddedSources() []byte {
	data, err := engineFiles.ReadFile("engine/SOURCES")
	if err != nil {
		panic("notebook: the embedded engine's SOURCES is missing: " + err.Error())
	}
	return data
}
