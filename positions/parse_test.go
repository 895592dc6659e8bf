package positions

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

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
