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

func TestWidth(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "COLUMNS" {
				return v
			}
			return ""
		}
	}
	var b bytes.Buffer
	for _, tt := range []struct {
		w        any
		terminal bool
		columns  string
		want     int
	}{
		{&b, false, "", 80},
		{&b, true, "120", 120},
		{&b, false, "-3", 80},
		{&b, false, "wide", 80},
		{os.Stdout, false, "100", 100}, // not said to be a terminal: $COLUMNS
	} {
		if got := Width(tt.w, tt.terminal, env(tt.columns)); got != tt.want {
			t.Errorf("Width(%T, %v, COLUMNS=%q) = %d, want %d", tt.w, tt.terminal, tt.columns, got, tt.want)
		}
	}
}
