package book

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// The test vectors of the Polyglot book format specification.
var keyVectors = []struct {
	moves string
	key   uint64
}{
	{"", 0x463b96181691fc9c},
	{"e2e4", 0x823c9b50fd114196},
	{"e2e4 d7d5", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
}

func playMoves(t testing.TB, b *board.Board, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := b.ParseMove(s)
		if err != nil {
			t.Fatalf("move %s in %s: %v", s, b.FEN(), err)
		}
		b.Make(m)
	}
}

func TestKeyVectors(t *testing.T) {
	for _, v := range keyVectors {
		t.Run(fmt.Sprintf("%q", v.moves), func(t *testing.T) {
			b := board.New()
			playMoves(t, b, strings.Fields(v.moves)...)
			if got := Key(b); got != v.key {
				t.Errorf("Key after %q = %#016x, want %#016x (FEN %s)", v.moves, got, v.key, b.FEN())
			}
		})
	}
}
