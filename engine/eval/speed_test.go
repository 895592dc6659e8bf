package eval

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// searchLikePositions returns the Stockfish bench positions and, for each,
// the positions a few plies below it along a fixed walk of its move list
// (every capture and promotion, then a spread of quiet moves): the mix of
// openings, middlegames and endgames, with pieces hanging and pawns
// half-way through exchanges, that a search evaluates. The walk is
// deterministic, so tests and benchmarks see the same positions every run.
func searchLikePositions(t testing.TB) []*board.Board {
	t.Helper()
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		t.Fatal(err)
	}
	var out []*board.Board
	var walk func(b *board.Board, depth int)
	walk = func(b *board.Board, depth int) {
		out = append(out, b.Copy())
		if depth == 0 {
			return
		}
		var ml board.MoveList
		b.GenerateMoves(&ml)
		for i, m := range ml.Slice() {
			if i%5 != depth%5 && b.PieceAt(m.To()) == board.NoPiece && !m.IsPromotion() {
				continue
			}
			b.Make(m)
			walk(b, depth-1)
			b.Unmake()
		}
	}
	for _, p := range suite.Positions {
		b, err := board.FromFEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		walk(b, 2)
	}
	return out
}

// BenchmarkClassical evaluates every position of searchLikePositions with
// the classical evaluation (all terms, the default weights) and reports
// the time per evaluation:
//
//	go test ./engine/eval -run X -bench Classical -benchmem
func BenchmarkClassical(b *testing.B) {
	boards := searchLikePositions(b)
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		for _, pos := range boards {
			s += Evaluate(pos, Classical)
		}
	}
	sink = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)), "ns/eval")
}

// extractScore is the classical evaluation's slow form, White's view: the
// tuner's dot product of Extract's counts with the weights, plus PeSTO,
// scaled and tapered. The fast path must equal it exactly.
func extractScore(b *board.Board, on Terms, w *Weights) int {
	mg, eg := classicalSums(b)
	var f Features
	Extract(b, on, &f)
	for i, n := range f {
		mg += int(n) * int(w[i][0])
		eg += int(n) * int(w[i][1])
	}
	if on&TermScaling != 0 {
		eg = eg * Scale(b, eg) / ScaleNormal
	}
	return taper(mg, eg, Phase(b))
}

// TestFusedMatchesExtract checks the fused evaluation (EvaluateClassical,
// Evaluate and an Evaluator with its pawn cache) against Extract's dot
// product on the search-like positions, for all terms, no terms, each
// term alone and each term switched off, with the default weights and
// with weights of alternating sign (which catch a feature that is added
// with the wrong sign or into the wrong half).
func TestFusedMatchesExtract(t *testing.T) {
	boards := searchLikePositions(t)
	if len(boards) < 2000 {
		t.Fatalf("only %d positions", len(boards))
	}
	odd := DefaultWeights
	for i := range odd {
		odd[i] = [2]int16{int16(3*i + 1), int16(-5*i - 2)}
	}
	sets := []Terms{AllTerms, 0}
	for _, term := range TermList() {
		sets = append(sets, term, AllTerms&^term)
	}
	for _, w := range []*Weights{&DefaultWeights, &odd} {
		for _, on := range sets {
			ev := NewEvaluator(on, w)
			for _, b := range boards {
				want := extractScore(b, on, w)
				if b.Side() == board.Black {
					want = -want
				}
				if got := EvaluateClassical(b, on, w); got != want {
					t.Fatalf("%s terms %#x: EvaluateClassical = %d, Extract's dot product %d", b.FEN(), on, got, want)
				}
				// Twice: the first call may fill the pawn cache, the second reads it.
				for range 2 {
					if got := ev.Evaluate(b); got != want {
						t.Fatalf("%s terms %#x: Evaluator = %d, Extract's dot product %d", b.FEN(), on, got, want)
					}
				}
				if on == AllTerms && w == &DefaultWeights {
					if got := Evaluate(b, Classical); got != want {
						t.Fatalf("%s: Evaluate = %d, Extract's dot product %d", b.FEN(), got, want)
					}
				}
			}
		}
	}
}

// TestPawnCacheCollision fills a one-slot view of the pawn cache with one
// structure and then looks up another that lands in the same slot: the
// lookup must not return the first structure's score.
func TestPawnCacheCollision(t *testing.T) {
	a := mustFEN(t, "4k3/pp6/8/8/8/8/1P6/4K3 w - - 0 1")
	wa, ba := a.Pieces(board.White, board.Pawn), a.Pieces(board.Black, board.Pawn)
	slot := pawnIndex(wa, ba)
	// Find another pawn structure with the same slot by moving White's
	// pawn along the board and adding Black pawns.
	var wb, bb board.Bitboard
	found := false
	for s1 := board.Square(8); s1 < 56 && !found; s1++ {
		for s2 := board.Square(8); s2 < 56 && !found; s2++ {
			for s3 := board.Square(8); s3 < 56 && !found; s3++ {
				w, bl := board.SquareBB(s1), board.SquareBB(s2)|board.SquareBB(s3)
				if (w != wa || bl != ba) && w&bl == 0 && pawnIndex(w, bl) == slot {
					wb, bb, found = w, bl, true
				}
			}
		}
	}
	if !found {
		t.Fatal("no colliding pawn structure found")
	}
	var c pawnCache
	pw := defaultPacked
	sa, pa := pawnTerms(wa, ba, &pw, &c)
	sb, pb := pawnTerms(wb, bb, &pw, &c)
	rb, rpb := pawnTerms(wb, bb, &pw, nil)
	if sb != rb || pb != rpb {
		t.Errorf("colliding structure: cached (%d, %#x), fresh (%d, %#x)", sb, pb, rb, rpb)
	}
	// The slot now holds the second structure; the first is computed anew.
	ra, rpa := pawnTerms(wa, ba, &pw, nil)
	if sa2, pa2 := pawnTerms(wa, ba, &pw, &c); sa2 != ra || pa2 != rpa || sa != ra || pa != rpa {
		t.Errorf("first structure: cached (%d, %#x) then (%d, %#x), fresh (%d, %#x)", sa, pa, sa2, pa2, ra, rpa)
	}
	if sa == sb && pa == pb {
		t.Errorf("the two structures have the same terms; pick ones that differ")
	}
}

// TestEvaluatorDoesNotAllocate checks the search's evaluation path.
func TestEvaluatorDoesNotAllocate(t *testing.T) {
	b := mustFEN(t, testPositions[6])
	ev := NewEvaluator(AllTerms, nil)
	if n := testing.AllocsPerRun(100, func() { ev.Evaluate(b) }); n != 0 {
		t.Errorf("Evaluator.Evaluate allocates %v times per call", n)
	}
}

// BenchmarkEvaluator is BenchmarkClassical through an Evaluator, as the
// search calls it: the same positions, with the pawn cache.
func BenchmarkEvaluator(b *testing.B) {
	boards := searchLikePositions(b)
	ev := NewEvaluator(AllTerms, nil)
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		for _, pos := range boards {
			s += ev.Evaluate(pos)
		}
	}
	sink = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)), "ns/eval")
}

// TestSquaresCorrections checks that the classical evaluation adds the
// piece-square corrections (DefaultSquares) on both paths and that they
// keep it symmetric: with a made-up table of nonzero corrections, the
// fused evaluation equals the slow form (classicalSums plus Extract's
// dot product), Explain agrees, a mirrored position scores the negation,
// and the PeSTO evaluation is untouched.
func TestSquaresCorrections(t *testing.T) {
	saved := DefaultSquares
	defer func() {
		DefaultSquares = saved
		buildClassicalTable(&DefaultSquares)
	}()
	var odd Squares
	for pt := range odd {
		for i := range odd[pt] {
			odd[pt][i] = [2]int16{int16((7*pt+3*i)%23 - 11), int16((5*pt+i)%19 - 9)}
		}
	}
	DefaultSquares = odd
	buildClassicalTable(&DefaultSquares)
	boards := searchLikePositions(t)
	changed := 0
	for _, b := range boards[:500] {
		want := extractScore(b, AllTerms, &DefaultWeights)
		if b.Side() == board.Black {
			want = -want
		}
		if got := EvaluateClassical(b, AllTerms, &DefaultWeights); got != want {
			t.Fatalf("%s: EvaluateClassical = %d with made-up corrections, slow form %d", b.FEN(), got, want)
		}
		if got := Explain(b, Classical).STM; got != want {
			t.Fatalf("%s: Explain(classical) = %d with made-up corrections, slow form %d", b.FEN(), got, want)
		}
		m := mustFEN(t, mirrorFEN(b.FEN()))
		if got, mirrored := Evaluate(b, Classical), Evaluate(m, Classical); got != mirrored {
			t.Fatalf("%s: %d, mirrored %d: the corrections broke the symmetry", b.FEN(), got, mirrored)
		}
		if Evaluate(b, PeSTO) != pestoScore(b)*map[bool]int{true: 1, false: -1}[b.Side() == board.White] {
			t.Fatalf("%s: the PeSTO evaluation changed with the corrections", b.FEN())
		}
		DefaultSquares = saved
		buildClassicalTable(&DefaultSquares)
		if Evaluate(b, Classical) != want {
			changed++
		}
		DefaultSquares = odd
		buildClassicalTable(&DefaultSquares)
	}
	if changed < 400 {
		t.Errorf("the made-up corrections changed only %d of 500 evaluations", changed)
	}
}
