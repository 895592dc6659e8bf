package book

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuildFrom(t *testing.T) {
	pgn, err := os.ReadFile("testdata/grandswiss2019_20.pgn")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "book.bin")
	back, st, err := BuildFrom(context.Background(), strings.NewReader(string(pgn)), "gs.pgn", out, BuildOptions{MaxPly: 20})
	if err != nil {
		t.Fatal(err)
	}
	want, wantSt, err := BuildPGN(strings.NewReader(string(pgn)), BuildOptions{MaxPly: 20})
	if err != nil {
		t.Fatal(err)
	}
	if st != wantSt || back.Len() != want.Len() || back.Positions() != want.Positions() || st.Games != 20 {
		t.Errorf("BuildFrom: %+v, %d records; BuildPGN: %+v, %d records", st, back.Len(), wantSt, want.Len())
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() != int64(back.Len()*RecordSize) {
		t.Errorf("the written book: %v, %v", fi, err)
	}

	_, _, err = BuildFrom(context.Background(), strings.NewReader("no games here\n"), "empty.pgn", out, BuildOptions{})
	if !errors.Is(err, ErrNoGames) || !strings.HasPrefix(err.Error(), "empty.pgn: no games found; ") {
		t.Errorf("no games: %v, want \"empty.pgn: \" + ErrNoGames", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := BuildFrom(ctx, strings.NewReader(string(pgn)), "gs.pgn", out, BuildOptions{}); err != context.Canceled {
		t.Errorf("cancelled: %v, want context.Canceled itself", err)
	}
}

func TestBookDescribe(t *testing.T) {
	records := make([]Record, 0, 1200)
	for i := range 1200 {
		records = append(records, Record{Key: uint64(i / 2), Move: uint16(i), Weight: 1})
	}
	if got, want := New(records).Describe(), "1,200 records for 600 positions"; got != want {
		t.Errorf("Describe() = %q, want %q", got, want)
	}
	if !strings.HasSuffix(DefaultPath, "/gnuchess/book.bin") {
		t.Errorf("DefaultPath %q is not Debian's gnuchess-book", DefaultPath)
	}
}
