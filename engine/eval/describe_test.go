package eval

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestDiff(t *testing.T) {
	if got := Diff([2]int{900, 1230}); got != -330 {
		t.Errorf("Diff({900, 1230}) = %d, want -330", got)
	}
}

func TestDescribe(t *testing.T) {
	b, err := board.FromFEN(kiwipeteFEN)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []Kind{PeSTO, Classical, Material}
	xs := Describe(b, kinds, AllTerms)
	if len(xs) != 3 {
		t.Fatalf("Describe gave %d breakdowns, want 3", len(xs))
	}
	for i, x := range xs {
		if x.Kind != kinds[i] || x != Explain(b, kinds[i]) {
			t.Errorf("breakdown %d: kind %v, or not Explain's", i, x.Kind)
		}
	}
	// Kiwipete: the piece-square terms of the classical evaluation without
	// mobility, in the middlegame, sum to 56 for White (plylab eval
	// --position kiwipete --eval classical --without mobility).
	off := Describe(b, []Kind{Classical}, AllTerms&^TermMobility)[0]
	if off != ExplainTerms(b, AllTerms&^TermMobility) || Diff(off.SquaresMG) != 56 || Diff(off.MaterialMG) != 0 {
		t.Errorf("classical without mobility: squares mg %d, material mg %d; want 56, 0", Diff(off.SquaresMG), Diff(off.MaterialMG))
	}
}

func TestTermRows(t *testing.T) {
	b, err := board.FromFEN(kiwipeteFEN)
	if err != nil {
		t.Fatal(err)
	}
	rows := ExplainTerms(b, AllTerms&^TermMobility).TermRows()
	if len(rows) != int(NumFeatures) {
		t.Fatalf("%d rows, want %d", len(rows), NumFeatures)
	}
	// The counts (White's minus Black's) of kiwipete without mobility.
	want := map[Feature]int{FKingZoneKnight: 2, FKingZoneKnight + 1: -1, FKingDanger: 1, FPawnShield: -2, FSupportedPawn: -1, FThreatByPawn: -1, FTempo: 1}
	for i, r := range rows {
		w := DefaultWeights[i]
		if r.Feature != Feature(i) || r.Count != want[r.Feature] || r.WeightMG != int(w[0]) || r.WeightEG != int(w[1]) ||
			r.AddMG != r.Count*int(w[0]) || r.AddEG != r.Count*int(w[1]) {
			t.Errorf("row %d (%v) = %+v; want count %d, weights %v", i, Feature(i), r, want[Feature(i)], w)
		}
	}
}
