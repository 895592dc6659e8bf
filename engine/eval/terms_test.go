package eval

import "testing"

func TestTermNames(t *testing.T) {
	t.Parallel()
	names := TermNames()
	if len(names) != 9 || names[0] != "mobility" || names[8] != "scaling" {
		t.Errorf("TermNames() = %q", names)
	}
	names[0] = "changed"
	if TermNames()[0] != "mobility" {
		t.Error("TermNames returns the package's own array")
	}
}

func TestParseTerms(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want Terms
		err  string
	}{
		{"all", AllTerms, ""},
		{" all ", AllTerms, ""},
		{"mobility", TermMobility, ""},
		{"Mobility, tempo", TermMobility | TermTempo, ""},
		{"kingsafety,kingsafety", TermKingSafety, ""},
		{"mobilty", 0, `unknown term "mobilty" (did you mean "mobility"?); choose from mobility, kingsafety, pawnstructure, passedpawns, bishoppair, rookfiles, threats, tempo, scaling or all`},
		{"tempo,zzzzzzzz", 0, `unknown term "zzzzzzzz"; choose from mobility, kingsafety, pawnstructure, passedpawns, bishoppair, rookfiles, threats, tempo, scaling or all`},
		{"", 0, `unknown term ""; choose from mobility, kingsafety, pawnstructure, passedpawns, bishoppair, rookfiles, threats, tempo, scaling or all`},
	} {
		got, err := ParseTerms(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseTerms(%q): error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseTerms(%q) = %b, %v; want %b", tt.in, got, err, tt.want)
		}
	}
}
