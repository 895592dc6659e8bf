package match

import (
	"errors"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
)

func TestOpponentSpecEntrant(t *testing.T) {
	t.Parallel()
	ours := engine.EngineOptions()
	ours.TTSizeMB = 8
	material := eval.Material
	depth4 := Limit{Depth: 4}
	opt := []UCIOption{{Name: "UCI_Elo", Value: "1500"}}
	tests := []struct {
		name string
		spec OpponentSpec
		desc string // "" when an error is expected
		err  error
		what string
	}{
		{"random", OpponentSpec{Spec: " Random ", Limit: depth4}, "random", nil, ""},
		{"plylab", OpponentSpec{Spec: "engine", Limit: depth4, Ours: ours}, "plylab engine (depth 4)", nil, ""},
		{"plylab other eval", OpponentSpec{Spec: "engine", Limit: depth4, Ours: ours, Eval: &material}, "plylab engine (material) (depth 4)", nil, ""},
		{"empty", OpponentSpec{Spec: "  "}, "", ErrNoOpponent, ""},
		{"random with options", OpponentSpec{Spec: "random", UCIOptions: opt}, "", ErrNotUCI, "a random mover"},
		{"plylab with options", OpponentSpec{Spec: "engine", UCIOptions: opt}, "", ErrNotUCI, "plylab's engine"},
		{"plain without depth", OpponentSpec{Spec: "alphabeta", Limit: Limit{Nodes: 1000}, Ours: ours}, "", ErrNeedsDepth, "alphabeta"},
		{"no engine", OpponentSpec{Spec: "./no-such-engine-here", Limit: depth4}, "", ErrNoEngine, ""},
	}
	for _, tt := range tests {
		e, desc, err := tt.spec.Entrant()
		if tt.err != nil {
			var oe *OpponentError
			if !errors.Is(err, tt.err) || !errors.As(err, &oe) || oe.What != tt.what {
				t.Errorf("%s: error %v, want %v with What %q", tt.name, err, tt.err, tt.what)
			}
			continue
		}
		if err != nil || desc != tt.desc || e.New == nil || e.Limit != tt.spec.Limit {
			t.Errorf("%s: %q, %v; want %q", tt.name, desc, err, tt.desc)
		}
	}
	_, _, err := OpponentSpec{Spec: "./no-such-engine-here"}.Entrant()
	var oe *OpponentError
	if !errors.As(err, &oe) || oe.Cause == nil || err.Error() != "opponent ./no-such-engine-here: no such opponent ("+oe.Cause.Error()+")" {
		t.Errorf("a missing engine: cause %v", err)
	}
}

func TestIsPlylab(t *testing.T) {
	t.Parallel()
	for spec, want := range map[string]bool{"engine": true, " alphabeta ": true, "random": false, "/usr/games/stockfish": false, "stockfish": false, "": false} {
		if got := IsPlylab(spec); got != want {
			t.Errorf("IsPlylab(%q) = %v, want %v", spec, got, want)
		}
	}
}

// OpponentError.Hint: installing Stockfish for a spec that names it (any
// case), else a UCI engine's full path.
func TestOpponentErrorHint(t *testing.T) {
	t.Parallel()
	install := "install Stockfish with 'apt-get install stockfish' (Debian puts it in /usr/games/stockfish) or give its full path"
	path := "give the full path of a UCI engine, e.g. /usr/games/stockfish"
	for spec, want := range map[string]string{"/no/such/stockfish": install, "StockFish-16": install, "./no-such-engine-here": path, "crafty": path} {
		_, _, err := OpponentSpec{Spec: spec, Limit: Limit{Depth: 1}}.Entrant()
		var oe *OpponentError
		if !errors.As(err, &oe) || !errors.Is(err, ErrNoEngine) || oe.Hint() != want {
			t.Errorf("%s: error %v, hint %q; want ErrNoEngine and %q", spec, err, oe.Hint(), want)
		}
	}
}
