package pgn

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/plylab/plylab/engine/internal/faultio"
)

func TestScanner(t *testing.T) {
	for _, tc := range []struct {
		in    string
		games int
		err   string
	}{
		{"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n", 2, ""},
		{"", 1, ""}, // notnil/chess reads no text as one empty game
		// notnil/chess panics on this move text (index out of range).
		{"[\n{<}", 0, "game 1: the PGN reader failed on it (runtime error: index out of range [-1]); check its move text"},
		{"[FEN \"\x11\re\"]", 0, "game 1: pgn decode error chess: fen invalid notation   e must have 6 sections on tag FEN"},
		{"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n", 1, `game 2: pgn decode error chess: failed to decode notation text "e4" for position rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 on move 1`},
	} {
		sc := NewScanner(strings.NewReader(tc.in))
		n := 0
		for sc.Scan() {
			if sc.Next() == nil {
				t.Fatalf("%q: Scan true, Next nil", tc.in)
			}
			n++
		}
		err := ""
		if sc.Err() != nil {
			err = sc.Err().Error()
		}
		if n != tc.games || err != tc.err {
			t.Errorf("%q: %d games, error %q; want %d, %q", tc.in, n, err, tc.games, tc.err)
		}
	}
}

// TestScannerReadError: a read error ends the scan at once, with the
// error, and no game for the text cut short (notnil/chess alone returns
// an empty game and reads again after each error).
func TestScannerReadError(t *testing.T) {
	t.Parallel()
	errDisk := errors.New("input/output error")
	for _, tc := range []struct {
		text  string
		games int
	}{
		{"", 0},
		{"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n\n1. c4", 2},
	} {
		r := &faultio.Reader{Text: tc.text, Err: errDisk, Limit: 50}
		sc := NewScanner(r)
		n := 0
		for i := 0; sc.Scan() && i < 100; i++ {
			n++
		}
		if n != tc.games || sc.Err() != errDisk || r.Fails != 1 {
			t.Errorf("%q: %d games, error %v, %d failed reads; want %d, %v, 1", tc.text, n, sc.Err(), r.Fails, tc.games, errDisk)
		}
		if sc.Scan() || sc.Err() != errDisk {
			t.Errorf("%q: Scan after the error = true or error %v; want false, %v", tc.text, sc.Err(), errDisk)
		}
	}
	// A directory: opening it works, reading it fails (EISDIR).
	dir := t.TempDir()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := NewScanner(f)
	n := 0
	for i := 0; sc.Scan() && i < 100; i++ {
		n++
	}
	if n != 0 || !errors.Is(sc.Err(), syscall.EISDIR) || sc.Err().Error() != "read "+dir+": is a directory" {
		t.Errorf("directory: %d games, error %v; want 0 and \"read %s: is a directory\"", n, sc.Err(), dir)
	}
}

// FuzzScanner: no PGN text panics the scanner; errors are one line; every
// game read replays legally from its first position (notnil/chess's own
// positions), so the readers built on it get legal moves.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{
		"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
		"[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q+ Kd7 *\n",
		"1. d4 {a comment} d5 (1... Nf6 2. c4) 2. c4 $1 e6 1/2-1/2\n",
		"[\n{<}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sc := NewScanner(strings.NewReader(in))
		for i := 0; sc.Scan() && i < 100; i++ {
			g := sc.Next()
			pos := g.Positions()
			moves := g.Moves()
			if len(pos) != len(moves)+1 {
				t.Fatalf("%d positions for %d moves", len(pos), len(moves))
			}
			for j, m := range moves {
				if pos[j].Update(m).String() != pos[j+1].String() {
					t.Fatalf("move %d, %s, does not lead to the next position", j+1, m)
				}
			}
		}
		if err := sc.Err(); err != nil && strings.ContainsAny(err.Error(), "\r\n") {
			t.Fatalf("error has several lines: %q", err)
		}
	})
}
