package tune

import (
	"reflect"
	"testing"

	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

func TestErrorTable(t *testing.T) {
	r := &Result{K: 1.25, ErrorBefore: 0.5, ErrorNow: 0.25, ValidBefore: 0.75, ValidNow: 0.5,
		Errors: []float64{0.4375, 0.375, 0.25}, ValidErrors: []float64{0.625, 0.5625, 0.5}, Epochs: 3}
	set := &Set{Samples: make([]Sample, 1234), Valid: make([]Sample, 56), Games: 1001, Source: "test games"}
	tab := r.ErrorTable(set, 2, 3)
	if want := "tune: 1,234 positions (56 held out) from 1,001 games (test games), K = 1.2500"; tab.Title != want {
		t.Errorf("title %q, want %q", tab.Title, want)
	}
	want := [][]string{
		{"0", "0.500000", "+0.000000", "0.750000", "+0.000000"},
		{"2", "0.375000", "-0.125000", "0.562500", "-0.187500"},
		{"3", "0.250000", "-0.250000", "0.500000", "-0.250000"},
	}
	if got := tab.Texts(); !reflect.DeepEqual(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
	if !reflect.DeepEqual(tab.Notes, r.Notes(3)) {
		t.Errorf("notes %q, want r.Notes(3)", tab.Notes)
	}
	// Without held-out positions the held-out columns are "-"; every <= 0
	// reports a tenth of the planned epochs (here every epoch).
	set.Valid = nil
	want = [][]string{
		{"0", "0.500000", "+0.000000", "-", "-"},
		{"1", "0.437500", "-0.062500", "-", "-"},
		{"2", "0.375000", "-0.125000", "-", "-"},
		{"3", "0.250000", "-0.250000", "-", "-"},
	}
	if got := r.ErrorTable(set, 0, 3).Texts(); !reflect.DeepEqual(got, want) {
		t.Errorf("no held-out rows %q, want %q", got, want)
	}
}

func TestWeightsTable(t *testing.T) {
	var r Result
	r.Start[0], r.Weights[0] = [2]int16{100, 120}, [2]int16{95, 1130}
	tab := r.WeightsTable()
	if len(tab.Rows) != int(eval.NumFeatures) {
		t.Fatalf("%d rows, want one per feature (%d)", len(tab.Rows), eval.NumFeatures)
	}
	f := eval.Feature(0)
	if got, want := tab.Texts()[0], []string{f.String(), f.Term().Name(), "100", "95", "120", "1,130"}; !reflect.DeepEqual(got, want) {
		t.Errorf("first row %q, want %q", got, want)
	}
	if tab.Rows[0][3].Style != textfmt.StyleBold || tab.Rows[0][2].Style != textfmt.StyleNone {
		t.Error("the tuned weights are bold, the start weights plain")
	}
}
