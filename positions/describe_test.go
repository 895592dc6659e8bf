package positions

import "testing"

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
