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
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The engine of a static site (SiteOptions.Wasm, WasmExec): plylab
// compiled to WebAssembly, built with the local Go toolchain from the
// module's source (BuildWasm, when the export runs from a clone), or
// taken prebuilt (PrebuiltWasm); wasm_exec.js, Go's loader, comes from
// the same toolchain and is never part of the repository.

// Module is the module path the source of the engine must have.
const Module = "github.com/plylab/plylab"

// WasmBuildCommand is the command line that builds the engine by hand.
const WasmBuildCommand = "GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab"

// ErrNoToolchain is wrapped by BuildWasm's error when the Go toolchain is
// not installed.
var ErrNoToolchain = errors.New("the Go toolchain (go) is not installed or not on PATH")

// NotCloneError is wrapped by BuildWasm's error when the working folder
// Dir is not in a clone of plylab, the source it builds.
type NotCloneError struct {
	Dir string
}

// Error says which folder and what it lacks.
func (e *NotCloneError) Error() string {
	return fmt.Sprintf("%s is not in a clone of plylab (no go.mod of module %s above it)", e.Dir, Module)
}

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

// goOutput runs go with args in dir and returns its standard output.
func goOutput(ctx context.Context, gobin, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, gobin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", errors.New(textfmt.OneLine(msg))
	}
	return strings.TrimSpace(out.String()), nil
}

// moduleRoot is the folder of the plylab module the working folder is in.
func moduleRoot(ctx context.Context, gobin string) (string, error) {
	wd, _ := os.Getwd()
	notClone := fmt.Errorf("cannot build plylab's WebAssembly engine: %w", &NotCloneError{Dir: wd})
	gomod, err := goOutput(ctx, gobin, wd, nil, "env", "GOMOD")
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", notClone
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", notClone
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && f[1] == Module {
			if _, err := os.Stat(filepath.Join(filepath.Dir(gomod), "cmd", "plylab")); err == nil {
				return filepath.Dir(gomod), nil
			}
		}
	}
	return "", notClone
}

// wasmExecOf reads wasm_exec.js of the Go toolchain gobin (lib/wasm since
// Go 1.24, misc/wasm before).
func wasmExecOf(ctx context.Context, gobin string) ([]byte, error) {
	root, err := goOutput(ctx, gobin, "", nil, "env", "GOROOT")
	if err != nil {
		return nil, fmt.Errorf("cannot find the Go toolchain's wasm_exec.js: go env GOROOT: %v", err)
	}
	for _, p := range []string{filepath.Join(root, "lib", "wasm", "wasm_exec.js"), filepath.Join(root, "misc", "wasm", "wasm_exec.js")} {
		if data, err := os.ReadFile(p); err == nil {
			return data, nil
		}
	}
	return nil, fmt.Errorf("cannot find wasm_exec.js in the Go toolchain at %s (lib/wasm or misc/wasm); reinstall Go", root)
}

// BuildWasm builds plylab for GOOS=js GOARCH=wasm from the source of the
// module the working folder is in, stamped with version (main.version),
// and reads its toolchain's wasm_exec.js. Its error wraps ErrNoToolchain
// or a *NotCloneError when it cannot build here at all.
func BuildWasm(ctx context.Context, version string) (wasm, wasmExec []byte, err error) {
	gobin, err := GoTool()
	if err != nil {
		return nil, nil, fmt.Errorf("cannot build plylab's WebAssembly engine: %w", err)
	}
	root, err := moduleRoot(ctx, gobin)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "plylab-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "plylab.wasm")
	_, err = goOutput(ctx, gobin, root, []string{"GOOS=js", "GOARCH=wasm"},
		"build", "-trimpath", "-ldflags", "-s -w -X main.version="+version, "-o", out, "./cmd/plylab")
	if err != nil {
		return nil, nil, fmt.Errorf("building plylab's WebAssembly engine failed (GOOS=js GOARCH=wasm go build ./cmd/plylab in %s): %v", root, err)
	}
	if wasm, err = os.ReadFile(out); err != nil {
		return nil, nil, err
	}
	wasmExec, err = wasmExecOf(ctx, gobin)
	return wasm, wasmExec, err
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
	wasmExec, err = wasmExecOf(ctx, gobin)
	return wasm, wasmExec, err
}
