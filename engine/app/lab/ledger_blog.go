package lab

import (
	"fmt"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/textbook"
)

const (
	// matedFEN: Black, to move, is checkmated (a back-rank mate);
	// stalemateFEN: Black, to move, has no move and is not in check.
	matedFEN     = "R6k/6pp/8/8/8/8/8/K7 b - - 0 1"
	stalemateFEN = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
)

// The blog post: "Creating a Chess AI Part 2: Searching". Its listing is a
// negamax alpha-beta in C#; plylab's plain searches and the game-trees
// paper's presets (with and without mate distance) stand in for it.

func blog(m *measures, stored []Claim) ([]Claim, error) {
	r, err := m.mate2Searches()
	if err != nil {
		return nil, err
	}
	s, err := m.sameMove()
	if err != nil {
		return nil, err
	}
	tr, err := m.traced()
	if err != nil {
		return nil, err
	}
	var out []Claim
	add := func(c Claim) { out = append(out, c) }
	add(Claim{Where: "NegaMax", Kind: KindValue, Claim: "negamax is minimax written with one sign flip: the same value", Claimed: "same value",
		Live:    fmt.Sprintf("negamax %s, max/min %s (paper-mate2, depth 4)", engine.FormatScore(r.negamax), engine.FormatScore(r.maxMin)),
		Verdict: verdictTrue(r.negamax == r.maxMin), Rule: RuleEqual})
	add(Claim{Where: "Alpha-Beta Pruning", Kind: KindValue, Claim: "alpha-beta never changes the move picked", Claimed: "same move",
		Live: s.String(), Verdict: verdictAll(s.sameMove, s.positions), Rule: RuleAll})
	add(Claim{Where: "Alpha-Beta Pruning", Kind: KindValue,
		Claim: "alpha is the best score we can guarantee, beta the worst the opponent will allow: alpha below, beta above", Claimed: "alpha < beta",
		Live:    fmt.Sprintf("plylab's alpha-beta on paper-mate2, depth 3: %d of the %d nodes with an exact value have alpha < value < beta", tr.inside, tr.exact),
		Verdict: verdictAll(tr.inside, tr.exact), Rule: RuleAll})
	add(Claim{Where: "The Search Function listing", Kind: KindSetting,
		Claim: "cut when score >= beta and return beta (fail-hard)", Claimed: "score >= beta, return beta",
		Live: fmt.Sprintf("plylab's alpha-beta on paper-mate2, depth 3: cuts on ties (%s: %d of minimax's %d nodes); of its %d cutoffs, %d return beta and %d more than beta (fail-soft)",
			toyTie, tr.toyAB, tr.toyMM, tr.cuts, tr.cutsAt, tr.cutsAbove),
		Verdict: verdictSoft(tr.toyAB < tr.toyMM && tr.cutsAbove == 0), Rule: RuleSetting,
		Why: "plylab returns the best score found (fail-soft), which is never on the wrong side of the bound; the root's value is the same either way"})
	add(horizon("The Search Function listing (depth 0 tested before the move list)", r))
	mated := textbook.Run(m.ctx, mustBoard(matedFEN), engine.AlphaBetaOptions(), engine.Limits{Depth: 1}, nil, nil)
	stale := textbook.Run(m.ctx, mustBoard(stalemateFEN), engine.AlphaBetaOptions(), engine.Limits{Depth: 1}, nil, nil)
	add(Claim{Where: "The Search Function listing; Checkmates and Stalemates", Kind: KindSetting,
		Claim: "a side with no legal moves scores -CHECKMATE when in check (checkmate), 0 when not (stalemate)", Claimed: "-CHECKMATE, 0",
		Live: fmt.Sprintf("plylab's alpha-beta on a side with no legal moves: checkmated (%s) %d, MateScore (%d) less the %d plies from the root; stalemated (%s) %d",
			matedFEN, mated.Score, engine.MateScore, engine.MateScore+mated.Score, stalemateFEN, stale.Score),
		Verdict: verdictSoft(mated.Score == -engine.MateScore && stale.Score == 0), Rule: RuleSetting})
	// Mate distance: the same search with and without it, on a position
	// with a mate in one and slower mates tried first.
	slow := r.distScores[r.noDist.BestMove.String()]
	fast := engine.MateIn(r.dist.Score)
	add(Claim{Where: "Checkmates and Stalemates", Kind: KindValue, Claim: "a distance term makes the search prefer faster mates",
		Claimed: "faster mate with the term",
		Live: fmt.Sprintf("on 7k/8/6K1/8/8/8/8/R7 w, depth 3, the game-trees paper's alpha-beta cutting on ties plays %s (mate in %d) with the term, %s (mate in %d) without",
			r.dist.BestMove, fast, r.noDist.BestMove, engine.MateIn(slow)),
		Verdict: verdictTrue(fast > 0 && engine.MateIn(slow) > fast), Rule: RuleTrue,
		Why: "without it every mate scores the same and the search keeps the first it finds"})
	add(Claim{Where: "The Search Function listing vs Checkmates and Stalemates", Kind: KindContradiction,
		Claim:   "the listing (return -CHECKMATE) prefers faster mates, as the text's -CHECKMATESCORE + dist does",
		Claimed: "faster mates",
		Live: fmt.Sprintf("scored as listed, without a distance, the search plays %s, a mate in %d, where %s mates in %d",
			r.noDist.BestMove, engine.MateIn(slow), r.dist.BestMove, fast),
		Verdict: verdictTrue(engine.MateIn(slow) == fast), Rule: RuleTrue,
		Why: "the listing's mate score has no distance; only the text's later snippet adds it"})
	add(Claim{Where: "Checkmates and Stalemates", Kind: KindSetting, Claim: "a mate is scored CHECKMATESCORE less its distance in plies from the root",
		Claimed: "-CHECKMATESCORE + dist",
		Live:    fmt.Sprintf("plylab: a mate found at ply 1 scores %d = MateScore (%d) - 1 (alpha-beta, depth 1, 7k/8/6K1/8/8/8/8/R7 w)", r.plain1.Score, engine.MateScore),
		Verdict: verdictSoft(r.plain1.Score == engine.MateScore-1), Rule: RuleSetting})
	return append(out, stored...), nil
}
