package book

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
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

func TestListing(t *testing.T) {
	bk, err := Open("testdata/grandswiss2019_20_polyglot.bin")
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.FromFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	l := bk.List(b)
	if l.Key != 0x463b96181691fc9c || l.Total != TotalWeight(l.Entries) || len(l.Entries) == 0 {
		t.Fatalf("start position: key %016x, %d entries, total %d", l.Key, len(l.Entries), l.Total)
	}
	want := fmt.Sprintf("%d moves, total weight %s", len(l.Entries), textfmt.Thousands(l.Total))
	if got := l.Summary(); got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		l    Listing
		want string
	}{
		{Listing{}, "no book moves for this position: it is not in the book"},
		{Listing{Entries: []Entry{{Weight: 1200}, {Weight: 34}}, Total: 1234}, "2 moves, total weight 1,234"},
	} {
		if got := tt.l.Summary(); got != tt.want {
			t.Errorf("Summary() = %q, want %q", got, tt.want)
		}
	}
}
