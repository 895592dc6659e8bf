package positions

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

func mustLookup(t *testing.T, name string) Position {
	t.Helper()
	p, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNamedPositions(t *testing.T) {
	wantOrder := []string{"start", "kiwipete", "cpw3", "cpw4", "cpw5", "cpw6",
		"paper-mate2", "mate2-b", "mate3", "zugzwang", "zugzwang-kp", "horizon"}
	var got []string
	for _, p := range Named() {
		got = append(got, p.Name)
		if p.Suite != "" {
			t.Errorf("%s: Suite %q, want empty", p.Name, p.Suite)
		}
		if p.Description == "" || strings.ContainsAny(p.Description, "\r\n") || len(p.Description) > 160 {
			t.Errorf("%s: description must be one short line: %q", p.Name, p.Description)
		}
		if p.Source == "" {
			t.Errorf("%s: no source", p.Name)
		}
	}
	if !slices.Equal(got, wantOrder) {
		t.Errorf("Named() order %q, want %q", got, wantOrder)
	}
	fens := map[string]string{
		"start":       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"kiwipete":    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"cpw3":        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"cpw4":        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"cpw5":        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"cpw6":        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"paper-mate2": "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
		"zugzwang":    "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1",
	}
	for name, fen := range fens {
		if p := mustLookup(t, name); p.FEN != fen {
			t.Errorf("%s: FEN %q, want %q", name, p.FEN, fen)
		}
	}
	// The start position is notnil's own.
	if got := chess.StartingPosition().String(); got != mustLookup(t, "start").FEN {
		t.Errorf("start FEN differs from notnil's %q", got)
	}
	// Named FENs pass the package's own FEN check too.
	for _, p := range Named() {
		if fen, err := normalizeFEN(p.FEN); err != nil || fen != p.FEN {
			t.Errorf("%s: normalizeFEN = %q, %v", p.Name, fen, err)
		}
	}
}

func TestLookupIgnoresCase(t *testing.T) {
	for _, name := range []string{"kiwipete", "KiwiPete", "KIWIPETE", " kiwipete ", "kiwipete\t"} {
		p, err := Lookup(name)
		if err != nil {
			t.Errorf("Lookup(%q): %v", name, err)
			continue
		}
		if p.Name != "kiwipete" {
			t.Errorf("Lookup(%q).Name = %q", name, p.Name)
		}
	}
	for _, name := range []string{"WAC", "Wac", " bk", "PERFT", "Bench"} {
		s, err := LookupSuite(name)
		if err != nil {
			t.Errorf("LookupSuite(%q): %v", name, err)
			continue
		}
		if s.Name != strings.ToLower(strings.TrimSpace(name)) {
			t.Errorf("LookupSuite(%q).Name = %q", name, s.Name)
		}
	}
}

func TestUnknownNames(t *testing.T) {
	tests := []struct {
		kind, name, want string
	}{
		{"position", "kiwipet", `unknown position "kiwipet" (try "plylab positions list"; did you mean "kiwipete"?)`},
		{"position", "Kiwi-Pete", `unknown position "Kiwi-Pete" (try "plylab positions list"; did you mean "kiwipete"?)`},
		{"position", "strat", `unknown position "strat" (try "plylab positions list"; did you mean "start"?)`},
		{"position", "mate2", `unknown position "mate2" (try "plylab positions list"; did you mean "mate2-b"?)`},
		{"position", "zugzwang-kq", `unknown position "zugzwang-kq" (try "plylab positions list"; did you mean "zugzwang-kp"?)`},
		{"position", "cpw7", `unknown position "cpw7" (try "plylab positions list"; did you mean "cpw3"?)`},
		{"position", "foo", `unknown position "foo" (try "plylab positions list")`},
		{"position", "", `unknown position "" (try "plylab positions list")`},
		{"position", "x\ny", `unknown position "x\ny" (try "plylab positions list")`},
		{"position", "WAC.004", `unknown position "WAC.004" (try "plylab positions list")`},
		{"suite", "wak", `unknown suite "wak" (try "plylab positions list"; did you mean "wac"?)`},
		{"suite", "perf", `unknown suite "perf" (try "plylab positions list"; did you mean "perft"?)`},
		{"suite", "benchmark", `unknown suite "benchmark" (try "plylab positions list")`},
		{"suite", "kiwipete", `unknown suite "kiwipete" (try "plylab positions list")`},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.name, func(t *testing.T) {
			var err error
			if tt.kind == "position" {
				_, err = Lookup(tt.name)
			} else {
				_, err = LookupSuite(tt.name)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("error %q\nwant  %q", err, tt.want)
			}
			if !errors.Is(err, ErrUnknown) {
				t.Errorf("errors.Is(%v, ErrUnknown) is false", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestFind(t *testing.T) {
	tests := []struct {
		suite, id, want string
	}{
		{"wac", "4", "WAC.004"},
		{"wac", "004", "WAC.004"},
		{"wac", "WAC.004", "WAC.004"},
		{"wac", "wac.004", "WAC.004"},
		{"wac", "WAC.4", "WAC.004"},
		{"wac", " wac.004 ", "WAC.004"},
		{"wac", "300", "WAC.300"},
		{"wac", "1", "WAC.001"},
		{"bk", "1", "BK.01"},
		{"bk", "bk.01", "BK.01"},
		{"bk", "24", "BK.24"},
		{"perft", "17", "perft-17"},
		{"perft", "PERFT-17", "perft-17"},
		{"perft", "132", "perft-132"},
		{"bench", "3", "bench-3"},
		{"bench", "bench-49", "bench-49"},
	}
	for _, tt := range tests {
		t.Run(tt.suite+"/"+tt.id, func(t *testing.T) {
			s, err := LookupSuite(tt.suite)
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Find(tt.id)
			if err != nil {
				t.Fatal(err)
			}
			if p.Name != tt.want {
				t.Errorf("Find(%q).Name = %q, want %q", tt.id, p.Name, tt.want)
			}
		})
	}
}

func TestFindUnknown(t *testing.T) {
	tests := []struct {
		suite, id, want string
	}{
		{"wac", "WAC.999", `no position "WAC.999" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "301", `no position "301" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "0", `no position "0" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "BK.01", `no position "BK.01" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "WAC4", `no position "WAC4" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "", `no position "" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", "-4", `no position "-4" in suite wac (ids WAC.001..WAC.300)`},
		{"wac", ".4", `no position ".4" in suite wac (ids WAC.001..WAC.300)`},
		{"bk", "25", `no position "25" in suite bk (ids BK.01..BK.24)`},
		{"perft", "133", `no position "133" in suite perft (ids 1..132)`},
		{"perft", "bench-3", `no position "bench-3" in suite perft (ids 1..132)`},
		{"bench", "50", `no position "50" in suite bench (ids 1..49)`},
		{"bench", "99999999999999999999", `no position "99999999999999999999" in suite bench (ids 1..49)`},
	}
	for _, tt := range tests {
		t.Run(tt.suite+"/"+tt.id, func(t *testing.T) {
			s, err := LookupSuite(tt.suite)
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Find(tt.id)
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tt.want {
				t.Errorf("error %q\nwant  %q", err, tt.want)
			}
			if !errors.Is(err, ErrUnknown) {
				t.Errorf("errors.Is(%v, ErrUnknown) is false", err)
			}
		})
	}
	var nilSuite *Suite
	if _, err := nilSuite.Find("1"); !errors.Is(err, ErrUnknown) {
		t.Errorf("nil suite: %v", err)
	}
	empty := &Suite{Name: "empty"}
	if _, err := empty.Find("1"); err == nil || err.Error() != `no position "1" in suite empty (it is empty)` {
		t.Errorf("empty suite: %v", err)
	}
}

// TestResultsAreCopies checks that changing what the API returns does not
// change what it returns next time.
func TestResultsAreCopies(t *testing.T) {
	p := mustLookup(t, "kiwipete")
	p.Perft[0] = 1
	p.FEN = "x"
	Named()[6].BestMoves[0] = "Qh5"
	s, err := LookupSuite("wac")
	if err != nil {
		t.Fatal(err)
	}
	s.Positions[3].BestMoves[0] = "Kh1"
	s.Positions = nil
	Suites()[0].Positions[3].Name = "changed"

	if p := mustLookup(t, "kiwipete"); p.Perft[0] != 48 {
		t.Errorf("kiwipete perft(1) changed to %d", p.Perft[0])
	}
	if p := mustLookup(t, "paper-mate2"); p.BestMoves[0] != "Ra6" {
		t.Errorf("paper-mate2 bm changed to %q", p.BestMoves)
	}
	s, _ = LookupSuite("wac")
	if p := s.Positions[3]; p.Name != "WAC.004" || p.BestMoves[0] != "Qxh7+" {
		t.Errorf("WAC.004 changed to %s %q", p.Name, p.BestMoves)
	}
}
