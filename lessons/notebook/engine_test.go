//go:build !js

package notebook

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/plylab/plylab/lessons/notebook/internal/enginesrc"
)

// TestEngineMatchesSource: the engine plylab carries for class sites
// (engine/plylab.wasm) was built from the source as it is: every file of
// the WebAssembly build listed by go list, go.mod and go.sum hash as
// engine/SOURCES recorded them when go generate built it. A change to
// any of them (a new file too) fails until the engine is made again.
func TestEngineMatchesSource(t *testing.T) {
	gobin, err := GoTool()
	if err != nil {
		t.Skip("no Go toolchain to list the engine's source files")
	}
	goVersion, built, err := enginesrc.Parse(EmbeddedSources())
	if err != nil {
		t.Fatalf("engine/SOURCES: %v", err)
	}
	now, err := enginesrc.Files(t.Context(), gobin, filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if diff := enginesrc.Diff(built, now); len(diff) > 0 {
		shown := diff
		if len(shown) > 8 {
			shown = append(shown[:8:8], "…")
		}
		t.Fatalf("lessons/notebook/engine/plylab.wasm, the class sites' engine, is older than its source: %d of its files changed since it was built (%s); make it again with %s (from the clone's root) and commit lessons/notebook/engine",
			len(diff), strings.Join(shown, ", "), RegenerateCommand)
	}
	t.Logf("the engine matches its %d source files (built by %s)", len(now), goVersion)
	// Its loader is the one of the Go that built it.
	if goVersion == runtime.Version() {
		_, loader := EmbeddedWasm()
		want, err := enginesrc.WasmExec(t.Context(), gobin)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(loader, want) {
			t.Errorf("engine/wasm_exec.js differs from the wasm_exec.js of %s, which built the engine; make it again with %s", goVersion, RegenerateCommand)
		}
	}
}

// TestEngineSize: the engine a class site downloads, compressed as the
// export writes it, stays within its budget of 4 MB (docs/performance.md,
// "Size").
func TestEngineSize(t *testing.T) {
	wasm, _ := EmbeddedWasm()
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("engine/plylab.wasm is not WebAssembly: % x", wasm[:min(8, len(wasm))])
	}
	gz, err := CompressEngine(wasm)
	if err != nil {
		t.Fatal(err)
	}
	const budget = 4_000_000
	if len(gz) > budget {
		t.Errorf("the class site's engine is %d bytes compressed, over its budget of %d: see docs/performance.md, \"Size\", for what it carries", len(gz), budget)
	}
	t.Logf("engine: %d bytes, %d compressed", len(wasm), len(gz))
}
