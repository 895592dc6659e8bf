package positions

import (
	"strings"
	"testing"
)

// FuzzParseSuite reads fuzzed suite files in each format. Properties: no
// panic; the first error is one line and names the file; every position
// that parses has a full six-field FEN that normalizes to itself, a name,
// a one-line name and description, and a name no other position of the suite has (ignoring case).
func FuzzParseSuite(f *testing.F) {
	for _, s := range []string{
		`r1b2rk1/pp1p1pp1/1b1p2B1/n1qQ2p1/8/5N2/P3RPPP/4R1K1 w - - bm Rxe6; id "WAC.004"; c0 "a comment";`,
		`4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40; am Kd1 Kf1; id x;`,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902",
		"# comment\n\n4k3/8/8/8/8/8/8/4K3 b - - 3 9\n",
		`8/8/8/8/8/8/8/8 w - - id "a;b"; id "A;B";`,
		"4k3/8/8/8/8/8/8/4K3 w - - hmvc -1; fmvn 0;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		if len(data) > 10000 {
			return
		}
		for _, form := range []format{formatEPD, formatPerft, formatFEN} {
			spec := suiteSpec{name: "fuzz", file: "data/fuzz.epd", format: form}
			s, err := parseSuite(spec, []byte(data))
			if err != nil && (strings.ContainsAny(err.Error(), "\n\r") || !strings.Contains(err.Error(), "data/fuzz.epd")) {
				t.Fatalf("format %d: error %q is not one line naming the file", form, err)
			}
			seen := map[string]bool{}
			for _, p := range s.Positions {
				if len(strings.Fields(p.FEN)) != 6 {
					t.Fatalf("format %d: FEN %q has not 6 fields", form, p.FEN)
				}
				if n, err := normalizeFEN(p.FEN); err != nil || n != p.FEN {
					t.Fatalf("format %d: FEN %q normalizes to %q, %v", form, p.FEN, n, err)
				}
				if strings.ContainsFunc(p.Name+p.Description, func(r rune) bool { return r < ' ' || r == 0x7f }) {
					t.Fatalf("format %d: name %q or description %q has a control character", form, p.Name, p.Description)
				}
				key := strings.ToLower(p.Name)
				if p.Name == "" || seen[key] {
					t.Fatalf("format %d: name %q empty or repeated", form, p.Name)
				}
				seen[key] = true
			}
		}
	})
}
