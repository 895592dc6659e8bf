package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

// materialData returns n positions reached by random moves from the
// start, each labelled with its material balance (P 100, N 300, B 300,
// R 500, Q 900) as the score, and the result that balance points to: a
// function a network can learn exactly.
func materialData(n int, seed uint64) []nnue.Record {
	value := [7]int{0, 100, 300, 300, 500, 900, 0}
	rng := rand.New(rand.NewPCG(seed, 3))
	var out []nnue.Record
	var ml board.MoveList
	for len(out) < n {
		b := board.New()
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			b.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			// Prefer captures, so material changes often.
			m := ml.Moves[rng.IntN(ml.N)]
			for _, c := range ml.Slice() {
				if c.IsCapture() && rng.IntN(2) == 0 {
					m = c
					break
				}
			}
			b.Make(m)
			if ply < 4 || b.InCheck() {
				continue
			}
			score := 0
			for occ := b.Occupied(); occ != 0; {
				s := occ.PopLSB()
				p := b.PieceAt(s)
				if p.Color() == board.White {
					score += value[p.Type()]
				} else {
					score -= value[p.Type()]
				}
			}
			result := nnue.Draw
			switch {
			case score >= 300:
				result = nnue.WhiteWins
			case score <= -300:
				result = nnue.BlackWins
			}
			out = append(out, nnue.Pack(b, score, result))
		}
	}
	return out
}

// TestFitLearnsMaterial: a small network learns the material balance;
// the fit is deterministic (pinned errors, the same with 1 or 3
// goroutines), and the quantized network says what the floating-point
// one says.
func TestFitLearnsMaterial(t *testing.T) {
	data := materialData(3000, 1)
	opts := Options{Hidden: 32, Buckets: 2, Epochs: 8, BatchSize: 128, Rate: 0.01, Lambda: 1, Holdout: 10, Seed: 5}
	res, err := Fit(context.Background(), data, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Workers = 3
	res3, err := Fit(context.Background(), data, opts)
	if err != nil {
		t.Fatal(err)
	}
	var errs string
	for i, e := range res.Epochs {
		errs += fmt.Sprintf("%.6f/%.6f ", e.TrainLoss, e.TestLoss)
		if e != res3.Epochs[i] {
			t.Errorf("epoch %d: 1 worker %+v, 3 workers %+v", i+1, e, res3.Epochs[i])
		}
	}
	const want = "0.060021/0.017048 0.011088/0.007025 0.004174/0.004457 0.001924/0.003207 0.001383/0.002487 0.000777/0.002029 0.000621/0.002160 0.000595/0.002111 "
	if errs != want {
		t.Errorf("errors by epoch\n got %s\nwant %s", errs, want)
	}
	first, last := res.Epochs[0], res.Epochs[len(res.Epochs)-1]
	if !(last.TestLoss < first.TestLoss/4) {
		t.Errorf("held-out error fell from %.6f only to %.6f", first.TestLoss, last.TestLoss)
	}
	// Quantized and floating point agree within a few centipawns.
	net := res.Model.Quantize("test")
	worst, sum := 0.0, 0.0
	for i := range data[:500] {
		b, err := data[i].Board()
		if err != nil {
			t.Fatal(err)
		}
		diff := math.Abs(float64(net.Evaluate(b)) - res.Model.Predict(&data[i]))
		worst, sum = max(worst, diff), sum+diff
	}
	t.Logf("quantized against floating point: mean %.2f cp, worst %.1f cp", sum/500, worst)
	if sum/500 > 4 || worst > 30 {
		t.Errorf("the quantized network differs from the model by %.2f cp on average, up to %.1f cp", sum/500, worst)
	}
	// And it has learned material: a rook up is worth about 500.
	b, _ := board.FromFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	if v := net.Evaluate(b); v < 250 || v > 750 {
		t.Errorf("a rook up scores %d cp", v)
	}
}

func TestCheckOptions(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Hidden: 24}, "hidden size 24"},
		{Options{Epochs: -1}, "epochs -1"},
		{Options{Rate: 2}, "learning rate 2"},
		{Options{Decay: 1.5}, "decay 1.5"},
		{Options{Lambda: 1.5}, "lambda 1.5"},
		{Options{Holdout: 1}, "holdout 1"},
		{Options{Workers: 17}, "workers 17"},
	} {
		if err := c.o.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Check() = %v, want %q", c.o, err, c.want)
		}
	}
	if _, err := Fit(context.Background(), nil, Options{}); err != ErrNoData {
		t.Errorf("Fit with no data: %v", err)
	}
}

// TestCancelledFit returns the model so far with the context's error.
func TestCancelledFit(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	data := materialData(500, 2)
	res, err := Fit(ctx, data, Options{Hidden: 16, Epochs: 100, BatchSize: 50, Progress: func(e Epoch) {
		if e.Epoch == 2 {
			cancel()
		}
	}})
	if err != context.Canceled || res == nil || len(res.Epochs) != 2 {
		t.Errorf("got %v with %v", err, res)
	}
}
