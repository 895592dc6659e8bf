package uci

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

const msec = time.Millisecond

func TestTimeLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name               string
		remaining, inc     time.Duration
		movesToGo          int
		overhead           time.Duration
		wantSoft, wantHard time.Duration
		why                string
	}{
		{"10s+0.1s", 10 * time.Second, 100 * msec, 0, 30 * msec, 324 * msec, 1297 * msec,
			"left 9970: soft 9970/40 + 75 = 324.25; hard min(4·324.25, 2492.5+50, 4985)"},
		{"1s+0.01s", time.Second, 10 * msec, 0, 30 * msec, 31 * msec, 127 * msec,
			"left 970: soft 24.25 + 7.5 = 31.75; hard min(127, 242.5+5, 485)"},
		{"no overhead", 3 * time.Second, 0, 0, 0, 75 * msec, 300 * msec,
			"soft 3000/40; hard min(300, 750, 1500)"},
		{"40 moves in 1 min", time.Minute, 0, 40, 30 * msec, 1499 * msec, 5997 * msec,
			"left 59970: soft 59970/40 = 1499.25; hard min(5997, 14992.5, 29985)"},
		{"last move before the control", 5 * time.Second, 0, 1, 30 * msec, 1242 * msec, 1242 * msec,
			"soft 4970 is capped by hard min(19880, 1242.5, 2485)"},
		{"increment larger than the clock", 100 * msec, time.Second, 0, 30 * msec, 35 * msec, 35 * msec,
			"left 70: the increment comes after the move, so at most left/2"},
		{"less than the overhead", 20 * msec, 0, 0, 30 * msec, msec, msec,
			"nothing left: the 1 ms floor"},
		{"negative clock", -50 * msec, 10 * msec, 0, 30 * msec, msec, msec,
			"some GUIs send a negative time when flagging"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			soft, hard := TimeLimits(tt.remaining, tt.inc, tt.movesToGo, tt.overhead)
			if soft != tt.wantSoft || hard != tt.wantHard {
				t.Errorf("TimeLimits(%v, %v, %d, %v) = %v, %v; want %v, %v (%s)",
					tt.remaining, tt.inc, tt.movesToGo, tt.overhead, soft, hard, tt.wantSoft, tt.wantHard, tt.why)
			}
		})
	}
}

// Simulated games with the worst search: every move runs to the hard
// limit, plus a real lag of half the increment on top. The clock must
// never run out, over a game far longer than real ones.
func TestTimeLimitsNeverFlag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		base, inc time.Duration
		lag       time.Duration
	}{
		{"10s+0.1s", 10 * time.Second, 100 * msec, 50 * msec},
		{"1s+0.01s", time.Second, 10 * msec, 5 * msec},
		{"1s+0.01s lag 1ms", time.Second, 10 * msec, msec},
	} {
		clock := tc.base
		lowest := clock
		for move := 1; move <= 500; move++ {
			_, hard := TimeLimits(clock, tc.inc, 0, 30*msec)
			clock -= hard + tc.lag
			if clock <= 0 {
				t.Fatalf("%s: flagged at move %d", tc.name, move)
			}
			clock += tc.inc
			lowest = min(lowest, clock)
		}
		t.Logf("%s: lowest clock %v", tc.name, lowest)
	}
}

func TestParseGo(t *testing.T) {
	t.Parallel()
	p, warns, err := parseGo(strings.Fields("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 99 nodes 5000 movetime 300 searchmoves e2e4 d2d4 infinite frobnicate"))
	if err != nil {
		t.Fatal(err)
	}
	if p.time != [2]time.Duration{1000 * msec, 2000 * msec} || p.inc != [2]time.Duration{10 * msec, 20 * msec} ||
		!p.haveTime[0] || !p.haveTime[1] || p.movesToGo != 5 || p.depth != engine.MaxDepth || p.nodes != 5000 ||
		p.moveTime != 300*msec || !p.haveMoveTime || !p.infinite || !p.searchMovesIn || strings.Join(p.searchMoves, " ") != "e2e4 d2d4" {
		t.Errorf("parseGo = %+v", p)
	}
	want := []string{`go: ignoring unknown parameter "frobnicate"`}
	if strings.Join(warns, "|") != strings.Join(want, "|") {
		t.Errorf("warnings %q, want %q", warns, want)
	}
}

func TestGoLimits(t *testing.T) {
	t.Parallel()
	start := board.New()
	forced, _ := board.FromFEN("k7/8/8/8/8/8/1r6/K7 w - - 0 1") // Kxb2 only
	black, _ := board.FromFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	tests := []struct {
		name    string
		b       *board.Board
		goArgs  string
		want    engine.Limits
		endless bool
	}{
		{"depth", start, "depth 7", engine.Limits{Depth: 7}, false},
		{"nodes", start, "nodes 1000", engine.Limits{Nodes: 1000}, false},
		{"mate in 3", start, "mate 3", engine.Limits{Depth: 5}, false},
		{"movetime minus overhead", start, "movetime 200", engine.Limits{MoveTime: 170 * msec}, false},
		{"tiny movetime", start, "movetime 10", engine.Limits{MoveTime: msec}, false},
		{"white's clock", start, "wtime 10000 btime 1 winc 100", engine.Limits{SoftTime: 324 * msec, MoveTime: 1297 * msec}, false},
		{"black's clock", black, "wtime 1 btime 1000 binc 10", engine.Limits{SoftTime: 31 * msec, MoveTime: 127 * msec}, false},
		{"clock and movetime", start, "wtime 10000 movetime 500", engine.Limits{SoftTime: 249 * msec, MoveTime: 470 * msec}, false},
		{"low time caps the depth", start, "wtime 90 winc 10", engine.Limits{Depth: 2, SoftTime: 9 * msec, MoveTime: 20 * msec}, false},
		{"forced move", forced, "wtime 10000", engine.Limits{SoftTime: time.Nanosecond, MoveTime: 997 * msec}, false},
		{"no clock for the side to move", black, "wtime 1000", engine.Limits{}, true},
		{"infinite ignores clocks", start, "infinite wtime 1000", engine.Limits{}, true},
		{"ponder", start, "ponder wtime 10000 winc 100", engine.Limits{SoftTime: 324 * msec, MoveTime: 1297 * msec}, true},
		{"no limit", start, "", engine.Limits{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := parseGo(strings.Fields(tt.goArgs))
			if err != nil {
				t.Fatal(err)
			}
			got, endless := p.limits(tt.b, 30*msec)
			if !reflect.DeepEqual(got, tt.want) || endless != tt.endless {
				t.Errorf("limits(go %s) = %+v endless %v; want %+v endless %v", tt.goArgs, got, endless, tt.want, tt.endless)
			}
		})
	}
}

func TestInfoLine(t *testing.T) {
	t.Parallel()
	b := board.New()
	e4, _ := b.ParseMove("e2e4")
	b.Make(e4)
	e5, _ := b.ParseMove("e7e5")
	it := engine.Iteration{Depth: 6, SelDepth: 14, Score: 31, Bound: engine.Exact, Nodes: 50000,
		Elapsed: 40 * msec, PV: []board.Move{e4, e5}}
	want := "info depth 6 seldepth 14 multipv 1 score cp 31 nodes 50000 nps 1250000 hashfull 3 time 40 pv e2e4 e7e5"
	if got := infoLines(it, 3); len(got) != 1 || got[0] != want {
		t.Errorf("infoLines = %q, want %q", got, want)
	}
	it.Score, it.Bound = -engine.MateScore+4, engine.Upper
	it.Elapsed = 0
	want = "info depth 6 seldepth 14 multipv 1 score mate -2 upperbound nodes 50000 nps 0 hashfull 3 time 0 pv e2e4 e7e5"
	if got := infoLines(it, 3); len(got) != 1 || got[0] != want {
		t.Errorf("infoLines = %q, want %q", got, want)
	}
	it.Score, it.Bound = engine.MateScore-3, engine.Lower
	if got := infoLines(it, 0); len(got) != 1 || !strings.Contains(got[0], "score mate 2 lowerbound ") {
		t.Errorf("infoLines = %q, want mate 2 lowerbound", got)
	}
	// MultiPV: a line per principal variation, numbered, each with its
	// own score, bound and moves; the iteration's counts on every line.
	d4, _ := board.New().ParseMove("d2d4")
	it.Lines = []engine.Line{{Score: 31, Bound: engine.Exact, PV: []board.Move{e4, e5}}, {Score: 12, Bound: engine.Upper, PV: []board.Move{d4}}}
	it.Elapsed = 40 * msec
	wantLines := []string{
		"info depth 6 seldepth 14 multipv 1 score cp 31 nodes 50000 nps 1250000 hashfull 3 time 40 pv e2e4 e7e5",
		"info depth 6 seldepth 14 multipv 2 score cp 12 upperbound nodes 50000 nps 1250000 hashfull 3 time 40 pv d2d4",
	}
	if got := infoLines(it, 3); strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("infoLines = %q, want %q", got, wantLines)
	}
	res := engine.Result{BestMove: e4, PV: []board.Move{e4, e5}}
	if got := bestMoveLine(res, e5); got != "bestmove e2e4 ponder e7e5" {
		t.Errorf("bestMoveLine = %q", got)
	}
	if got := bestMoveLine(res, board.NoMove); got != "bestmove e2e4" {
		t.Errorf("bestMoveLine = %q", got)
	}
	if got := bestMoveLine(engine.Result{}, e5); got != "bestmove 0000" {
		t.Errorf("bestMoveLine = %q", got)
	}
}
