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
	"github.com/plylab/plylab/engine/nnue"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
	"github.com/plylab/plylab/positions"
)

// `plylab lesson export --format site`: the live notebooks as a folder of
// static files, their cells run in the browser by plylab compiled to
// WebAssembly (main_js.go). The engine is the one this binary carries
// (notebook.EmbeddedWasm: no clone, no Go toolchain needed), or another
// build given with --wasm FILE (notebook.PrebuiltWasm).

// lessonSiteRun reads the engine, runs the lessons natively for the
// pages' first outputs, and writes the site.
func lessonSiteRun(ctx context.Context, opts *LessonExportOptions, stdout, stderr io.Writer) error {
	progress := output.NewProgress(stderr, opts.Progress)
	var wasm, wasmExec []byte
	if opts.Wasm != "" {
		var err error
		if wasm, wasmExec, err = notebook.PrebuiltWasm(ctx, opts.Wasm); err != nil {
			return wasmError(err)
		}
	} else {
		wasm, wasmExec = notebook.EmbeddedWasm()
	}
	// Compress the engine while the lessons run.
	type compressed struct {
		data []byte
		err  error
	}
	gz := make(chan compressed, 1)
	go func() {
		data, err := notebook.CompressEngine(wasm)
		gz <- compressed{data, err}
	}()
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
	engine := <-gz
	if engine.err != nil {
		return engine.err
	}
	games, err := positions.MasterGames()
	if err != nil {
		return err
	}
	files, err := notebook.WriteSite(opts.Output, results, notebook.SiteOptions{Generator: "plylab " + version, Wasm: engine.data, WasmExec: wasmExec, Network: nnue.DefaultFile(), MasterGames: games, Kernels: nnue.SIMDModule(),
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

// wasmError words an error of notebook.PrebuiltWasm for the command
// line: what to do instead, and the --wasm flag named.
func wasmError(err error) error {
	var fe *notebook.EngineFileError
	switch {
	case errors.As(err, &fe) && errors.Is(err, notebook.ErrNotWasm):
		return cliapp.Usagef("--wasm %w", fe)
	case errors.As(err, &fe):
		return cliapp.ReadError("wasm", fe.Path, fe.Err, " (build one with "+notebook.WasmBuildCommand+")")
	}
	return err
}
