package positions

import (
	"testing"
)

func TestListTable(t *testing.T) {
	tab := ListTable()
	if len(tab.Rows) != len(Named())+len(Suites()) {
		t.Fatalf("%d rows, want one per named position and suite (%d)", len(tab.Rows), len(Named())+len(Suites()))
	}
	if got, want := tab.RowTexts(0), []string{"start", "position", "white", "", "The initial position."}; !equal(got, want) {
		t.Errorf("row 0 = %q, want %q", got, want)
	}
	bk := len(Named()) + 1 // wac, then bk
	if got, want := tab.RowTexts(bk), []string{"bk", "suite", "", "24", "Bratko-Kopec test: 24 positions with best moves"}; !equal(got, want) {
		t.Errorf("row %d = %q, want %q", bk, got, want)
	}
	if c := tab.Rows[bk][3]; c.Value != int64(24) {
		t.Errorf("bk count value = %#v, want int64(24)", c.Value)
	}
	if c := tab.Rows[0][3]; c.Value != nil {
		t.Errorf("a position's count = %#v, want null", c.Value)
	}
	if c := sideToMoveCell("not a fen"); c.Text != "?" || c.Value != nil {
		t.Errorf("side to move of a bad FEN = %#v, want a null \"?\"", c)
	}
}

func TestSuiteTable(t *testing.T) {
	s := &Suite{Name: "mini", Description: "two positions", Source: "here", Positions: []Position{
		{Name: "m.1", FEN: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", BestMoves: []string{"O-O"}, Description: "castle"},
		{Name: "m.2", FEN: "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
	}}
	tab := s.Table()
	if tab.Title != "Suite mini (2 positions): two positions" {
		t.Errorf("title = %q", tab.Title)
	}
	var keys []string
	for _, c := range tab.Columns {
		keys = append(keys, c.Key)
	}
	if want := []string{"id", "to_move", "best", "description"}; !equal(keys, want) {
		t.Errorf("columns = %q, want %q (no avoid or perft column when no position has them)", keys, want)
	}
	for i, want := range [][]string{{"m.1", "white", "O-O", "castle"}, {"m.2", "black", "", ""}} {
		if got := tab.RowTexts(i); !equal(got, want) {
			t.Errorf("row %d = %q, want %q", i, got, want)
		}
	}
	if want := []string{"Source: here"}; !equal(tab.Notes, want) {
		t.Errorf("notes = %q, want %q", tab.Notes, want)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
