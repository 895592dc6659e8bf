package book

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	bk, _ := buildTestBook(t, BuildOptions{MaxPly: 20})
	dir := t.TempDir()
	path := filepath.Join(dir, "book.bin")
	// An old book at the path is replaced whole.
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := bk.WriteFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != bk.Len() || back.Positions() != bk.Positions() {
		t.Errorf("read back %d records for %d positions, wrote %d for %d", back.Len(), back.Positions(), bk.Len(), bk.Positions())
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != int64(RecordSize*bk.Len()) || fi.Mode().Perm() != 0o644 {
		t.Errorf("file is %d bytes, mode %v; want %d bytes, mode 0644", fi.Size(), fi.Mode().Perm(), RecordSize*bk.Len())
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".plylab-book-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	_, err = bk.WriteFile(filepath.Join(dir, "no", "such", "dir", "book.bin"))
	if err == nil || !strings.HasPrefix(err.Error(), "cannot write ") || strings.Contains(err.Error(), "open ") {
		t.Errorf("writing into a missing directory: %v; want \"cannot write PATH: cause\"", err)
	}
}

func TestBuildPGNContextCancelled(t *testing.T) {
	f, err := os.Open("testdata/grandswiss2019_20.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := BuildPGNContext(ctx, f, BuildOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v, want context.Canceled", err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	bk, st, err := BuildPGNContext(context.Background(), f, BuildOptions{MaxPly: 20})
	if err != nil || st.Games != 20 || bk.Len() == 0 {
		t.Errorf("build: %d games, %v", st.Games, err)
	}
}
