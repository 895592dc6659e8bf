package play

import (
	"reflect"
	"testing"
)

func TestLevelsTable(t *testing.T) {
	tab := LevelsTable()
	got := tab.Texts()
	want := [][]string{
		{"beginner", "2", "-", "material", "beginner: depth 2, material evaluation"},
		{"casual", "3", "-", "pst", "casual: depth 3, pst evaluation"},
		{"club", "4", "-", "pst", "club: depth 4, pst evaluation"},
		{"strong", "-", "1.00 s", "nnue", "strong: 1.00 s a move, nnue evaluation"},
		{"max", "-", "5.00 s", "nnue", "max: 5.00 s a move, nnue evaluation"},
	}
	if tab.Title != "play: levels, weakest first" || !reflect.DeepEqual(got, want) {
		t.Errorf("%q rows\n%q\nwant\n%q", tab.Title, got, want)
	}
}
