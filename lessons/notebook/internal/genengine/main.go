// Command genengine builds the engine of class sites, plylab compiled to
// WebAssembly, into lessons/notebook/engine, where the native build of
// plylab embeds it (lessons/notebook/engine.go): so `plylab lesson export
// --format site` needs no clone and no Go toolchain. Run it from a clone
// with
//
//	go generate ./lessons/notebook
//
// and commit the folder. It writes
//
//	engine/plylab.wasm    GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags "-s -w" -gcflags=... ./cmd/plylab
//	                      (the -gcflags of inlining)
//	engine/wasm_exec.js   Go's loader for it, from the same toolchain
//	engine/SOURCES        the files it was built from, a SHA-256 each (enginesrc)
//
// notebook's TestEngineMatchesSource fails when the source has changed
// since, and says to run it again.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/plylab/plylab/lessons/notebook/internal/enginesrc"
)

func main() {
	if err := generate(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "genengine:", err)
		os.Exit(1)
	}
}

// inlining are the build's -gcflags: no inlining (-l) in the packages
// that run once or a few times a cell, never in a search: the command
// line's framework and its help (urfave/cli, its templates, the man
// page's Markdown), the DOT writer, Go's templates, plylab's commands and
// its lessons. The engine is downloaded before a student's first cell
// runs, so its size is time on a school's network, and inlining copies a
// function's body into each of its callers: it makes code faster where it
// runs millions of times (the search, the move generator, the
// evaluations, the tuner, the trace's recorder, Go's runtime, which keep
// it) and only longer elsewhere. Without it there the compressed engine
// is 4 % smaller (docs/performance.md, "Size"). For each package the last
// pattern that matches it gives its flags.
var inlining = []string{
	"-gcflags=github.com/urfave/...=-l",
	"-gcflags=github.com/russross/...=-l",
	"-gcflags=github.com/cpuguy83/...=-l",
	"-gcflags=github.com/emicklei/...=-l",
	"-gcflags=html/...=-l",
	"-gcflags=text/...=-l",
	"-gcflags=github.com/plylab/plylab/cmd/...=-l",
	"-gcflags=github.com/plylab/plylab/lessons/...=-l",
}

// goTool is the go command that runs this generator: $GOROOT/bin/go
// (go generate sets GOROOT), else the one on PATH.
func goTool() (string, error) {
	if root := os.Getenv("GOROOT"); root != "" {
		if p := filepath.Join(root, "bin", "go"); fileExists(p) {
			return p, nil
		}
	}
	return exec.LookPath("go")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func generate(ctx context.Context) error {
	gobin, err := goTool()
	if err != nil {
		return errors.New("no go command: run it with go generate ./lessons/notebook")
	}
	gomod, err := enginesrc.GoOutput(ctx, gobin, "", nil, "env", "GOMOD")
	if err != nil {
		return err
	}
	root := filepath.Dir(gomod)
	if !fileExists(filepath.Join(root, "cmd", "plylab")) {
		return fmt.Errorf("%s is not plylab's module (no cmd/plylab): run it in a clone of plylab", root)
	}
	out := filepath.Join(root, "lessons", "notebook", "engine")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(out, "plylab.wasm")
	args := append([]string{"build", "-trimpath", "-buildvcs=false", "-ldflags", "-s -w"}, inlining...)
	_, err = enginesrc.GoOutput(ctx, gobin, root, []string{"GOOS=js", "GOARCH=wasm", "GOFLAGS="},
		append(args, "-o", wasm, enginesrc.Package)...)
	if err != nil {
		return err
	}
	loader, err := enginesrc.WasmExec(ctx, gobin)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "wasm_exec.js"), loader, 0o644); err != nil {
		return err
	}
	goVersion, err := enginesrc.GoOutput(ctx, gobin, root, nil, "env", "GOVERSION")
	if err != nil {
		return err
	}
	files, err := enginesrc.Files(ctx, gobin, root)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "SOURCES"), enginesrc.Format(goVersion, files), 0o644); err != nil {
		return err
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	fmt.Printf("genengine: wrote %s (%d bytes, %d compressed), wasm_exec.js of %s and SOURCES (%d files)\n",
		filepath.ToSlash(filepath.Join("lessons", "notebook", "engine", "plylab.wasm")), len(data), gz.Len(), goVersion, len(files))
	return nil
}
