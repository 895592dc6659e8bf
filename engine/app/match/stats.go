package match

import (
	"fmt"
	"math"
)

// Statistics of a match, from the first player's point of view.
//
// Score. With W wins, D draws and L losses in N = W+D+L games the score is
//
//	p = (W + D/2) / N
//
// Elo difference. Under the logistic model a player rated d points above
// its opponent is expected to score 1/(1 + 10^(−d/400)); solving for d,
//
//	Elo(p) = −400 · log10(1/p − 1)
//
// (+∞ at p = 1, −∞ at p = 0).
//
// 95 % interval. Each game's result x is 1, ½ or 0 (a trinomial
// variable). With the draw rate δ = D/N, a true score p gives one game a
// variance of p(1−p) − δ/4 (E[x²] = p − δ/4), estimated from the match as
//
//	σ² = p̂(1−p̂) − δ/4 = (W(1−p̂)² + D(½−p̂)² + L·p̂²) / N
//
// The interval is the set of true scores p that the observed p̂ does not
// reject at the 5 % level, |p̂ − p| ≤ z·√((p(1−p) − δ/4)/N) with
// z = 1.959964 (Wilson's score interval, carried over to draws with the
// draw rate held at its observed value). Solving the quadratic,
//
//	p = (2N·p̂ + z² ± z·√(4N·σ² + z²(1−δ))) / (2(N + z²))
//
// and the Elo interval is Elo of its two ends. Without draws this is
// Wilson's interval; for many games it approaches the plain normal
// approximation p̂ ± z·√(σ²/N) that cutechess-cli uses, but unlike that one
// it stays finite at a perfect score (20 wins in 20 games: p ≥ 0.839,
// Elo ≥ +286) and is not symmetric around the estimate, as Elo is not.
// Only draws-only matches get an empty-width interval (at p̂ = ½).
//
// LOS (likelihood of superiority), the probability that the first player
// is the stronger given W and L (draws carry no information here):
//
//	LOS = ½ · (1 + erf((W − L) / √(2(W + L))))

// z95 is the two-sided 95 % quantile of the standard normal distribution.
const z95 = 1.959963984540054

// WDL counts wins, draws and losses from one player's point of view.
type WDL struct {
	W, D, L int
}

// N is the number of games.
func (s WDL) N() int { return s.W + s.D + s.L }

// Add counts one result: 1 win, 0.5 draw, 0 loss.
func (s *WDL) Add(score float64) {
	switch score {
	case 1:
		s.W++
	case 0:
		s.L++
	default:
		s.D++
	}
}

// Plus returns the sum of two counts.
func (s WDL) Plus(o WDL) WDL { return WDL{s.W + o.W, s.D + o.D, s.L + o.L} }

// Score is the mean score p = (W + D/2)/N, NaN with no games.
func (s WDL) Score() float64 {
	n := s.N()
	if n == 0 {
		return math.NaN()
	}
	return (float64(s.W) + float64(s.D)/2) / float64(n)
}

// Percent returns the percentages of wins, draws and losses (NaN with no
// games).
func (s WDL) Percent() (w, d, l float64) {
	n := float64(s.N())
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	return 100 * float64(s.W) / n, 100 * float64(s.D) / n, 100 * float64(s.L) / n
}

// Variance is σ², the variance of one game's result (see above).
func (s WDL) Variance() float64 {
	n := float64(s.N())
	if n == 0 {
		return math.NaN()
	}
	p := s.Score()
	return (float64(s.W)*(1-p)*(1-p) + float64(s.D)*(0.5-p)*(0.5-p) + float64(s.L)*p*p) / n
}

// EloFromScore is the Elo difference that makes p the expected score:
// −400·log10(1/p − 1); +Inf for p ≥ 1, −Inf for p ≤ 0.
func EloFromScore(p float64) float64 {
	switch {
	case math.IsNaN(p):
		return math.NaN()
	case p >= 1:
		return math.Inf(1)
	case p <= 0:
		return math.Inf(-1)
	}
	if p == 0.5 {
		return 0 // not −0
	}
	return -400 * math.Log10(1/p-1)
}

// ScoreFromElo is the expected score of a player d Elo above its opponent:
// 1/(1 + 10^(−d/400)).
func ScoreFromElo(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// Elo returns the Elo difference and its 95 % interval (see above). With
// no games all three are NaN; with a perfect or nil score the estimate is
// infinite and so is one end of the interval.
func (s WDL) Elo() (elo, lo, hi float64) {
	if s.N() == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	plo, phi := s.ScoreInterval()
	return EloFromScore(s.Score()), EloFromScore(plo), EloFromScore(phi)
}

// ScoreInterval returns the 95 % interval of the score (see above).
func (s WDL) ScoreInterval() (lo, hi float64) {
	n := float64(s.N())
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	p, v, delta := s.Score(), s.Variance(), float64(s.D)/n
	z2 := z95 * z95
	mid := 2*n*p + z2
	half := z95 * math.Sqrt(max(4*n*v+z2*(1-delta), 0))
	den := 2 * (n + z2)
	lo, hi = max((mid-half)/den, 0), min((mid+half)/den, 1)
	// Rounding must not turn an end at exactly 0 or 1 into a finite Elo.
	if s.W == 0 && s.D == 0 {
		lo = 0
	}
	if s.L == 0 && s.D == 0 {
		hi = 1
	}
	return lo, hi
}

// LOS is the likelihood of superiority (see above); NaN without decisive
// games.
func (s WDL) LOS() float64 {
	if s.W+s.L == 0 {
		return math.NaN()
	}
	return 0.5 * (1 + math.Erf(float64(s.W-s.L)/math.Sqrt(2*float64(s.W+s.L))))
}

// String is "+W =D -L".
func (s WDL) String() string { return fmt.Sprintf("+%d =%d -%d", s.W, s.D, s.L) }

// SPRT, the sequential probability ratio test.
//
// It tests H0: "the Elo difference is elo0" against H1: "it is elo1" after
// every game, and stops as soon as the log-likelihood ratio LLR leaves
// the interval (A, B), with Wald's bounds for false-positive rate α and
// false-negative rate β:
//
//	A = ln(β / (1−α)),  B = ln((1−β) / α)      (α = β = 0.05: ±2.944)
//
// LLR ≥ B accepts H1 (the engine is at least elo1 stronger), LLR ≤ A
// accepts H0 (it is at most elo0).
//
// The LLR is the generalized log-likelihood ratio of the trinomial
// model, as fishtest computes it (Michel Van den Bergh's GSPRT): each game
// is a win, draw or loss (x = 1, ½, 0) with unknown probabilities; under
// a hypothesis with expected score s (s0 = ScoreFromElo(elo0), s1 likewise)
// the probabilities are those of largest likelihood for the observed
// frequencies f_i among distributions with mean s,
//
//	p_i(s) = f_i / (1 + λ(x_i − s)),  λ such that Σ p_i(s) = 1
//
// (λ found by bisection), and
//
//	LLR = Σ n_i · ln(p_i(s1) / p_i(s0))
//
// over the three outcomes with counts n_i. Like fishtest, counts of zero
// are replaced by 0.001 so that a one-sided start (three wins and nothing
// else) keeps every outcome possible. Near s0 and s1 and for many games
// the LLR equals the well-known normal approximation
// N·(s1 − s0)·(2p − s0 − s1)/(2σ²), which, unlike this, explodes when σ²
// is near zero (it would accept H1 after three straight wins).

// SPRT holds the hypotheses and error rates of a sequential test.
type SPRT struct {
	Elo0, Elo1  float64 // H0 and H1 Elo differences, Elo0 < Elo1
	Alpha, Beta float64 // error rates; 0 means 0.05
}

// Verdict is the state of an SPRT.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota // neither bound reached: play on
	AcceptH0                // LLR ≤ A: the difference is at most elo0
	AcceptH1                // LLR ≥ B: the difference is at least elo1
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "no decision yet"
}

func (t SPRT) rates() (alpha, beta float64) {
	alpha, beta = t.Alpha, t.Beta
	if alpha <= 0 {
		alpha = 0.05
	}
	if beta <= 0 {
		beta = 0.05
	}
	return alpha, beta
}

// Bounds returns Wald's bounds A (lower) and B (upper).
func (t SPRT) Bounds() (lower, upper float64) {
	alpha, beta := t.rates()
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the counts
// (see above); 0 with no games.
func (t SPRT) LLR(s WDL) float64 {
	if s.N() == 0 {
		return 0
	}
	reg := func(n int) float64 {
		if n == 0 {
			return 1e-3
		}
		return float64(n)
	}
	n := [3]float64{reg(s.W), reg(s.D), reg(s.L)}
	total := n[0] + n[1] + n[2]
	f := [3]float64{n[0] / total, n[1] / total, n[2] / total}
	p0 := mleWithMean(f, ScoreFromElo(t.Elo0))
	p1 := mleWithMean(f, ScoreFromElo(t.Elo1))
	llr := 0.0
	for i := range n {
		llr += n[i] * math.Log(p1[i]/p0[i])
	}
	return llr
}

// outcomeValue is the score of a win, a draw and a loss.
var outcomeValue = [3]float64{1, 0.5, 0}

// mleWithMean returns the distribution over win, draw, loss with mean
// score s (0 < s < 1) of largest likelihood for the frequencies f (all
// positive): p_i = f_i / (1 + λ(x_i − s)), where λ, in the interval
// (−1/(1−s), 1/s) that keeps every p_i positive, solves
// Σ f_i (x_i − s)/(1 + λ(x_i − s)) = 0 (a decreasing function of λ, so
// bisection finds it).
func mleWithMean(f [3]float64, s float64) [3]float64 {
	g := func(lambda float64) float64 {
		sum := 0.0
		for i, x := range outcomeValue {
			sum += f[i] * (x - s) / (1 + lambda*(x-s))
		}
		return sum
	}
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	var p [3]float64
	sum := 0.0
	for i, x := range outcomeValue {
		p[i] = f[i] / (1 + lambda*(x-s))
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum // remove the bisection's last rounding
	}
	return p
}

// Decide returns the LLR and the verdict for the counts.
func (t SPRT) Decide(s WDL) (llr float64, v Verdict) {
	llr = t.LLR(s)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return llr, AcceptH1
	case llr <= lower:
		return llr, AcceptH0
	}
	return llr, Continue
}
