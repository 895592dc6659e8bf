//go:build !js

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
)

// `plylab lesson export --format site`: the live notebooks as a folder of
// static files, their cells run in the browser by plylab compiled to
// WebAssembly (main_js.go). The engine is built here with the local Go
// toolchain from the module's source (the export runs from a clone:
// go run ./cmd/plylab lesson export all --format site -o DIR), or taken
// prebuilt with --wasm FILE; wasm_exec.js, Go's loader, comes from the
// same toolchain and is never part of the repository.

// plylabModule is the module path the source of the engine must have.
const plylabModule = "github.com/plylab/plylab"

// lessonSiteRun builds (or reads) the engine, runs the lessons natively
// for the pages' first outputs, and writes the site.
func lessonSiteRun(ctx context.Context, opts *LessonExportOptions, stdout, stderr io.Writer) error {
	progress := output.NewProgress(stderr, opts.Progress)
	var wasm, wasmExec []byte
	var err error
	if opts.Wasm != "" {
		wasm, wasmExec, err = prebuiltWasm(ctx, opts.Wasm)
	} else {
		progress.Update("building plylab's WebAssembly engine (GOOS=js GOARCH=wasm go build ./cmd/plylab)...")
		wasm, wasmExec, err = buildWasm(ctx)
		progress.Done()
	}
	if err != nil {
		return err
	}
	b := opts.Batch
	runs, err := lessons.RunMany(ctx, b.Lessons, b.NewRun, b.Jobs, func(done int, l *lessons.Lesson) {
		progress.Update("running lessons: %d of %d done (%s)", done, len(b.Lessons), l.Slug)
	})
	progress.Done()
	if err != nil {
		return err
	}
	results := make([]*lessons.Result, 0, len(runs))
	for _, r := range runs {
		if r.Err != nil {
			return fmt.Errorf("lesson %s did not run to the end: %w", r.Lesson.Slug, r.Err)
		}
		results = append(results, r.Result)
	}
	files, err := notebook.WriteSite(opts.Output, results, notebook.SiteOptions{Generator: "plylab " + version, Wasm: wasm, WasmExec: wasmExec})
	if err != nil {
		return err
	}
	size := 0
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			size += int(fi.Size())
		}
	}
	fmt.Fprintf(stdout, "wrote %s, the scratch notebook and the engine (%d files, %.1f MB) in %s\n",
		textfmt.Plural(len(results), "lesson"), len(files), float64(size)/1e6, opts.Output)
	fmt.Fprintf(stdout, "serve the folder with any static web server, e.g. python3 -m http.server -d %s 8000, and open http://localhost:8000/\n", opts.Output)
	return nil
}

// goTool finds the go command, or says what to do without it.
func goTool() (string, error) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err == nil {
		return gobin, nil
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	return "", errors.New("cannot build plylab's WebAssembly engine: the Go toolchain (go) is not installed or not on PATH; install Go 1.26 and export from a clone of plylab, or give a built engine with --wasm FILE")
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
		return "", errors.New(output.OneLine(msg))
	}
	return strings.TrimSpace(out.String()), nil
}

// moduleRoot is the folder of the plylab module the working folder is in.
func moduleRoot(ctx context.Context, gobin string) (string, error) {
	wd, _ := os.Getwd()
	notClone := fmt.Errorf("cannot build plylab's WebAssembly engine: %s is not in a clone of plylab (no go.mod of module %s above it); export from the clone (go run ./cmd/plylab lesson export all --format site -o DIR), or give a built engine with --wasm FILE", wd, plylabModule)
	gomod, err := goOutput(ctx, gobin, wd, nil, "env", "GOMOD")
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", notClone
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", notClone
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && f[1] == plylabModule {
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

// buildWasm builds plylab for GOOS=js GOARCH=wasm from the module's
// source, with this binary's version, and reads its toolchain's
// wasm_exec.js.
func buildWasm(ctx context.Context) (wasm, wasmExec []byte, err error) {
	gobin, err := goTool()
	if err != nil {
		return nil, nil, err
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

// prebuiltWasm reads the engine given with --wasm (plain or gzipped) and
// the wasm_exec.js next to it, or else the local toolchain's.
func prebuiltWasm(ctx context.Context, path string) (wasm, wasmExec []byte, err error) {
	if wasm, err = os.ReadFile(path); err != nil {
		return nil, nil, cliapp.ReadError("wasm", path, err, " (build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab)")
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) && !bytes.HasPrefix(wasm, []byte{0x1f, 0x8b}) {
		return nil, nil, cliapp.Usagef("--wasm %s is not a WebAssembly module (nor one compressed with gzip); build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab", path)
	}
	if data, err := os.ReadFile(filepath.Join(filepath.Dir(path), "wasm_exec.js")); err == nil {
		return wasm, data, nil
	}
	gobin, err := goTool()
	if err != nil {
		return nil, nil, fmt.Errorf("no wasm_exec.js next to %s, and no Go toolchain to take it from: copy the wasm_exec.js of the Go that built it next to it", path)
	}
	wasmExec, err = wasmExecOf(ctx, gobin)
	return wasm, wasmExec, err
}
