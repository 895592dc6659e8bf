package book

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/internal/faultio"
)

func TestBuildOptionsCheck(t *testing.T) {
	tests := []struct {
		o    BuildOptions
		want string
	}{
		{BuildOptions{MaxPly: 20, MinGames: 1}, ""},
		{BuildOptions{MaxPly: 1000, MinGames: 3, ByCount: true}, ""},
		{BuildOptions{MaxPly: 0, MinGames: 1}, "MaxPly must be between 1 and 1000, got 0; try MaxPly 20 (ten moves each)"},
		{BuildOptions{MaxPly: 1001, MinGames: 1}, "MaxPly must be between 1 and 1000, got 1001; try MaxPly 20 (ten moves each)"},
		{BuildOptions{MaxPly: 20, MinGames: 0}, "MinGames must be at least 1, got 0"},
	}
	for _, tt := range tests {
		got := ""
		if err := tt.o.Check(); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.o, got, tt.want)
		}
	}
}

func TestLocate(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.bin")
	if err := os.WriteFile(junk, []byte("not a book"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.bin")
	tests := []struct {
		name, path, def string
		wantPath        string
		err             string
		missing, bad    bool
	}{
		{"named", polyglotBook, missing, polyglotBook, "", false, false},
		{"default", "", polyglotBook, polyglotBook, "", false, false},
		{"default not installed", "", missing, "", "no opening book: " + missing + " is not installed; install Debian's with 'apt-get install gnuchess-book'", false, false},
		{"named missing", missing, polyglotBook, "", `book file "` + missing + `" does not exist; check the path`, true, false},
		{"not a book", junk, "", "", junk + ": not a Polyglot opening book: its size, 10 bytes, is not a multiple of 16; a Polyglot book is a .bin file of 16-byte records sorted by key", false, true},
		{"a folder", dir, "", "", "cannot read book " + dir + ": is a directory", false, false},
	}
	for _, tt := range tests {
		bk, path, err := Locate(tt.path, tt.def)
		if tt.err == "" {
			if err != nil || path != tt.wantPath || bk.Len() == 0 {
				t.Errorf("%s: %q, %v", tt.name, path, err)
			}
			continue
		}
		var me *MissingError
		if err == nil || err.Error() != tt.err || errors.As(err, &me) != tt.missing || errors.Is(err, ErrMalformed) != tt.bad {
			t.Errorf("%s: error %v, want %q (missing %v, malformed %v)", tt.name, err, tt.err, tt.missing, tt.bad)
		}
	}
}

func TestBuildFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	missing := filepath.Join(dir, "missing.pgn")
	_, _, err := BuildFile(context.Background(), missing, out, BuildOptions{MaxPly: 20, MinGames: 1})
	var me *MissingError
	if !errors.As(err, &me) || err.Error() != `PGN file "`+missing+`" does not exist; check the path` {
		t.Errorf("missing PGN: %v", err)
	}
	back, st, err := BuildFile(context.Background(), testPGN, out, BuildOptions{MaxPly: 20, MinGames: 1})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(testPGN)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, wst, err := BuildFrom(context.Background(), f, testPGN, filepath.Join(dir, "direct.bin"), BuildOptions{MaxPly: 20, MinGames: 1})
	if err != nil || st != wst || back.Len() != want.Len() || back.Positions() != want.Positions() {
		t.Errorf("BuildFile: %+v, %d records; BuildFrom: %+v, %d records (%v)", st, back.Len(), wst, want.Len(), err)
	}
}

// TestBuildFileDirectory: a directory given as the PGN file is a read
// error at once (notnil/chess's scanner alone retries the failing read for
// ever). The context's deadline only bounds the test if that comes back:
// the reading then ends with ctx's error, which fails the test.
func TestBuildFileDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, st, err := BuildFile(ctx, dir, filepath.Join(dir, "book.bin"), BuildOptions{MaxPly: 20, MinGames: 1})
	var re *ReadError
	if want := "cannot read " + dir + ": is a directory"; err == nil || err.Error() != want || !errors.As(err, &re) || !errors.Is(err, syscall.EISDIR) {
		t.Errorf("BuildFile(directory) error = %v, want %q (a *ReadError wrapping EISDIR)", err, want)
	}
	if st.Games != 0 {
		t.Errorf("BuildFile(directory) read %d games, want 0", st.Games)
	}
	if _, err := os.Stat(filepath.Join(dir, "book.bin")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("BuildFile(directory) wrote a book: %v", err)
	}
}

// TestBuildPGNReadError: a read error in the middle of the games stops
// BuildPGN at the first failed read with a *ReadError.
func TestBuildPGNReadError(t *testing.T) {
	t.Parallel()
	disk := errors.New("input/output error")
	r := &faultio.Reader{Text: "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4", Err: disk}
	bk, st, err := BuildPGN(r, BuildOptions{MaxPly: 20, MinGames: 1})
	var re *ReadError
	if bk != nil || !errors.As(err, &re) || re.Err != disk || err.Error() != "input/output error" || r.Fails != 1 || st.Games != 1 {
		t.Errorf("BuildPGN = %v, %+v, %v after %d failed reads; want nil, 1 game, the *ReadError %q after 1", bk, st, err, r.Fails, disk)
	}
}
