//go:build !js

package notebook

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestPrebuiltWasm: a built engine, plain or gzipped, is read with the
// wasm_exec.js next to it; a file that is no engine, or none, is an
// EngineFileError that says so.
func TestPrebuiltWasm(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"plylab.wasm":    "\x00asm\x01\x00\x00\x00",
		"plylab.wasm.gz": "\x1f\x8b\x08\x00",
		"notes.txt":      "not an engine",
		"wasm_exec.js":   "// Go's loader\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"plylab.wasm", "plylab.wasm.gz"} {
		wasm, wasmExec, err := PrebuiltWasm(context.Background(), filepath.Join(dir, name))
		if err != nil || string(wasm) != files[name] || string(wasmExec) != files["wasm_exec.js"] {
			t.Errorf("PrebuiltWasm(%s) = %q, %q, %v; want %q, %q, nil", name, wasm, wasmExec, err, files[name], files["wasm_exec.js"])
		}
	}

	notes, missing := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "nosuch.wasm")
	tests := []struct {
		path  string
		cause error
		msg   string
	}{
		{notes, ErrNotWasm, notes + " is not a WebAssembly module (nor one compressed with gzip); build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab"},
		{missing, fs.ErrNotExist, "cannot read " + missing + ": no such file or directory"},
	}
	for _, tc := range tests {
		wasm, wasmExec, err := PrebuiltWasm(context.Background(), tc.path)
		var fe *EngineFileError
		if wasm != nil || wasmExec != nil || !errors.As(err, &fe) || fe.Path != tc.path || !errors.Is(err, tc.cause) || err.Error() != tc.msg {
			t.Errorf("PrebuiltWasm(%s) = %d bytes, %d bytes, %v; want an EngineFileError %q", tc.path, len(wasm), len(wasmExec), err, tc.msg)
		}
	}
}
