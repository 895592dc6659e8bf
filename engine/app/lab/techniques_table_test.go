package lab

import (
	"reflect"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

func TestTechniquesTable(t *testing.T) {
	tab := TechniquesTable()
	if len(tab.Rows) != len(engine.Techniques()) || len(tab.Notes) != 1 {
		t.Fatalf("%d rows, %d notes; want one row per technique (%d) and 1 note", len(tab.Rows), len(tab.Notes), len(engine.Techniques()))
	}
	want := []string{"alphabeta", "alpha-beta pruning: skip moves that cannot change the result", "", "", "✓", "✓"}
	if got := tab.RowTexts(0); !reflect.DeepEqual(got, want) {
		t.Errorf("first row %q, want %q", got, want)
	}
	if v := tab.Rows[0][3].Value; v != false {
		t.Errorf("minimax cell value %v, want false", v)
	}
}

func TestEloTable(t *testing.T) {
	rows := []TechniqueElo{
		{Technique: "tt", Elo: 181.7, Low: 119.9, High: 236.7, Games: 100, Wins: 58, Draws: 32, Losses: 10, Limit: "10000 nodes a move",
			Command: "plylab match --opponent engine-without-tt --nodes 10000"},
		{Technique: "null", Elo: -5, Low: -60, High: 50, Games: 10, Wins: 3, Draws: 3, Losses: 4, Limit: "10000 nodes a move",
			Command: "plylab match --opponent engine-without-null --nodes 10000"},
	}
	tab := EloTable(rows)
	want := [][]string{
		{"tt", "+182", "+120", "+237", "100", "58", "32", "10", "74.0%", "10000 nodes a move"},
		{"null", "-5", "-60", "+50", "10", "3", "3", "4", "45.0%", "10000 nodes a move"},
	}
	for i, w := range want {
		if got := tab.RowTexts(i); !reflect.DeepEqual(got, w) {
			t.Errorf("row %d %q, want %q", i, got, w)
		}
	}
	if tab.Rows[0][1].Style != textfmt.StyleGood || tab.Rows[1][1].Style != textfmt.StyleNone {
		t.Error("only a significant Elo is coloured")
	}
	if got, want := tab.Notes[2:], []string{"command: plylab match --opponent engine-without-NAME --nodes 10000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("command notes %q, want %q", got, want)
	}
}
