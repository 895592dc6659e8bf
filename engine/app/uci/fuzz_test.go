package uci

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// fuzzGoLimit is appended to every "go" the fuzzer sends, so each search
// is tiny whatever the input asks (later parameters win in parseGo).
const fuzzGoLimit = " depth 2 nodes 300"

// FuzzUCI feeds Run arbitrary command lines. Properties: no panic; every
// isready is answered by exactly one readyok; every go by exactly one
// bestmove, in order, whose move (and ponder move) is legal in the
// position set at that moment, which is 0000 exactly when there is no
// legal move, and which is one of the go's searchmoves when any of them
// is legal. The harness keeps its own board from the position commands.
// Lines after quit are not read; "setoption ... Hash" lines are dropped
// so a fuzzed table size cannot take the machine's memory.
func FuzzUCI(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready\nquit\n",
		"position fen 7k/7P/6K1/8/3B4/8/8/8 b - - 0 1\ngo\nisready\n",
		"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo wtime 100 btime 100\n",
		"go infinite\nisready\nstop\nposition startpos moves e2e4 Nf6\ngo ponder\nponderhit\n",
		"go depth x\ngo movetime 1e3\ngo searchmoves e2e4 d2d4\nucinewgame\nisready\n",
		"position startpos moves e2e5\ngo mate 2\nsetoption name Eval value pst\ngo\n",
		"setoption name Tech null value false\nposition fen garbage\ngo nodes 1\n",
		"isready\r\n\t\n   go   \ndebug on\nregister later\nxyzzy\n",
		"setoption name MultiPV value 3\ngo searchmoves e2e4 d2d4 b1c3 g1f3\ngo searchmoves Nf3 xyzzy\n",
		"position startpos moves e2e4\ngo ponder searchmoves e7e5 searchmoves c7c5\nponderhit\ngo ponder\nstop\n",
		"setoption name MultiPV value 256\nsetoption name Ponder value true\ngo searchmoves\ngo searchmoves 0000 e7e5\n",
		"go searchmoves e2e4 depth x\ngo searchmoves a2a3 depth 0 searchmoves h2h3\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4000 {
			return
		}
		var lines []string
		cur := board.New()
		var atGo []*board.Board  // the position at each go
		var allowedAt [][]string // the legal searchmoves of each go (UCI), nil for any move
		readies := 0
		for _, line := range strings.Split(input, "\n") {
			line = strings.TrimSuffix(line, "\r")
			fields := strings.Fields(line)
			if len(fields) == 0 {
				lines = append(lines, line)
				continue
			}
			switch fields[0] {
			case "quit":
				lines = append(lines, line)
				goto run
			case "setoption":
				if strings.Contains(strings.ToLower(line), "hash") {
					continue
				}
			case "isready":
				readies++
			case "go":
				line += fuzzGoLimit
				atGo = append(atGo, cur.Copy())
				allowedAt = append(allowedAt, fuzzSearchmoves(cur, strings.Fields(line)[1:]))
			case "position":
				cur = fuzzPosition(cur, fields[1:])
			}
			lines = append(lines, line)
		}
	run:
		var out strings.Builder
		cfg := Config{HashMB: 1, Seed: 1}
		if err := Run(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out, cfg); err != nil {
			t.Fatalf("Run: %v", err)
		}
		gotReady, goIndex := 0, 0
		for _, l := range strings.Split(out.String(), "\n") {
			f := strings.Fields(l)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "readyok":
				gotReady++
			case "bestmove":
				if goIndex >= len(atGo) {
					t.Fatalf("more bestmoves than gos (%d) for input %q:\n%s", len(atGo), input, out.String())
				}
				b, allowed := atGo[goIndex], allowedAt[goIndex]
				goIndex++
				if f[1] == "0000" {
					if len(f) != 2 || b.HasLegalMove() {
						t.Fatalf("%q in %s, which has legal moves; input %q", l, b.FEN(), input)
					}
					continue
				}
				m, err := b.ParseMove(f[1])
				if err != nil || m.String() != f[1] {
					t.Fatalf("%q: not a legal UCI move in %s; input %q", l, b.FEN(), input)
				}
				if allowed != nil && !slices.Contains(allowed, f[1]) {
					t.Fatalf("%q: not one of the searchmoves %v in %s; input %q", l, allowed, b.FEN(), input)
				}
				switch {
				case len(f) == 2:
				case len(f) == 4 && f[2] == "ponder":
					c := b.Copy()
					c.Make(m)
					if p, err := c.ParseMove(f[3]); err != nil || p.String() != f[3] {
						t.Fatalf("%q: ponder move not legal after %s in %s", l, f[1], b.FEN())
					}
				default:
					t.Fatalf("malformed %q", l)
				}
			}
		}
		if gotReady != readies {
			t.Fatalf("%d isready, %d readyok; input %q:\n%s", readies, gotReady, input, out.String())
		}
		if goIndex != len(atGo) {
			t.Fatalf("%d go, %d bestmove; input %q:\n%s", len(atGo), goIndex, input, out.String())
		}
	})
}

// fuzzSearchmoves is the harness's own reading of a go's searchmoves
// (every list of them, each up to the next go keyword): the legal ones on
// b, in UCI notation, or nil when none is or when a number of the go
// cannot be read (then the engine searches every move to depth 1).
func fuzzSearchmoves(b *board.Board, args []string) []string {
	if _, _, err := parseGo(args); err != nil {
		return nil
	}
	var out []string
	in := false
	for _, a := range args {
		switch {
		case a == "searchmoves":
			in = true
		case goKeywords[a]:
			in = false
		case in:
			if m, err := b.ParseMove(a); err == nil {
				out = append(out, m.String())
			}
		}
	}
	return out
}

// fuzzPosition is the harness's own reading of "position": the new board,
// or cur when the command is malformed or its FEN invalid; an illegal move
// leaves the board after the moves before it.
func fuzzPosition(cur *board.Board, args []string) *board.Board {
	if len(args) == 0 {
		return cur
	}
	var b *board.Board
	var rest []string
	switch args[0] {
	case "startpos":
		b, rest = board.New(), args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		var err error
		if b, err = board.FromFEN(strings.Join(args[1:i], " ")); err != nil {
			return cur
		}
		rest = args[i:]
	default:
		return cur
	}
	if len(rest) == 0 {
		return b
	}
	if rest[0] != "moves" {
		return cur
	}
	for _, mv := range rest[1:] {
		m, err := b.ParseMove(mv)
		if err != nil {
			break
		}
		b.Make(m)
	}
	return b
}
