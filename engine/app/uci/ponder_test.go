package uci

import (
	"slices"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// Pondering as a GUI drives it: ponderhit, stop, the ponder move of a
// bestmove, a game with pondering on.

// readUntil reads lines until one starts with prefix, failing at once if
// a line starting with forbidden comes first.
func (c *client) readUntil(prefix, forbidden string) []string {
	c.t.Helper()
	var got []string
	for {
		l, before := c.until("")
		got = append(got, before...)
		got = append(got, l)
		if strings.HasPrefix(l, forbidden) {
			c.t.Fatalf("%q came before %q: %q", l, prefix, got)
		}
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
}

// Pondering: the search has no clock until the ponderhit. With "go
// ponder movetime 1" it searches past depth 12 (which takes far more than
// a millisecond) without a bestmove; the ponderhit starts the clock, and
// with no depth limit only the clock can end the search: bestmove comes.
func TestUCIPonderhitStartsTheClock(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos moves e2e4 e7e5", "go ponder movetime 1")
	c.readUntil("info depth 12 ", "bestmove")
	c.send("isready") // still answered while pondering
	c.readUntil("readyok", "bestmove")
	c.send("ponderhit")
	best, _ := c.until("bestmove")
	legalIn(t, best, boardAfter(t, "e2e4", "e7e5"))
	c.send("isready")
	if _, before := c.until("readyok"); slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "bestmove") }) {
		t.Errorf("a second bestmove: %q", before)
	}
}

// A ponder miss: the GUI sends stop, and the engine answers at once with
// a move of the pondered position (which the GUI throws away).
func TestUCIPonderStop(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos moves d2d4 d7d5", "go ponder wtime 60000 btime 60000")
	c.readUntil("info depth 4 ", "bestmove")
	c.send("stop")
	best, _ := c.until("bestmove")
	legalIn(t, best, boardAfter(t, "d2d4", "d7d5"))
}

// ponderhit is for a pondering search only; elsewhere it is ignored, as
// the protocol asks of a command that should not come.
func TestUCIPonderhitIgnored(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("ponderhit", "isready")
	if _, before := c.until("readyok"); len(before) != 0 {
		t.Errorf("ponderhit with no search: %q", before)
	}
	c.send("position startpos", "go infinite depth 3")
	c.until("info depth 3")
	c.send("ponderhit", "isready")
	c.readUntil("readyok", "bestmove") // go infinite still waits for stop
	c.send("stop")
	best, _ := c.until("bestmove")
	legalIn(t, best, board.New())
}

// bestmove names the expected reply, the second move of the principal
// variation, whether the Ponder option is on or off.
func TestUCIBestmovePonderMove(t *testing.T) {
	t.Parallel()
	for _, ponder := range []string{"false", "true"} {
		t.Run("Ponder "+ponder, func(t *testing.T) {
			t.Parallel()
			c := startEngine(t, Config{})
			c.send("setoption name Ponder value "+ponder, "position startpos moves e2e4 e7e5", "go depth 9")
			best, _ := c.until("bestmove")
			legalIn(t, best, boardAfter(t, "e2e4", "e7e5"))
			if best != "bestmove g1f3 ponder g8f6" {
				t.Errorf("%q, want bestmove g1f3 ponder g8f6", best)
			}
		})
	}
}

// A game as a GUI with pondering on plays it: after each bestmove the GUI
// sets up the position after the engine's move and its ponder move and
// sends go ponder with the clocks; then the opponent moves. When the
// opponent plays the ponder move the GUI sends ponderhit and takes the
// bestmove that follows; otherwise it sends stop, throws that bestmove
// away and starts a normal search on the real position. The opponent here
// plays the ponder move on every other turn.
func TestUCIPonderGame(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("setoption name Ponder value true", "ucinewgame", "isready")
	c.until("readyok")
	const clock = "wtime 3000 btime 3000 winc 30 binc 30"
	var moves []string
	position := func() string { return strings.TrimSpace("position startpos moves " + strings.Join(moves, " ")) }
	c.send(position(), "go "+clock)
	best, _ := c.until("bestmove")
	hits, misses, unpondered := 0, 0, 0
	for turn := 0; hits+misses < 6; turn++ {
		if turn == 12 {
			t.Fatalf("%d ponderhits and %d misses in 12 turns: %d bestmoves named no reply to ponder on", hits, misses, unpondered)
		}
		b := boardAfter(t, moves...)
		m := legalIn(t, best, b)
		f := strings.Fields(best)
		moves = append(moves, m.String())
		b.Make(m)
		if len(f) != 4 {
			// No expected reply: the move ends the game, or the line
			// ended after it and the table held no move for the position
			// there (a line that repeats a position ends as a draw, for
			// one).
			// UCI allows it; the GUI does not ponder this move: the
			// opponent plays and the engine searches as usual.
			unpondered++
			if replies := legalMoves(b); len(replies) > 0 {
				moves = append(moves, replies[0])
			} else {
				moves = nil // the engine's move ended the game: a new one
				c.send("ucinewgame")
			}
			c.send(position(), "go "+clock)
			best, _ = c.until("bestmove")
			continue
		}
		ponderMove := f[3]
		c.send(position()+" "+ponderMove, "go ponder "+clock)
		// The ponder search has started and holds its bestmove. Any
		// depth line will do: after the misses below the opponent has
		// played the first legal move, a weak one, and the ponder
		// position may hold a mate in one, whose search ends at depth 1
		// (a mate within the depth is not searched further) and waits.
		c.readUntil("info depth ", "bestmove")
		if (hits+misses)%2 == 0 || len(legalMoves(b)) == 1 {
			// The opponent plays the expected move (or its only one).
			c.send("ponderhit")
			best, _ = c.until("bestmove")
			moves = append(moves, ponderMove)
			hits++
			continue
		}
		// The opponent plays another move: the pondering is wasted.
		c.send("stop")
		thrown, _ := c.until("bestmove")
		legalIn(t, thrown, boardAfter(t, append(slices.Clone(moves), ponderMove)...))
		var other string
		for _, s := range legalMoves(b) {
			if s != ponderMove {
				other = s
				break
			}
		}
		moves = append(moves, other)
		c.send(position(), "go "+clock)
		best, _ = c.until("bestmove")
		misses++
	}
	legalIn(t, best, boardAfter(t, moves...))
	// Every other pondered turn is a miss, unless the opponent had only
	// the ponder move to play.
	if hits < 3 || misses < 2 || hits+misses != 6 {
		t.Errorf("%d ponderhits and %d misses, want 3 and 3 (4 and 2 after a forced reply)", hits, misses)
	}
}

// Malformed go lines (and MultiPV values) never panic or hang: each go is
