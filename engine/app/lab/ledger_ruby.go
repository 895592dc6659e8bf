package lab

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/textbook"
)

// The Ruby README: "Chess AI, coded in Ruby, playable in terminal".

func ruby(m *measures, stored []Claim) ([]Claim, error) {
	g, err := m.masterGames()
	if err != nil {
		return nil, err
	}
	p, err := m.paperSearches()
	if err != nil {
		return nil, err
	}
	tr, err := m.traced()
	if err != nil {
		return nil, err
	}
	var out []Claim
	add := func(c Claim) { out = append(out, c) }
	// The negamax premise: one board's score for one player is minus its
	// score for the other. plylab scores a board for the side to move, so
	// the other player's score is the same board with the other side to
	// move.
	kinds := eval.Kinds()
	var hold []string
	for _, k := range kinds {
		ok := true
		for _, fen := range benchFENs {
			b := mustBoard(fen)
			f, err := flipSide(b)
			if err != nil {
				return nil, err
			}
			ok = ok && eval.Evaluate(b, k) == -eval.Evaluate(f, k)
		}
		if ok {
			hold = append(hold, k.String())
		}
	}
	add(Claim{Where: "Technical Details", Kind: KindValue, Claim: "eval(board) for player A = -eval(board) for player B", Claimed: "exact negation",
		Live:    fmt.Sprintf("holds on the %d bench positions for %d of plylab's %d evaluations: %v", len(benchFENs), len(hold), len(kinds), hold),
		Verdict: verdictAll(len(hold), len(kinds)), Rule: RuleAll,
		Why: "the classical evaluation gives the side to move a tempo bonus and the network's output depends on which side is to move, so the same board scores differently with the other side to move; the searches only ever need the mover's score"})
	add(Claim{Where: "The Challenge", Kind: KindValue, Basis: BasisSource, Claim: "35^2 = 1225", Claimed: "1225",
		Live: fmt.Sprint(35 * 35), Verdict: verdictTrue(35*35 == 1225), Rule: RuleEqual})
	root := math.Sqrt(g.MeanPerft2())
	add(Claim{Where: "The Challenge", Kind: KindValue, Claim: "looking n moves (plies) ahead takes about 35^n boards: 1225 for two", Claimed: "35 per ply",
		Live: fmt.Sprintf("%.0f boards two plies ahead on average, %.1f² (perft 2 of every %dth of the %d master-game positions)",
			g.MeanPerft2(), root, perft2Every, g.Positions),
		Verdict: verdictRounds(35, 2, root), Rule: RuleRounds,
		Why: "35 is the classic middlegame figure; whole games, openings and endgames included, have fewer moves a ply"})
	add(notCheckable("The Challenge", KindCited, "the total number of possible moves in chess is estimated at 10^120", "10^120", "",
		"an estimate far beyond any search; it would take the published estimate (the README names none; 10^120 is the usual estimate of the number of games)"))
	add(notCheckable("The Challenge", KindCited, "the number of atoms in the universe is estimated at 10^80", "10^80", "",
		"a physical estimate, outside chess; it would take the cosmological literature"))
	add(Claim{Where: "Alpha-Beta Pruning text vs its listing", Kind: KindContradiction,
		Claim: "pruning happens when alpha is greater than beta (strictly), as the listing does", Claimed: "alpha > beta",
		Live: fmt.Sprintf("the listing cuts at score >= beta: on paper-mate2 at depth 5 the paper's alpha-beta with strict tests visits %d nodes, cutting on ties %d; both find %s",
			p.nodes[1][5], p.nonstrictNodes5, paperScore(p.nonstrict5)),
		Verdict: verdictCutoff(p.value5 == p.nonstrict5, p.nodes[1][5] == p.nonstrictNodes5), Rule: RuleCutoff,
		Why: "the README's words say >, its code says >=: both are correct, the strict test only prunes less"})
	add(Claim{Where: "Alpha-Beta Pruning text (its two definitions)", Kind: KindContradiction,
		Claim:   `alpha is the "upper" bound and beta the "lower" one (the next sentence: alpha is the minimum the player is assured of)`,
		Claimed: "alpha above, beta below",
		Live: fmt.Sprintf("plylab's alpha-beta on paper-mate2, depth 3: %d of the %d nodes with an exact value have alpha < value < beta; alpha is the lower bound",
			tr.inside, tr.exact),
		Verdict: verdictTrue(tr.exact > 0 && tr.inside == 0), Rule: RuleTrue,
		Why: "the first sentence swaps them; the second, and the code (alpha rises, a cut at beta), have alpha below"})
	h, err := rubyHorizon(m)
	if err != nil {
		return nil, err
	}
	add(h)
	add(Claim{Where: "quiescence text vs its quiesce listing", Kind: KindContradiction, Basis: BasisSource,
		Claim:   "the quiescent evaluation makes the capture moves of the current player's opponent, as its listing does",
		Claimed: "the opponent's captures",
		Live:    "the listing loops over board.capture_moves(color), the captures of the colour the search is for at that node, and scores each -quiesce(-beta, -alpha): negamax, the side to move's own captures (plylab's quiescence searches the side to move's captures too)",
		Verdict: verdictSoft(false), Rule: RuleAgree,
		Why: "the text says the opponent's captures, the code makes the mover's; the code is the usual quiescence search"})
	var levels []string
	for _, l := range play.Levels {
		levels = append(levels, l.Describe(func(d time.Duration) string { return d.String() }))
	}
	add(notCheckable("Game Play", KindSetting, "a difficulty level is chosen at the start", "levels, unspecified",
		"plylab play --level: "+strings.Join(levels, "; "),
		"the README does not say what a level changes; it would take its computer_player.rb"))
	return append(out, stored...), nil
}

// horizonFEN has a pawn that the queen can take (Qxe4) and a pawn that
// takes the queen back (dxe4): the README's QxP and PxQ.
const horizonFEN = "6k1/8/8/3p4/4p3/8/8/4QK2 w - - 0 1"

// rubyHorizon is the README's horizon example, measured: the material
// after QxP and one move deeper, and what plylab's alpha-beta plays at
// depth 1 without and with quiescence.
func rubyHorizon(m *measures) (Claim, error) {
	b := mustBoard(horizonFEN)
	before := eval.Evaluate(b, eval.Material)
	qxp, err := b.ParseMove("Qxe4")
	if err != nil {
		return Claim{}, err
	}
	b.Make(qxp)
	horizon := -eval.Evaluate(b, eval.Material) // White's view, the search stopped after QxP
	deeper := -textbook.Run(m.ctx, b, engine.AlphaBetaOptions(), engine.Limits{Depth: 1}, nil, nil).Score
	b.Unmake()
	quiet, err := engine.ParseAlgo("alphabeta-with-quiescence")
	if err != nil {
		return Claim{}, err
	}
	plain := textbook.Run(m.ctx, b, engine.AlphaBetaOptions(), engine.Limits{Depth: 1}, nil, nil)
	withQ := textbook.Run(m.ctx, b, quiet, engine.Limits{Depth: 1}, nil, nil)
	pawn, queen := eval.PieceValue(eval.Material, board.Pawn), eval.PieceValue(eval.Material, board.Queen)
	return Claim{Where: "quiescence text (QxP, then PxQ)", Kind: KindValue,
		Claim:   "stopping after QxP shows a pawn won; one move deeper, PxQ shows the queen lost",
		Claimed: "a pawn won; a queen lost",
		Live: fmt.Sprintf("on %s, material: %+d after Qxe4 (from %+d: %+d), %+d after dxe4 (%+d); at depth 1 plylab's alpha-beta plays %s without quiescence, %s with it",
			horizonFEN, horizon, before, horizon-before, deeper, deeper-before, b.SAN(plain.BestMove), b.SAN(withQ.BestMove)),
		Verdict: verdictTrue(horizon-before == pawn && deeper-before == pawn-queen && plain.BestMove == qxp && withQ.BestMove != qxp), Rule: RuleTrue,
		Why: "the README's remedy holds too: with quiescence the depth-1 search sees the recapture and keeps the queen"}, nil
}

// flipSide returns b with the other side to move (no en-passant square).
func flipSide(b *board.Board) (*board.Board, error) {
	f := []byte(b.FEN())
	for i := range f {
		if f[i] == ' ' {
			if f[i+1] == 'w' {
				f[i+1] = 'b'
			} else {
				f[i+1] = 'w'
			}
			break
		}
	}
	return board.FromFEN(string(f))
}
