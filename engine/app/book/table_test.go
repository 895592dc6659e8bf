package book

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

func TestMovesTable(t *testing.T) {
	const path = "testdata/grandswiss2019_20_polyglot.bin"
	bk, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b := board.New()
	if err := b.PlayMoves("e4"); err != nil {
		t.Fatal(err)
	}
	tab := bk.MovesTable(b, "start + e4", path)
	if want := "book moves: start + e4 (key 823c9b50fd114196)"; tab.Title != want {
		t.Errorf("title %q, want %q", tab.Title, want)
	}
	want := [][]string{{"e5", "e7e5", "5", "83.3%"}, {"e6", "e7e6", "1", "16.7%"}}
	if got := tab.Texts(); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
	if tab.Rows[0][0].Style != textfmt.StyleAccent || tab.Rows[1][0].Style != 0 {
		t.Error("only the most played move is highlighted")
	}
	if v := tab.Rows[1][3].Value; v != 16.67 {
		t.Errorf("share value %v, want 16.67", v)
	}
	wantNotes := []string{"2 moves, total weight 6", "book " + path + ": 274 records for 260 positions"}
	if !reflect.DeepEqual(tab.Notes, wantNotes) {
		t.Errorf("notes %q, want %q", tab.Notes, wantNotes)
	}
}

func TestBuildTable(t *testing.T) {
	bk := New([]Record{{Key: 1, Move: 1, Weight: 1}, {Key: 1, Move: 2, Weight: 1}, {Key: 2, Move: 3, Weight: 1}})
	opts := BuildOptions{MaxPly: 20, MinGames: 1}
	for _, skipped := range []int{0, 3} {
		tab := BuildTable("my.bin", bk, BuildStats{Games: 1200, Plies: 24000, Skipped: skipped}, opts, "show my.bin")
		want := [][]string{{"my.bin", "1,200", "24,000", "2", "3", "48"}}
		if got := tab.Texts(); tab.Title != "book build" || !reflect.DeepEqual(got, want) {
			t.Errorf("%q rows %q, want \"book build\" %q", tab.Title, got, want)
		}
		notes := []string{opts.Describe(), "read back and verified: 3 records; try 'show my.bin'"}
		if skipped > 0 {
			notes = append(notes, fmt.Sprintf("%d games without moves were skipped", skipped))
		}
		if !reflect.DeepEqual(tab.Notes, notes) {
			t.Errorf("notes %q, want %q", tab.Notes, notes)
		}
	}
}
