package book

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// fuzzFENs are the positions whose keys the book fuzzer plants: castling,
// en passant and promotions are where move decoding can go wrong.
var fuzzFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
}

// FuzzLoad feeds arbitrary bytes to Load. Properties: no panic; a file
// that is not whole records, or not sorted, is an error; a book that loads
// writes back the same bytes. Then the records are planted on the keys of
// fuzzFENs (any move bits, any weights): every move Entries, Pick and Best
// give is legal in its position.
func FuzzLoad(f *testing.F) {
	var start bytes.Buffer
	New([]Record{{Key: Key(board.New()), Move: 0x031c, Weight: 5}}).Write(&start) // e2e4
	f.Add(start.Bytes())
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 16))
	f.Add(bytes.Repeat([]byte{0x01}, 33))
	f.Add(append(bytes.Repeat([]byte{0x02}, 16), bytes.Repeat([]byte{0x01}, 16)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16*256 {
			return
		}
		bk, err := Load(bytes.NewReader(data))
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error has several lines: %q", err)
			}
			return
		}
		if len(data)%RecordSize != 0 {
			t.Fatalf("a %d-byte file loaded", len(data))
		}
		var out bytes.Buffer
		if err := bk.Write(&out); err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("book does not write back the bytes it was read from (%v)", err)
		}
		// Plant the records on known positions.
		boards := make([]*board.Board, len(fuzzFENs))
		for i, fen := range fuzzFENs {
			b, err := board.FromFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			boards[i] = b
		}
		recs := bk.Records()
		for i := range recs {
			recs[i].Key = Key(boards[binary.BigEndian.Uint64(data[i*RecordSize:])%uint64(len(boards))])
		}
		planted := New(recs)
		rng := rand.New(rand.NewPCG(1, 2))
		for _, b := range boards {
			for _, e := range planted.Entries(b) {
				if !b.IsLegal(e.Move) || e.UCI != e.Move.String() {
					t.Fatalf("entry %s is not legal in %s", e.UCI, b.FEN())
				}
			}
			if m, ok := planted.Pick(b, rng); ok && !b.IsLegal(m) {
				t.Fatalf("Pick gave %s, not legal in %s", m, b.FEN())
			}
			if m, ok := planted.Best(b); ok && !b.IsLegal(m) {
				t.Fatalf("Best gave %s, not legal in %s", m, b.FEN())
			}
		}
	})
}

// FuzzBuildPGN builds books from fuzzed PGN (book build). Properties: no
// panic; an error is one line; a built book is sorted (it loads back from
// its own bytes) and its moves from the start position are legal.
func FuzzBuildPGN(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"b\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n",
		"[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n1. a8=Q+ Kd7 1-0\n",
		"[\n{<}",
	} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, pgn string, byCount bool) {
		if len(pgn) > 5000 {
			return
		}
		bk, _, err := BuildPGN(strings.NewReader(pgn), BuildOptions{ByCount: byCount})
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error has several lines: %q", err)
			}
			return
		}
		var out bytes.Buffer
		if err := bk.Write(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(&out); err != nil {
			t.Fatalf("built book does not load: %v", err)
		}
		b := board.New()
		for _, e := range bk.Entries(b) {
			if !b.IsLegal(e.Move) {
				t.Fatalf("book move %s is not legal in the start position", e.UCI)
			}
		}
	})
}
