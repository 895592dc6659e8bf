package uci

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

// The engine's own book, games under a clock and the network file.

// fakeBook always plays its move when it is legal.
type fakeBook struct{ move string }

func (f fakeBook) Pick(b *board.Board, _ *rand.Rand) (board.Move, bool) {
	m, err := b.ParseMove(f.move)
	return m, err == nil
}

func TestUCIOwnBook(t *testing.T) {
	t.Parallel()
	var opened string
	c := startEngine(t, Config{OpenBook: func(path string) (Book, error) {
		opened = path
		if path == "missing.bin" {
			return nil, errors.New("no such file")
		}
		return fakeBook{"b1c3"}, nil
	}})
	// Off by default: the engine searches.
	c.send("position startpos", "go depth 1")
	if _, before := c.until("bestmove"); len(before) == 0 || !strings.HasPrefix(before[0], "info depth 1") {
		t.Errorf("without OwnBook: %q", before)
	}
	c.send("setoption name BookFile value my.bin", "setoption name OwnBook value true", "isready")
	c.until("readyok")
	if opened != "my.bin" {
		t.Errorf("opened %q, want my.bin", opened)
	}
	c.send("go depth 5")
	best, before := c.until("bestmove")
	if best != "bestmove b1c3" || len(before) != 1 || before[0] != "info string book move b1c3" {
		t.Errorf("book: %q then %q", before, best)
	}
	// Out of book (the book's move is illegal here): the engine searches.
	c.send("position startpos moves b1c3", "go depth 1")
	if best, _ := c.until("bestmove"); best == "bestmove b1c3" {
		t.Errorf("played an illegal book move")
	}
	// A book that cannot be opened is reported; play goes on.
	c.send("setoption name BookFile value missing.bin", "isready")
	if line, _ := c.until("info string"); !strings.Contains(line, `cannot open book "missing.bin": no such file`) {
		t.Errorf("got %q", line)
	}
	c.until("readyok")
}

func TestUCIOwnBookUnsupported(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("setoption name OwnBook value true", "isready")
	line, _ := c.until("info string")
	if !strings.Contains(line, "no opening book support") {
		t.Errorf("got %q", line)
	}
	c.until("readyok")
}

// A real game at 1 s + 0.01 s: the engine plays both sides and its moves
// (measured from "go" to "bestmove", as a GUI measures them) never take
// more than the clock had.
func TestUCIClockGame(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a 1 s + 0.01 s game")
	}
	c := startEngine(t, Config{HashMB: 8})
	b := board.New()
	var moves []string
	clock := [2]time.Duration{time.Second, time.Second}
	const inc = 10 * time.Millisecond
	for ply := 0; ply < 80 && b.HasLegalMove() && !b.IsFiftyMoveDraw() && b.RepetitionCount() < 3; ply++ {
		c.send("position startpos moves "+strings.Join(moves, " "),
			"go wtime "+ms(clock[0])+" btime "+ms(clock[1])+" winc 10 binc 10")
		start := time.Now()
		best, _ := c.until("bestmove")
		used := time.Since(start)
		side := b.Side()
		clock[side] -= used
		if clock[side] <= 0 {
			t.Fatalf("ply %d: lost on time (move took %v)", ply+1, used)
		}
		clock[side] += inc
		m := legalIn(t, best, b)
		b.Make(m)
		moves = append(moves, m.String())
	}
	t.Logf("%d plies, clocks left %v %v", len(moves), clock[0], clock[1])
}

func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

// TestEvalFile: EvalFile loads a network for the nnue evaluation; a file
// that is not one is reported and the built-in network kept.
func TestEvalFile(t *testing.T) {
	t.Parallel()
	net := filepath.Join(t.TempDir(), "copy.nnue")
	var buf bytes.Buffer
	if err := nnue.Default().Write(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(net, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startEngine(t, Config{})
	c.send("setoption name Eval value nnue")
	c.send("setoption name EvalFile value " + net)
	c.send("position startpos")
	c.send("go depth 3")
	c.until("bestmove")
	c.send("setoption name EvalFile value " + filepath.Join(t.TempDir(), "missing.nnue"))
	c.send("isready")
	_, lines := c.until("readyok")
	if !strings.Contains(strings.Join(lines, "\n"), "info string EvalFile: cannot read") {
		t.Errorf("a missing EvalFile was not reported: %q", lines)
	}
	c.send("go depth 2")
	c.until("bestmove")
}
