package play

import (
	"math/rand/v2"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// ParseSide reads the side a person plays: "white" (or "w"), "black"
// ("b") or "random" ("r", drawn with rng, which nothing else consumes),
// in any case and with spaces around. ok is false for anything else.
func ParseSide(s string, rng *rand.Rand) (side board.Color, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "white", "w":
		return board.White, true
	case "black", "b":
		return board.Black, true
	case "random", "r":
		return board.Color(rng.IntN(2)), true
	}
	return board.White, false
}

// NewRand is the random source of a game (Config.Rand: --color random and
// book moves) seeded with seed; seed 0 takes one from the clock, a new
// game each time.
func NewRand(seed uint64) *rand.Rand {
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	return rand.New(rand.NewPCG(seed, 0x706c796c6162)) // "plylab"
}
