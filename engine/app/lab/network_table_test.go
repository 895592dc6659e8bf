package lab

import (
	"reflect"
	"testing"

	"github.com/plylab/plylab/engine/nnue"
)

// TestNetworkTable: nnue show of the built-in network, its scores exact.
func TestNetworkTable(t *testing.T) {
	tab, err := NetworkTable("", nnue.Default(), 804131)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Title != "nnue: built-in (engine/nnue/default.nnue)" {
		t.Errorf("title %q", tab.Title)
	}
	want := map[string]string{
		"hidden neurons": "512", "output buckets": "8", "parameters": "401,928", "file size": "804,131 bytes",
		"score: start": "+34 cp (side to move)", "score: a queen up (White to move)": "+405 cp (side to move)",
		"score: a knight up (Black to move)": "+119 cp (side to move)", "score: kiwipete": "-44 cp (side to move)",
	}
	got := map[string]string{}
	for i := range tab.Rows {
		r := tab.RowTexts(i)
		if _, ok := want[r[0]]; ok {
			got[r[0]] = r[1]
		}
	}
	if !reflect.DeepEqual(got, want) || len(tab.Rows) != 11 {
		t.Errorf("%d rows; got %q\nwant %q", len(tab.Rows), got, want)
	}
	if named, _ := NetworkTable("nets/my.nnue", nnue.Default(), 1); named.Title != "nnue: nets/my.nnue" {
		t.Errorf("title of a file: %q", named.Title)
	}
}
