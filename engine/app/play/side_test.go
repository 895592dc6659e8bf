package play

import (
	"math/rand/v2"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

func TestParseSide(t *testing.T) {
	tests := []struct {
		in   string
		side board.Color
		ok   bool
	}{
		{"white", board.White, true}, {" W ", board.White, true}, {"Black", board.Black, true}, {"b", board.Black, true},
		{"blue", board.White, false}, {"", board.White, false}, {"auto", board.White, false},
	}
	for _, tt := range tests {
		rng := rand.New(rand.NewPCG(1, 2))
		side, ok := ParseSide(tt.in, rng)
		if side != tt.side || ok != tt.ok {
			t.Errorf("ParseSide(%q) = %v, %v; want %v, %v", tt.in, side, ok, tt.side, tt.ok)
		}
		// Only "random" draws from rng.
		if next, want := rng.Uint64(), rand.New(rand.NewPCG(1, 2)).Uint64(); next != want {
			t.Errorf("ParseSide(%q) consumed the random source", tt.in)
		}
	}
	// "random" draws one number: IntN(2) of the same source.
	want := board.Color(rand.New(rand.NewPCG(7, 0x706c796c6162)).IntN(2))
	if side, ok := ParseSide("random", rand.New(rand.NewPCG(7, 0x706c796c6162))); !ok || side != want {
		t.Errorf("ParseSide(random) = %v, %v; want %v, true", side, ok, want)
	}
	seen := map[board.Color]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 64 {
		side, _ := ParseSide("R", rng)
		seen[side] = true
	}
	if !seen[board.White] || !seen[board.Black] {
		t.Errorf("64 random sides gave only %v", seen)
	}
}

// NewRand: a seed gives the same numbers every time (the PCG stream of
// seed and "plylab"); seed 0 one from the clock.
func TestNewRand(t *testing.T) {
	a, b := NewRand(7), rand.New(rand.NewPCG(7, 0x706c796c6162))
	for i := range 4 {
		if x, y := a.Uint64(), b.Uint64(); x != y {
			t.Fatalf("NewRand(7) number %d = %d, want %d", i, x, y)
		}
	}
	if side, _ := ParseSide("random", NewRand(7)); side != board.Black {
		t.Errorf("random side with seed 7 = %v, want black", side)
	}
	if NewRand(0).Uint64() == NewRand(7).Uint64() {
		t.Errorf("NewRand(0) drew seed 7's first number")
	}
}
