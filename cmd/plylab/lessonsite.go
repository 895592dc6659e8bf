//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
)

// `plylab lesson export --format site`: the live notebooks as a folder of
// static files, their cells run in the browser by plylab compiled to
// WebAssembly (main_js.go). The engine is built with the local Go
// toolchain from the module's source (notebook.BuildWasm; the export runs
// from a clone: go run ./cmd/plylab lesson export all --format site -o
// DIR), or taken prebuilt with --wasm FILE (notebook.PrebuiltWasm).

// lessonSiteRun builds (or reads) the engine, runs the lessons natively
// for the pages' first outputs, and writes the site.
func lessonSiteRun(ctx context.Context, opts *LessonExportOptions, stdout, stderr io.Writer) error {
	progress := output.NewProgress(stderr, opts.Progress)
	var wasm, wasmExec []byte
	var err error
	if opts.Wasm != "" {
		wasm, wasmExec, err = notebook.PrebuiltWasm(ctx, opts.Wasm)
	} else {
		progress.Update("building plylab's WebAssembly engine (GOOS=js GOARCH=wasm go build ./cmd/plylab)...")
		wasm, wasmExec, err = notebook.BuildWasm(ctx, version)
		progress.Done()
	}
	if err != nil {
		return wasmError(err)
	}
	b := opts.Batch
	runs, err := lessons.RunMany(ctx, b.Lessons, b.NewRun, b.Jobs, func(done int, l *lessons.Lesson) {
		progress.Update("running lessons: %d of %d done (%s)", done, len(b.Lessons), l.Slug)
	})
	progress.Done()
	if err != nil {
		return err
	}
	results, problems, err := lessons.Results(runs, opts.Draft)
	if err != nil {
		return err
	}
	files, err := notebook.WriteSite(opts.Output, results, notebook.SiteOptions{Generator: "plylab " + version, Wasm: wasm, WasmExec: wasmExec,
		Draft: opts.Draft, Problems: problems})
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

// wasmError words an error of notebook.BuildWasm or PrebuiltWasm for
// the command line: what to do instead, and the --wasm flag named.
func wasmError(err error) error {
	var nc *notebook.NotCloneError
	var fe *notebook.EngineFileError
	switch {
	case errors.Is(err, notebook.ErrNoToolchain):
		return fmt.Errorf("%w; install Go 1.26 and export from a clone of plylab, or give a built engine with --wasm FILE", err)
	case errors.As(err, &nc):
		return fmt.Errorf("%w; export from the clone (go run ./cmd/plylab lesson export all --format site -o DIR), or give a built engine with --wasm FILE", err)
	case errors.As(err, &fe) && errors.Is(err, notebook.ErrNotWasm):
		return cliapp.Usagef("--wasm %w", fe)
	case errors.As(err, &fe):
		return cliapp.ReadError("wasm", fe.Path, fe.Err, " (build one with "+notebook.WasmBuildCommand+")")
	}
	return err
}
