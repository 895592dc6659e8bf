package enginesrc

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestFormatParse: a SOURCES file reads back as written; anything else is
// an error naming what is wrong.
func TestFormatParse(t *testing.T) {
	files := []File{{"go.mod", strings.Repeat("a", 64)}, {"cmd/plylab/main_js.go", strings.Repeat("b", 64)}}
	data := Format("go1.26.8", files)
	v, got, err := Parse(data)
	if err != nil || v != "go1.26.8" || !reflect.DeepEqual(got, files) {
		t.Fatalf("Parse(Format(...)) = %q, %v, %v", v, got, err)
	}
	if _, _, err := Parse([]byte(strings.ReplaceAll(string(data), "\n", "\r\n"))); err != nil {
		t.Errorf("with CRLF line ends: %v", err)
	}
	for _, bad := range []struct{ data, msg string }{
		{"", `not a SOURCES file of genengine (its first lines are the header and "go VERSION")`},
		{Header + "\nversion 1\n", `not a SOURCES file of genengine (its first lines are the header and "go VERSION")`},
		{Header + "\ngo go1\nabc  x.go\n", `line 3: "abc  x.go" is not "HASH  PATH"`},
	} {
		if _, _, err := Parse([]byte(bad.data)); err == nil || err.Error() != bad.msg {
			t.Errorf("Parse(%q): %v, want %q", bad.data, err, bad.msg)
		}
	}
}

// TestDiff names changed, new and removed files in path order.
func TestDiff(t *testing.T) {
	built := []File{{"a.go", "1"}, {"b.go", "2"}, {"c.go", "3"}}
	now := []File{{"a.go", "1"}, {"b.go", "9"}, {"d.go", "4"}}
	want := []string{"b.go (changed)", "c.go (removed)", "d.go (new)"}
	if got := Diff(built, now); !reflect.DeepEqual(got, want) {
		t.Errorf("Diff = %v, want %v", got, want)
	}
	if got := Diff(built, built); len(got) != 0 {
		t.Errorf("Diff of a list with itself = %v", got)
	}
}

// TestFiles: the engine's files are the WebAssembly build's: main_js.go
// and the embedded lessons are in, the native-only files (main.go, the
// notebook server, its embedded engine), the data the site serves beside
// the engine (the network, the master games) and tests are out; go.mod,
// go.sum and the profile are in; a file's hash does not depend on its line ends.
func TestFiles(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root := filepath.Join("..", "..", "..", "..")
	files, err := Files(t.Context(), gobin, root)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
		if len(f.Hash) != 64 {
			t.Errorf("%s: hash %q", f.Path, f.Hash)
		}
	}
	if !slices.IsSorted(paths) {
		t.Error("the files are not in path order")
	}
	for _, in := range []string{"go.mod", "go.sum", "cmd/plylab/default.pgo", "cmd/plylab/main_js.go", "cmd/plylab/commands_js.go", "lessons/03-alphabeta.md", "positions/data/wac_revised.epd", "trace/plot/svg.go"} {
		if !slices.Contains(paths, in) {
			t.Errorf("the engine's files lack %s", in)
		}
	}
	for _, out := range []string{"cmd/plylab/main.go", "cmd/plylab/commands.go", "trace/plot/gonum.go", "lessons/testdata/03-alphabeta.golden", "lessons/notebook/engine.go", "cmd/plylab/compare_test.go", "engine/nnue/default.nnue", "positions/data/grandswiss2019_master_games.pgn"} {
		if slices.Contains(paths, out) {
			t.Errorf("the engine's files include %s, which the WebAssembly build does not read", out)
		}
	}
	// CRLF line ends hash as LF.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+Module+"\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "go.sum"), nil, 0o644)
	os.MkdirAll(filepath.Join(dir, "cmd", "plylab"), 0o755)
	os.WriteFile(filepath.Join(dir, "cmd", "plylab", "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	lf, err := Files(t.Context(), gobin, dir)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "cmd", "plylab", "main.go"), []byte("package main\r\n\r\nfunc main() {}\r\n"), 0o644)
	crlf, err := Files(t.Context(), gobin, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(lf, crlf) || len(lf) != 3 {
		t.Errorf("LF %v, CRLF %v", lf, crlf)
	}
}
