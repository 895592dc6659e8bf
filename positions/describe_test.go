package positions

import (
	"errors"
	"testing"
)

func TestSideToMove(t *testing.T) {
	t.Parallel()
	for fen, want := range map[string]string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": "white",
		"8/8/8/4k3/8/8/4P3/4K3 b - - 0 1":                          "black",
		"8/8/8/4k3/8/8/4P3/4K3  b":                                 "black",
		"8/8/8/4k3/8/8/4P3/4K3 x - - 0 1":                          "",
		"8/8/8/4k3/8/8/4P3/4K3":                                    "",
		"":                                                         "",
	} {
		if got := SideToMove(fen); got != want {
			t.Errorf("SideToMove(%q) = %q, want %q", fen, got, want)
		}
	}
}

func TestAnnotations(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		suite              Suite
		best, avoid, perft bool
	}{
		{Suite{}, false, false, false},
		{Suite{Positions: []Position{{}, {BestMoves: []string{"e4"}}}}, true, false, false},
		{Suite{Positions: []Position{{AvoidMoves: []string{"e4"}}, {Perft: []uint64{20}}}}, false, true, true},
	} {
		b, a, p := tt.suite.Annotations()
		if b != tt.best || a != tt.avoid || p != tt.perft {
			t.Errorf("Annotations(%+v) = %v %v %v, want %v %v %v", tt.suite.Positions, b, a, p, tt.best, tt.avoid, tt.perft)
		}
	}
	// The built-in suites: wac has best moves and no perft counts.
	s, err := LookupSuite("wac")
	if err != nil {
		t.Fatal(err)
	}
	if best, _, perft := s.Annotations(); !best || perft {
		t.Errorf("wac: best %v, perft %v; want true, false", best, perft)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, id        string
		position, suite string // the Position's Name, the Suite's Name
		err             string
	}{
		{"kiwipete", "", "kiwipete", "", ""},
		{" Start ", "", "start", "", ""},
		{"wac", "", "", "wac", ""},
		{"wac", "4", "WAC.004", "wac", ""},
		{"WAC", "wac.004", "WAC.004", "wac", ""},
		{"kiwipet", "", "", "", `unknown position "kiwipet" (try "plylab positions list"; did you mean "kiwipete"?)`},
		{"kiwipete", "3", "", "", `"kiwipete" is a position, not a suite`},
		{"wacc", "3", "", "", `unknown suite "wacc" (try "plylab positions list"; did you mean "wac"?)`},
		{"wac", "999", "", "wac", `no position "999" in suite wac (ids WAC.001..WAC.300)`},
	} {
		p, s, err := Resolve(tt.name, tt.id)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Resolve(%q, %q): error %v, want %q", tt.name, tt.id, err, tt.err)
			}
		} else if err != nil {
			t.Errorf("Resolve(%q, %q): %v", tt.name, tt.id, err)
		}
		suite := ""
		if s != nil {
			suite = s.Name
		}
		if p.Name != tt.position || suite != tt.suite {
			t.Errorf("Resolve(%q, %q) = position %q, suite %q; want %q, %q", tt.name, tt.id, p.Name, suite, tt.position, tt.suite)
		}
	}
	_, _, err := Resolve("kiwipete", "1")
	var ns *NotSuiteError
	if !errors.As(err, &ns) || ns.Name != "kiwipete" || errors.Is(err, ErrUnknown) {
		t.Errorf("a position asked for an id: %#v, want a *NotSuiteError that is not ErrUnknown", err)
	}
}
