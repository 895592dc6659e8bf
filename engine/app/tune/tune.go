// Package tune fits the classical evaluation's weights to game results
// with Texel's method (Peter Österlund, 2014, for his engine Texel; see
// https://www.chessprogramming.org/Texel%27s_Tuning_Method).
//
// # The idea
//
// An evaluation says "White is 80 centipawns better"; a game result says
// who actually won. Map the score to an expected result with a logistic
// curve, sigmoid(s) = 1 / (1 + 10^(-K·s/400)), so +400 cp is about a 90 %
// expected score, and measure how far the expectations are from the real
// results over many positions: the mean squared error. A good evaluation
// has a small error. Tuning is then ordinary curve fitting: move every
// weight in the direction that lowers the error, and repeat.
//
// Labels are noisy (a won position can still be lost), but with tens of
// thousands of positions the noise averages out and what remains is what a
// term is worth on average. Only quiet positions are used (side to move not
// in check, no capture that wins material), because a static evaluation
// cannot be right in the middle of an exchange and should not be bent to
// fit one.
//
// # Why it is fast
//
// The classical evaluation is linear in its weights (engine/eval's
// classical.go): score = PeSTO + Σ count_i × weight_i, tapered by the game
// phase. So each position's counts are extracted once, and evaluating all
// positions with new weights is a dot product each; the gradient of the
// error has a closed form. One pass over 100,000 positions takes a few
// milliseconds. The weights are fitted in full batches with Adam (an
// adaptive step per weight), which makes the result deterministic: the
// same data and options give the same weights on every run.
package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/pgn"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Sample is one labelled position, reduced to what the classical
// evaluation needs: PeSTO's sums, the phase, the endgame scale and the
// feature counts.
type Sample struct {
	// Result is the label: the game's result for White (1 win, 0.5 draw,
	// 0 loss), blended with a deeper search's expectation when the set
	// was labelled (ExtractOptions.Label).
	Result float64
	// MG and EG are PeSTO's middlegame and endgame sums, White's view.
	MG, EG int32
	// Phase is the game phase, 0..24.
	Phase int8
	// Scale is the endgame scale out of eval.ScaleNormal, decided once
	// with the starting weights.
	Scale int8
	// Features are the classical feature counts, White's minus Black's.
	Features eval.Features
	// Pieces list the pieces for the piece-square corrections
	// (eval.Squares): each is 1 + (piece type − 1)·64 + eval.SquareIndex,
	// negated for Black's pieces; a 0 ends the list.
	Pieces [32]int16
}

// Set is a labelled training set.
type Set struct {
	// Samples are the training positions; Valid the held-out positions
	// (whole games, see ExtractOptions.Holdout) on which the tuner
	// measures whether it generalises or only memorises.
	Samples, Valid []Sample
	// Games is how many games the positions came from; Positions how many
	// positions those games had before filtering.
	Games, Positions int
	// Source describes the data ("grandswiss2019 master games, ...").
	Source string
}

// Add appends o's positions to s, as one set read from both sources: its
// samples and held-out positions, games and positions counted, and its
// source named after s's.
func (s *Set) Add(o *Set) {
	s.Samples = append(s.Samples, o.Samples...)
	s.Valid = append(s.Valid, o.Valid...)
	s.Games += o.Games
	s.Positions += o.Positions
	s.Source += ", " + o.Source
}

// ExtractOptions choose which positions of a game become samples.
type ExtractOptions struct {
	// SkipPlies leaves out each game's first plies (opening theory, where
	// the result says little about the position). 0 means 16.
	SkipPlies int
	// Every keeps every n-th position after SkipPlies (0 or 1: all);
	// neighbouring positions of a game are nearly the same sample.
	Every int
	// Terms are the classical terms whose features are extracted
	// (0 means eval.AllTerms).
	Terms eval.Terms
	// Start are the weights used to decide each sample's endgame scale
	// (nil means eval.DefaultWeights).
	Start *eval.Weights
	// Holdout puts every Holdout-th pair of games (games 1-2, then
	// 2·Holdout+1 and 2·Holdout+2, ...) in Set.Valid instead of
	// Set.Samples; 0 keeps them all for training. Pairs, because
	// `plylab match` plays each opening twice, and at a fixed depth the
	// two games of a self-play pair can be move for move the same: a held-
	// out game whose twin was trained on would measure memory, not skill.
	Holdout int
	// Label, if set, gives each kept position an expected result for White
	// from a deeper search (a Labeller's Label), and LabelWeight says how
	// much of the training label it is: (1 − LabelWeight) × the game's
	// result + LabelWeight × the search's expectation. Held-out positions
	// are labelled the same way, so both errors measure the same target.
	Label       func(*board.Board) (float64, error)
	LabelWeight float64
	// Context, when not nil, stops the reading between games once it is
	// done: ReadPGN then returns its error (Training.Load sets it).
	Context context.Context
}

func (o ExtractOptions) withDefaults() ExtractOptions {
	if o.SkipPlies <= 0 {
		o.SkipPlies = 16
	}
	if o.Every <= 0 {
		o.Every = 1
	}
	if o.Terms == 0 {
		o.Terms = eval.AllTerms
	}
	if o.Start == nil {
		o.Start = &eval.DefaultWeights
	}
	return o
}

// ReadPGN reads labelled positions from the games of a PGN stream. Games
// without a result ("*") are skipped; so are positions in check and
// positions where the side to move has a capture or promotion that wins
// material by static exchange evaluation (not quiet).
func ReadPGN(r io.Reader, source string, opts ExtractOptions) (*Set, error) {
	opts = opts.withDefaults()
	s := &Set{Source: source}
	// pgn.Reader ends the input at a read error, which notnil/chess's
	// scanner alone retries for ever (a directory).
	rd := pgn.NewReader(r)
	sc := chess.NewScanner(rd)
	n := 0
	for sc.Scan() {
		if opts.Context != nil && opts.Context.Err() != nil {
			return nil, opts.Context.Err()
		}
		n++
		g := sc.Next()
		var result float64
		switch g.Outcome() {
		case chess.WhiteWon:
			result = 1
		case chess.BlackWon:
			result = 0
		case chess.Draw:
			result = 0.5
		default:
			continue
		}
		b, err := board.FromFEN(g.Positions()[0].String())
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: start position: %v", source, n, err)
		}
		held := opts.Holdout > 0 && (s.Games/2)%opts.Holdout == 0
		s.Games++
		for ply, m := range g.Moves() {
			mv, err := b.ParseMove(m.String())
			if err != nil {
				return nil, fmt.Errorf("%s: game %d: move %d (%s) is not legal", source, n, ply+1, m)
			}
			b.Make(mv)
			if ply+1 < opts.SkipPlies || (ply+1-opts.SkipPlies)%opts.Every != 0 {
				continue
			}
			s.Positions++
			if !Quiet(b) {
				continue
			}
			label := result
			if opts.Label != nil {
				v, err := opts.Label(b)
				if err != nil {
					return nil, fmt.Errorf("%s: game %d, ply %d: %w", source, n, ply+1, err)
				}
				label = (1-opts.LabelWeight)*result + opts.LabelWeight*v
			}
			if held {
				s.Valid = append(s.Valid, NewSample(b, label, opts.Terms, opts.Start))
			} else {
				s.Samples = append(s.Samples, NewSample(b, label, opts.Terms, opts.Start))
			}
		}
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", source, textfmt.PathCause(err))
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if s.Games == 0 {
		return nil, fmt.Errorf("%s has no finished games (a PGN file with results 1-0, 0-1 or 1/2-1/2 is expected)", source)
	}
	return s, nil
}

// Quiet reports whether b is a quiet position for tuning: the side to
// move is not in check and has no capture or promotion that wins
// material by static exchange evaluation.
func Quiet(b *board.Board) bool {
	if b.InCheck() {
		return false
	}
	var ml board.MoveList
	b.GenerateMoves(&ml)
	if ml.N == 0 {
		return false
	}
	for _, m := range ml.Slice() {
		if (m.IsCapture() || m.IsPromotion()) && engine.SEE(b, m) > 0 {
			return false
		}
	}
	return true
}

// NewSample reduces b to a sample with the given result for White.
func NewSample(b *board.Board, result float64, terms eval.Terms, start *eval.Weights) Sample {
	br := eval.Explain(b, eval.PeSTO)
	s := Sample{Result: result, MG: int32(br.MG), EG: int32(br.EG), Phase: int8(br.Phase), Scale: eval.ScaleNormal}
	eval.Extract(b, terms, &s.Features)
	n := 0
	sqEG := 0 // the start corrections' endgame part, for the scale
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			for bb := b.Pieces(c, t); bb != 0 && n < len(s.Pieces); n++ {
				i := eval.SquareIndex(c, bb.PopLSB())
				v := int16(1 + (int(t)-1)*64 + i)
				d := int(eval.DefaultSquares[t][i][1])
				if c == board.Black {
					v, d = -v, -d
				}
				s.Pieces[n] = v
				sqEG += d
			}
		}
	}
	if terms&eval.TermScaling != 0 {
		eg := br.EG + sqEG
		for i, n := range s.Features {
			eg += int(n) * int(start[i][1])
		}
		s.Scale = int8(eval.Scale(b, eg))
	}
	return s
}

// numSquares is the number of piece-square corrections: 6 piece types
// times 64 squares.
const numSquares = 6 * 64

// params are weights and piece-square corrections as floats, the tuner's
// working copy: w[i][0] is the middlegame weight of feature i, w[i][1]
// the endgame weight; sq[(type−1)·64 + index] the corrections likewise.
type params struct {
	w  [eval.NumFeatures][2]float64
	sq [numSquares][2]float64
}

func toParams(w *eval.Weights, sq *eval.Squares) params {
	var p params
	for i := range w {
		p.w[i] = [2]float64{float64(w[i][0]), float64(w[i][1])}
	}
	for t := 1; t <= 6; t++ {
		for i := range 64 {
			d := sq[t][i]
			p.sq[(t-1)*64+i] = [2]float64{float64(d[0]), float64(d[1])}
		}
	}
	return p
}

func (p *params) round() (eval.Weights, eval.Squares) {
	var w eval.Weights
	for i := range p.w {
		w[i] = [2]int16{int16(math.Round(p.w[i][0])), int16(math.Round(p.w[i][1]))}
	}
	var sq eval.Squares
	for j, d := range p.sq {
		sq[j/64+1][j%64] = [2]int16{int16(math.Round(d[0])), int16(math.Round(d[1]))}
	}
	return w, sq
}

// score is the sample's evaluation from White's point of view with
// parameters p, before rounding: the tuner's view of eval.Evaluate.
func (s *Sample) score(p *params) float64 {
	mg, eg := float64(s.MG), float64(s.EG)
	for i, n := range s.Features {
		if n != 0 {
			mg += float64(n) * p.w[i][0]
			eg += float64(n) * p.w[i][1]
		}
	}
	for _, v := range s.Pieces {
		if v == 0 {
			break
		}
		if v > 0 {
			mg += p.sq[v-1][0]
			eg += p.sq[v-1][1]
		} else {
			mg -= p.sq[-v-1][0]
			eg -= p.sq[-v-1][1]
		}
	}
	ph := float64(s.Phase)
	return (mg*ph + eg*float64(s.Scale)/eval.ScaleNormal*(24-ph)) / 24
}

// sigmoid maps a score to an expected result with scaling constant k.
func sigmoid(score, k float64) float64 {
	return 1 / (1 + math.Pow(10, -k*score/400))
}

// Error is the mean squared error of the weights on the set with scaling
// constant k: the average of (result − sigmoid(k·score))², with the
// engine's piece-square corrections (eval.DefaultSquares).
func (set *Set) Error(w *eval.Weights, k float64) float64 {
	return set.ErrorSquares(w, &eval.DefaultSquares, k)
}

// ErrorSquares is Error with the piece-square corrections sq.
func (set *Set) ErrorSquares(w *eval.Weights, sq *eval.Squares, k float64) float64 {
	p := toParams(w, sq)
	return set.errorOf(&p, k)
}

func (set *Set) errorOf(p *params, k float64) float64 { return meanError(set.Samples, p, k) }

// ValidError is the mean squared error of the weights on the held-out
// positions (0 when there are none), with the engine's piece-square
// corrections.
func (set *Set) ValidError(w *eval.Weights, k float64) float64 {
	return set.ValidErrorSquares(w, &eval.DefaultSquares, k)
}

// ValidErrorSquares is ValidError with the piece-square corrections sq.
func (set *Set) ValidErrorSquares(w *eval.Weights, sq *eval.Squares, k float64) float64 {
	p := toParams(w, sq)
	return meanError(set.Valid, &p, k)
}

func meanError(samples []Sample, p *params, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	var sum float64
	for i := range samples {
		s := &samples[i]
		d := s.Result - sigmoid(s.score(p), k)
		sum += d * d
	}
	return sum / float64(len(samples))
}

// FitK finds the scaling constant K that minimises the error of w on the
// set, by golden-section search over [0.1, 3], to 4 decimals. Texel's
// method fixes K first, so that the tuning moves the weights and not the
// scale of the whole evaluation.
func (set *Set) FitK(w *eval.Weights) float64 {
	return set.FitKSquares(w, &eval.DefaultSquares)
}

// FitKSquares is FitK with the piece-square corrections sq.
func (set *Set) FitKSquares(w *eval.Weights, sq *eval.Squares) float64 {
	p := toParams(w, sq)
	lo, hi := 0.1, 3.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := set.errorOf(&p, a), set.errorOf(&p, b)
	for hi-lo > 1e-5 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = set.errorOf(&p, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = set.errorOf(&p, b)
		}
	}
	return math.Round((lo+hi)/2*1e4) / 1e4
}

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
