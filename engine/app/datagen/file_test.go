package datagen

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestGenerateFile: the games go to a new file, byte for byte what
// Generate writes; an existing file is refused (*FileError, Create)
// unless appended to.
func TestGenerateFile(t *testing.T) {
	o := smallRun(1, 1)
	var want bytes.Buffer
	if _, err := Generate(context.Background(), o, &want); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "data.bin")
	sum, err := GenerateFile(context.Background(), o, path, false)
	got, _ := os.ReadFile(path)
	if err != nil || sum.Games != 1 || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("GenerateFile: %+v, %v; %d bytes, want %d", sum, err, len(got), want.Len())
	}
	_, err = GenerateFile(context.Background(), o, path, false)
	var fe *FileError
	if !errors.As(err, &fe) || !fe.Create || fe.Path != path || !errors.Is(err, os.ErrExist) {
		t.Errorf("a second run without append: %v, want a *FileError (Create) for an existing file", err)
	}
	if _, err := GenerateFile(context.Background(), o, path, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, append(want.Bytes(), want.Bytes()...)) {
		t.Errorf("after append: %d bytes, want twice %d", len(got), want.Len())
	}
	if n := len(sum.RunTable(o, path, false).Notes); n != len(sum.RunTable(o, path, true).Notes)+1 {
		t.Errorf("a stopped run's table has %d notes, want one more than a finished run's", n)
	}
}
