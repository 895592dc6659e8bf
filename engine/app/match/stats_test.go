package match

import (
	"math"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// The expected values below were computed independently (Python, from the
// formulas in stats.go's comments).

func near(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return a == b || (math.IsNaN(a) && math.IsNaN(b))
	}
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}

func TestEloAndInterval(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		s                  WDL
		score, elo, lo, hi float64
	}{
		{WDL{10, 5, 5}, 0.625, 88.73949984654251, -43.8471966557202, 212.35399918849404},
		{WDL{95, 0, 5}, 0.95, 511.50144038113183, 360.1142525441593, 662.8886282181036},
		{WDL{41, 20, 39}, 0.51, 6.949638427769096, -53.48224848069866, 67.27548279825959},
		{WDL{3, 4, 3}, 0.5, 0, -150.54081968934193, 150.54081968934187},
		// A perfect score: infinite estimate, finite lower bound.
		{WDL{20, 0, 0}, 1, inf, 286.61352544948346, inf},
		{WDL{0, 0, 3}, 0, -inf, -inf, 42.949970928244085},
	}
	for _, tt := range tests {
		t.Run(tt.s.String(), func(t *testing.T) {
			if got := tt.s.Score(); !near(got, tt.score) {
				t.Errorf("Score = %v, want %v", got, tt.score)
			}
			elo, lo, hi := tt.s.Elo()
			if !near(elo, tt.elo) || !near(lo, tt.lo) || !near(hi, tt.hi) {
				t.Errorf("Elo = %v [%v, %v], want %v [%v, %v]", elo, lo, hi, tt.elo, tt.lo, tt.hi)
			}
		})
	}
	if elo, lo, hi := (WDL{}).Elo(); !math.IsNaN(elo) || !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("no games: Elo = %v [%v, %v], want NaN", elo, lo, hi)
	}
	if e := EloFromScore(0.5); e != 0 || math.Signbit(e) {
		t.Errorf("EloFromScore(0.5) = %v, want +0", e)
	}
	for _, d := range []float64{-400, -35, 0, 120, 800} {
		if got := EloFromScore(ScoreFromElo(d)); !near(got, d) && math.Abs(got-d) > 1e-9 {
			t.Errorf("EloFromScore(ScoreFromElo(%v)) = %v", d, got)
		}
	}
}

func TestLOS(t *testing.T) {
	tests := []struct {
		s    WDL
		want float64
	}{
		{WDL{10, 3, 5}, 0.9016471987705266},
		{WDL{41, 20, 39}, 0.5884683631209393},
		{WDL{20, 0, 0}, 0.9999961278917845},
		{WDL{3, 7, 3}, 0.5},
	}
	for _, tt := range tests {
		if got := tt.s.LOS(); !near(got, tt.want) {
			t.Errorf("LOS(%v) = %v, want %v", tt.s, got, tt.want)
		}
	}
	if !math.IsNaN((WDL{0, 4, 0}).LOS()) {
		t.Error("LOS without decisive games should be NaN")
	}
}

func TestSPRT(t *testing.T) {
	lower, upper := SPRT{Elo0: 0, Elo1: 10}.Bounds()
	if !near(lower, -2.9444389791664403) || !near(upper, 2.9444389791664403) {
		t.Errorf("Bounds = %v, %v; want ±2.9444389791664403", lower, upper)
	}
	tests := []struct {
		s          WDL
		elo0, elo1 float64
		want       float64
		verdict    Verdict
	}{
		{WDL{10, 5, 5}, 0, 10, 0.18111871712675226, Continue},
		{WDL{41, 20, 39}, 0, 10, 0.020186944633924675, Continue},
		{WDL{20, 0, 0}, 0, 10, 0.567362369726426, Continue},
		{WDL{100, 80, 60}, -5, 5, 1.7268270865831412, Continue},
		{WDL{3, 0, 0}, 0, 10, 0.08510363209859285, Continue},
		{WDL{0, 0, 1}, 0, 10, -0.029197239698749194, Continue},
		{WDL{5, 90, 5}, 0, 5, -0.10270152391817455, Continue},
		// Five straight wins decide 0 against 400 (each adds ln(0.909/0.5)).
		{WDL{4, 0, 0}, 0, 400, 2.390238842497915, Continue},
		{WDL{5, 0, 0}, 0, 400, 2.988076293049084, AcceptH1},
		{WDL{40, 20, 140}, 0, 10, -3.287146523228918, AcceptH0},
	}
	for _, tt := range tests {
		sp := SPRT{Elo0: tt.elo0, Elo1: tt.elo1}
		llr, v := sp.Decide(tt.s)
		// The bisection is exact to rounding; allow 1e-9 relative.
		if !near(llr, tt.want) {
			t.Errorf("LLR(%v, %v..%v) = %v, want %v", tt.s, tt.elo0, tt.elo1, llr, tt.want)
		}
		if v != tt.verdict {
			t.Errorf("verdict(%v) = %v, want %v", tt.s, v, tt.verdict)
		}
	}
	if got := (SPRT{Elo1: 10}).LLR(WDL{}); got != 0 {
		t.Errorf("LLR without games = %v, want 0", got)
	}
}

func TestParseClock(t *testing.T) {
	tests := []struct {
		in   string
		want Clock
		str  string
	}{
		{"10+0.1", Clock{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"60", Clock{Base: time.Minute}, "60"},
		{"1:30+1", Clock{Base: 90 * time.Second, Inc: time.Second}, "90+1"},
		{"40/60", Clock{Base: time.Minute, Moves: 40}, "40/60"},
		{" 0.5 + 0.01 ", Clock{Base: 500 * time.Millisecond, Inc: 10 * time.Millisecond}, "0.5+0.01"},
	}
	for _, tt := range tests {
		got, err := ParseClock(tt.in)
		if err != nil || got != tt.want || got.String() != tt.str {
			t.Errorf("ParseClock(%q) = %+v (%q), %v; want %+v (%q)", tt.in, got, got.String(), err, tt.want, tt.str)
		}
	}
	for _, bad := range []string{"", "abc", "10+x", "0+1", "-5", "x/60", "0/60", "10++1", "1e9"} {
		if _, err := ParseClock(bad); err == nil {
			t.Errorf("ParseClock(%q) succeeded, want an error", bad)
		}
	}
}

func TestClassifyPhase(t *testing.T) {
	tests := []struct {
		fen  string
		want Phase
	}{
		{board.StartFEN, PhaseOpening},
		// Move 12, all pieces: opening.
		{"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 12", PhaseOpening},
		// Move 12, queens traded (24 − 8 = 16 < 20): middlegame.
		{"r1b1k2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1B1K2R w KQkq - 4 12", PhaseMiddlegame},
		// Move 30, all pieces: middlegame.
		{"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 30", PhaseMiddlegame},
		// Rook and bishop each (6): endgame.
		{"4k3/pp3ppp/2b5/8/8/2B5/PP3PPP/3RK2r w - - 0 40", PhaseEndgame},
		// Two rooks each (8): endgame, even early.
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 10", PhaseEndgame},
		// Queen and rook each (12): middlegame.
		{"3qk2r/ppp2ppp/8/8/8/8/PPP2PPP/3QK2R w - - 0 40", PhaseMiddlegame},
		// Kings and pawns.
		{"4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 60", PhaseEndgame},
	}
	for _, tt := range tests {
		b, err := board.FromFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := ClassifyPhase(b); got != tt.want {
			t.Errorf("ClassifyPhase(%s) = %v, want %v", tt.fen, got, tt.want)
		}
	}
}

func TestReplyComment(t *testing.T) {
	tests := []struct {
		r    Reply
		want string
	}{
		{Reply{}, ""},
		{Reply{HasScore: true, Score: 35, Depth: 8}, "+0.35/8"},
		{Reply{HasScore: true, Score: -120, Depth: 4}, "-1.20/4"},
		{Reply{HasScore: true, Mate: 3, Depth: 12}, "+M3/12"},
		{Reply{HasScore: true, Mate: -2, Depth: 9}, "-M2/9"},
	}
	for _, tt := range tests {
		if got := tt.r.Comment(); got != tt.want {
			t.Errorf("Comment(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

// Colours alternate game by game, the engine White first.
func TestEngineColorIn(t *testing.T) {
	for i, want := range []board.Color{board.White, board.Black, board.White, board.Black} {
		if got := EngineColorIn(i); got != want {
			t.Errorf("game %d: engine plays %v, want %v", i+1, got, want)
		}
	}
}
