package match

import (
	"errors"
	"math"
)

// A rating from games against opponents whose ratings are fixed: the
// maximum-likelihood estimate of the logistic (Bradley–Terry) Elo model,
// a draw counting half a win and half a loss, with the 95 % interval of
// the likelihood-ratio test (the profile likelihood: with one free
// rating it is the likelihood itself).
//
// Against an opponent rated R a player rated r scores
// E(r−R) = 1 / (1 + 10^((R−r)/400)) a game on average. With N_i games and
// S_i points against opponent i the log-likelihood is
//
//	L(r) = Σ_i S_i·ln E(r−R_i) + (N_i−S_i)·ln(1 − E(r−R_i))
//
// which is concave; its maximum solves Σ_i N_i·E(r−R_i) = Σ_i S_i (the
// expected points equal the points scored). The interval holds the r with
// 2·(L(r̂) − L(r)) ≤ 3.841459, the 95 % point of χ² with one degree of
// freedom. It is not symmetric around r̂, and a perfect score (all wins
// or all losses) has no finite estimate but still a finite bound on one
// side. Counting a draw as half a win and half a loss gives a game the
// variance E(1−E), more than a game that can be drawn has, so the interval
// is a little wider than the data need: conservative.

// chi2Level95 is the 95 % point of the χ² distribution with one degree of
// freedom (1.959964²).
const chi2Level95 = 3.841459

// AnchorResult is the games against one opponent of fixed rating.
type AnchorResult struct {
	Rating float64 // the opponent's rating, held fixed
	WDL    WDL     // the results from the rated player's side
}

// RatingFit is a maximum-likelihood rating with its 95 % interval.
type RatingFit struct {
	Rating float64 // the estimate; ±Inf after a perfect score
	Low    float64 // the interval's ends; -Inf or +Inf when unbounded
	High   float64
	Games  int     // games in the fit
	Points float64 // points scored
	// Expected is the points the estimate expects against these
	// opponents (equal to Points when the estimate is finite).
	Expected float64
}

// ErrNoGames is FitRating's error for results without a game.
var ErrNoGames = errors.New("no games to fit a rating to")

// expScore is E(d), the expected score of a player d Elo stronger.
func expScore(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// eloK is ln(10)/400: E(d) = 1/(1+exp(−eloK·d)).
const eloK = math.Ln10 / 400

// logE is ln E(d) computed without overflow: −ln(1 + exp(−k·d)).
func logE(d float64) float64 { return -softplus(-eloK * d) }

// softplus is ln(1 + exp(x)).
func softplus(x float64) float64 {
	if x > 30 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// logLikelihood is L(r) for the results.
func logLikelihood(results []AnchorResult, r float64) float64 {
	var l float64
	for _, a := range results {
		n, s := float64(a.WDL.N()), a.WDL.Score()*float64(a.WDL.N())
		if n == 0 {
			continue
		}
		d := r - a.Rating
		if s > 0 {
			l += s * logE(d)
		}
		if n-s > 0 {
			l += (n - s) * logE(-d)
		}
	}
	return l
}

// expectedPoints is Σ N_i·E(r−R_i).
func expectedPoints(results []AnchorResult, r float64) float64 {
	var e float64
	for _, a := range results {
		e += float64(a.WDL.N()) * expScore(r-a.Rating)
	}
	return e
}

// FitRating is the maximum-likelihood rating from results against
// opponents of fixed ratings, with its 95 % likelihood-ratio interval.
// Results without games are ignored; none at all is ErrNoGames.
func FitRating(results []AnchorResult) (RatingFit, error) {
	var fit RatingFit
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, a := range results {
		n := a.WDL.N()
		if n == 0 {
			continue
		}
		fit.Games += n
		fit.Points += a.WDL.Score() * float64(n)
		lo, hi = min(lo, a.Rating), max(hi, a.Rating)
	}
	if fit.Games == 0 {
		return RatingFit{}, ErrNoGames
	}
	// The estimate: expected points rise with r from 0 to N; bisection
	// over a range wide enough for any score but a perfect one.
	n := float64(fit.Games)
	switch {
	case fit.Points <= 0:
		fit.Rating = math.Inf(-1)
	case fit.Points >= n:
		fit.Rating = math.Inf(1)
	default:
		fit.Rating = bisect(lo-4000, hi+4000, func(r float64) bool { return expectedPoints(results, r) < fit.Points })
	}
	// The interval: where the log-likelihood has fallen by χ²/2 from its
	// maximum (0 after a perfect score, where it tends to 0).
	top := 0.0
	if !math.IsInf(fit.Rating, 0) {
		top = logLikelihood(results, fit.Rating)
		fit.Expected = expectedPoints(results, fit.Rating)
	} else {
		fit.Expected = fit.Points
	}
	drop := top - chi2Level95/2
	below := func(r float64) bool { return logLikelihood(results, r) < drop }
	fit.Low, fit.High = math.Inf(-1), math.Inf(1)
	if !math.IsInf(fit.Rating, -1) {
		from := fit.Rating
		if math.IsInf(from, 1) {
			from = hi + 4000
		}
		fit.Low = bisect(lo-8000, from, func(r float64) bool { return below(r) })
	}
	if !math.IsInf(fit.Rating, 1) {
		from := fit.Rating
		if math.IsInf(from, -1) {
			from = lo - 4000
		}
		fit.High = bisect(from, hi+8000, func(r float64) bool { return !below(r) })
	}
	return fit, nil
}

// bisect returns the r in [a, b] where left(r) turns from true to false
// (left true at a, false at b), to well under 0.001 Elo.
func bisect(a, b float64, left func(float64) bool) float64 {
	for range 100 {
		m := (a + b) / 2
		if left(m) {
			a = m
		} else {
			b = m
		}
		if b-a < 1e-9 {
			break
		}
	}
	return (a + b) / 2
}

// Consistency tests whether one rating explains every opponent's result:
// G = 2·Σ_i (L_i(r̂_i) − L_i(r̂)), the likelihood-ratio statistic of a
// separate rating against each opponent (r̂_i, the score against it taken
// at face value) versus one rating r̂ for all, with k−1 degrees of
// freedom for k opponents with games, and its p-value from the χ²
// distribution. A small p (below 0.05) says the published ratings and
// these games disagree about the opponents' distances from each other.
// Draws make G somewhat smaller than χ² expects, so the p-value errs
// towards consistency. With fewer than two opponents df is 0 and p is 1.
func Consistency(results []AnchorResult, fit RatingFit) (g float64, df int, p float64) {
	for _, a := range results {
		n := float64(a.WDL.N())
		if n == 0 {
			continue
		}
		df++
		s := a.WDL.Score() * n
		best := 0.0 // the saturated log-likelihood: S ln p + (N−S) ln(1−p)
		if s > 0 {
			best += s * math.Log(s/n)
		}
		if n-s > 0 {
			best += (n - s) * math.Log((n-s)/n)
		}
		at := logLikelihood([]AnchorResult{a}, fit.Rating)
		if math.IsInf(fit.Rating, 0) {
			at = best // a perfect overall score is perfect against each
		}
		g += 2 * (best - at)
	}
	df--
	if df <= 0 {
		return 0, 0, 1
	}
	return g, df, Chi2Survival(g, df)
}

// Chi2Survival is P(X > x) for X with the χ² distribution with df degrees
// of freedom (df ≥ 1), by the recurrence Q(x, ν+2) = Q(x, ν) +
// (x/2)^(ν/2)·e^(−x/2)/Γ(ν/2+1) from Q(x, 1) = erfc(√(x/2)) and
// Q(x, 2) = e^(−x/2).
func Chi2Survival(x float64, df int) float64 {
	if x <= 0 {
		return 1
	}
	h := x / 2
	var q float64
	nu := 1
	if df%2 == 1 {
		q = math.Erfc(math.Sqrt(h))
	} else {
		q, nu = math.Exp(-h), 2
	}
	for ; nu < df; nu += 2 {
		lg, _ := math.Lgamma(float64(nu)/2 + 1)
		q += math.Exp(float64(nu)/2*math.Log(h) - h - lg)
	}
	return min(max(q, 0), 1)
}
