package match

import (
	"bytes"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/golden"
)

// pgnGoldenGames are hand-made game records (no clocks read, no engine
// run) covering the PGN writer's branches: the start position and a FEN
// with Black to move, different time controls per side, escaped tags, an
// opening name, long comments that wrap, and every kind of ending.
func pgnGoldenGames() []*Game {
	started := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)
	clk := &Clock{Base: 10 * time.Second, Inc: 100 * time.Millisecond}
	return []*Game{
		{
			Round: 1, White: "plylab engine", Black: "random", Started: started,
			StartFEN: board.StartFEN, Opening: Opening{Name: `Ruy "Lopez"`},
			Moves:     []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"},
			SAN:       []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"},
			Comments:  []string{"book", "book", "+0.35/8 0.120s", "-0.20/7 0.081s", "+M3/12 1.500s", "0.001s"},
			BookPlies: 2, Winner: board.White, Termination: Checkmate,
			Limits: [2]Limit{{Depth: 4}, {Depth: 4}},
		},
		{
			Round: 2, White: `back\slash`, Black: "stockfish UCI_Elo=1500", Started: started,
			Event:    "plylab match: plylab engine (depth 4) vs stockfish (10+0.1)",
			StartFEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			Moves:    []string{"e7e5", "g1f3", "b8c6"},
			SAN:      []string{"e5", "Nf3", "Nc6"},
			Comments: []string{"a very long comment } with a brace that goes on and on past the end of the line", "", "x"},
			Winner:   board.Black, Termination: TimeForfeit, Detail: "White used 1.2s of 1s",
			Limits: [2]Limit{{Depth: 4}, {Clock: clk}},
		},
		{
			Round: 3, White: "a", Black: "b", Started: started, StartFEN: board.StartFEN,
			Draw: true, Termination: Threefold, Limits: [2]Limit{{Clock: clk}, {Clock: clk}},
		},
		{
			Round: 4, White: "a", Black: "b", Started: started, StartFEN: "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
			Moves: []string{"a1a2"}, SAN: []string{"Ra2"}, Comments: []string{"+9.00/1 0.000s"},
			Draw: true, Termination: FiftyMoves,
		},
		{
			Round: 5, White: "a", Black: "b", Started: started, StartFEN: board.StartFEN,
			Moves: []string{"e2e4"}, SAN: []string{"e4"},
			Winner: board.White, Termination: IllegalMove, Detail: `"e7e4" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`,
		},
		{
			Round: 6, White: "a", Black: "b", Started: started, StartFEN: board.StartFEN,
			Winner: board.Black, Termination: PlayerError, Detail: "crashed",
		},
	}
}

// The PGN text of the hand-made games, byte for byte.
func TestPGNGolden(t *testing.T) {
	var buf bytes.Buffer
	for _, g := range pgnGoldenGames() {
		if err := WritePGN(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	golden.Check(t, "games.pgn", buf.String())
}
