package output

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	var nilFile *os.File
	for name, v := range map[string]any{"a file": f, "a pipe": w, "a buffer": &bytes.Buffer{}, "nil": nil, "a nil *os.File": nilFile} {
		if IsTerminal(v) {
			t.Errorf("IsTerminal(%s) = true", name)
		}
	}
}
