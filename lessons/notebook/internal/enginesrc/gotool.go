package enginesrc

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// GoOutput runs the go command gobin with args in dir, with env added to
// this process's environment, and returns its standard output, trimmed.
// Its error is go's own message on one line ("go ARGS: ...").
func GoOutput(ctx context.Context, gobin, dir string, env []string, args ...string) (string, error) {
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
		return "", fmt.Errorf("go %s: %s", strings.Join(args, " "), textfmt.OneLine(msg))
	}
	return strings.TrimSpace(out.String()), nil
}

// WasmExec reads wasm_exec.js, Go's loader of a WebAssembly program, of
// the toolchain gobin (lib/wasm since Go 1.24, misc/wasm before).
func WasmExec(ctx context.Context, gobin string) ([]byte, error) {
	root, err := GoOutput(ctx, gobin, "", nil, "env", "GOROOT")
	if err != nil {
		return nil, fmt.Errorf("cannot find the Go toolchain's wasm_exec.js: %v", err)
	}
	for _, p := range []string{filepath.Join(root, "lib", "wasm", "wasm_exec.js"), filepath.Join(root, "misc", "wasm", "wasm_exec.js")} {
		if data, err := os.ReadFile(p); err == nil {
			return data, nil
		}
	}
	return nil, fmt.Errorf("cannot find wasm_exec.js in the Go toolchain at %s (lib/wasm or misc/wasm); reinstall Go", root)
}
