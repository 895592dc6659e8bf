package play

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// FuzzReadGame feeds play --load arbitrary PGN. Properties: no panic; an
// error is one line naming the file; a game that loads starts from a
// position the board accepts and every move replays legally (as New
// replays them).
func FuzzReadGame(f *testing.F) {
	for _, s := range []string{
		"[Event \"plylab play\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n",
		"[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q+ Kd7 *\n",
		"[FEN \"k7/8/8/8/8/8/8/K7 b - - 2170000000 1\"]\n\n*\n",
		"[\n{<}",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pgn string) {
		if len(pgn) > 5000 {
			return
		}
		l, err := ReadGame(strings.NewReader(pgn), "game.pgn")
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\r\n") || !strings.Contains(msg, "game.pgn") {
				t.Fatalf("error %q is not one line naming the file", msg)
			}
			return
		}
		b, err := board.FromFEN(l.StartFEN)
		if err != nil {
			t.Fatalf("start position %q: %v", l.StartFEN, err)
		}
		for i, u := range l.Moves {
			m, err := b.ParseMove(u)
			if err != nil {
				t.Fatalf("move %d (%s) is not legal in %s", i+1, u, b.FEN())
			}
			b.Make(m)
		}
	})
}
