package match

import (
	"errors"
	"math"
	"testing"
)

// eloOf is the Elo difference at which the expected score is e: the
// logistic model solved by hand.
func eloOf(e float64) float64 { return 400 * math.Log10(e/(1-e)) }

func nearElo(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) < 1e-6
}

func TestFitRatingKnownAnswers(t *testing.T) {
	// One opponent at 50 %: the rating is the opponent's, and the interval
	// is symmetric. With N games L(r) − L(R) = (N/2)·ln(4E(1−E)), so the
	// ends are where 4E(1−E) = exp(−3.841459/N).
	half := func(n int) float64 {
		e := 0.5 + math.Sqrt(0.25-math.Exp(-chi2Level95/float64(n))/4)
		return eloOf(e)
	}
	// One opponent, all wins: no finite estimate; the lower end is where
	// N·ln E = −3.841459/2.
	allWins := func(r float64, n int) float64 { return r + eloOf(math.Exp(-chi2Level95/2/float64(n))) }

	for _, tt := range []struct {
		name            string
		results         []AnchorResult
		rating, lo, hi  float64
		games           int
		points          float64
		interval, exact bool // check lo and hi; rating exactly as given
	}{
		{"one opponent, 50 % by draws", []AnchorResult{{2600, WDL{D: 100}}}, 2600, 2600 - half(100), 2600 + half(100), 100, 50, true, true},
		{"one opponent, 50 % by wins and losses", []AnchorResult{{2600, WDL{W: 50, L: 50}}}, 2600, 2600 - half(100), 2600 + half(100), 100, 50, true, true},
		// The score equation solved by hand: 75 % is 400·log10(3) above.
		{"one opponent, 75 %", []AnchorResult{{2000, WDL{W: 60, D: 30, L: 10}}}, 2000 + 400*math.Log10(3), 0, 0, 100, 75, false, true},
		// Symmetric opponents 100 apart either side, each scored at the
		// same share: the rating is the middle, E(x) + E(−x) = 1.
		{"two opponents, symmetric", []AnchorResult{{2400, WDL{W: 20, D: 20, L: 20}}, {2600, WDL{W: 10, D: 40, L: 10}}}, 2500, 0, 0, 120, 60, false, true},
		{"two opponents, mirrored", []AnchorResult{{2400, WDL{W: 30, D: 10, L: 10}}, {2600, WDL{W: 10, D: 10, L: 30}}}, 2500, 0, 0, 100, 50, false, true},
		{"all wins", []AnchorResult{{2700, WDL{W: 20}}}, math.Inf(1), allWins(2700, 20), math.Inf(1), 20, 20, true, true},
		{"all losses", []AnchorResult{{2700, WDL{L: 20}}}, math.Inf(-1), math.Inf(-1), 2700 - (allWins(2700, 20) - 2700), 20, 0, true, true},
		{"an opponent without games is ignored", []AnchorResult{{2000, WDL{W: 60, D: 30, L: 10}}, {3000, WDL{}}}, 2000 + 400*math.Log10(3), 0, 0, 100, 75, false, true},
	} {
		fit, err := FitRating(tt.results)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !nearElo(fit.Rating, tt.rating) || fit.Games != tt.games || fit.Points != tt.points {
			t.Errorf("%s: rating %v, %d games, %v points; want %v, %d, %v", tt.name, fit.Rating, fit.Games, fit.Points, tt.rating, tt.games, tt.points)
		}
		if tt.interval && (!nearElo(fit.Low, tt.lo) || !nearElo(fit.High, tt.hi)) {
			t.Errorf("%s: interval %v to %v, want %v to %v", tt.name, fit.Low, fit.High, tt.lo, tt.hi)
		}
		if !math.IsInf(fit.Rating, 0) && (!(fit.Low < fit.Rating && fit.Rating < fit.High) || math.Abs(fit.Expected-fit.Points) > 1e-6) {
			t.Errorf("%s: %+v: the estimate is not inside its interval or does not expect the points scored", tt.name, fit)
		}
	}
	if _, err := FitRating([]AnchorResult{{2500, WDL{}}}); !errors.Is(err, ErrNoGames) {
		t.Errorf("no games: %v", err)
	}
}

// The interval is the likelihood's: at its ends the log-likelihood is
// 3.841459/2 below its maximum, and it is narrower with more games.
func TestFitRatingInterval(t *testing.T) {
	results := []AnchorResult{{2793, WDL{W: 56, D: 3, L: 1}}, {3377, WDL{W: 5, D: 20, L: 15}}, {2521, WDL{W: 50, D: 8, L: 2}}}
	fit, err := FitRating(results)
	if err != nil {
		t.Fatal(err)
	}
	top := logLikelihood(results, fit.Rating)
	for _, end := range []float64{fit.Low, fit.High} {
		if d := top - logLikelihood(results, end); math.Abs(d-chi2Level95/2) > 1e-6 {
			t.Errorf("at %v the log-likelihood is %v below its maximum, want %v", end, d, chi2Level95/2)
		}
	}
	double := make([]AnchorResult, len(results))
	for i, a := range results {
		double[i] = AnchorResult{a.Rating, a.WDL.Plus(a.WDL)}
	}
	fit2, _ := FitRating(double)
	if !nearElo(fit2.Rating, fit.Rating) || fit2.High-fit2.Low >= fit.High-fit.Low {
		t.Errorf("twice the games: %+v, want the same estimate and a narrower interval than %+v", fit2, fit)
	}
}

func TestConsistency(t *testing.T) {
	// Two opponents of the same rating with the same results: G = 0.
	agree := []AnchorResult{{2500, WDL{W: 30, D: 20, L: 10}}, {2500, WDL{W: 30, D: 20, L: 10}}}
	fit, _ := FitRating(agree)
	if g, df, p := Consistency(agree, fit); math.Abs(g) > 1e-9 || df != 1 || math.Abs(p-1) > 1e-9 {
		t.Errorf("agreeing anchors: G %v, df %d, p %v; want 0, 1, 1", g, df, p)
	}
	// The same score against opponents 400 apart cannot both be right.
	clash := []AnchorResult{{2400, WDL{W: 25, D: 50, L: 25}}, {2800, WDL{W: 25, D: 50, L: 25}}}
	fit, _ = FitRating(clash)
	g, df, p := Consistency(clash, fit)
	// By symmetry r̂ = 2600 and each opponent is 200 away: G is twice the
	// drop of a 50 % score, 2·2·(N/2)·(−ln(4E(1−E))) with E = E(200).
	e := expScore(200)
	want := 2 * 2 * 50 * -math.Log(4*e*(1-e))
	if !nearElo(fit.Rating, 2600) || math.Abs(g-want) > 1e-6 || df != 1 || p >= 1e-6 {
		t.Errorf("clashing anchors: rating %v, G %v (want %v), df %d, p %v", fit.Rating, g, want, df, p)
	}
	one := []AnchorResult{{2400, WDL{W: 3}}}
	fit, _ = FitRating(one)
	if g, df, p := Consistency(one, fit); g != 0 || df != 0 || p != 1 {
		t.Errorf("one anchor: %v %d %v", g, df, p)
	}
}

func TestChi2Survival(t *testing.T) {
	// The 95 % points of χ² with 1 to 5 degrees of freedom.
	for df, x := range []float64{1: 3.841459, 2: 5.991465, 3: 7.814728, 4: 9.487729, 5: 11.070498} {
		if df == 0 {
			continue
		}
		if got := Chi2Survival(x, df); math.Abs(got-0.05) > 1e-6 {
			t.Errorf("Q(%v, %d) = %v, want 0.05", x, df, got)
		}
	}
	if got := Chi2Survival(2, 2); math.Abs(got-math.Exp(-1)) > 1e-12 {
		t.Errorf("Q(2, 2) = %v, want e^-1", got)
	}
	if Chi2Survival(0, 3) != 1 {
		t.Error("Q(0, 3) != 1")
	}
}
