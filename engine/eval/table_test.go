package eval

import (
	"reflect"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The rook endgame of `plylab eval --fen "4k3/8/8/8/8/8/8/4K2R w K - 0 1"`.
func TestDescribeAndTermsTables(t *testing.T) {
	b, err := board.FromFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tab := DescribeTable("eval: rook", Describe(b, []Kind{Material, PST, PeSTO, Classical}, AllTerms), "")
	want := [][]string{
		{"material", "24", "500", "0", "500", "0", "500", "500", "500", "500"},
		{"pst", "24", "500", "0", "500", "0", "500", "500", "500", "500"},
		{"pesto", "2", "477", "-26", "512", "-20", "451", "492", "488", "488"},
		{"classical", "2", "477", "-26", "512", "-20", "527", "538", "537", "537"},
	}
	if got := tab.Texts(); tab.Title != "eval: rook" || !reflect.DeepEqual(got, want) {
		t.Errorf("%q rows\n%q\nwant\n%q", tab.Title, got, want)
	}
	if tab.Rows[0][0].Style != textfmt.StyleAccent || tab.Rows[0][8].Style != textfmt.StyleBold || len(tab.Notes) != 2 {
		t.Error("the kind is accented, White's view bold, and two notes explain the columns")
	}
	terms := ExplainTerms(b, AllTerms).TermsTable()
	rows := terms.Texts()
	if len(rows) != int(NumFeatures) {
		t.Fatalf("%d term rows, want %d", len(rows), NumFeatures)
	}
	if got, want := rows[2], []string{"mobility rook", "mobility", "9", "2", "4", "18", "36"}; !reflect.DeepEqual(got, want) {
		t.Errorf("rook mobility row %q, want %q", got, want)
	}
	if want := "the terms add 76 to the middlegame and 46 to the endgame score (White's view)"; terms.Notes[0] != want {
		t.Errorf("note %q, want %q", terms.Notes[0], want)
	}
}

func TestReport(t *testing.T) {
	b, err := board.FromFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		kinds  []Kind
		format string
		parts  int    // how many parts
		gap    string // the second part's text
	}{
		{"all kinds", Kinds(), "table", 1, ""},
		{"pesto", []Kind{PeSTO}, "table", 1, ""},
		{"classical", []Kind{Classical}, "table", 3, "\n"},
		{"classical markdown", []Kind{Classical}, "markdown", 3, "\n"},
		{"classical json", []Kind{Classical}, "json", 3, ""},
	}
	for _, tt := range tests {
		rep := Report(b, "rook", tt.kinds, AllTerms, tt.format, "")
		if len(rep) != tt.parts {
			t.Errorf("%s: %d parts, want %d", tt.name, len(rep), tt.parts)
			continue
		}
		if got := rep[0].Table; got.Title != "eval: rook (white to move)" || len(got.Rows) != len(tt.kinds) {
			t.Errorf("%s: first table %q with %d rows", tt.name, got.Title, len(got.Rows))
		}
		if tt.parts == 3 {
			if rep[1].Text != tt.gap || rep[1].Table != nil {
				t.Errorf("%s: gap %+v", tt.name, rep[1])
			}
			// The rook's mobility row, as the terms table shows it.
			if got := rep[2].Table.RowTexts(2); !reflect.DeepEqual(got, []string{"mobility rook", "mobility", "9", "2", "4", "18", "36"}) {
				t.Errorf("%s: terms row %q", tt.name, got)
			}
		}
	}
}
