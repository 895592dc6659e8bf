package uci

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// Tests of what analysis GUIs and lessons ask of an engine beyond playing:
// go searchmoves, the MultiPV option, pondering (go ponder, ponderhit)
// and the ponder move of bestmove, each driven through Run's reader and
// writer as a GUI drives the engine process.

// info is one "info depth" line read back: its numbers by key and its
// principal variation.
type info struct {
	depth, multipv int
	score          string // "cp 31", "mate 2"
	nodes          uint64
	pv             []string
}

// parseInfo reads an "info depth ..." line; ok is false for any other line.
func parseInfo(t *testing.T, line string) (info, bool) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "info" || f[1] != "depth" {
		return info{}, false
	}
	var in info
	for i := 1; i < len(f); i++ {
		key := f[i]
		if key == "pv" {
			in.pv = f[i+1:]
			break
		}
		if i+1 >= len(f) {
			t.Fatalf("info line %q ends in a key", line)
		}
		switch key {
		case "depth":
			in.depth, _ = strconv.Atoi(f[i+1])
		case "multipv":
			in.multipv, _ = strconv.Atoi(f[i+1])
		case "nodes":
			in.nodes, _ = strconv.ParseUint(f[i+1], 10, 64)
		case "score":
			in.score = f[i+1] + " " + f[i+2]
			i++
		}
		i++
	}
	return in, true
}

// infos reads every "info depth" line of lines; the other lines are
// returned apart.
func infos(t *testing.T, lines []string) (got []info, other []string) {
	t.Helper()
	for _, l := range lines {
		if in, ok := parseInfo(t, l); ok {
			got = append(got, in)
		} else {
			other = append(other, l)
		}
	}
	return got, other
}

// scoreValue orders UCI scores: any mate for the side to move above any
// centipawn score, a shorter mate above a longer one, being mated below.
func scoreValue(t *testing.T, s string) int {
	t.Helper()
	f := strings.Fields(s)
	n, err := strconv.Atoi(f[1])
	if err != nil || len(f) != 2 {
		t.Fatalf("bad score %q", s)
	}
	switch {
	case f[0] == "cp":
		return n
	case n > 0:
		return 1_000_000 - n
	default:
		return -1_000_000 - n
	}
}

// boardAfter is the start position after moves (UCI notation).
func boardAfter(t *testing.T, moves ...string) *board.Board {
	t.Helper()
	b := board.New()
	for _, s := range moves {
		m, err := b.ParseMove(s)
		if err != nil {
			t.Fatalf("move %s: %v", s, err)
		}
		b.Make(m)
	}
	return b
}

func TestUCISearchmoves(t *testing.T) {
	t.Parallel()
	e4 := []string{"e2e4"}
	for _, tt := range []struct {
		name     string
		moves    []string // played from the start position
		goCmd    string
		stop     bool     // the search is endless: wait for depth 3, then stop
		strings  []string // the info string lines expected, in order
		allowed  []string // bestmove and the first move of every pv are among these; nil: any legal move
		best     string   // the exact bestmove line, when pinned
		lastInfo string   // the exact last info line without nps and time, when pinned
	}{
		{name: "two moves at depth 8", goCmd: "go searchmoves a2a3 h2h3 depth 8", allowed: []string{"a2a3", "h2h3"},
			best:     "bestmove a2a3 ponder c7c5",
			lastInfo: "info depth 8 seldepth 16 multipv 1 score cp 2 nodes 5189 hashfull 14 pv a2a3 c7c5 e2e3 g8f6 d2d4 d7d5 d4c5 e7e5 b2b4"},
		{name: "the specification's example", goCmd: "go infinite searchmoves e2e4 d2d4", stop: true, allowed: []string{"e2e4", "d2d4"}},
		{name: "moves end at the next keyword", goCmd: "go depth 5 searchmoves b1a3 b1c3 nodes 100000", allowed: []string{"b1a3", "b1c3"}},
		{name: "one move, black to move", moves: e4, goCmd: "go searchmoves a7a6 depth 6", allowed: []string{"a7a6"}},
		{name: "a move given twice", moves: e4, goCmd: "go searchmoves g8f6 g8f6 depth 4", allowed: []string{"g8f6"}},
		{name: "an illegal move is named and ignored", goCmd: "go searchmoves e2e5 g1f3 depth 4",
			strings: []string{"info string go: searchmoves: ignoring e2e5: not legal in this position"}, allowed: []string{"g1f3"}},
		{name: "words that are no moves", moves: e4, goCmd: "go searchmoves xyzzy e7e5 0000 e7e4 depth 3",
			strings: []string{"info string go: searchmoves: ignoring xyzzy, 0000, e7e4: not legal in this position"}, allowed: []string{"e7e5"}},
		{name: "no legal move: every move is searched", goCmd: "go searchmoves e7e5 a1a8 depth 3",
			strings: []string{"info string go: searchmoves: ignoring e7e5, a1a8: not legal in this position",
				"info string go: searchmoves names no legal move; searching all moves"}},
		{name: "no move at all", goCmd: "go searchmoves depth 3",
			strings: []string{"info string go: searchmoves names no legal move; searching all moves"}},
		{name: "every legal move given", goCmd: "go depth 2 searchmoves " + strings.Join(legalMoves(board.New()), " ")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := startEngine(t, Config{})
			pos := "position startpos"
			if len(tt.moves) > 0 {
				pos += " moves " + strings.Join(tt.moves, " ")
			}
			c.send(pos, tt.goCmd)
			if tt.stop {
				c.until("info depth 3")
				c.send("stop")
			}
			best, lines := c.until("bestmove")
			b := boardAfter(t, tt.moves...)
			m := legalIn(t, best, b)
			got, other := infos(t, lines)
			if strings.Join(other, "\n") != strings.Join(tt.strings, "\n") {
				t.Errorf("other lines %q, want %q", other, tt.strings)
			}
			if tt.allowed != nil {
				if !slices.Contains(tt.allowed, m.String()) {
					t.Errorf("%s, want one of %v", best, tt.allowed)
				}
				for _, in := range got {
					if len(in.pv) == 0 || !slices.Contains(tt.allowed, in.pv[0]) {
						t.Errorf("depth %d: pv %v does not start with one of %v", in.depth, in.pv, tt.allowed)
					}
				}
			}
			if tt.best != "" && best != tt.best {
				t.Errorf("%q, want %q", best, tt.best)
			}
			if tt.lastInfo != "" {
				if last := stripTimes(lines[len(lines)-1]); last != tt.lastInfo {
					t.Errorf("last info %q, want %q", last, tt.lastInfo)
				}
			}
		})
	}
}

// legalMoves lists b's legal moves in UCI notation.
func legalMoves(b *board.Board) []string {
	var ml board.MoveList
	b.GenerateMoves(&ml)
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, m.String())
	}
	return out
}

// stripTimes removes the nps and time fields of an info line, the only
// ones that change from run to run.
func stripTimes(line string) string {
	f := strings.Fields(line)
	var out []string
	for i := 0; i < len(f); i++ {
		if (f[i] == "nps" || f[i] == "time") && i+1 < len(f) && f[0] == "info" {
			i++
			continue
		}
		out = append(out, f[i])
	}
	return strings.Join(out, " ")
}

// The book answers only when the GUI leaves the choice of move to the
// engine: with searchmoves the engine searches.
func TestUCISearchmovesSkipsBook(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{OwnBook: true, OpenBook: func(string) (Book, error) { return fakeBook{"b1c3"}, nil }})
	c.send("position startpos", "go searchmoves g1f3 depth 2")
	if best, _ := c.until("bestmove"); !strings.HasPrefix(best, "bestmove g1f3") {
		t.Errorf("%q, want g1f3", best)
	}
	c.send("go depth 2")
	if best, _ := c.until("bestmove"); best != "bestmove b1c3" {
		t.Errorf("%q, want the book's b1c3", best)
	}
}

// MultiPV 3 at a fixed depth: three numbered lines per depth, distinct
// first moves, scores that never rise from one line to the next, the
// bestmove from the first line; the last depth pinned.
func TestUCIMultiPV(t *testing.T) {
	t.Parallel()
	const fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1" // mate in 2 by Ra6
	c := startEngine(t, Config{})
	c.send("setoption name MultiPV value 3", "position fen "+fen, "go depth 6")
	best, lines := c.until("bestmove")
	got, other := infos(t, lines)
	if len(other) != 0 {
		t.Errorf("unexpected lines %q", other)
	}
	if len(got) != 18 {
		t.Fatalf("%d info lines, want 3 for each of 6 depths: %q", len(got), lines)
	}
	for i, in := range got {
		depth, k := i/3+1, i%3+1
		if in.depth != depth || in.multipv != k || len(in.pv) == 0 {
			t.Errorf("line %d: depth %d multipv %d pv %v, want depth %d multipv %d", i+1, in.depth, in.multipv, in.pv, depth, k)
		}
		if k > 1 {
			prev := got[i-1]
			if scoreValue(t, in.score) > scoreValue(t, prev.score) {
				t.Errorf("depth %d: line %d scores %s, above line %d's %s", depth, k, in.score, k-1, prev.score)
			}
			if in.nodes != prev.nodes {
				t.Errorf("depth %d: lines with %d and %d nodes, want the iteration's count on each", depth, prev.nodes, in.nodes)
			}
			for _, p := range got[i-k+1 : i] {
				if p.pv[0] == in.pv[0] {
					t.Errorf("depth %d: move %s in two lines", depth, in.pv[0])
				}
			}
		}
	}
	want := []string{
		"info depth 6 seldepth 7 multipv 1 score mate 2 nodes 3148 hashfull 4 pv a1a6 b7a6 b6b7",
		"info depth 6 seldepth 7 multipv 2 score cp 182 nodes 3148 hashfull 4 pv a1a3 a7a6 a3a4 b8e5 a4c4 e5b2",
		"info depth 6 seldepth 7 multipv 3 score cp 177 nodes 3148 hashfull 4 pv a1a4 a7a6 a4c4 b8e5 c4g4 e5b2",
	}
	for i, w := range want {
		if l := stripTimes(lines[15+i]); l != w {
			t.Errorf("depth 6 line %d:\n got %s\nwant %s", i+1, l, w)
		}
	}
	if best != "bestmove a1a6 ponder b7a6" {
		t.Errorf("%q, want the first line's a1a6 ponder b7a6", best)
	}
}

// MultiPV never shows more lines than the search may play: the legal
// moves, or those of searchmoves.
func TestUCIMultiPVFewerMoves(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, position, goCmd string
		lines                 int
		allowed               []string
	}{
		{"a forced move", "position fen k7/8/8/8/8/8/1r6/K7 w - - 0 1", "go depth 4", 1, []string{"a1b2"}},
		{"searchmoves", "position startpos", "go depth 4 searchmoves e2e4 d2d4", 2, []string{"e2e4", "d2d4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := startEngine(t, Config{})
			c.send("setoption name MultiPV value 5", tt.position, tt.goCmd)
			_, lines := c.until("bestmove")
			got, _ := infos(t, lines)
			if len(got) != 4*tt.lines {
				t.Fatalf("%d info lines, want %d for each of 4 depths: %q", len(got), tt.lines, lines)
			}
			for i, in := range got {
				if in.multipv != i%tt.lines+1 || !slices.Contains(tt.allowed, in.pv[0]) {
					t.Errorf("line %q: want multipv %d and a move of %v", lines[i], i%tt.lines+1, tt.allowed)
				}
			}
		})
	}
}

// MultiPV 1 prints what the engine printed before it had the option,
// node for node (these lines are the output of the plain search, bench
// 1068591, with Hash 4), also after a MultiPV 3 search once ucinewgame
// has cleared the tables.
func TestUCIMultiPV1Unchanged(t *testing.T) {
	t.Parallel()
	want := []string{
		"info depth 1 seldepth 3 multipv 1 score cp 12 nodes 38 hashfull 0 pv d2d4",
		"info depth 2 seldepth 3 multipv 1 score cp 20 nodes 100 hashfull 1 pv d2d4 e5d4",
		"info depth 3 seldepth 4 multipv 1 score cp 20 nodes 282 hashfull 1 pv d2d4 e5d4 d1d4",
		"info depth 4 seldepth 8 multipv 1 score cp 31 nodes 705 hashfull 2 pv g1f3 b8c6 b1c3 g8f6",
		"info depth 5 seldepth 9 multipv 1 score cp 15 nodes 1901 hashfull 5 pv g1f3 b8c6 b1c3 g8f6 d2d4",
		"info depth 6 seldepth 9 multipv 1 score cp 15 nodes 2524 hashfull 8 pv g1f3 b8c6 b1c3 g8f6 d2d4 e5d4",
		"info depth 7 seldepth 12 multipv 1 score cp 29 nodes 4326 hashfull 10 pv g1f3 g8f6 f3e5 f6e4 d1f3 e4f6 d2d4",
		"info depth 8 seldepth 15 multipv 1 score cp 36 nodes 7724 hashfull 22 pv g1f3 g8f6 f3e5 f6e4 e5f7 e8f7 d1h5 g7g6 h5d5 f7g7 d5e4",
		"info depth 9 seldepth 17 multipv 1 score cp 28 nodes 13394 hashfull 30 pv g1f3 g8f6 f3e5 f6e4 d2d4 e4f6 b1c3 f8b4 e5d3 b4c3 b2c3",
		"bestmove g1f3 ponder g8f6",
	}
	for _, tt := range []struct {
		name  string
		setup []string
	}{
		{"default", nil},
		{"MultiPV 1 after 3", []string{"setoption name MultiPV value 3", "position startpos", "go depth 5",
			"setoption name MultiPV value 1", "ucinewgame"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := startEngine(t, Config{})
			if len(tt.setup) > 0 {
				c.send(tt.setup...)
				c.until("bestmove")
			}
			c.send("position startpos moves e2e4 e7e5", "go depth 9")
			best, lines := c.until("bestmove")
			var got []string
			for _, l := range append(lines, best) {
				got = append(got, stripTimes(l))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// answered by exactly one legal bestmove, the bad words by info string.
func TestUCIMalformedGo(t *testing.T) {
	t.Parallel()
	gos := []string{
		"go searchmoves",
		"go searchmoves searchmoves searchmoves",
		"go searchmoves 0000 depth 2",
		"go searchmoves E2E4 depth 2",
		"go searchmoves e2e4 e2e4 e2e4 depth 2",
		"go searchmoves é2é4 ♞ depth 2",
		"go ponder ponder depth 2",
		"go ponder searchmoves e2e4",
		"go infinite ponder",
		"go depth",
		"go depth -1",
		"go depth 99999999999999999999",
		"go nodes -5",
		"go nodes 0",
		"go movetime -10 depth 2",
		"go wtime -100 btime -100 depth 2",
		"go wtime 100000000000000000 depth 2",
		"go mate 0",
		"go movestogo x",
		"go movestogo -3 depth 2",
		"go depth 2 depth",
		"go ponderhit",
		"go stop",
		"go 1 2 3",
	}
	var in strings.Builder
	in.WriteString("setoption name Hash value 1\n")
	for _, v := range []string{"0", "257", "-1", "x", "3"} {
		in.WriteString("setoption name MultiPV value " + v + "\n")
	}
	for _, g := range gos {
		// A go without a limit is ended by the next go, as when a GUI
		// forgets stop; "ponderhit" first lets a pondering search report.
		in.WriteString("position startpos\n" + g + "\nponderhit\n")
	}
	var out strings.Builder
	if err := Run(context.Background(), strings.NewReader(in.String()), &out, Config{HashMB: 1}); err != nil {
		t.Fatal(err)
	}
	var bests, multi []string
	for _, l := range strings.Split(out.String(), "\n") {
		switch {
		case strings.HasPrefix(l, "bestmove"):
			bests = append(bests, l)
		case strings.HasPrefix(l, "info string option MultiPV"):
			multi = append(multi, l)
		}
	}
	if len(bests) != len(gos) {
		t.Fatalf("%d bestmoves for %d go lines:\n%s", len(bests), len(gos), out.String())
	}
	for _, bm := range bests {
		legalIn(t, bm, board.New())
	}
	wantMulti := []string{
		"info string option MultiPV must be between 1 and 256, got 0",
		"info string option MultiPV must be between 1 and 256, got 257",
		"info string option MultiPV must be between 1 and 256, got -1",
		`info string option MultiPV takes a whole number from 1 to 256, got "x"`,
	}
	if strings.Join(multi, "\n") != strings.Join(wantMulti, "\n") {
		t.Errorf("MultiPV errors:\n%s\nwant:\n%s", strings.Join(multi, "\n"), strings.Join(wantMulti, "\n"))
	}
}

// Threads 2: the search runs on two threads and answers as one does on
// a position with one right move (the game-trees paper's mate in two);
// its info lines count both threads' nodes, and stop ends both.
func TestUCIThreads(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("setoption name Threads value 2", "isready")
	c.until("readyok")
	c.send("position fen kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "go depth 8")
	best, before := c.until("bestmove")
	if !strings.HasPrefix(best, "bestmove a1a6") {
		t.Errorf("%q, want bestmove a1a6", best)
	}
	if last := before[len(before)-1]; !strings.Contains(last, "score mate 2") {
		t.Errorf("last info %q, want score mate 2", last)
	}
	c.send("position startpos", "go infinite")
	c.until("info depth 6 ")
	c.send("stop")
	best, _ = c.until("bestmove")
	legalIn(t, best, board.New())
}
