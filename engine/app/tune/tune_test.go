package tune

import (
	"context"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// Three short games, with results, that the tests tune on.
const testPGN = `[Event "a"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6
16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 1-0

[Event "b"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "c"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5
9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5
16. O-O Qb7 17. Be2 Nd7 1/2-1/2
`

func TestReadPGN(t *testing.T) {
	set, err := ReadPGN(strings.NewReader(testPGN), "test", ExtractOptions{SkipPlies: 4})
	if err != nil {
		t.Fatal(err)
	}
	// Game b ends at ply 4 (mate), so it adds no position after ply 4.
	// 39 plies, 4 and 34: positions from ply 4 on are 36, 1 and 31.
	if set.Games != 3 || set.Positions != 36+1+31 {
		t.Errorf("games %d, positions %d; want 3 and 68", set.Games, set.Positions)
	}
	if len(set.Samples) == 0 || len(set.Samples) > set.Positions {
		t.Fatalf("samples %d of %d positions", len(set.Samples), set.Positions)
	}
	for _, s := range set.Samples {
		if s.Result != 1 && s.Result != 0.5 && s.Result != 0 {
			t.Errorf("result %v", s.Result)
		}
	}
	if _, err := ReadPGN(strings.NewReader("not a pgn"), "junk", ExtractOptions{}); err == nil {
		t.Error("junk: no error")
	}
	if _, err := ReadPGN(strings.NewReader("[Result \"*\"]\n\n1. e4 *\n"), "unfinished", ExtractOptions{}); err == nil ||
		!strings.Contains(err.Error(), "no finished games") {
		t.Errorf("unfinished games: error %v", err)
	}
}

func TestQuiet(t *testing.T) {
	for fen, want := range map[string]bool{
		board.StartFEN: true,
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2":     true,  // exd5 is an even trade (SEE 0)
		"rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3": false, // Nxg5 wins the queen
		"rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3":    false, // in check
	} {
		b, err := board.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Quiet(b); got != want {
			t.Errorf("Quiet(%q) = %v, want %v", fen, got, want)
		}
	}
}

// TestSampleScoreMatchesEvaluate: the tuner's linear view of a sample
// gives the engine's classical evaluation (White's view), to within the
// rounding of the taper.
func TestSampleScoreMatchesEvaluate(t *testing.T) {
	for _, fen := range []string{board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/4kb2/8/3PK3/8/8/3B4 w - - 0 50", "8/5k2/8/1p6/8/8/6P1/6K1 b - - 0 40"} {
		b, _ := board.FromFEN(fen)
		s := NewSample(b, 0.5, eval.AllTerms, &eval.DefaultWeights)
		p := toParams(&eval.DefaultWeights, &eval.DefaultSquares)
		white := eval.Explain(b, eval.Classical).White
		if got := s.score(&p); got < float64(white)-1 || got > float64(white)+1 {
			t.Errorf("%q: sample score %.2f, evaluation %d", fen, got, white)
		}
	}
}

// TestTuneDeterministic tunes on the three games twice: the same weights
// both times, and a lower error than the start.
func TestTuneDeterministic(t *testing.T) {
	set, err := ReadPGN(strings.NewReader(testPGN), "test", ExtractOptions{SkipPlies: 2})
	if err != nil {
		t.Fatal(err)
	}
	run := func() *Result {
		r, err := Tune(context.Background(), set, eval.DefaultWeights, Options{Epochs: 30, Rate: 2})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := run(), run()
	if a.Weights != b.Weights || a.ErrorNow != b.ErrorNow || a.K != b.K {
		t.Fatalf("two runs differ: %v / %v", a.Weights, b.Weights)
	}
	if !(a.ErrorNow < a.ErrorBefore) {
		t.Errorf("error %.6f after, %.6f before: tuning did not lower it", a.ErrorNow, a.ErrorBefore)
	}
	if a.Epochs != 30 || len(a.Errors) != 30 {
		t.Errorf("epochs %d, errors %d", a.Epochs, len(a.Errors))
	}
	// Terms limits what moves.
	r, _ := Tune(context.Background(), set, eval.DefaultWeights, Options{Epochs: 10, Terms: eval.TermTempo})
	for i := range r.Weights {
		if eval.Feature(i) != eval.FTempo && r.Weights[i] != eval.DefaultWeights[i] {
			t.Errorf("tuning only tempo moved %v", eval.Feature(i))
		}
	}
	// A cancelled context stops before the first epoch.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, _ = Tune(ctx, set, eval.DefaultWeights, Options{Epochs: 10})
	if r.Epochs != 0 || r.Weights != eval.DefaultWeights {
		t.Errorf("cancelled: %d epochs", r.Epochs)
	}
}

func TestFitK(t *testing.T) {
	// Three samples whose results a sigmoid with K near 1 explains well.
	set := &Set{Samples: []Sample{
		{Result: 1, MG: 400, EG: 400, Phase: 24, Scale: 64},
		{Result: 0, MG: -400, EG: -400, Phase: 24, Scale: 64},
		{Result: 0.5, Phase: 24, Scale: 64},
	}}
	var zero eval.Weights
	k := set.FitK(&zero)
	if k != 3 { // the more confident the better, up to the search's bound
		t.Errorf("K = %v, want the upper bound 3", k)
	}
	set.Samples = append(set.Samples, Sample{Result: 0, MG: 400, EG: 400, Phase: 24, Scale: 64},
		Sample{Result: 1, MG: -400, EG: -400, Phase: 24, Scale: 64})
	if k := set.FitK(&zero); k != 0.1 {
		t.Errorf("K = %v for results that contradict the scores, want the lower bound 0.1", k)
	}
}

// TestHoldout: games are held out two at a time (a match plays each
// opening twice), and early stopping keeps the epoch with the lowest
// held-out error.
func TestHoldout(t *testing.T) {
	games := testPGN + "\n" + testPGN // six games: pairs (1,2), (3,4), (5,6)
	set, err := ReadPGN(strings.NewReader(games), "test", ExtractOptions{SkipPlies: 2, Holdout: 2})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := ReadPGN(strings.NewReader(games), "test", ExtractOptions{SkipPlies: 2})
	// Held out: pairs 1 and 3 (games 1, 2, 5 and 6); trained on: 3 and 4.
	first, _ := ReadPGN(strings.NewReader(testPGN), "test", ExtractOptions{SkipPlies: 2})
	if len(set.Samples)+len(set.Valid) != len(all.Samples) || len(set.Valid) == 0 || len(set.Samples) == 0 {
		t.Fatalf("training %d + held out %d != %d", len(set.Samples), len(set.Valid), len(all.Samples))
	}
	if len(set.Valid)+len(set.Samples) != 2*len(first.Samples) {
		t.Errorf("sizes %d + %d, want %d in all", len(set.Samples), len(set.Valid), 2*len(first.Samples))
	}
	r, err := Tune(context.Background(), set, eval.DefaultWeights, Options{Epochs: 20, Rate: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.ValidErrors) != 20 {
		t.Fatalf("%d held-out errors", len(r.ValidErrors))
	}
	best := r.ValidBefore
	for _, e := range r.ValidErrors {
		best = min(best, e)
	}
	if r.ValidNow != best || set.ValidError(&r.Weights, r.K) != best {
		t.Errorf("kept held-out error %v, best seen %v", r.ValidNow, best)
	}
}

// TestL2 pulls the weights towards the start: with a strong pull they
// move less than without.
func TestL2(t *testing.T) {
	set, _ := ReadPGN(strings.NewReader(testPGN), "test", ExtractOptions{SkipPlies: 2})
	dist := func(l2 float64) float64 {
		r, _ := Tune(context.Background(), set, eval.DefaultWeights, Options{Epochs: 40, Rate: 2, L2: l2, K: 1})
		var d float64
		for i := range r.Weights {
			for h := 0; h < 2; h++ {
				x := float64(r.Weights[i][h] - eval.DefaultWeights[i][h])
				d += x * x
			}
		}
		return d
	}
	if free, pulled := dist(0), dist(1); !(pulled < free) {
		t.Errorf("distance from start: %v with L2, %v without", pulled, free)
	}
}

func TestSetAdd(t *testing.T) {
	a := &Set{Samples: make([]Sample, 3), Valid: make([]Sample, 1), Games: 2, Positions: 40, Source: "a.pgn"}
	b := &Set{Samples: make([]Sample, 5), Games: 1, Positions: 30, Source: "b.pgn"}
	a.Add(b)
	if len(a.Samples) != 8 || len(a.Valid) != 1 || a.Games != 3 || a.Positions != 70 || a.Source != "a.pgn, b.pgn" {
		t.Errorf("after Add: %d samples, %d held out, %d games, %d positions, source %q", len(a.Samples), len(a.Valid), a.Games, a.Positions, a.Source)
	}
}

// TestTuneSquares fits a piece-square correction with a known answer.
// Every sample is a middlegame position (phase 24) whose only term is
// one knight on e5 (White's, or Black's on e4 seen from its side, with
// the result mirrored), and whose result is what a 100 cp score predicts
// with K = 1: the fit must find a correction of 100 for the knight on e5
// in the middlegame, leave its endgame half (which phase 24 does not
// count) and every other square alone, and lower the error to about 0.
// Without Options.Squares nothing moves.
// The squares e5 and e4 (A1 = 0, rank by rank).
const sqE5, sqE4 = board.Square(4*8 + 4), board.Square(3*8 + 4)

func TestTuneSquares(t *testing.T) {
	e5 := eval.SquareIndex(board.White, sqE5)
	if e4 := eval.SquareIndex(board.Black, sqE4); e4 != e5 {
		t.Fatalf("SquareIndex: White's e5 is %d, Black's e4 %d; want the same", e5, e4)
	}
	knight := int16(1 + (int(board.Knight)-1)*64 + e5)
	target := sigmoid(100, 1)
	set := &Set{Samples: []Sample{
		{Result: target, Phase: 24, Scale: eval.ScaleNormal, Pieces: [32]int16{knight}},
		{Result: 1 - target, Phase: 24, Scale: eval.ScaleNormal, Pieces: [32]int16{-knight}},
	}}
	zero := eval.Squares{}
	r, err := Tune(context.Background(), set, eval.Weights{}, Options{Epochs: 1500, Rate: 1, K: 1, Squares: true, StartSquares: &zero})
	if err != nil {
		t.Fatal(err)
	}
	got := r.Squares[board.Knight][e5]
	if got[0] != 100 || got[1] != 0 {
		t.Errorf("knight on e5: correction %v, want {100 0}", got)
	}
	moved := 0
	for pt := range r.Squares {
		for i, d := range r.Squares[pt] {
			if d != ([2]int16{}) && !(pt == int(board.Knight) && i == e5) {
				moved++
			}
		}
	}
	if moved != 0 || r.Weights != (eval.Weights{}) {
		t.Errorf("%d other corrections and weights %v moved; only the knight's should", moved, r.Weights)
	}
	if r.ErrorNow > 1e-6 || r.ErrorNow >= r.ErrorBefore {
		t.Errorf("error %.8f after, %.8f before; want about 0 after", r.ErrorNow, r.ErrorBefore)
	}
	if e := set.ErrorSquares(&r.Weights, &r.Squares, r.K); e != r.ErrorNow {
		t.Errorf("ErrorSquares of the result %.8f, the run's %.8f", e, r.ErrorNow)
	}
	r, _ = Tune(context.Background(), set, eval.Weights{}, Options{Epochs: 50, K: 1, StartSquares: &zero})
	if r.Squares != zero {
		t.Errorf("without Options.Squares the corrections moved")
	}
}
