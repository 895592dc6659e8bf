package lab

import (
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// The game-trees paper: "Application of Game Trees and Alpha-Beta Pruning
// in Optimizing Chess Engines". Its position (Figure 8) is plylab's
// paper-mate2; its code runs as the presets paper-minimax and
// paper-alphabeta (engine/textbook/paper.go).

// gtTable1 is the paper's Table 1: every White move's score at its
// "depth = 3", in the order it prints them.
var gtTable1 = []struct{ uci, score string }{
	{"a1a7", "-100"}, {"a1f1", "0"}, {"a1c1", "0"}, {"a1d1", "0"}, {"a1e1", "0"}, {"a1h1", "0"}, {"a1g1", "0"},
	{"a1b1", "100"}, {"a1a5", "100"}, {"a1a2", "100"}, {"a1a4", "100"}, {"a1a3", "100"}, {"c8d8", "100"},
	{"c8d7", "100"}, {"b6a7", "100"}, {"a1a6", "+∞"},
}

// gtTimes are the paper's Tables 2 (minimax) and 3 (alpha-beta), the
// second "Table 2": running times in seconds at depths 1 to 5.
var gtTimes = [2][5]float64{{0.027, 0.189, 2.4, 33, 557.9}, {0.017, 0.189, 1.2, 15.4, 162.5}}

// gtNodes are the paper's Tables 4 (minimax) and 5 (alpha-beta): nodes at
// depths 1 to 5.
var gtNodes = [2][5]uint64{{17, 144, 988, 23152, 353292}, {17, 130, 2096, 2883, 30903}}

// paperScore prints a paper search's score as Table 1 does: centipawns
// without a sign for positive values, +∞ and -∞ for mate.
func paperScore(v int) string {
	s := strings.TrimPrefix(engine.FormatScore(v), "+")
	if s == "∞" {
		return "+∞"
	}
	return s
}

// tableMatches counts the rows of Table 1 that scores reproduce.
func tableMatches(scores map[string]int) int {
	n := 0
	for _, r := range gtTable1 {
		if v, ok := scores[r.uci]; ok && paperScore(v) == r.score {
			n++
		}
	}
	return n
}

func gameTrees(m *measures, stored []Claim) ([]Claim, error) {
	p, err := m.paperSearches()
	if err != nil {
		return nil, err
	}
	r, err := m.mate2Searches()
	if err != nil {
		return nil, err
	}
	tr, err := m.traced()
	if err != nil {
		return nil, err
	}
	var out []Claim
	add := func(c Claim) { out = append(out, c) }

	add(notCheckable("Abstract; Section I", KindCited, "chess has over 10^120 possible board states", "> 10^120", "",
		"a count of chess positions or games, far beyond any search; it would take a published enumeration (10^120 is the usual estimate of the number of games, not of positions)"))
	add(notCheckable("Section II-D (Figure 7)", KindValue, "after F(p1) = -10 and G(p) >= 10, the rest of F(p2) need not be searched", "F(p1) = -10, G(p) >= 10", "",
		"the example's tree is drawn in Figure 7, which the text does not give; it would take the figure's tree"))
	// Alpha and beta as the paper names them, against its own pseudocode:
	// alpha only rises (a lower bound), beta only falls.
	add(Claim{Where: "Section II-D text vs its pseudocode", Kind: KindContradiction,
		Claim:   `alpha is the "maximum threshold" and beta the "minimum threshold" (the pseudocode raises alpha with max and lowers beta with min)`,
		Claimed: "alpha above, beta below",
		Live: fmt.Sprintf("plylab's alpha-beta on paper-mate2, depth 3: %d of the %d nodes with an exact value have alpha < value < beta; alpha is the lower bound",
			tr.inside, tr.exact),
		Verdict: verdictTrue(tr.exact > 0 && tr.inside == 0), Rule: RuleTrue,
		Why: "the labels are swapped: alpha is what the side to move is already sure of (a floor), beta what the opponent allows (a ceiling)"})
	add(Claim{Where: "Section II-D pseudocode vs Section III alpha_beta listing", Kind: KindContradiction,
		Claim: "the cutoff the pseudocode uses (break when beta <= alpha) is the listing's (break when opt_value > beta, or < alpha)", Claimed: "cut on ties",
		Live: fmt.Sprintf("the listing's strict tests: %d nodes at depth 5 (Table 5), value %s; the pseudocode's: %d nodes, value %s",
			p.nodes[1][5], paperScore(p.value5), p.nonstrictNodes5, paperScore(p.nonstrict5)),
		Verdict: verdictCutoff(p.value5 == p.nonstrict5, p.nodes[1][5] == p.nonstrictNodes5), Rule: RuleCutoff,
		Why: "both tests find the same value; the listing's strict ones cut nothing on a tie, and with every mate worth the same infinity ties are frequent here: Table 5 counts the strict listing"})
	// The evaluation of the listing, against the paper presets.
	var vals []string
	same := true
	want := []int{100, 300, 300, 500, 900, 1000}
	for i, t := range []board.PieceType{board.Pawn, board.Knight, board.Bishop, board.Rook, board.Queen, board.King} {
		v := engine.PaperPieceValue(t)
		vals = append(vals, fmt.Sprint(v))
		same = same && v == want[i]
	}
	add(Claim{Where: "Section III text and simple_board_score listing", Kind: KindSetting,
		Claim: "piece values P, N, B, R, Q, K", Claimed: "100, 300, 300, 500, 900, 1000",
		Live:    "paper presets: " + strings.Join(vals, ", "),
		Verdict: verdictSoft(same), Rule: RuleSetting})
	oneMate := r.distScores["a1a8"]
	add(Claim{Where: "simple_board_score listing", Kind: KindSetting,
		Claim: "checkmate scores -inf or +inf with no distance; a draw scores 0", Claimed: "±inf, draw 0",
		Live: fmt.Sprintf("paper presets on 7k/8/6K1/8/8/8/8/R7 w, depth 3: %s for Ra8 (mate in 1) and for Kf7 (mate in 2) alike; a stalemate: %s",
			paperScore(r.noDist.Score), paperScore(r.stalemate.Score)),
		Verdict: verdictSoft(r.noDist.Score >= engine.Infinity && engine.MateIn(oneMate) == 1 && r.stalemate.Score == 0), Rule: RuleSetting})
	add(Claim{Where: "Section III driver listing (depth = 4) vs Table 1 (depth = 3)", Kind: KindContradiction,
		Claim:   "the listing's driver, depth = 4 (four plies after each move), printed Table 1",
		Claimed: "depth = 4",
		Live: fmt.Sprintf("Table 1 rows reproduced: %d of %d four plies after the move (the driver's depth), %d of %d three plies after it (the caption's depth 3)",
			tableMatches(p.root5MM), len(gtTable1), tableMatches(p.root4AB), len(gtTable1)),
		Verdict: verdictAll(tableMatches(p.root5MM), len(gtTable1)), Rule: RuleAll,
		Why: "the listing sets depth = 4 but Table 1 is the search three plies after each move (the caption's depth 3): the table was printed with depth = 3"})
	add(Claim{Where: "Figure 9; Table 1; Table 4 (depth 1)", Kind: KindValue,
		Claim: "White has 16 moves (Table 1's rows; Table 4's 17 nodes at depth 1 are the root and 16 children)", Claimed: "16",
		Live: fmt.Sprintf("%d legal moves", p.legal), Verdict: verdictTrue(p.legal == 16), Rule: RuleEqual})
	for _, row := range gtTable1 {
		got := paperScore(p.root4AB[row.uci])
		add(Claim{Where: "Table 1, " + row.uci, Kind: KindValue,
			Claim:   "score of " + row.uci + " at the paper's depth 3 (three plies after the move: plylab depth 4, paper-alphabeta)",
			Claimed: row.score, Live: got, Verdict: verdictTrue(got == row.score), Rule: RuleEqual})
	}
	agree := 0
	for _, row := range gtTable1 {
		if p.root4AB[row.uci] == p.root4MM[row.uci] {
			agree++
		}
	}
	add(Claim{Where: "Section IV", Kind: KindValue,
		Claim: "minimax with or without alpha-beta gives the same score for every move", Claimed: "same scores",
		Live:    fmt.Sprintf("paper-minimax and paper-alphabeta agree on %d of %d root moves (depth 4)", agree, len(gtTable1)),
		Verdict: verdictAll(agree, len(gtTable1)), Rule: RuleAll})
	add(Claim{Where: "Table 2 (mating line)", Kind: KindValue, Claim: "a1a6 b7a6 b6b7 is checkmate", Claimed: "checkmate",
		Live: map[bool]string{true: "b6b7 mates", false: "b6b7 is not mate"}[r.mated], Verdict: verdictTrue(r.mated), Rule: RuleTrue})
	// A forced mate is proved by a sound search: plain alpha-beta prunes
	// nothing that could change the result.
	add(Claim{Where: "Section IV (Stockfish 16 NNUE on Lichess)", Kind: KindValue, Claim: "Ra6 is a forced mate in 2",
		Claimed: "a1a6, mate in 2", Live: r.stockfish.BestMove.String() + ", " + engine.FormatScore(r.stockfish.Score) + " (plylab's alpha-beta, depth 5)",
		Verdict: verdictTrue(r.stockfish.BestMove.String() == "a1a6" && engine.MateIn(r.stockfish.Score) == 2), Rule: RuleTrue})
	add(notCheckable("Section IV (Stockfish 16 NNUE on Lichess)", KindCited, "Stockfish 16 reached depth 99 on the position", "depth 99", "",
		"a depth Stockfish 16 reported on Lichess; it would take that version's own analysis of the position (the depth an engine reports on a forced mate depends on its search, not on the position)"))
	// Tables 2 and 3: times. plylab's own times say nothing about Python's;
	// what can be computed is what the paper's times and plylab's (equal)
	// node counts imply per node.
	for i, name := range []string{"Table 2 (times, minimax)", "Table 3 (times, alpha-beta)"} {
		for d := 1; d <= 5; d++ {
			add(notCheckable(fmt.Sprintf("%s, depth %d", name, d), KindValue,
				fmt.Sprintf("%s takes %g s at depth %d", []string{"minimax", "alpha-beta"}[i], gtTimes[i][d-1], d),
				fmt.Sprintf("%g s", gtTimes[i][d-1]),
				fmt.Sprintf("%.2f ms a node over plylab's %d nodes", 1000*gtTimes[i][d-1]/float64(p.nodes[i][d]), p.nodes[i][d]),
				"the Python listings' time on an unstated machine; it would take them run under Python and python-chess on that machine (plylab counts nodes instead: Tables 4 and 5)"))
		}
	}
	// The paper's times against its node counts: the same listings do the
	// same work per node, so the cost a node should be alike.
	lo, hi := 1e9, 0.0
	for d := 1; d <= 5; d++ {
		c := 1000 * gtTimes[0][d-1] / float64(p.nodes[0][d])
		lo, hi = min(lo, c), max(hi, c)
	}
	ab5 := 1000 * gtTimes[1][4] / float64(p.nodes[1][5])
	add(Claim{Where: "Tables 2-3 (times) vs Tables 4-5 (nodes), depth 5", Kind: KindContradiction,
		Claim:   "the times and the node counts measure the same two searches: alpha-beta's cost a node is minimax's",
		Claimed: fmt.Sprintf("%.2fx less time (%g s / %g s)", gtTimes[0][4]/gtTimes[1][4], gtTimes[0][4], gtTimes[1][4]),
		Live: fmt.Sprintf("%.2fx fewer nodes (%d / %d); alpha-beta %.2f ms a node, minimax %.2f-%.2f ms over depths 1-5",
			float64(p.nodes[0][5])/float64(p.nodes[1][5]), p.nodes[0][5], p.nodes[1][5], ab5, lo, hi),
		Verdict: verdictSoft(ab5 >= lo && ab5 <= hi), Rule: RuleRange,
		Why: "the range is minimax's own cost a node at the paper's five depths; the two listings do the same work a node (alpha-beta adds two comparisons), yet alpha-beta's times are those of a search with several times its printed nodes"})
	faster := 0
	for d := 0; d < 5; d++ {
		if gtTimes[1][d] < gtTimes[0][d] {
			faster++
		}
	}
	add(Claim{Where: "Section IV text vs Tables 2-3", Kind: KindContradiction, Basis: BasisSource,
		Claim: "Table 3 shows a consistent reduction in running time", Claimed: "less time at every depth",
		Live:    fmt.Sprintf("less time at %d of 5 depths in the paper's own tables (depth 2: %g s both)", faster, gtTimes[1][1]),
		Verdict: verdictAll(faster, 5), Rule: RuleAll,
		Why: "the paper's Tables 2 and 3 print the same time at depth 2"})
	for i, where := range []string{"Table 4", "Table 5"} {
		algo := []string{"paper-minimax", "paper-alphabeta"}[i]
		for d := 1; d <= 5; d++ {
			c := Claim{Where: fmt.Sprintf("%s, depth %d", where, d), Kind: KindValue, Claim: fmt.Sprintf("%s nodes at depth %d", algo, d),
				Claimed: fmt.Sprint(gtNodes[i][d-1]), Live: fmt.Sprint(p.nodes[i][d]),
				Verdict: verdictSwap(gtNodes[i][d-1], p.nodes[i][d], p.nodes[1-i][d]), Rule: RuleSwap}
			if c.Verdict == Differs {
				c.Why = "Tables 4 and 5 print the depth-3 values swapped: the listings give " + fmt.Sprint(p.nodes[i][d]) + " here"
			}
			if d == 5 {
				c.Where += "; Section IV"
			}
			add(c)
		}
	}
	fewer, fewerLive := 0, 0
	for d := 1; d <= 5; d++ {
		if gtNodes[1][d-1] < gtNodes[0][d-1] {
			fewer++
		}
		if p.nodes[1][d] < p.nodes[0][d] {
			fewerLive++
		}
	}
	add(Claim{Where: "Sections II-D and IV text vs Tables 4-5", Kind: KindContradiction, Basis: BasisSource,
		Claim: "alpha-beta visits fewer nodes than minimax", Claimed: "fewer at every depth",
		Live: fmt.Sprintf("as printed, fewer at %d of 5 depths (depth 3: %d against %d); the listings run: fewer at %d of 5 (depth 1: both visit the root and its 16 children)",
			fewer, gtNodes[1][2], gtNodes[0][2], fewerLive),
		Verdict: verdictAll(fewer, 5), Rule: RuleAll,
		Why: "the printed depth-3 values are swapped (the two Table rows above), and at depth 1 there is nothing to prune"})
	// The document's own numbering.
	add(Claim{Where: `Section II-C text ("Figure 1") vs caption ("Figure 6")`, Kind: KindContradiction, Basis: BasisSource,
		Claim: "Figure 1 shows the first two levels of the tic-tac-toe game tree", Claimed: "Figure 1",
		Live: "captioned Figure 6; no caption is numbered 1 (the captions run 2 to 10)", Verdict: verdictSoft(false), Rule: RuleAgree,
		Why: "the text refers to the figure by a number no caption has"})
	add(Claim{Where: "table and figure captions", Kind: KindContradiction, Basis: BasisSource,
		Claim: "each table and figure number names one table or figure", Claimed: "one each",
		Live: "Table 2 names the mating line and the minimax times; Figure 10 the time and the node charts", Verdict: verdictSoft(false), Rule: RuleAgree,
		Why: "two numbers are used twice, so the text's \"Table 2\" and \"Figure 10\" are ambiguous; the ledger calls the times Tables 2 and 3 as the paper's text does"})
	add(Claim{Where: "Statement (date) vs References [1]-[3]", Kind: KindContradiction,
		Claim: "the paper was written by 04 January 2024", Claimed: "04 January 2024",
		Verdict: NotCheckable, Rule: RuleNone,
		Why: "plylab cannot date a document; its references [1]-[3] are course notes dated 2024-2025, later than the January 2024 it signs, so one of the two dates is likely a slip; it would take the paper's publication record"})
	return append(out, stored...), nil
}
