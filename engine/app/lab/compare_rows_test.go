package lab

import (
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/positions"
)

func TestCompareTitle(t *testing.T) {
	bk := mustSuite(t, "bk")
	for _, tt := range []struct {
		list []positions.Position
		want string
	}{
		{[]positions.Position{mustPosition(t, "kiwipete")}, "compare: kiwipete"},
		{[]positions.Position{{Name: "fen", FEN: "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"}}, "compare: fen"},
		{bk, "compare: suite bk (24 positions)"},
		{[]positions.Position{mustPosition(t, "start"), mustPosition(t, "kiwipete")}, "compare: 2 positions"},
	} {
		if got := CompareTitle(tt.list); got != tt.want {
			t.Errorf("CompareTitle = %q, want %q", got, tt.want)
		}
	}
}

func TestCompareRowColumns(t *testing.T) {
	for _, tt := range []struct {
		row            CompareRow
		pct, vsMinimal float64
	}{
		{CompareRow{Stats: engine.Stats{Nodes: 50}, Minimax: 200, Minimal: 25}, 25, 2},
		{CompareRow{Stats: engine.Stats{Nodes: 9323}, Minimax: 9323, Minimal: 9323}, 100, 1},
		{CompareRow{Stats: engine.Stats{Nodes: 50}}, 0, 0},
	} {
		if got := tt.row.PctOfMinimax(); got != tt.pct {
			t.Errorf("PctOfMinimax = %g, want %g", got, tt.pct)
		}
		if got := tt.row.VsMinimal(); got != tt.vsMinimal {
			t.Errorf("VsMinimal = %g, want %g", got, tt.vsMinimal)
		}
	}
	if got, want := AlgoList(mustAlgos(t, "minimax", "alphabeta")), "minimax (material eval), alphabeta (material eval)"; got != want {
		t.Errorf("AlgoList = %q, want %q", got, want)
	}
}
