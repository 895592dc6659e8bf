package nnue

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
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

// TestReadDataFiles: the training data of several files in order, and a
// *DataError naming the file (and the record) that is wrong.
func TestReadDataFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := Pack(board.New(), 25, Draw)
	bad := good
	bad[26] = 9 // a result out of range
	a := write("a.bin", append(good[:], good[:]...))
	b := write("b.bin", good[:])
	short := write("short.bin", append(good[:], 1, 2, 3))
	badRec := write("bad.bin", append(good[:], bad[:]...))
	empty := write("empty.bin", nil)
	missing := filepath.Join(dir, "missing.bin")
	for _, tc := range []struct {
		paths  []string
		n      int    // records read
		path   string // the *DataError's file ("" for none)
		read   bool
		record int
		is     error
	}{
		{[]string{a, b}, 3, "", false, 0, nil},
		{[]string{a, missing}, 0, missing, true, 0, fs.ErrNotExist},
		{[]string{short}, 0, short, false, 0, ErrBadRecord},
		{[]string{a, badRec}, 0, badRec, false, 2, ErrBadRecord},
		{[]string{empty}, 0, "", false, 0, ErrNoRecords},
	} {
		recs, err := ReadDataFiles(tc.paths)
		if len(recs) != tc.n || (tc.is == nil) != (err == nil) || (tc.is != nil && !errors.Is(err, tc.is)) {
			t.Errorf("%v: %d records, %v; want %d, %v", tc.paths, len(recs), err, tc.n, tc.is)
			continue
		}
		var de *DataError
		if errors.As(err, &de) != (tc.path != "") || (de != nil && (de.Path != tc.path || de.Read != tc.read || de.Record != tc.record)) {
			t.Errorf("%v: error %#v, want a *DataError of %s (read %t, record %d)", tc.paths, err, tc.path, tc.read, tc.record)
		}
	}
}
