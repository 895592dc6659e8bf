// Package train fits an evaluation network (engine/nnue) to labelled
// positions (engine/nnue's records, as engine/app/datagen writes them).
//
// The network predicts a game's expected score from the side to move's
// point of view as sigmoid(output). Each position's target blends the two
// labels a record carries:
//
//	target = λ·sigmoid(score/400) + (1−λ)·result
//
// the search's score, turned into an expectation by the same curve, and
// the game's result (1, ½ or 0). The score is the less noisy of the two
// (a game's result depends on every later move, many of them mistakes),
// but it is only as good as the search that gave it; the result is what
// really happened. λ (--lambda) weighs them; 0.75 is a common choice.
//
// The fit minimises the mean squared error between sigmoid(output) and
// the target by Adam (Kingma and Ba, 2014) over mini-batches, with the
// gradient computed by hand: the network is small enough (one hidden
// layer) that backpropagation is a few lines. Inputs are sparse, 2 to 32
// pieces out of 768 features per view, so the first layer's forward and
// backward passes touch only the rows of the pieces on the board. Weights
// are clipped to ±nnue.WeightClip after every step so that the quantized
// network cannot overflow its 16-bit integers. A batch is cut into a
// fixed number of shards whose gradients are summed in a fixed order, so
// a run is deterministic for a given seed whatever the number of
// goroutines that compute them.
package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/nnue"
)

// Options configure a training run; zero fields take the defaults given.
type Options struct {
	Hidden    int     // hidden neurons (default 256; a multiple of 16)
	Buckets   int     // output buckets by the number of pieces (default 8)
	Epochs    int     // passes over the training positions (default 10)
	BatchSize int     // positions per step (default 16384)
	Rate      float64 // Adam's learning rate (default 0.001)
	// Decay multiplies the rate after every epoch (default 1: constant;
	// e.g. 0.7 to settle).
	Decay   float64
	Lambda  float64 // the score's share of each target, 0 to 1 (default 0.75; set NoLambda for 0)
	Holdout int     // hold out every Holdout-th position to measure the error (default 50; -1: none)
	Seed    uint64  // initial weights and the order of positions
	Workers int     // goroutines per batch (default 1)
	// Progress, if not nil, is called after every epoch.
	Progress func(Epoch)
	// Step, if not nil, is called after every batch with the positions
	// trained on so far in the epoch.
	Step func(epoch, done, total int)
}

// NoLambda asks for a λ of 0 (targets from game results only), which the
// zero value of Lambda cannot say.
const NoLambda = -1

// Defaults is o with each zero field set to its default: the options
// Fit trains with (Lambda NoLambda becomes 0).
func (o Options) Defaults() Options { return o.withDefaults() }

func (o Options) withDefaults() Options {
	if o.Hidden == 0 {
		o.Hidden = 256
	}
	if o.Buckets == 0 {
		o.Buckets = 8
	}
	if o.Epochs == 0 {
		o.Epochs = 10
	}
	if o.BatchSize == 0 {
		o.BatchSize = 16384
	}
	if o.Rate == 0 {
		o.Rate = 0.001
	}
	if o.Decay == 0 {
		o.Decay = 1
	}
	switch o.Lambda {
	case 0:
		o.Lambda = 0.75
	case NoLambda:
		o.Lambda = 0
	}
	if o.Holdout == 0 {
		o.Holdout = 50
	}
	if o.Workers <= 0 {
		o.Workers = 1
	}
	return o
}

// Check reports the first option out of range.
func (o Options) Check() error {
	o = o.withDefaults()
	switch {
	case o.Hidden < 16 || o.Hidden > nnue.MaxHidden || o.Hidden%16 != 0:
		return fmt.Errorf("hidden size %d: expected a multiple of 16 from 16 to %d", o.Hidden, nnue.MaxHidden)
	case o.Buckets < 1 || o.Buckets > nnue.MaxBuckets:
		return fmt.Errorf("output buckets %d: expected 1 to %d", o.Buckets, nnue.MaxBuckets)
	case o.Epochs < 1 || o.Epochs > 10000:
		return fmt.Errorf("epochs %d: expected 1 to 10000", o.Epochs)
	case o.BatchSize < 1 || o.BatchSize > 1<<20:
		return fmt.Errorf("batch size %d: expected 1 to %d", o.BatchSize, 1<<20)
	case !(o.Rate > 0 && o.Rate <= 1):
		return fmt.Errorf("learning rate %g: expected more than 0, at most 1", o.Rate)
	case !(o.Decay > 0 && o.Decay <= 1):
		return fmt.Errorf("decay %g: expected more than 0, at most 1", o.Decay)
	case !(o.Lambda >= 0 && o.Lambda <= 1):
		return fmt.Errorf("lambda %g: expected 0 to 1", o.Lambda)
	case o.Holdout < -1 || o.Holdout == 1:
		return fmt.Errorf("holdout %d: expected 2 or more (every N-th position), or -1 for none", o.Holdout)
	case o.Workers > shards:
		return fmt.Errorf("workers %d: expected at most %d", o.Workers, shards)
	}
	return nil
}

// Epoch reports one pass over the data.
type Epoch struct {
	Epoch     int     // 1-based
	Rate      float64 // the learning rate used in it
	TrainLoss float64 // mean squared error over the training positions, as trained
	TestLoss  float64 // mean squared error over the held-out positions after the epoch (NaN with none)
}

// ErrNoData is returned when there is nothing to train on.
var ErrNoData = errors.New("no training positions")

// Model is a network in floating point, as the trainer fits it.
type Model struct {
	Hidden  int
	Buckets int
	W1      []float32 // NumFeatures × Hidden
	B1      []float32
	W2      []float32 // Buckets × 2·Hidden: each bucket's side-to-move half first
	B2      []float32 // Buckets
}

// NewModel returns a model with random initial weights drawn from seed:
// the first layer uniform in ±0.5/√32, so that the 32 or so rows of a
// position sum to activations of about ±0.3, the output layer uniform in
// ±1/√(2·Hidden), the biases zero.
func NewModel(hidden, buckets int, seed uint64) *Model {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	m := &Model{Hidden: hidden, Buckets: buckets, W1: make([]float32, nnue.NumFeatures*hidden), B1: make([]float32, hidden),
		W2: make([]float32, buckets*2*hidden), B2: make([]float32, buckets)}
	r1 := float32(1 / math.Sqrt(32))
	for i := range m.W1 {
		m.W1[i] = (2*rng.Float32() - 1) * r1 * 0.5
	}
	r2 := float32(1 / math.Sqrt(float64(2*hidden)))
	for i := range m.W2 {
		m.W2[i] = (2*rng.Float32() - 1) * r2
	}
	return m
}

// sample is one decoded training position.
type sample struct {
	us, them []int16 // active features seen from the side to move and from the other side
	pieces   int     // pieces on the board (for the output bucket)
	target   float32
}

// decode turns record r into a sample with target λ·sigmoid(score/400) +
// (1−λ)·result, both from the side to move's point of view. The sample's
// feature lists live in g's scratch space until the next decode.
func (g *grads) decode(r *nnue.Record, lambda float64) sample {
	g.pieces = r.Pieces(g.pieces[:0])
	stm := r.Side()
	g.us, g.them = g.us[:0], g.them[:0]
	for _, ps := range g.pieces {
		g.us = append(g.us, int16(nnue.Feature(stm, ps.Piece, ps.Square)))
		g.them = append(g.them, int16(nnue.Feature(stm.Other(), ps.Piece, ps.Square)))
	}
	score, result := float64(r.Score()), r.Result().Score()
	if stm == board.Black {
		score, result = -score, 1-result
	}
	t := lambda*sigmoid(score/nnue.Scale) + (1-lambda)*result
	return sample{us: g.us, them: g.them, pieces: len(g.pieces), target: float32(t)}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// grads holds one shard's gradient sums and scratch space.
type grads struct {
	w1, b1, w2, b2 []float32
	loss           float64
	accUs          []float32
	accThem        []float32
	pieces         []nnue.PieceSquare
	us, them       []int16
}

func newGrads(h, buckets int) *grads {
	return &grads{w1: make([]float32, nnue.NumFeatures*h), b1: make([]float32, h), w2: make([]float32, buckets*2*h), b2: make([]float32, buckets),
		accUs: make([]float32, h), accThem: make([]float32, h), us: make([]int16, 0, 32), them: make([]int16, 0, 32)}
}

func (g *grads) zero() {
	clear(g.w1)
	clear(g.b1)
	clear(g.w2)
	clear(g.b2)
	g.loss = 0
}

// forward computes the accumulators of s into g's scratch and returns the
// output (before the sigmoid).
func (m *Model) forward(g *grads, s *sample) float32 {
	h := m.Hidden
	accUs, accThem := g.accUs[:h], g.accThem[:h]
	copy(accUs, m.B1)
	copy(accThem, m.B1)
	for _, f := range s.us {
		addF32(accUs, m.W1[int(f)*h:int(f)*h+h])
	}
	for _, f := range s.them {
		addF32(accThem, m.W1[int(f)*h:int(f)*h+h])
	}
	k := nnue.Bucket(s.pieces, m.Buckets)
	out := m.B2[k]
	w2us, w2them := m.W2[2*k*h:(2*k+1)*h], m.W2[(2*k+1)*h:(2*k+2)*h]
	for i, x := range accUs {
		x = min(max(x, 0), 1)
		out += w2us[i] * x * x
	}
	for i, x := range accThem {
		x = min(max(x, 0), 1)
		out += w2them[i] * x * x
	}
	return out
}

// backward adds the gradient of s's squared error to g and returns the
// error.
func (m *Model) backward(g *grads, s *sample) float64 {
	out := m.forward(g, s)
	p := float32(sigmoid(float64(out)))
	diff := p - s.target
	d := 2 * diff * p * (1 - p) // d loss / d out
	h := m.Hidden
	k := nnue.Bucket(s.pieces, m.Buckets)
	g.b2[k] += d
	w2us, w2them := m.W2[2*k*h:(2*k+1)*h], m.W2[(2*k+1)*h:(2*k+2)*h]
	gw2us, gw2them := g.w2[2*k*h:(2*k+1)*h], g.w2[(2*k+1)*h:(2*k+2)*h]
	accUs, accThem := g.accUs[:h], g.accThem[:h]
	// The accumulators now hold d loss / d acc (0 where screlu is flat).
	for i, x := range accUs {
		if x <= 0 || x >= 1 {
			if x >= 1 {
				gw2us[i] += d
			}
			accUs[i] = 0
			continue
		}
		gw2us[i] += d * x * x
		accUs[i] = d * w2us[i] * 2 * x
	}
	for i, x := range accThem {
		if x <= 0 || x >= 1 {
			if x >= 1 {
				gw2them[i] += d
			}
			accThem[i] = 0
			continue
		}
		gw2them[i] += d * x * x
		accThem[i] = d * w2them[i] * 2 * x
	}
	gb1 := g.b1[:h]
	for i := range gb1 {
		gb1[i] += accUs[i] + accThem[i]
	}
	for _, f := range s.us {
		addF32(g.w1[int(f)*h:int(f)*h+h], accUs)
	}
	for _, f := range s.them {
		addF32(g.w1[int(f)*h:int(f)*h+h], accThem)
	}
	return float64(diff * diff)
}

// Predict returns the model's output for record r in centipawns from the
// side to move's point of view (floating point, before quantization).
func (m *Model) Predict(r *nnue.Record) float64 {
	g := newGrads(m.Hidden, m.Buckets)
	s := g.decode(r, 0)
	return float64(m.forward(g, &s)) * nnue.Scale
}

// adam is the optimiser's state for one parameter vector.
type adam struct{ m, v []float32 }

func newAdam(n int) adam { return adam{m: make([]float32, n), v: make([]float32, n)} }

const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// step applies one Adam step with gradient g (already averaged) to w at
// rate lr (bias-corrected for step t), clipping to ±clip.
func (a *adam) step(w, g []float32, lr float64, t int, clip float32) {
	c1 := 1 - math.Pow(beta1, float64(t))
	c2 := 1 - math.Pow(beta2, float64(t))
	alpha := float32(lr * math.Sqrt(c2) / c1)
	m, v := a.m[:len(w)], a.v[:len(w)]
	g = g[:len(w)]
	for i := range w {
		gi := g[i]
		m[i] = beta1*m[i] + (1-beta1)*gi
		v[i] = beta2*v[i] + (1-beta2)*gi*gi
		x := w[i] - alpha*m[i]/(float32(math.Sqrt(float64(v[i])))+epsilon)
		w[i] = min(max(x, -clip), clip)
	}
}

// Result is a finished training run.
type Result struct {
	Model  *Model
	Epochs []Epoch
	Train  int // training positions
	Test   int // held-out positions
}

// Fit trains a model on records. Cancelling ctx stops after the batch
// under way: the result holds the model and the epochs finished so far,
// with ctx's error.
func Fit(ctx context.Context, records []nnue.Record, opts Options) (*Result, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	var trainIdx, testIdx []int
	for i := range records {
		if opts.Holdout > 1 && i%opts.Holdout == opts.Holdout-1 {
			testIdx = append(testIdx, i)
		} else {
			trainIdx = append(trainIdx, i)
		}
	}
	if len(trainIdx) == 0 {
		return nil, ErrNoData
	}
	m := NewModel(opts.Hidden, opts.Buckets, opts.Seed)
	res := &Result{Model: m, Train: len(trainIdx), Test: len(testIdx)}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x73687566))
	parts := make([]*grads, shards)
	for i := range parts {
		parts[i] = newGrads(opts.Hidden, opts.Buckets)
	}
	optW1, optB1, optW2 := newAdam(len(m.W1)), newAdam(len(m.B1)), newAdam(len(m.W2))
	optB2 := newAdam(len(m.B2))
	step := 0
	rate := opts.Rate
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		rng.Shuffle(len(trainIdx), func(i, j int) { trainIdx[i], trainIdx[j] = trainIdx[j], trainIdx[i] })
		var total float64
		for start := 0; start < len(trainIdx); start += opts.BatchSize {
			if err := ctx.Err(); err != nil {
				return res, err
			}
			batch := trainIdx[start:min(start+opts.BatchSize, len(trainIdx))]
			total += m.batchGrads(records, batch, parts, opts.Workers, opts.Lambda)
			g := parts[0]
			inv := float32(1) / float32(len(batch))
			scale(g.w1, inv)
			scale(g.b1, inv)
			scale(g.w2, inv)
			scale(g.b2, inv)
			step++
			optW1.step(m.W1, g.w1, rate, step, nnue.WeightClip)
			optB1.step(m.B1, g.b1, rate, step, 8) // a bias of 8 (2040 quantized) leaves the accumulators room within 16 bits
			optW2.step(m.W2, g.w2, rate, step, nnue.WeightClip)
			optB2.step(m.B2, g.b2, rate, step, 1e6)
			if opts.Step != nil {
				opts.Step(epoch, start+len(batch), len(trainIdx))
			}
		}
		e := Epoch{Epoch: epoch, Rate: rate, TrainLoss: total / float64(len(trainIdx)), TestLoss: math.NaN()}
		if len(testIdx) > 0 {
			e.TestLoss = m.Loss(records, testIdx, opts.Lambda)
		}
		res.Epochs = append(res.Epochs, e)
		if opts.Progress != nil {
			opts.Progress(e)
		}
		rate *= opts.Decay
	}
	return res, nil
}

// shards is the number of parts a batch is cut into, each with its own
// gradient sums. Workers take shards in turn and the shards' sums are
// added in shard order, so the result is the same with any number of
// workers (floating-point addition depends on its order).
const shards = 16

// batchGrads zeroes the shards' gradients, computes them with workers
// goroutines, leaves their sum in parts[0] and returns the summed
// squared error.
func (m *Model) batchGrads(records []nnue.Record, batch []int, parts []*grads, workers int, lambda float64) float64 {
	per := (len(batch) + len(parts) - 1) / len(parts)
	next := make(chan int, len(parts))
	for i := range parts {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				g := parts[p]
				g.zero()
				lo, hi := min(p*per, len(batch)), min((p+1)*per, len(batch))
				for _, i := range batch[lo:hi] {
					s := g.decode(&records[i], lambda)
					g.loss += m.backward(g, &s)
				}
			}
		}()
	}
	wg.Wait()
	g := parts[0]
	total := g.loss
	for _, w := range parts[1:] {
		addF32(g.w1, w.w1)
		addF32(g.b1, w.b1)
		addF32(g.w2, w.w2)
		addF32(g.b2, w.b2)
		total += w.loss
	}
	return total
}

// Loss returns the mean squared error of the model on records[idx] (all
// records when idx is nil).
func (m *Model) Loss(records []nnue.Record, idx []int, lambda float64) float64 {
	g := newGrads(m.Hidden, m.Buckets)
	var total float64
	n := len(idx)
	if idx == nil {
		n = len(records)
	}
	for k := range n {
		i := k
		if idx != nil {
			i = idx[k]
		}
		s := g.decode(&records[i], lambda)
		p := sigmoid(float64(m.forward(g, &s)))
		d := p - float64(s.target)
		total += d * d
	}
	return total / float64(max(n, 1))
}

func scale(v []float32, f float32) {
	for i := range v {
		v[i] *= f
	}
}

// Quantize converts the model to the engine's fixed-point network.
func (m *Model) Quantize(about string) *nnue.Network {
	n := nnue.New(m.Hidden, m.Buckets)
	q := func(x float32, s float64) int16 {
		v := math.Round(float64(x) * s)
		return int16(min(max(v, math.MinInt16), math.MaxInt16))
	}
	for i, x := range m.W1 {
		n.W1[i] = q(x, nnue.QA)
	}
	for i, x := range m.B1 {
		n.B1[i] = q(x, nnue.QA)
	}
	for i, x := range m.W2 {
		n.W2[i] = q(x, nnue.QB)
	}
	for i, x := range m.B2 {
		n.B2[i] = int32(math.Round(float64(x) * nnue.QA * nnue.QB))
	}
	n.About = about
	return n
}

// Table reports the run epoch by epoch: the learning rate and the
// training and held-out errors.
func (r *Result) Table(title string) *textfmt.Table {
	t := &textfmt.Table{Title: title, Columns: []textfmt.Column{{Key: "epoch", Header: "epoch", Right: true},
		{Key: "rate", Header: "rate", Right: true}, {Key: "training_error", Header: "training error", Right: true},
		{Key: "held_out_error", Header: "held-out error", Right: true}}}
	for _, e := range r.Epochs {
		held := textfmt.NullCell("-")
		if !math.IsNaN(e.TestLoss) {
			held = textfmt.FloatCell(e.TestLoss, "%.6f")
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.IntCell(int64(e.Epoch)), textfmt.FloatCell(e.Rate, "%.6f"),
			textfmt.FloatCell(e.TrainLoss, "%.6f"), held})
	}
	t.Notes = []string{fmt.Sprintf("%s training positions, %s held out; errors are mean squared errors of sigmoid(output) against the targets",
		textfmt.Thousands(int64(r.Train)), textfmt.Thousands(int64(r.Test)))}
	return t
}
