package lab

import (
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// A mismatch under --reference names the first differing root move.
func TestDescribeFirstDifference(t *testing.T) {
	e := func(u string, n uint64) board.DivideEntry { return board.DivideEntry{UCI: u, Nodes: n} }
	for _, tc := range []struct {
		ours, theirs []board.DivideEntry
		want         string
	}{
		{[]board.DivideEntry{e("a2a3", 20), e("b2b3", 20)}, []board.DivideEntry{e("a2a3", 20), e("b2b3", 21)}, "b2b3 (plylab 20, notnil/chess 21)"},
		{[]board.DivideEntry{e("a2a3", 2000), e("b2b3", 2000)}, []board.DivideEntry{e("a2a3", 2000), e("b2b3", 2100)}, "b2b3 (plylab 2,000, notnil/chess 2,100)"},
		{[]board.DivideEntry{e("a2a3", 20), e("e1g1", 20)}, []board.DivideEntry{e("a2a3", 20)}, "e1g1 (generated only by plylab)"},
		{[]board.DivideEntry{e("a2a3", 20)}, []board.DivideEntry{e("a2a3", 20), e("e5d6", 3)}, "e5d6 (generated only by notnil/chess)"},
		{[]board.DivideEntry{e("a2a3", 20)}, []board.DivideEntry{e("a2a3", 20)}, "none"},
	} {
		if got := DescribeFirstDifference(tc.ours, tc.theirs); got != tc.want {
			t.Errorf("DescribeFirstDifference = %q, want %q", got, tc.want)
		}
	}
}

func TestPerftRates(t *testing.T) {
	r := PerftRow{Nodes: 8_000_000, Elapsed: 2 * time.Second, RefNodes: 8_000_000, RefElapsed: 40 * time.Second,
		SFNodes: 8_000_000, SFElapsed: time.Second / 10}
	for _, tt := range []struct {
		name      string
		got, want float64
	}{
		{"Rate", r.Rate(), 4e6},
		{"RefRate", r.RefRate(), 2e5},
		{"SFRate", r.SFRate(), 8e7},
		{"RefRatio", r.RefRatio(), 20},
		{"SFRatio", r.SFRatio(), 0.05},
		{"untimed RefRatio", PerftRow{Nodes: 5, Elapsed: time.Second}.RefRatio(), 0},
		{"untimed SFRatio", PerftRow{SFNodes: 5, SFElapsed: time.Second}.SFRatio(), 0},
		{"PerSecond of no time", PerSecond(10, 0), 0},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %g, want %g", tt.name, tt.got, tt.want)
		}
	}
}

func TestDivideRows(t *testing.T) {
	e := func(u string, n uint64) board.DivideEntry { return board.DivideEntry{UCI: u, Nodes: n} }
	r := PerftRow{Reference: true,
		Divide:    []board.DivideEntry{e("a2a3", 20), e("b2b3", 20), e("e1g1", 7)},
		RefDivide: []board.DivideEntry{e("b2b3", 21), e("a2a3", 20)}}
	want := []DivideRow{{"a2a3", 20, 20, true}, {"b2b3", 20, 21, false}, {"e1g1", 7, 0, false}}
	got := r.DivideRows()
	if len(got) != len(want) {
		t.Fatalf("DivideRows = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestPerftMismatch(t *testing.T) {
	p := positions.Position{Name: "kiwipete"}
	e := func(u string, n uint64) board.DivideEntry { return board.DivideEntry{UCI: u, Nodes: n} }
	for _, tt := range []struct {
		row  PerftRow
		want string
	}{
		{PerftRow{Position: p, Depth: 3, Nodes: 97862, Expected: 97862, Reference: true, RefNodes: 97862}, ""},
		{PerftRow{Position: p, Depth: 3, Nodes: 97861, Expected: 97862, Stockfish: true, SFNodes: 97861},
			"perft mismatch for kiwipete at depth 3: counted 97,861, published 97,862"},
		{PerftRow{Position: p, Depth: 2, Nodes: 2039, Stockfish: true, SFNodes: 2040},
			"perft mismatch for kiwipete at depth 2: plylab 2,039, Stockfish 2,040"},
		{PerftRow{Position: p, Depth: 1, Nodes: 2, Reference: true, RefNodes: 3, Divide: []board.DivideEntry{e("a2a3", 1), e("b2b3", 1)},
			RefDivide: []board.DivideEntry{e("a2a3", 1), e("b2b3", 1), e("e1g1", 1)}},
			"perft mismatch for kiwipete at depth 1: plylab 2, notnil/chess 3; first differing root move e1g1 (generated only by notnil/chess)"},
	} {
		err := (&PerftResult{Rows: []PerftRow{tt.row}}).Mismatch()
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Mismatch = %q, want %q", got, tt.want)
		}
	}
}
