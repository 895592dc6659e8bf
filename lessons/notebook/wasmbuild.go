//go:build !js

package notebook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/notebook/internal/enginesrc"
)

// An engine of a static site other than the one plylab carries
// (EmbeddedWasm, engine.go): a build of plylab for WebAssembly given with
// --wasm FILE (PrebuiltWasm), with the wasm_exec.js of the Go toolchain
// that built it.

// WasmBuildCommand is the command line that builds the engine by hand.
const WasmBuildCommand = "GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab"

// ErrNoToolchain is GoTool's error when the Go toolchain is not
// installed.
var ErrNoToolchain = errors.New("the Go toolchain (go) is not installed or not on PATH")

// ErrNotWasm is wrapped by PrebuiltWasm's error when its file is no
// engine.
var ErrNotWasm = errors.New("not a WebAssembly module (nor one compressed with gzip)")

// EngineFileError is PrebuiltWasm's error about the engine's own file
// Path: Err is why it cannot be read, or ErrNotWasm.
type EngineFileError struct {
	Path string
	Err  error
}

// Error says what is wrong with the file and, when it is no engine, how
// to build one.
func (e *EngineFileError) Error() string {
	if errors.Is(e.Err, ErrNotWasm) {
		return fmt.Sprintf("%s is %v; build one with %s", e.Path, e.Err, WasmBuildCommand)
	}
	return fmt.Sprintf("cannot read %s: %v", e.Path, textfmt.PathCause(e.Err))
}

// Unwrap is Err.
func (e *EngineFileError) Unwrap() error { return e.Err }

// GoTool finds the go command: the one of the toolchain that built this
// program, else the one on PATH; else the error is ErrNoToolchain.
func GoTool() (string, error) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err == nil {
		return gobin, nil
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	return "", ErrNoToolchain
}

// PrebuiltWasm reads a built engine at path (plain or gzipped) and the
// wasm_exec.js next to it, or else the local toolchain's. Its error about
// the engine's own file is an *EngineFileError.
func PrebuiltWasm(ctx context.Context, path string) (wasm, wasmExec []byte, err error) {
	if wasm, err = os.ReadFile(path); err != nil {
		return nil, nil, &EngineFileError{Path: path, Err: err}
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) && !bytes.HasPrefix(wasm, []byte{0x1f, 0x8b}) {
		return nil, nil, &EngineFileError{Path: path, Err: ErrNotWasm}
	}
	if data, err := os.ReadFile(filepath.Join(filepath.Dir(path), "wasm_exec.js")); err == nil {
		return wasm, data, nil
	}
	gobin, err := GoTool()
	if err != nil {
		return nil, nil, fmt.Errorf("no wasm_exec.js next to %s, and no Go toolchain to take it from: copy the wasm_exec.js of the Go that built it next to it", path)
	}
	wasmExec, err = enginesrc.WasmExec(ctx, gobin)
	return wasm, wasmExec, err
}
