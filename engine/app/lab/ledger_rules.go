package lab

import (
	"math"
	"strconv"
)

// The ledger's verdict rules. Every claim plylab can check gets its verdict
// from one of these functions, applied to the claimed and the measured
// values; none is written by hand. A claim plylab cannot check is
// NotCheckable, with what it would take in its Why. The rules are strict
// on purpose: "reproduced" means the measurement agrees with the claim at
// the precision the source prints, and nothing looser.

// Rule names, as the ledger's rule column shows them.
const (
	// RuleEqual: the values are equal (reproduced) or not (refuted).
	RuleEqual = "equal"
	// RuleSwap: Tables 4 and 5 of the game-trees paper: equal is
	// reproduced; equal to the other table's measured value (the two
	// printed values swapped) differs; anything else is refuted.
	RuleSwap = "equal or swapped"
	// RuleRounds: the measured value rounded to as many significant digits
	// as the claim prints equals the claim (reproduced); otherwise differs
	// within a factor of 2 of the claim, refuted beyond.
	RuleRounds = "rounds to claim"
	// RuleBound: the measured value is on the side of the bound the claim
	// states (reproduced) or not (refuted).
	RuleBound = "bound"
	// RuleRange: the value lies in the range the claim's words give, stated
	// in the row (reproduced); outside it differs.
	RuleRange = "in range"
	// RuleTrue: a yes/no statement, checked: true is reproduced, false
	// refuted.
	RuleTrue = "true or false"
	// RuleAll: a statement about several cases: true in every case is
	// reproduced, in more than half differs, in half or fewer refuted.
	RuleAll = "every case"
	// RuleCutoff: two cutoff tests on the same search: the same value and
	// node count is reproduced, the same value with another node count
	// differs, another value is refuted.
	RuleCutoff = "same result"
	// RuleSetting: a setting of the source's code or method against the
	// one plylab's corresponding preset uses: the same is reproduced,
	// another differs (the why says which and why).
	RuleSetting = "same setting"
	// RuleInterval: a match result against plylab's 95% intervals: every
	// claimed rate inside its interval is reproduced, otherwise differs
	// (another implementation's games cannot refute the source's own).
	RuleInterval = "inside 95% interval"
	// RuleSide: a match score's 95% interval lies wholly on the side of
	// 50% the claim states (reproduced); only the score itself does
	// (differs: not significant); otherwise refuted.
	RuleSide = "side of 50%"
	// RuleHalf: a match score's 95% interval contains 50% (reproduced) or
	// not (differs): a claim of parity.
	RuleHalf = "includes 50%"
	// RuleAgree: two parts of the source that plylab does not measure,
	// set side by side: they agree (reproduced) or not (differs).
	RuleAgree = "parts agree"
	// RuleNone: the claim cannot be checked here; the why says what it
	// would take.
	RuleNone = "none"
)

// RuleText explains each rule in one sentence, for the ledger's notes and
// docs/reproducing.md.
var RuleText = []struct{ Name, Text string }{
	{RuleEqual, "equal values: reproduced; otherwise refuted"},
	{RuleSwap, "equal: reproduced; equal to the other table's value (the two printed values swapped): differs; otherwise refuted"},
	{RuleRounds, "the measurement rounded to the digits the claim prints equals it: reproduced; otherwise within a factor of 2: differs; beyond: refuted"},
	{RuleBound, "on the side of the bound the claim states: reproduced; otherwise refuted"},
	{RuleRange, "inside the range the claim's words give (stated in the row): reproduced; outside: differs"},
	{RuleTrue, "a yes/no statement: true is reproduced, false refuted"},
	{RuleAll, "true in every case: reproduced; in more than half: differs; otherwise refuted"},
	{RuleCutoff, "two cutoff tests: same value and nodes: reproduced; same value, other nodes: differs; other value: refuted"},
	{RuleSetting, "the source's setting is the one plylab's preset uses: reproduced; otherwise differs"},
	{RuleInterval, "every claimed rate inside plylab's 95% interval: reproduced; otherwise differs"},
	{RuleSide, "the score's 95% interval wholly on the claimed side of 50%: reproduced; only the score: differs; otherwise refuted"},
	{RuleHalf, "the score's 95% interval contains 50%: reproduced; otherwise differs"},
	{RuleAgree, "two parts of the source side by side: they agree: reproduced; otherwise differs"},
	{RuleNone, "cannot be checked here: not checkable, with what it would take"},
}

// On a claim whose basis is the source's own numbers (BasisSource), a
// rule's "reproduced" reads "adds up" (settle): plylab measured nothing.

// verdictTrue is RuleTrue and RuleEqual: reproduced or refuted.
func verdictTrue(ok bool) string {
	if ok {
		return Reproduced
	}
	return Refuted
}

// verdictSoft is RuleSetting, RuleRange, RuleInterval and RuleAgree:
// reproduced or differs.
func verdictSoft(ok bool) string {
	if ok {
		return Reproduced
	}
	return Differs
}

// verdictSwap is RuleSwap: claimed against measured, other being the
// other table's measured value at the same depth.
func verdictSwap(claimed, measured, other uint64) string {
	switch {
	case claimed == measured:
		return Reproduced
	case claimed == other:
		return Differs
	}
	return Refuted
}

// verdictRounds is RuleRounds: claimed is printed with digits significant
// digits; measured rounded to as many must equal it.
func verdictRounds(claimed float64, digits int, measured float64) string {
	if roundSig(measured, digits) == roundSig(claimed, digits) {
		return Reproduced
	}
	if claimed > 0 && measured > 0 && measured <= 2*claimed && 2*measured >= claimed {
		return Differs
	}
	return Refuted
}

// roundSig rounds x to digits significant digits (half away from zero),
// returned as a decimal string so that equal roundings compare equal.
func roundSig(x float64, digits int) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) || digits < 1 {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	e := int(math.Floor(math.Log10(math.Abs(x))))
	scale := math.Pow(10, float64(digits-1-e))
	r := math.Round(x*scale) / scale
	return strconv.FormatFloat(r, 'g', digits, 64)
}

// verdictAll is RuleAll: the statement holds in n cases of of.
func verdictAll(n, of int) string {
	switch {
	case of > 0 && n == of:
		return Reproduced
	case 2*n > of:
		return Differs
	}
	return Refuted
}

// verdictCutoff is RuleCutoff.
func verdictCutoff(sameValue, sameNodes bool) string {
	switch {
	case sameValue && sameNodes:
		return Reproduced
	case sameValue:
		return Differs
	}
	return Refuted
}

// verdictSide is RuleSide: a score (0-1) and its 95% interval, the claim
// saying it is above 50% (above) or below.
func verdictSide(score, lo, hi float64, above bool) string {
	if !above {
		score, lo, hi = 1-score, 1-hi, 1-lo
	}
	switch {
	case lo > 0.5:
		return Reproduced
	case score > 0.5:
		return Differs
	}
	return Refuted
}
