package tune

import (
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/eval"
)

func TestReadMasterGames(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 461 games (about 3 s)")
	}
	set, err := ReadMasterGames(ExtractOptions{SkipPlies: 16, Every: 50})
	if err != nil {
		t.Fatal(err)
	}
	// One of the 461 games yields no position to extract, so 460 count.
	if set.Games != 460 || !strings.HasPrefix(set.Source, "461 master games") {
		t.Errorf("master games: %d games from %q, want 460 from the Grand Swiss", set.Games, set.Source)
	}
}

func TestReportRowsAndNotes(t *testing.T) {
	// Binary fractions, so the changes are exact.
	r := &Result{ErrorBefore: 0.5, ErrorNow: 0.25, ValidBefore: 0.75, ValidNow: 0.5,
		Errors: []float64{0.4375, 0.375, 0.25}, ValidErrors: []float64{0.625, 0.5625, 0.5}, Epochs: 3}
	want := []ReportRow{
		{Epoch: 0, Error: 0.5, Change: 0, HeldOut: true, ValidError: 0.75, ValidChange: 0},
		{Epoch: 2, Error: 0.375, Change: -0.125, HeldOut: true, ValidError: 0.5625, ValidChange: -0.1875},
		{Epoch: 3, Error: 0.25, Change: -0.25, HeldOut: true, ValidError: 0.5, ValidChange: -0.25},
	}
	if got := r.ReportRows(2, true); !reflect.DeepEqual(got, want) {
		t.Errorf("ReportRows(2, true) =\n%+v\nwant\n%+v", got, want)
	}
	noValid := r.ReportRows(5, false)
	if len(noValid) != 2 || noValid[1] != (ReportRow{Epoch: 3, Error: 0.25, Change: -0.25}) {
		t.Errorf("ReportRows(5, false) = %+v, want epochs 0 and 3 without held-out errors", noValid)
	}
	wantNotes := []string{
		"kept: training error 0.250000 (from 0.500000), held-out error 0.500000 (from 0.750000), after 3 epochs",
		"error = mean of (result - sigmoid(K * eval / 400))^2 over quiet positions; with held-out games the kept weights are the epoch that predicts them best",
		"stopped after 3 of 10 epochs",
	}
	if got := r.Notes(10); !reflect.DeepEqual(got, wantNotes) {
		t.Errorf("Notes(10) = %q, want %q", got, wantNotes)
	}
	if got := r.Notes(3); len(got) != 2 {
		t.Errorf("Notes(3) of a finished run has %d notes, want 2", len(got))
	}
}

func TestStartWeights(t *testing.T) {
	for _, tt := range []struct {
		name string
		want eval.Weights
		ok   bool
	}{
		{"default", eval.DefaultWeights, true}, {"zero", eval.Weights{}, true}, {"Zero", eval.Weights{}, false}, {"", eval.Weights{}, false},
	} {
		if w, ok := StartWeights(tt.name); w != tt.want || ok != tt.ok {
			t.Errorf("StartWeights(%q): ok %v, want %v (or the weights differ)", tt.name, ok, tt.ok)
		}
	}
	if eval.DefaultWeights == (eval.Weights{}) {
		t.Error("the default weights are all zero: the test cannot tell them from zero")
	}
}
