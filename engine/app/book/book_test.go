package book

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine/board"
)

const (
	testPGN      = "testdata/grandswiss2019_20.pgn"
	polyglotBook = "testdata/grandswiss2019_20_polyglot.bin"
	debianBook   = "/usr/share/games/gnuchess/book.bin"
	startKey     = 0x463b96181691fc9c
)

func buildTestBook(t *testing.T, opts BuildOptions) (*Book, BuildStats) {
	t.Helper()
	f, err := os.Open(testPGN)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bk, st, err := BuildPGN(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	return bk, st
}

func weights(entries []Entry) map[string]uint16 {
	out := map[string]uint16{}
	for _, e := range entries {
		out[e.SAN] = e.Weight
	}
	return out
}

func TestEncodeMove(t *testing.T) {
	tests := []struct {
		fen, move string
		want      uint16
	}{
		{board.StartFEN, "e2e4", 0x031c},
		{board.StartFEN, "g1f3", 0x0195},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0x0107}, // stored as e1h1
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0x0100}, // e1a1
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 0x0f3f}, // e8h8
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 0x0f38}, // e8a8
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8q", 0x4c79},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8n", 0x1c79},
	}
	for _, tc := range tests {
		b, err := board.FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeMove(m); got != tc.want {
			t.Errorf("EncodeMove(%s) = %#04x, want %#04x", tc.move, got, tc.want)
		}
		if back, ok := DecodeMove(b, tc.want); !ok || back != m {
			t.Errorf("DecodeMove(%#04x) = %v, %v; want %s", tc.want, back, ok, tc.move)
		}
	}
}

// Every legal move of some busy positions survives encode/decode.
func TestEncodeDecodeAllMoves(t *testing.T) {
	for _, fen := range []string{
		board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // kiwipete
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	} {
		b, err := board.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var ml board.MoveList
		b.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			if back, ok := DecodeMove(b, EncodeMove(m)); !ok || back != m {
				t.Errorf("%s: %s encodes to %s, decodes to %v", fen, m, moveString(EncodeMove(m)), back)
			}
		}
	}
}

func TestDecodeIllegal(t *testing.T) {
	b := board.New()
	if m, ok := DecodeMove(b, 0x0424); ok { // e1e5: no such move
		t.Errorf("DecodeMove(e1e5) = %v, true; want false", m)
	}
}

func TestBuildStartPosition(t *testing.T) {
	bk, st := buildTestBook(t, BuildOptions{MaxPly: 20})
	if st != (BuildStats{Games: 20, Plies: 400}) {
		t.Errorf("stats = %+v, want 20 games, 400 plies", st)
	}
	if bk.Len() != 274 || bk.Positions() != 260 {
		t.Errorf("book has %d records, %d positions; want 274, 260", bk.Len(), bk.Positions())
	}
	// 20 games: 1.d4 7 times (3 wins, 3 draws), 1.e4 7 (3, 2), 1.c4 4
	// (1, 3), 1.Nf3 2 (0, 2); weight = 2*wins + draws.
	entries := bk.Entries(board.New())
	var got []string
	for _, e := range entries {
		got = append(got, e.SAN+"="+strconv.Itoa(int(e.Weight)))
	}
	if want := "d4=9 e4=8 c4=5 Nf3=2"; strings.Join(got, " ") != want {
		t.Errorf("start entries = %s, want %s", strings.Join(got, " "), want)
	}
	if m, ok := bk.Best(board.New()); !ok || m.String() != "d2d4" {
		t.Errorf("Best = %v, %v; want d2d4", m, ok)
	}
	// After 1.e4 (Black's results): 1...e5 four times (two wins, a draw,
	// a loss), 1...e6 a draw; 1...c5 and 1...c6 only lost: weight 0, left
	// out.
	b := board.New()
	playMoves(t, b, "e2e4")
	if got := weights(bk.Entries(b)); len(got) != 2 || got["e5"] != 5 || got["e6"] != 1 {
		t.Errorf("entries after 1.e4 = %v, want e5=5 e6=1", got)
	}
}

func TestBuildByCountAndMinGames(t *testing.T) {
	bk, _ := buildTestBook(t, BuildOptions{MaxPly: 20, ByCount: true})
	if got := weights(bk.Entries(board.New())); got["d4"] != 7 || got["e4"] != 7 || got["c4"] != 4 || got["Nf3"] != 2 || len(got) != 4 {
		t.Errorf("by count: %v, want d4=7 e4=7 c4=4 Nf3=2", got)
	}
	bk3, _ := buildTestBook(t, BuildOptions{MaxPly: 20, ByCount: true, MinGames: 3})
	if got := weights(bk3.Entries(board.New())); len(got) != 3 || got["Nf3"] != 0 {
		t.Errorf("min 3 games: %v, want d4, e4, c4 only", got)
	}
	short, st := buildTestBook(t, BuildOptions{MaxPly: 1, ByCount: true})
	if short.Positions() != 1 || short.Len() != 4 || st.Plies != 20 {
		t.Errorf("max ply 1: %d positions, %d records, %d plies; want 1, 4, 20", short.Positions(), short.Len(), st.Plies)
	}
}

// PolyGlot's own make-book (Debian polyglot 2.0.4) made
// testdata/grandswiss2019_20_polyglot.bin from the same games with
//
//	polyglot make-book -pgn grandswiss2019_20.pgn -bin grandswiss2019_20_polyglot.bin -max-ply 20 -min-game 1
//
// Our book has exactly its records (keys, moves and weights); only the
// order of equal-weight moves within a position may differ.
func TestBuildMatchesPolyGlot(t *testing.T) {
	ref, err := Open(polyglotBook)
	if err != nil {
		t.Fatal(err)
	}
	bk, _ := buildTestBook(t, BuildOptions{MaxPly: 20})
	want := map[Record]int{}
	for _, r := range ref.Records() {
		want[r]++
	}
	for _, r := range bk.Records() {
		if want[r] == 0 {
			t.Errorf("record %016x %s weight %d is not in PolyGlot's book", r.Key, moveString(r.Move), r.Weight)
			continue
		}
		want[r]--
	}
	for r, n := range want {
		if n > 0 {
			t.Errorf("PolyGlot's record %016x %s weight %d is missing", r.Key, moveString(r.Move), r.Weight)
		}
	}
}

func TestWriteLoadRoundTrip(t *testing.T) {
	bk, _ := buildTestBook(t, BuildOptions{MaxPly: 20})
	var buf bytes.Buffer
	if err := bk.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 16*bk.Len() {
		t.Fatalf("wrote %d bytes for %d records", buf.Len(), bk.Len())
	}
	again, err := Load(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	a, b := bk.Records(), again.Records()
	if len(a) != len(b) {
		t.Fatalf("read back %d records, wrote %d", len(b), len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("record %d: wrote %+v, read %+v", i, a[i], b[i])
		}
	}
	// Through a file too, and the same bytes on a second build.
	path := filepath.Join(t.TempDir(), "book.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if weights(fromFile.Entries(board.New()))["d4"] != 9 {
		t.Errorf("book read from file lost the start position's entries")
	}
	bk2, _ := buildTestBook(t, BuildOptions{MaxPly: 20})
	var buf2 bytes.Buffer
	bk2.Write(&buf2)
	if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		t.Error("two builds of the same games wrote different bytes")
	}
}

func TestBuildGames(t *testing.T) {
	f, err := os.Open(testPGN)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := chess.GamesFromPGN(f)
	if err != nil {
		t.Fatal(err)
	}
	bk, st, err := Build(games[:4], BuildOptions{ByCount: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 4 {
		t.Errorf("games = %d, want 4", st.Games)
	}
	// Games 1-4 open 1.d4, 1.d4, 1.c4, 1.d4.
	if got := weights(bk.Entries(board.New())); got["d4"] != 3 || got["c4"] != 1 || len(got) != 2 {
		t.Errorf("entries = %v, want d4=3 c4=1", got)
	}
}

func TestBuildPGNErrors(t *testing.T) {
	// A game from a FEN, an empty game at the end.
	pgn := `[Event "x"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]
[Result "1-0"]

1. e4 Kd7 2. e5 1-0

`
	bk, st, err := BuildPGN(strings.NewReader(pgn), BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// White won: e4 and e5 get weight 2, Black's Kd7 (lost) is left out.
	if st != (BuildStats{Games: 1, Skipped: 1, Plies: 3}) || bk.Len() != 2 {
		t.Errorf("stats %+v, %d records; want 1 game, 1 skipped, 3 plies, 2 records", st, bk.Len())
	}
	bad := "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n"
	_, _, err = BuildPGN(strings.NewReader(bad), BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Errorf("illegal move: err = %v, want an error naming game 1", err)
	}
}

func TestMalformed(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.bin")
	os.WriteFile(short, make([]byte, 40), 0o644)
	_, err := Open(short)
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "40 bytes, is not a multiple of 16") || !strings.HasPrefix(err.Error(), short+": ") {
		t.Errorf("40-byte file: err = %v", err)
	}
	unsorted := make([]byte, 32)
	unsorted[0] = 0xff // first key larger than the second
	if _, err := Load(bytes.NewReader(unsorted)); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "not sorted") {
		t.Errorf("unsorted: err = %v", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.bin")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: err = %v, want fs.ErrNotExist", err)
	}
	empty, err := Load(bytes.NewReader(nil))
	if err != nil || empty.Len() != 0 || len(empty.Entries(board.New())) != 0 {
		t.Errorf("empty book: %v, %v", empty, err)
	}
}

// A record whose move is illegal in the position (a corrupt book or a key
// collision) is skipped; a move stored twice is listed once.
func TestEntriesFilter(t *testing.T) {
	e4 := EncodeMove(mustMove(t, board.New(), "e2e4"))
	bk := New([]Record{
		{Key: startKey, Move: 0x0424, Weight: 50}, // e1e5
		{Key: startKey, Move: e4, Weight: 10},
		{Key: startKey, Move: e4, Weight: 5},
		{Key: startKey, Move: EncodeMove(mustMove(t, board.New(), "d2d4")), Weight: 0},
		{Key: startKey + 1, Move: e4, Weight: 99},
	})
	got := bk.Entries(board.New())
	if len(got) != 2 || got[0].UCI != "e2e4" || got[0].Weight != 15 || got[1].SAN != "d4" || got[1].Weight != 0 {
		t.Errorf("entries = %+v, want e4 (15), d4 (0)", got)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		if m, ok := bk.Pick(board.New(), rng); !ok || m.String() != "e2e4" {
			t.Fatalf("Pick = %v, %v: a weight-0 move must never be picked", m, ok)
		}
	}
	zero := New([]Record{{Key: startKey, Move: e4, Weight: 0}})
	if _, ok := zero.Pick(board.New(), rng); ok {
		t.Error("Pick found a move where every weight is 0")
	}
	if _, ok := zero.Best(board.New()); ok {
		t.Error("Best found a move where every weight is 0")
	}
}

func mustMove(t *testing.T, b *board.Board, s string) board.Move {
	t.Helper()
	m, err := b.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestPickWeighted(t *testing.T) {
	bk, _ := buildTestBook(t, BuildOptions{MaxPly: 20})
	pick := func(seed uint64) []string {
		rng := rand.New(rand.NewPCG(seed, seed))
		var out []string
		for range 2400 {
			m, ok := bk.Pick(board.New(), rng)
			if !ok {
				t.Fatal("no book move in the start position")
			}
			out = append(out, m.String())
		}
		return out
	}
	a, b := pick(7), pick(7)
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Error("the same seed picked different moves")
	}
	counts := map[string]int{}
	for _, s := range a {
		counts[s]++
	}
	// Weights 9, 8, 5, 2 of 24: expect 900, 800, 500, 200 of 2400.
	for san, want := range map[string]int{"d2d4": 900, "e2e4": 800, "c2c4": 500, "g1f3": 200} {
		if got := counts[san]; got < want*8/10 || got > want*12/10 {
			t.Errorf("%s picked %d times of 2400, want about %d", san, got, want)
		}
	}
}

// Debian's gnuchess-book (apt-get install gnuchess-book) is a real
// Polyglot book made by another program: reading it checks keys, move
// decoding (castling included) and the record layout against the world.
func TestDebianBook(t *testing.T) {
	if _, err := os.Stat(debianBook); err != nil {
		t.Skipf("%s not installed (apt-get install gnuchess-book)", debianBook)
	}
	bk, err := Open(debianBook)
	if err != nil {
		t.Fatal(err)
	}
	if len(bk.Lookup(startKey)) == 0 {
		t.Fatalf("no records for the start key %#x", uint64(startKey))
	}
	entries := bk.Entries(board.New())
	if len(entries) < 5 || entries[0].SAN != "e4" && entries[0].SAN != "d4" {
		t.Errorf("start entries = %+v, want e4 or d4 first", entries)
	}
	// Follow every book move three plies deep: every stored move must be
	// legal (a wrong key would find other positions' moves) and most
	// positions reached must be in the book again.
	b := board.New()
	var found, total, illegal int
	var walk func(depth int)
	walk = func(depth int) {
		for _, r := range bk.Lookup(Key(b)) {
			m, ok := DecodeMove(b, r.Move)
			if !ok {
				illegal++
				continue
			}
			b.Make(m)
			total++
			if len(bk.Lookup(Key(b))) > 0 {
				found++
			}
			if depth > 1 {
				walk(depth - 1)
			}
			b.Unmake()
		}
	}
	walk(3)
	if illegal != 0 || total < 100 || found*10 < total*8 {
		t.Errorf("walk: %d moves, %d illegal, %d positions in the book; want no illegal and most found", total, illegal, found)
	}
	// The Ruy Lopez main line: White castles short (stored as e1h1).
	playMoves(t, b, strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6")...)
	if _, ok := weights(bk.Entries(b))["O-O"]; !ok {
		t.Errorf("no O-O in the Ruy Lopez after 4...Nf6: %+v", bk.Entries(b))
	}
}
