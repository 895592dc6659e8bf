package tune

import (
	"context"
	"errors"
	"math"

	"github.com/plylab/plylab/engine/eval"
)

// The fit itself: Texel's method, Adam's steps over the training set's
// features, the held-out error that keeps the best epoch.

// Options control Tune.
type Options struct {
	// Epochs is the number of full passes (0 means 200).
	Epochs int
	// Rate is Adam's step size in centipawns (0 means 1).
	Rate float64
	// K is the sigmoid's scaling constant (0 means fit it with FitK on
	// the starting weights).
	K float64
	// Terms limits tuning to the features of these terms (0 means all);
	// the other weights keep their starting values.
	Terms eval.Terms
	// L2 adds L2*(w - start)² per weight, in error units per centipawn²,
	// to the error being minimised (ridge regularisation): with few games,
	// weights that the data barely determine stay near their start instead
	// of wandering to fit noise. 0 means none.
	L2 float64
	// Squares also fits the piece-square corrections (eval.Squares), 384
	// pairs more, starting from StartSquares; without it they stay at
	// their start and only the term weights move.
	Squares bool
	// StartSquares are the corrections to start from (nil means
	// eval.DefaultSquares).
	StartSquares *eval.Squares
	// Progress, if set, is called after every epoch with the epoch number
	// (1-based) and the error of the rounded weights.
	Progress func(epoch int, err float64)
}

// Result is what Tune found.
type Result struct {
	K              float64
	Start, Weights eval.Weights
	// StartSquares and Squares are the piece-square corrections before
	// and after (the same unless Options.Squares).
	StartSquares, Squares eval.Squares
	ErrorBefore, ErrorNow float64
	// ValidBefore and ValidNow are the held-out positions' errors (0
	// without held-out positions). With them, Weights are the epoch's
	// with the lowest held-out error (early stopping), not the lowest
	// training error.
	ValidBefore, ValidNow float64
	// Errors and ValidErrors are the errors of the rounded weights after
	// each epoch.
	Errors, ValidErrors []float64
	// Epochs is how many epochs ran (fewer than asked if ctx was
	// cancelled).
	Epochs int
}

// Tune fits the weights to the set with Texel's method, starting from
// start, and returns the rounded weights with the error before and after.
// Cancelling ctx stops after the current epoch with the best weights so
// far.
func Tune(ctx context.Context, set *Set, start eval.Weights, opts Options) (*Result, error) {
	if len(set.Samples) == 0 {
		return nil, errors.New("tune: the training set has no positions")
	}
	if opts.Epochs <= 0 {
		opts.Epochs = 200
	}
	if opts.Rate <= 0 {
		opts.Rate = 1
	}
	if opts.Terms == 0 {
		opts.Terms = eval.AllTerms
	}
	sq0 := &eval.DefaultSquares
	if opts.StartSquares != nil {
		sq0 = opts.StartSquares
	}
	r := &Result{Start: start, Weights: start, StartSquares: *sq0, Squares: *sq0, K: opts.K}
	if r.K == 0 {
		r.K = set.FitKSquares(&start, sq0)
	}
	r.ErrorBefore = set.ErrorSquares(&start, sq0, r.K)
	r.ErrorNow = r.ErrorBefore
	r.ValidBefore = set.ValidErrorSquares(&start, sq0, r.K)
	r.ValidNow = r.ValidBefore
	p0 := toParams(&start, sq0)
	p := p0
	var m, v params // Adam's moment estimates
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	n := float64(len(set.Samples))
	ln10k := math.Ln10 * r.K / 400
	// adam moves one parameter x (with start x0) by its gradient g.
	adam := func(x, x0, g float64, m, v *float64, t float64) float64 {
		g += 2 * opts.L2 * (x - x0)
		*m = beta1**m + (1-beta1)*g
		*v = beta2**v + (1-beta2)*g*g
		mh := *m / (1 - math.Pow(beta1, t))
		vh := *v / (1 - math.Pow(beta2, t))
		return x - opts.Rate*mh/(math.Sqrt(vh)+eps)
	}
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		if ctx.Err() != nil {
			break
		}
		var grad params
		for i := range set.Samples {
			s := &set.Samples[i]
			sig := sigmoid(s.score(&p), r.K)
			// d(error)/d(score) for this sample, then the chain rule
			// through the taper: a middlegame weight counts phase/24 of
			// its feature, an endgame weight (24−phase)/24 times the scale.
			d := -2 * (s.Result - sig) * sig * (1 - sig) * ln10k / n
			ph := float64(s.Phase) / 24
			dmg, deg := d*ph, d*(1-ph)*float64(s.Scale)/eval.ScaleNormal
			for j, c := range s.Features {
				if c != 0 {
					grad.w[j][0] += dmg * float64(c)
					grad.w[j][1] += deg * float64(c)
				}
			}
			if opts.Squares {
				for _, v := range s.Pieces {
					if v == 0 {
						break
					}
					if v > 0 {
						grad.sq[v-1][0] += dmg
						grad.sq[v-1][1] += deg
					} else {
						grad.sq[-v-1][0] -= dmg
						grad.sq[-v-1][1] -= deg
					}
				}
			}
		}
		t := float64(epoch)
		for j := range p.w {
			if eval.Feature(j).Term()&opts.Terms == 0 {
				continue
			}
			for h := range 2 {
				p.w[j][h] = adam(p.w[j][h], p0.w[j][h], grad.w[j][h], &m.w[j][h], &v.w[j][h], t)
			}
		}
		if opts.Squares {
			for j := range p.sq {
				for h := range 2 {
					p.sq[j][h] = adam(p.sq[j][h], p0.sq[j][h], grad.sq[j][h], &m.sq[j][h], &v.sq[j][h], t)
				}
			}
		}
		w, sq := p.round()
		e := set.ErrorSquares(&w, &sq, r.K)
		r.Errors = append(r.Errors, e)
		r.Epochs = epoch
		if len(set.Valid) > 0 {
			ve := set.ValidErrorSquares(&w, &sq, r.K)
			r.ValidErrors = append(r.ValidErrors, ve)
			if ve < r.ValidNow {
				r.ValidNow, r.ErrorNow, r.Weights, r.Squares = ve, e, w, sq
			}
		} else if e < r.ErrorNow {
			r.ErrorNow, r.Weights, r.Squares = e, w, sq
		}
		if opts.Progress != nil {
			opts.Progress(epoch, e)
		}
	}
	return r, nil
}
