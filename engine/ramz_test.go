package engine

import (
	"slices"
	"testing"
)

// The ramz preset has exactly the techniques RAM-Z's paper lists, with its
// null-move guard and its node-level delta test, and nothing else.
func TestRamzPreset(t *testing.T) {
	o, err := ParseAlgo("ramz")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"alphabeta", "id", "tt", "hashmove", "mvvlva", "killers", "history", "null", "quiescence", "delta", "repdraw"}
	if got := o.EnabledNames(); !slices.Equal(got, want) {
		t.Fatalf("ramz techniques %v, want %v", got, want)
	}
	if !o.NullMajorGuard || !o.DeltaNodeOnly || o.DeltaMargin != 1050 || o.NullR != 2 || o.Eval.String() != "pesto" {
		t.Fatalf("ramz: guard %v node-only delta %v margin %d R %d eval %v", o.NullMajorGuard, o.DeltaNodeOnly, o.DeltaMargin, o.NullR, o.Eval)
	}
	if e := EngineOptions(); e.NullMajorGuard || e.DeltaNodeOnly {
		t.Fatalf("engine preset must keep plylab's guard and per-capture delta")
	}
	o, err = ParseAlgo("ramz-without-null")
	if err != nil || o.NullMove || !o.Delta {
		t.Fatalf("ramz-without-null: %v, null %v delta %v", err, o.NullMove, o.Delta)
	}
}

// RAM-Z's null-move guard: with no rook or queen on the board null move is
// never tried, though plylab's own guard (the side to move has a minor
// piece) tries it; with a rook on the board it is tried.
func TestRamzNullGuard(t *testing.T) {
	minors := "4k3/2n2pp1/3p4/8/3P4/2B2N2/5PP1/4K3 w - - 0 1"
	rook := "4k3/2n2pp1/3p4/8/3P4/2B2N2/5PP1/R3K3 w - - 0 1"
	tests := []struct {
		name, fen string
		opts      Options
		tries     uint64
	}{
		{"ramz, minors only", minors, RamzOptions(), 0},
		{"plylab guard, minors only", minors, func() Options { o := RamzOptions(); o.NullMajorGuard = false; return o }(), 600},
		{"ramz, a rook", rook, RamzOptions(), 946},
	}
	for _, tc := range tests {
		r := run(t, tc.fen, tc.opts, 6)
		if r.Stats.NullTries != tc.tries {
			t.Errorf("%s: %d null-move tries, want %d", tc.name, r.Stats.NullTries, tc.tries)
		}
	}
}

// RAM-Z's delta pruning is the node-level test only; plylab's adds a
// per-capture test. Exact counts on a fixed position.
func TestRamzDeltaNodeOnly(t *testing.T) {
	fen := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" // Kiwipete
	tests := []struct {
		name          string
		nodeOnly      bool
		nodes, qnodes uint64
		prunes        uint64
	}{
		{"ramz node-only", true, 25637, 250856, 3852},
		{"with per-capture", false, 25604, 123801, 63958},
	}
	for _, tc := range tests {
		o := RamzOptions()
		o.DeltaNodeOnly = tc.nodeOnly
		r := run(t, fen, o, 5)
		if r.Stats.Nodes != tc.nodes || r.Stats.QNodes != tc.qnodes || r.Stats.DeltaPrunes != tc.prunes {
			t.Errorf("%s: nodes %d qnodes %d delta prunes %d, want %d %d %d", tc.name, r.Stats.Nodes, r.Stats.QNodes, r.Stats.DeltaPrunes, tc.nodes, tc.qnodes, tc.prunes)
		}
	}
}
