package extengine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestOptionLines(t *testing.T) {
	for _, tt := range []struct {
		line string
		want optDef
	}{
		{"option name Skill Level type spin default 20 min 0 max 20", optDef{name: "Skill Level", typ: "spin", min: 0, max: 20, hasRange: true}},
		{"option name Analysis Contempt type combo default Both var Off var White var Black var Both", optDef{name: "Analysis Contempt", typ: "combo", vars: []string{"Off", "White", "Black", "Both"}}},
		{"option name Clear Hash type button", optDef{name: "Clear Hash", typ: "button"}},
		{"option name Mobility (Middle Game) type spin default 100 min 0 max 200", optDef{name: "Mobility (Middle Game)", typ: "spin", max: 200, hasRange: true}},
	} {
		got, ok := parseOptionLine(tt.line)
		if !ok || got.name != tt.want.name || got.typ != tt.want.typ || got.min != tt.want.min || got.max != tt.want.max ||
			got.hasRange != tt.want.hasRange || strings.Join(got.vars, ",") != strings.Join(tt.want.vars, ",") {
			t.Errorf("parseOptionLine(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

func TestParseOption(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Option
	}{
		{"UCI_Elo=1500", Option{Name: "UCI_Elo", Value: "1500"}},
		{"Skill Level = 5", Option{Name: "Skill Level", Value: "5"}},
		{"SyzygyPath=/a,/b", Option{Name: "SyzygyPath", Value: "/a,/b"}},
		{"Clear Hash=", Option{Name: "Clear Hash", Value: ""}},
	} {
		if got, err := ParseOption(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseOption(%q) = %+v, %v", tt.in, got, err)
		}
	}
	for _, bad := range []string{"UCI_Elo", "=5", ""} {
		var te *OptionTextError
		if _, err := ParseOption(bad); !errors.Is(err, ErrOption) || !errors.As(err, &te) || te.Text != bad {
			t.Errorf("ParseOption(%q): %v", bad, err)
		}
	}
}

func TestCommands(t *testing.T) {
	fen := "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	for _, tt := range []struct {
		pos  Position
		want string
	}{
		{Position{Moves: []string{"e2e4", "e7e5"}}, "position startpos moves e2e4 e7e5"},
		{Position{FEN: StartFEN}, "position startpos"},
		{Position{FEN: fen}, "position fen " + fen},
		{Position{FEN: fen, Moves: []string{"a1a8"}}, "position fen " + fen + " moves a1a8"},
	} {
		if got := PositionCommand(tt.pos); got != tt.want {
			t.Errorf("PositionCommand(%+v) = %q, want %q", tt.pos, got, tt.want)
		}
	}
	clocks := [2]SideClock{{On: true, Left: 9500 * time.Millisecond, Inc: 100 * time.Millisecond}, {On: true, Left: 8200 * time.Millisecond, Inc: 100 * time.Millisecond}}
	for _, tt := range []struct {
		l    Limits
		want string
	}{
		{Limits{Clock: clocks}, "go wtime 9500 winc 100 btime 8200 binc 100"},
		{Limits{Clock: [2]SideClock{{On: true, Left: time.Microsecond}}, MovesToGo: 12}, "go wtime 1 movestogo 12"},
		{Limits{MovesToGo: 12, Depth: 3}, "go depth 3"},
		{Limits{Depth: 4, MoveTime: 5 * time.Second}, "go depth 4 movetime 5000"},
		{Limits{Nodes: 10000}, "go nodes 10000"},
		{Limits{}, "go infinite"},
	} {
		if got := GoCommand(tt.l); got != tt.want {
			t.Errorf("GoCommand(%+v) = %q, want %q", tt.l, got, tt.want)
		}
	}
}

func TestParseInfo(t *testing.T) {
	var r Result
	ParseInfo("info depth 12 seldepth 17 multipv 1 score cp -35 nodes 51234 nps 900000 pv e7e5 g1f3", &r)
	ParseInfo("info depth 12 currmove e7e5 currmovenumber 1", &r)
	ParseInfo("info string NNUE evaluation using nn.nnue enabled", &r)
	if want := (Result{HasScore: true, Score: -35, Depth: 12, Nodes: 51234}); r != want {
		t.Errorf("info: %+v, want %+v", r, want)
	}
	ParseInfo("info depth 20 score mate -3 nodes 1 pv a1a2", &r)
	if want := (Result{HasScore: true, Mate: -3, Depth: 20, Nodes: 1}); r != want {
		t.Errorf("mate info: %+v, want %+v", r, want)
	}
	ParseInfo("info depth 1 score mate 0", &r)
	if r.Mate != -1 {
		t.Errorf("mate 0: %+v, want Mate -1 (mated now)", r)
	}
}

// ParseLine reads the lines an analysis keeps: scored, with a principal
// variation, the MultiPV index defaulting to 1.
func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		info string
		want Line
		ok   bool
	}{
		{"info depth 20 seldepth 16 multipv 2 score cp -436 nodes 748775 nps 620874 hashfull 208 tbhits 0 time 1206 pv e1e6 g1g2 f2f1",
			Line{MultiPV: 2, Depth: 20, Score: -436, Nodes: 748775, PV: []string{"e1e6", "g1g2", "f2f1"}}, true},
		{"info depth 5 score mate 2 nodes 90 pv a1a6 b7a6", Line{MultiPV: 1, Depth: 5, Mate: 2, Nodes: 90, PV: []string{"a1a6", "b7a6"}}, true},
		{"info depth 9 multipv 1 score cp 15 lowerbound nodes 1 pv e2e4", Line{MultiPV: 1, Depth: 9, Score: 15, Bound: "lowerbound", Nodes: 1, PV: []string{"e2e4"}}, true},
		{"info depth 1 score mate 0", Line{}, false},                    // no pv
		{"info depth 12 currmove e7e5 currmovenumber 1", Line{}, false}, // no score
		{"info string NNUE evaluation using nn.nnue enabled", Line{}, false},
		{"info depth x score cp 1 pv e2e4", Line{}, false},
		{"bestmove e2e4", Line{}, false},
	} {
		got, ok := ParseLine(tc.info)
		if ok != tc.ok || ok && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseLine(%q) = %+v, %v; want %+v, %v", tc.info, got, ok, tc.want, tc.ok)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, tt := range []struct {
		cfg  UCIConfig
		want string
	}{
		{UCIConfig{Path: "/usr/games/stockfish"}, "stockfish"},
		{UCIConfig{Path: "/usr/games/stockfish", Options: []Option{{Name: "UCI_Elo", Value: "1500"}, {Name: "Skill Level", Value: "5"}}}, "stockfish UCI_Elo=1500 Skill Level=5"},
	} {
		if got := tt.cfg.Describe(); got != tt.want {
			t.Errorf("Describe = %q, want %q", got, tt.want)
		}
	}
}
