package nnue

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: the one reader of network files gives the network and
// the file's size, and a *FileError saying whether the file could not be
// read or is not a network.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := Default().Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.nnue")
	bad := filepath.Join(dir, "bad.nnue")
	missing := filepath.Join(dir, "missing.nnue")
	if err := os.WriteFile(good, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("PLYLAB?? not a network at all, but long enough"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path     string
		read     bool   // a *FileError with Read set
		is       error  // what it wraps
		wantText string // its message ("" for no error)
	}{
		{good, false, nil, ""},
		{missing, true, fs.ErrNotExist, "cannot read " + missing + ": no such file or directory"},
		{bad, false, ErrFormat, bad + `: not a plylab network file: it does not start with "PLYLABNN"`},
		{dir, true, nil, "cannot read " + dir + ": is a directory"},
	} {
		n, size, err := ReadFile(tc.path)
		if tc.wantText == "" {
			if err != nil || n == nil || size != buf.Len() || n.Hidden != Default().Hidden || n.About != Default().About {
				t.Errorf("ReadFile(%s) = hidden %v, %d bytes, %v; want the default network, %d bytes", tc.path, n != nil, size, err, buf.Len())
			}
			continue
		}
		var fe *FileError
		if !errors.As(err, &fe) || fe.Read != tc.read || fe.Path != tc.path || n != nil {
			t.Errorf("ReadFile(%s) = %v, %#v; want a *FileError with Read %t", tc.path, n, err, tc.read)
			continue
		}
		if tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("ReadFile(%s): %v does not wrap %v", tc.path, err, tc.is)
		}
		if !strings.HasPrefix(err.Error(), tc.wantText) {
			t.Errorf("ReadFile(%s) error %q, want it to start %q", tc.path, err, tc.wantText)
		}
	}
}
