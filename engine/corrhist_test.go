package engine

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// TestCorrectionUpdate checks the update itself on the start position: one
// exact result 100 cp above the raw evaluation at depth 7 (weight 8 of
// 256) moves the entry to 100·256·8/256 = 800, a correction of 3 cp; a
// bound on the wrong side of the corrected evaluation and a mate teach
// nothing; the other side to move and another pawn structure are
// untouched; many updates stop at ±corrMax; the static evaluation adds the
// correction; Clear forgets it.
func TestCorrectionUpdate(t *testing.T) {
	s := NewSearcher(mustAlgo(t, "engine-with-corrhist"))
	b := mustBoard(t, board.StartFEN)
	raw := s.evaluate(b)
	entry := func(b *board.Board) int32 { return s.corr.pawns[b.Side()][corrIndex(b)] }

	s.updateCorrection(b, 7, raw+100, Exact)
	if got := entry(b); got != 800 {
		t.Fatalf("after one exact update 100 cp above at depth 7: entry %d, want 800", got)
	}
	if got := s.correction(b); got != 3 {
		t.Errorf("correction %d, want 3", got)
	}
	if got := s.staticEval(b); got != raw+3 {
		t.Errorf("static eval %d, want raw %d + 3", got, raw)
	}
	// A fail high at or below the corrected evaluation, a fail low above
	// it, and a mate score: no change.
	for _, u := range []struct {
		best  int
		bound Bound
	}{{raw + 3, Lower}, {raw - 50, Lower}, {raw + 50, Upper}, {MateScore - 5, Exact}, {-MateScore + 5, Exact}} {
		s.updateCorrection(b, 7, u.best, u.bound)
		if got := entry(b); got != 800 {
			t.Errorf("update best %d bound %v changed the entry to %d, want 800", u.best, u.bound, got)
		}
	}
	// A fail low below it teaches: 800·248/256 + (−100)·256·8/256 = 775 − 800.
	s.updateCorrection(b, 7, raw-100, Upper)
	if got := entry(b); got != -25 {
		t.Errorf("after a fail low 100 cp below: entry %d, want -25", got)
	}

	other := mustBoard(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	moved := mustBoard(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
	if entry(other) != 0 || entry(moved) != 0 {
		t.Errorf("other side %d, other pawns %d; want 0 and 0", entry(other), entry(moved))
	}
	for range 1000 {
		s.updateCorrection(b, 20, raw+500, Exact)
	}
	if got := s.correction(b); got != corrMax {
		t.Errorf("after 1000 updates 500 cp above: correction %d, want %d", got, corrMax)
	}
	for range 1000 {
		s.updateCorrection(b, 20, raw-500, Exact)
	}
	if got := s.correction(b); got != -corrMax {
		t.Errorf("after 1000 updates 500 cp below: correction %d, want %d", got, -corrMax)
	}
	s.Clear()
	if got := s.correction(b); got != 0 {
		t.Errorf("after Clear: correction %d, want 0", got)
	}
	if NewSearcher(mustAlgo(t, "engine")).correction(b) != 0 {
		t.Error("engine without corrhist corrects the evaluation")
	}
}

// TestProbCut checks ProbCut's move loop on built positions: a queen left
// to a pawn is taken and ends the node 200 cp above the static evaluation,
// stored in the table as a lower bound four plies shallower; a position
// without captures tries nothing; a capture whose exchange cannot reach
// the bound (a pawn taking a pawn defended by a pawn) is not tried.
func TestProbCut(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		ok        bool
		move      string
		tries     uint64
	}{
		{"queen en prise to a pawn", "rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 1", true, "c3d4", 1},
		{"no captures", board.StartFEN, false, "0000", 0},
		{"pawn takes a defended pawn", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", false, "0000", 0},
	} {
		s := NewSearcher(mustAlgo(t, "engine-with-probcut"))
		b := mustBoard(t, tc.fen)
		s.begin(context.Background(), b, Limits{}, nil)
		ev := s.staticEval(b)
		v, m, ok := s.probCut(1, 6, ev+probCutMargin, ev)
		if ok != tc.ok || m.String() != tc.move || s.stats.ProbCutTries != tc.tries {
			t.Errorf("%s: cut %v by %s after %d tries; want %v by %s after %d", tc.name, ok, m, s.stats.ProbCutTries, tc.ok, tc.move, tc.tries)
			continue
		}
		if !ok {
			continue
		}
		if v < ev+probCutMargin {
			t.Errorf("%s: value %d below the bound %d", tc.name, v, ev+probCutMargin)
		}
		e, found := s.tt.probe(b.Hash())
		if !found || e.bound() != Lower || e.depth() != 6-probCutR || e.move() != m {
			t.Errorf("%s: table entry %+v (found %v); want a lower bound at depth %d with %s", tc.name, e, found, 6-probCutR, m)
		}
	}
}

// TestCorrPieces checks the piece tables of corrpieces: one update moves
// the pawn entry and both piece entries alike, the correction is the mean
// of the pawn estimate and the two piece estimates' mean, and a position
// with the same pawns but a knight moved shares only the pawn entry and
// Black's piece entry: (2·800 + 0 + 800) / (4·256) = 2 cp.
func TestCorrPieces(t *testing.T) {
	s := NewSearcher(mustAlgo(t, "engine-with-corrpieces"))
	b := mustBoard(t, board.StartFEN)
	raw := s.evaluate(b)
	s.updateCorrection(b, 7, raw+100, Exact)
	p := s.corr.pawns[board.White][corrIndex(b)]
	w := s.corr.pieces[board.White][board.White][corrPiecesIndex(b, board.White)]
	k := s.corr.pieces[board.White][board.Black][corrPiecesIndex(b, board.Black)]
	if p != 800 || w != 800 || k != 800 {
		t.Fatalf("entries pawns %d, White's pieces %d, Black's pieces %d; want 800 each", p, w, k)
	}
	if got := s.correction(b); got != 3 {
		t.Errorf("correction %d, want 3", got)
	}
	knight := mustBoard(t, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
	if got := s.correction(knight); got != 2 {
		t.Errorf("same pawns, a White knight moved: correction %d, want 2", got)
	}
	if corrPiecesIndex(knight, board.White) == corrPiecesIndex(b, board.White) {
		t.Error("a moved knight hashes to the same piece slot")
	}
	// Without corrpieces the piece tables are neither read nor taught.
	s2 := NewSearcher(mustAlgo(t, "engine"))
	s2.updateCorrection(b, 7, raw+100, Exact)
	if s2.corr.pieces != ([2][2][corrSize]int32{}) || s2.correction(b) != 3 {
		t.Errorf("engine: piece tables touched or correction %d (want 3)", s2.correction(b))
	}
}
