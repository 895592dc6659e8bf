// Package enginesrc lists and hashes the source a class site's engine is
// built from: every file of the module that `GOOS=js GOARCH=wasm go build
// ./cmd/plylab` reads (the Go files of the WebAssembly build of each of
// the module's packages it links, the files they embed, cmd/plylab's
// profile for profile-guided optimization) and go.mod and go.sum, which
// pin every other module. The Go toolchain's version is not part of it:
// a different patch release builds an engine that behaves the same.
//
// genengine writes the list with each file's hash next to the engine it
// builds (lessons/notebook/engine/SOURCES); notebook's
// TestEngineMatchesSource lists the files again and fails when any
// differs, so the committed engine is never older than its source.
package enginesrc

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Module is the module the engine is built from.
const Module = "github.com/plylab/plylab"

// Package is the main package of the engine.
const Package = "./cmd/plylab"

// File is one source file: its path relative to the module's root (with
// forward slashes) and the SHA-256 of its content, line ends read as
// "\n" (so a checkout that writes CRLF hashes the same).
type File struct {
	Path string
	Hash string
}

// Files lists the engine's source files in the module at root, in path
// order, with their hashes, using the go command gobin (go list with
// GOOS=js GOARCH=wasm).
func Files(ctx context.Context, gobin, root string) ([]File, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, gobin, "list", "-deps", "-f",
		`{{if .Module}}{{if eq .Module.Path "`+Module+`"}}{{.Dir}}{{range .GoFiles}}	{{.}}{{end}}{{range .SFiles}}	{{.}}{{end}}{{range .EmbedFiles}}	{{.}}{{end}}
{{end}}{{end}}`, Package)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go list of the engine's packages (GOOS=js GOARCH=wasm): %s", msg)
	}
	paths := []string{"go.mod", "go.sum", "cmd/plylab/default.pgo"}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 2 {
			continue
		}
		rel, err := filepath.Rel(root, fields[0])
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("package folder %s is outside the module at %s", fields[0], root)
		}
		for _, f := range fields[1:] {
			paths = append(paths, filepath.ToSlash(filepath.Join(rel, f)))
		}
	}
	sort.Strings(paths)
	files := make([]File, 0, len(paths))
	for i, p := range paths {
		if i > 0 && p == paths[i-1] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if errors.Is(err, os.ErrNotExist) && p == "cmd/plylab/default.pgo" {
			continue
		}
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
		files = append(files, File{Path: p, Hash: hex.EncodeToString(sum[:])})
	}
	return files, nil
}

// Header is the first line of a SOURCES file.
const Header = "# the source of plylab.wasm, next to this file: a SHA-256 per file (go generate ./lessons/notebook writes it)"

// Format writes files as a SOURCES file: the header, the Go version that
// built the engine as "go VERSION", then "HASH  PATH" a line (the format
// of sha256sum).
func Format(goVersion string, files []File) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\ngo %s\n", Header, goVersion)
	for _, f := range files {
		fmt.Fprintf(&b, "%s  %s\n", f.Hash, f.Path)
	}
	return b.Bytes()
}

// Parse reads a SOURCES file written by Format.
func Parse(data []byte) (goVersion string, files []File, err error) {
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	if len(lines) < 2 || lines[0] != Header || !strings.HasPrefix(lines[1], "go ") {
		return "", nil, errors.New("not a SOURCES file of genengine (its first lines are the header and \"go VERSION\")")
	}
	for i, l := range lines[2:] {
		hash, path, ok := strings.Cut(l, "  ")
		if !ok || len(hash) != 64 || path == "" {
			return "", nil, fmt.Errorf("line %d: %q is not \"HASH  PATH\"", i+3, l)
		}
		files = append(files, File{Path: path, Hash: hash})
	}
	return strings.TrimPrefix(lines[1], "go "), files, nil
}

// Diff names the files that differ between the engine's list (built)
// and the source's (now): changed, added and removed, in path order.
func Diff(built, now []File) []string {
	was := map[string]string{}
	for _, f := range built {
		was[f.Path] = f.Hash
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range now {
		seen[f.Path] = true
		switch h, ok := was[f.Path]; {
		case !ok:
			out = append(out, f.Path+" (new)")
		case h != f.Hash:
			out = append(out, f.Path+" (changed)")
		}
	}
	for _, f := range built {
		if !seen[f.Path] {
			out = append(out, f.Path+" (removed)")
		}
	}
	sort.Strings(out)
	return out
}
