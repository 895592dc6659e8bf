//go:build !js

package tune

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

func TestWriteGo(t *testing.T) {
	var b strings.Builder
	if err := WriteGo(&b, eval.DefaultWeights, eval.Squares{}, "made by a test\nsecond line"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"package eval", "// made by a test", "// second line", "var tunedWeights = Weights{", "// tempo"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestWriteGoSquares: nonzero corrections are written as tables, a8
// first, one line a rank, under each piece's name.
func TestWriteGoSquares(t *testing.T) {
	var sq eval.Squares
	sq[board.Knight][eval.SquareIndex(board.White, sqE5)] = [2]int16{12, -3}
	sq[board.King][eval.SquareIndex(board.White, board.H1)] = [2]int16{-7, 4}
	var b strings.Builder
	if err := WriteGo(&b, eval.DefaultWeights, sq, "made by a test"); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"var tunedSquares = Squares{", "2: { // knight",
		"{0, 0}, {0, 0}, {0, 0}, {0, 0}, {12, -3}, {0, 0}, {0, 0}, {0, 0}, // rank 5",
		"{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {-7, 4}, // rank 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteGoFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights_tuned.go")
	if err := WriteGoFile(path, eval.DefaultWeights, eval.DefaultSquares, "Made by: a test"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err := WriteGo(&want, eval.DefaultWeights, eval.DefaultSquares, "Made by: a test"); err != nil {
		t.Fatal(err)
	}
	if string(got) != want.String() {
		t.Errorf("WriteGoFile wrote %d bytes that differ from WriteGo's %d", len(got), want.Len())
	}
	bad := filepath.Join(t.TempDir(), "no", "such", "dir.go")
	if err := WriteGoFile(bad, eval.DefaultWeights, eval.DefaultSquares, ""); err == nil || !strings.HasPrefix(err.Error(), "writing "+bad+": ") {
		t.Errorf("WriteGoFile into a missing folder: %v, want \"writing %s: ...\"", err, bad)
	}
}
