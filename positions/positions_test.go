package positions

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// allPositions returns every named and suite position.
func allPositions(t *testing.T) []Position {
	t.Helper()
	all := Named()
	for _, s := range Suites() {
		all = append(all, s.Positions...)
	}
	return all
}

// mustPos parses fen with notnil/chess.
func mustPos(t *testing.T, fen string) *chess.Position {
	t.Helper()
	pos := new(chess.Position)
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		t.Fatalf("notnil/chess rejects FEN %q: %v", fen, err)
	}
	return pos
}

// mustMove decodes a SAN move in pos.
func mustMove(t *testing.T, pos *chess.Position, san string) *chess.Move {
	t.Helper()
	m, err := chess.AlgebraicNotation{}.Decode(pos, san)
	if err != nil {
		t.Fatalf("%s is not a legal SAN move in %s: %v", san, pos, err)
	}
	return m
}

func TestEmbeddedDataParses(t *testing.T) {
	c := load()
	if len(c.suites) != len(suiteSpecs) {
		t.Fatalf("%d suites loaded, want %d", len(c.suites), len(suiteSpecs))
	}
	for i, err := range c.errs {
		if err != nil {
			t.Errorf("suite %s: %v", c.suites[i].Name, err)
		}
	}
}

func TestSuiteSizes(t *testing.T) {
	tests := []struct {
		name        string
		size        int
		first, last string
	}{
		{"wac", 300, "WAC.001", "WAC.300"},
		{"bk", 24, "BK.01", "BK.24"},
		{"perft", 132, "perft-1", "perft-132"},
		{"bench", 49, "bench-1", "bench-49"},
	}
	suites := Suites()
	if len(suites) != len(tests) {
		t.Fatalf("Suites() has %d suites, want %d", len(suites), len(tests))
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := suites[i]
			if s.Name != tt.name {
				t.Fatalf("Suites()[%d].Name = %q, want %q", i, s.Name, tt.name)
			}
			if len(s.Positions) != tt.size {
				t.Fatalf("%s has %d positions, want %d", s.Name, len(s.Positions), tt.size)
			}
			if got := s.Positions[0].Name; got != tt.first {
				t.Errorf("first id %q, want %q", got, tt.first)
			}
			if got := s.Positions[tt.size-1].Name; got != tt.last {
				t.Errorf("last id %q, want %q", got, tt.last)
			}
			if s.Description == "" || s.Source == "" || s.Licence == "" {
				t.Errorf("suite metadata incomplete: %+v", *s)
			}
			for _, p := range s.Positions {
				if p.Suite != tt.name || p.Source != s.Source {
					t.Errorf("%s: Suite %q Source %q, want %q %q", p.Name, p.Suite, p.Source, tt.name, s.Source)
				}
			}
		})
	}
}

func TestEveryFENParsesWithNotnil(t *testing.T) {
	for _, p := range allPositions(t) {
		if n := len(strings.Fields(p.FEN)); n != 6 || strings.Join(strings.Fields(p.FEN), " ") != p.FEN {
			t.Errorf("%s/%s: FEN %q is not 6 single-space-separated fields", p.Suite, p.Name, p.FEN)
		}
		pos := mustPos(t, p.FEN)
		if got := pos.String(); got != p.FEN {
			t.Errorf("%s/%s: notnil reads %q back as %q", p.Suite, p.Name, p.FEN, got)
		}
		if _, err := chess.FEN(p.FEN); err != nil {
			t.Errorf("%s/%s: chess.FEN: %v", p.Suite, p.Name, err)
		}
		// Stockfish's bench ends with a stalemate and a checkmate on purpose;
		// every other position has a legal move.
		want := map[string]chess.Method{"bench-48": chess.Stalemate, "bench-49": chess.Checkmate}[p.Name]
		if got := pos.Status(); got != want {
			t.Errorf("%s/%s: status %v, want %v", p.Suite, p.Name, got, want)
		}
	}
}

func TestEveryBestAndAvoidMoveIsLegalSAN(t *testing.T) {
	n := 0
	for _, p := range allPositions(t) {
		pos := mustPos(t, p.FEN)
		for _, san := range slices.Concat(p.BestMoves, p.AvoidMoves) {
			if _, err := (chess.AlgebraicNotation{}).Decode(pos, san); err != nil {
				t.Errorf("%s/%s: %q is not a legal SAN move: %v", p.Suite, p.Name, san, err)
			}
			n++
		}
		if p.Suite == "wac" || p.Suite == "bk" {
			if len(p.BestMoves) == 0 {
				t.Errorf("%s: no bm", p.Name)
			}
		}
	}
	if n < 324 {
		t.Errorf("only %d moves checked, want at least one per WAC and BK position", n)
	}
}

func TestEPDRecords(t *testing.T) {
	tests := []struct {
		suite, id string
		want      Position
	}{
		{"wac", "WAC.004", Position{
			Name: "WAC.004", Suite: "wac",
			FEN:       "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
			BestMoves: []string{"Qxh7+"},
		}},
		{"wac", "WAC.031", Position{ // a multi-move bm
			Name: "WAC.031", Suite: "wac",
			FEN:       "rb3qk1/pQ3ppp/4p3/3P4/8/1P3N2/1P3PPP/3R2K1 w - - 0 1",
			BestMoves: []string{"Qxa8", "d6", "dxe6", "g3"},
		}},
		{"wac", "WAC.022", Position{
			Name: "WAC.022", Suite: "wac",
			FEN:       "r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1",
			BestMoves: []string{"Ba2", "Nxf7"},
		}},
		{"wac", "WAC.274", Position{ // am before bm
			Name: "WAC.274", Suite: "wac",
			FEN:        "8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - 0 1",
			BestMoves:  []string{"Rb6", "Rg5+"},
			AvoidMoves: []string{"Rd6"},
		}},
		{"bk", "BK.01", Position{
			Name: "BK.01", Suite: "bk",
			FEN:       "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
			BestMoves: []string{"Qd1+"},
		}},
		{"bench", "1", Position{
			Name: "bench-1", Suite: "bench",
			FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		}},
		{"bench", "3", Position{
			Name: "bench-3", Suite: "bench",
			FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.suite+"/"+tt.id, func(t *testing.T) {
			s, err := LookupSuite(tt.suite)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Find(tt.id)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Source = s.Source
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestPerftCounts(t *testing.T) {
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	line := func(n int) Position {
		t.Helper()
		p, err := perft.Find(fmt.Sprint(n))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		got  Position
		fen  string
		want []uint64
	}{
		{"named kiwipete", mustLookup(t, "kiwipete"),
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			[]uint64{48, 2039, 97862, 4085603, 193690690}},
		{"named start", mustLookup(t, "start"),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
		{"perft-1", line(1),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			[]uint64{20, 400, 8902, 197281, 4865609, 119060324}},
		{"perft-3", line(3),
			"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
			[]uint64{15, 66, 1197, 7059, 133987, 764643}},
		{"perft-127 (en passant)", line(127),
			"1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1",
			[]uint64{10, 63, 533, 3508, 30821}},
		{"perft-128 (cpw 3, to depth 7)", line(128),
			"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
			[]uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
		{"perft-130 (cpw 4 mirrored)", line(130),
			"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
			[]uint64{6, 264, 9467, 422333, 15833292}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got.FEN != tt.fen {
				t.Errorf("FEN %q, want %q", tt.got.FEN, tt.fen)
			}
			if !slices.Equal(tt.got.Perft, tt.want) {
				t.Errorf("Perft %v, want %v", tt.got.Perft, tt.want)
			}
		})
	}
	for _, p := range perft.Positions {
		if len(p.Perft) < 5 {
			t.Errorf("%s: only %d perft counts", p.Name, len(p.Perft))
		}
	}
}

// TestNamedPerftMatchesSuite checks that the named perft positions are the
// suite's lines, with the same counts.
func TestNamedPerftMatchesSuite(t *testing.T) {
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	for name, lineNo := range map[string]int{"start": 1, "kiwipete": 2, "cpw3": 128, "cpw4": 129, "cpw5": 131, "cpw6": 132} {
		p := mustLookup(t, name)
		q, err := perft.Find(fmt.Sprint(lineNo))
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN != q.FEN || !slices.Equal(p.Perft, q.Perft) {
			t.Errorf("%s = %q %v, but perft line %d = %q %v", name, p.FEN, p.Perft, lineNo, q.FEN, q.Perft)
		}
	}
}

// perftCount counts the leaves of the legal move tree of pos to depth d.
func perftCount(pos *chess.Position, d int) uint64 {
	moves := pos.ValidMoves()
	if d == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perftCount(pos.Update(m), d-1)
	}
	return n
}

// TestPerftCountsAgainstNotnil recounts the shallow published counts with
// notnil/chess: depth 1 and 2 for every suite line, depth 3 for the named
// positions (about 0.3 M leaves).
func TestPerftCountsAgainstNotnil(t *testing.T) {
	check := func(p Position, maxDepth int) {
		t.Helper()
		pos := mustPos(t, p.FEN)
		for d := 1; d <= min(maxDepth, len(p.Perft)); d++ {
			if got := perftCount(pos, d); got != p.Perft[d-1] {
				t.Errorf("%s/%s: perft(%d) = %d by notnil, published %d", p.Suite, p.Name, d, got, p.Perft[d-1])
			}
		}
	}
	perft, err := LookupSuite("perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range perft.Positions {
		check(p, 2)
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, p := range Named() {
		check(p, depth)
	}
}

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

func TestParseEPD(t *testing.T) {
	tests := []struct {
		line string
		want Position
	}{
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			Position{Name: "WAC.001", FEN: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", BestMoves: []string{"Qg6"}}},
		{"4k3/8/8/8/8/8/8/4K2R w K -\tbm\tRh8+ O-O ;\tid\t\"T.1\" ;",
			Position{Name: "T.1", FEN: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", BestMoves: []string{"Rh8+", "O-O"}}},
		{`4k3/8/8/8/8/8/8/4K2R w K - am Kd1 Kf1; bm Rh8+; c0 "rook; check"; acd 12; hmvc 3; fmvn 40; id "T.2";`,
			Position{Name: "T.2", FEN: "4k3/8/8/8/8/8/8/4K2R w K - 3 40", BestMoves: []string{"Rh8+"},
				AvoidMoves: []string{"Kd1", "Kf1"}, Description: "rook; check"}},
		{`4k3/8/8/8/8/8/8/4K2R w K -`,
			Position{FEN: "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}},
		{`4k3/8/8/8/8/8/8/4K2R  w  K  -  id T3; bm "Rh8+"`,
			Position{Name: "T3", FEN: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", BestMoves: []string{"Rh8+"}}},
	}
	for _, tt := range tests {
		got, err := parseEPD(tt.line)
		if err != nil {
			t.Errorf("parseEPD(%q): %v", tt.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseEPD(%q)\n got  %#v\n want %#v", tt.line, got, tt.want)
		}
	}
	bad := []struct{ line, want string }{
		{`4k3/8/8/8 w`, "has 2 FEN fields"},
		{`4k3/8/8/8/8/8/8/4K2R w K - bm; id "x";`, "bm has no moves"},
		{`4k3/8/8/8/8/8/8/4K2R w K - id;`, "id wants one value"},
		{`4k3/8/8/8/8/8/8/4K2R w K - id "a" "b";`, "id wants one value"},
		{`4k3/8/8/8/8/8/8/4K2R w K - hmvc x;`, "bad halfmove clock"},
		{`4k3/8/8/8/8/8/8/4K2R w K - fmvn 1 2;`, "fmvn wants one value"},
		{`4k3/8/8/8/8/8/8/4K2X w - - bm Kd1;`, "bad piece letter"},
	}
	for _, tt := range bad {
		if _, err := parseEPD(tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseEPD(%q) = %v, want error containing %q", tt.line, err, tt.want)
		}
	}
}

func TestParsePerftLine(t *testing.T) {
	p, err := parsePerftLine("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66;d3 1197 ;")
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" || !slices.Equal(p.Perft, []uint64{15, 66, 1197}) {
		t.Errorf("got %q %v", p.FEN, p.Perft)
	}
	bad := []struct{ line, want string }{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "no counts"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D2 66", "want depth D1"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D3 1197", "want depth D2"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 -15", "bad count"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 16", "not of the form"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 ;D1 15", "has 5 fields"},
	}
	for _, tt := range bad {
		if _, err := parsePerftLine(tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parsePerftLine(%q) = %v, want error containing %q", tt.line, err, tt.want)
		}
	}
}

func TestNormalizeFEN(t *testing.T) {
	good := map[string]string{
		"4k3/8/8/8/8/8/8/4K3 w - -":             "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
		"  4k3/8/8/8/8/8/8/4K3   b  -  -  7 9 ": "4k3/8/8/8/8/8/8/4K3 b - - 7 9",
	}
	for in, want := range good {
		if got, err := normalizeFEN(in); err != nil || got != want {
			t.Errorf("normalizeFEN(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := []struct{ fen, want string }{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0", "has 5 fields"},
		{"4k3/8/8/8/8/8/4K3 w - - 0 1", "has 7 ranks"},
		{"4k3/8/8/8/8/8/8/4K2 w - - 0 1", "rank 1 has 7 squares"},
		{"4k3/9/8/8/8/8/8/4K3 w - - 0 1", "bad piece letter"},
		{"4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "2 white and 1 black kings"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "1 white and 0 black kings"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 8"},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"4k3/8/8/8/8/8/8/4K3 w KK - 0 1", "bad castling field"},
		{"4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "bad en-passant square"},
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad halfmove clock"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "bad fullmove number"},
	}
	for _, tt := range bad {
		if _, err := normalizeFEN(tt.fen); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("normalizeFEN(%q) = %v, want error containing %q", tt.fen, err, tt.want)
		}
	}
}

// TestParseSuiteIsDefensive feeds a suite file with bad lines: parsing goes
// on, keeps the good lines and reports the first bad line.
func TestParseSuiteIsDefensive(t *testing.T) {
	spec := suiteSpec{name: "t", file: "data/t.epd", format: formatEPD}
	data := "4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; id \"T.1\";\n" +
		"\n# a comment\n" +
		"garbage\n" +
		"4k3/8/8/8/8/8/8/4K2R w K - id \"t.1\";\n" +
		"4k3/8/8/8/8/8/8/4K2R b K -\n"
	s, err := parseSuite(spec, []byte(data))
	if err == nil || err.Error() != "positions: data/t.epd:4: EPD record has 1 FEN fields, want 4" {
		t.Errorf("error %v", err)
	}
	var names []string
	for _, p := range s.Positions {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"T.1", "t-6"}) {
		t.Errorf("positions %q, want T.1 and t-6 (the duplicate id and garbage skipped)", names)
	}
	if _, err := parseSuite(suiteSpec{name: "p", file: "p", format: formatPerft}, []byte("8/8 w\n")); err == nil {
		t.Error("bad perft line accepted")
	}
	if s, err := readSuite(suiteSpec{name: "missing", file: "data/missing.epd"}); err == nil || s == nil || len(s.Positions) != 0 {
		t.Errorf("missing file: %v %v", s, err)
	}
}

func TestSplitID(t *testing.T) {
	tests := []struct {
		id     string
		prefix string
		num    int
		ok     bool
	}{
		{"WAC.004", "WAC", 4, true},
		{"004", "", 4, true},
		{"BK.24", "BK", 24, true},
		{"perft-17", "perft", 17, true},
		{"0", "", 0, true},
		{"WAC4", "", 0, false},
		{"WAC.", "", 0, false},
		{"-4", "", 0, false},
		{"", "", 0, false},
		{"1234567890", "", 0, false},
		{"0001234", "", 1234, true},
	}
	for _, tt := range tests {
		prefix, num, ok := splitID(tt.id)
		if prefix != tt.prefix || num != tt.num || ok != tt.ok {
			t.Errorf("splitID(%q) = %q, %d, %v; want %q, %d, %v", tt.id, prefix, num, ok, tt.prefix, tt.num, tt.ok)
		}
	}
}

// play plays SAN moves from fen and returns the final position.
func play(t *testing.T, fen string, sans ...string) *chess.Position {
	t.Helper()
	pos := mustPos(t, fen)
	for _, san := range sans {
		pos = pos.Update(mustMove(t, pos, san))
	}
	return pos
}

// TestMateLines plays the mates of the named positions out with
// notnil/chess: each ends in checkmate.
func TestMateLines(t *testing.T) {
	tests := []struct {
		name  string
		moves []string
	}{
		{"paper-mate2", []string{"Ra6", "bxa6", "b7#"}},
		{"paper-mate2", []string{"Ra6", "Bc7", "Rxa7#"}},
		{"paper-mate2", []string{"Ra6", "Bh2", "Rxa7#"}},
		{"mate2-b", []string{"Qb8+", "Nxb8", "Rd8#"}},
		{"mate3", []string{"Qd8+", "Kxd8", "Bg5+", "Kc7", "Bd8#"}},
		{"mate3", []string{"Qd8+", "Kxd8", "Bg5+", "Ke8", "Rd8#"}},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+strings.Join(tt.moves, " "), func(t *testing.T) {
			p := mustLookup(t, tt.name)
			if p.BestMoves[0] != tt.moves[0] {
				t.Errorf("BestMoves %q, want %q first", p.BestMoves, tt.moves[0])
			}
			if got := play(t, p.FEN, tt.moves...).Status(); got != chess.Checkmate {
				t.Errorf("final position status %v, want checkmate", got)
			}
			g := chess.NewGame(must(chess.FEN(p.FEN)))
			for _, san := range tt.moves {
				if err := g.MoveStr(san); err != nil {
					t.Fatal(err)
				}
			}
			if g.Method() != chess.Checkmate || g.Outcome() != chess.WhiteWon {
				t.Errorf("game ends %v %v, want white mates", g.Method(), g.Outcome())
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// forcedMate reports whether the side to move in pos can force checkmate in
// at most n of its own moves, searching every defence exhaustively.
func forcedMate(pos *chess.Position, n int) bool {
	if n <= 0 {
		return false
	}
	for _, m := range pos.ValidMoves() {
		if n == 1 && !m.HasTag(chess.Check) {
			continue // a mating move gives check
		}
		if everyReplyMated(pos.Update(m), n-1) {
			return true
		}
	}
	return false
}

// everyReplyMated reports whether the side to move in pos is checkmated now
// or, whatever it plays, gets mated within n moves of the other side.
func everyReplyMated(pos *chess.Position, n int) bool {
	replies := pos.ValidMoves()
	if len(replies) == 0 {
		return pos.Status() == chess.Checkmate
	}
	for _, r := range replies {
		if !forcedMate(pos.Update(r), n) {
			return false
		}
	}
	return true
}

// TestMatesAreForced proves the mates exhaustively: the key move mates by
// force in n moves, there is no mate in n-1 and (unless -short) no other
// first move mates in n.
func TestMatesAreForced(t *testing.T) {
	tests := []struct {
		name string
		n    int
	}{
		{"paper-mate2", 2},
		{"mate2-b", 2},
		{"mate3", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustLookup(t, tt.name)
			if len(p.BestMoves) != 1 {
				t.Fatalf("BestMoves %q, want the one key move", p.BestMoves)
			}
			pos := mustPos(t, p.FEN)
			key := mustMove(t, pos, p.BestMoves[0])
			if !everyReplyMated(pos.Update(key), tt.n-1) {
				t.Errorf("%s does not mate in %d", p.BestMoves[0], tt.n)
			}
			if forcedMate(pos, tt.n-1) {
				t.Errorf("there is a mate in %d", tt.n-1)
			}
		})
	}
	if testing.Short() {
		return
	}
	// Each key is unique: no other first move mates as fast.
	for _, tt := range tests {
		p := mustLookup(t, tt.name)
		pos := mustPos(t, p.FEN)
		for _, m := range pos.ValidMoves() {
			san := chess.AlgebraicNotation{}.Encode(pos, m)
			if san != p.BestMoves[0] && everyReplyMated(pos.Update(m), tt.n-1) {
				t.Errorf("%s: %s also mates in %d", tt.name, san, tt.n)
			}
		}
	}
}

// TestBestMovesAreLegal checks every named position's best and avoid moves
// are legal SAN (the suites are covered by
// TestEveryBestAndAvoidMoveIsLegalSAN).
func TestBestMovesAreLegal(t *testing.T) {
	for _, p := range Named() {
		pos := mustPos(t, p.FEN)
		for _, san := range slices.Concat(p.BestMoves, p.AvoidMoves) {
			m := mustMove(t, pos, san)
			if got := (chess.AlgebraicNotation{}).Encode(pos, m); got != san {
				t.Errorf("%s: %q is written %q by notnil", p.Name, san, got)
			}
		}
	}
	// paper-mate2's Ra6 in particular: the rook goes from a1 to a6.
	p := mustLookup(t, "paper-mate2")
	m := mustMove(t, mustPos(t, p.FEN), "Ra6")
	if m.S1() != chess.A1 || m.S2() != chess.A6 {
		t.Errorf("Ra6 decodes to %v", m)
	}
}

// sanMoves returns the legal moves of pos in SAN, sorted.
func sanMoves(pos *chess.Position) []string {
	var out []string
	for _, m := range pos.ValidMoves() {
		out = append(out, chess.AlgebraicNotation{}.Encode(pos, m))
	}
	slices.Sort(out)
	return out
}

// TestZugzwang checks what makes 1.Rf1 work: Black's rook is tied to g1
// and the king is stuck, so Black can only push pawns or give up the rook.
func TestZugzwang(t *testing.T) {
	p := mustLookup(t, "zugzwang")
	got := sanMoves(play(t, p.FEN, "Rf1"))
	want := []string{"Rxf1+", "a5", "c5", "h3"}
	if !slices.Equal(got, want) {
		t.Errorf("Black's moves after Rf1: %q, want %q", got, want)
	}
}

// TestTrebuchet checks the mutual zugzwang: whichever side is to move,
// every legal move lets the other king take its pawn.
func TestTrebuchet(t *testing.T) {
	p := mustLookup(t, "zugzwang-kp")
	if len(p.BestMoves) != 0 {
		t.Errorf("every move loses, yet BestMoves = %q", p.BestMoves)
	}
	for _, tt := range []struct{ fen, capture string }{
		{p.FEN, "Kxd4"}, // White to move: Black takes d4
		{strings.Replace(p.FEN, " w ", " b ", 1), "Kxd5"}, // Black to move: White takes d5
	} {
		pos := mustPos(t, tt.fen)
		moves := pos.ValidMoves()
		if len(moves) == 0 {
			t.Fatalf("%s: no moves", tt.fen)
		}
		for _, m := range moves {
			after := pos.Update(m)
			if !slices.Contains(sanMoves(after), tt.capture) {
				t.Errorf("%s: after %s the reply %s is not possible", tt.fen,
					chess.AlgebraicNotation{}.Encode(pos, m), tt.capture)
			}
		}
	}
}

// material is White's material minus Black's, in pawns (N=B=3, R=5, Q=9).
func material(pos *chess.Position) int {
	values := map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}
	sum := 0
	for _, pc := range pos.Board().SquareMap() {
		v := values[pc.Type()]
		if pc.Color() == chess.Black {
			v = -v
		}
		sum += v
	}
	return sum
}

// sideSign is +1 when White is to move, -1 when Black is.
func sideSign(pos *chess.Position) int {
	if pos.Turn() == chess.White {
		return 1
	}
	return -1
}

// negamax is a plain fixed-depth material search without quiescence,
// from the side to move's point of view.
func negamax(pos *chess.Position, depth int) int {
	if depth == 0 {
		return sideSign(pos) * material(pos)
	}
	moves := pos.ValidMoves()
	if len(moves) == 0 {
		return sideSign(pos) * material(pos) // no mates or stalemates in these lines
	}
	best := -1000
	for _, m := range moves {
		best = max(best, -negamax(pos.Update(m), depth-1))
	}
	return best
}

// quiesce is a capture-only material search with stand pat.
func quiesce(pos *chess.Position) int {
	best := sideSign(pos) * material(pos)
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.Capture) {
			best = max(best, -quiesce(pos.Update(m)))
		}
	}
	return best
}

// TestHorizon checks the claims of the horizon position's description with
// a material-only search: a depth-1 search without quiescence values both
// captures on d5 at +1 pawn and nothing higher; depth 3 still values Nxd5
// at +1; quiescence and depth 4 show Nxd5 and Rxd5 lose material.
func TestHorizon(t *testing.T) {
	p := mustLookup(t, "horizon")
	root := mustPos(t, p.FEN)
	base := material(root)
	gain := map[string]int{}
	for _, m := range root.ValidMoves() {
		san := chess.AlgebraicNotation{}.Encode(root, m)
		gain[san] = -negamax(root.Update(m), 0) - base
	}
	var best []string
	top := -1000
	for san, g := range gain {
		if g > top {
			top, best = g, nil
		}
		if g == top {
			best = append(best, san)
		}
	}
	slices.Sort(best)
	if top != 1 || !slices.Equal(best, []string{"Nxd5", "Rxd5"}) {
		t.Errorf("depth 1 without quiescence: best %q at %+d, want Nxd5 and Rxd5 at +1", best, top)
	}
	if !slices.Equal(p.AvoidMoves, []string{"Nxd5", "Rxd5"}) {
		t.Errorf("AvoidMoves %q", p.AvoidMoves)
	}
	for _, tt := range []struct {
		san             string
		depth3, quiesce int
	}{
		{"Nxd5", 1, -2},
		{"Rxd5", -1, -4},
	} {
		after := root.Update(mustMove(t, root, tt.san))
		if got := -negamax(after, 2) - base; got != tt.depth3 {
			t.Errorf("%s: depth-3 value %+d, want %+d", tt.san, got, tt.depth3)
		}
		if got := -quiesce(after) - base; got != tt.quiesce {
			t.Errorf("%s: value with quiescence %+d, want %+d", tt.san, got, tt.quiesce)
		}
	}
	// Standing pat is worth 0: the d5 grab loses against doing nothing.
	if got := quiesce(root) - base; got != 0 {
		t.Errorf("root value with quiescence %+d, want 0", got)
	}
}
