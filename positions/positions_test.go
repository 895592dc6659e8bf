package positions

import (
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
