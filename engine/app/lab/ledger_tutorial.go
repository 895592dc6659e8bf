package lab

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/textbook"
)

// The C++ engine tutorial (untitled in the text). Its engine is plylab's
// "tutorial set": alpha-beta, iterative deepening, move ordering (the
// previous iteration's move first, then captures), quiescence search and
// a transposition table, with a material and piece-square evaluator
// (plylab's pst, Michniewski's values, which are the tutorial's own).

// tutorialAlgo is the tutorial's technique set as a plylab algorithm
// (with --eval pst); tutorialNoTT is the same without the table (and the
// hash move, which needs it).
const (
	tutorialAlgo = "alphabeta-with-id-with-tt-with-hashmove-with-mvvlva-with-quiescence"
	tutorialNoTT = "alphabeta-with-id-with-mvvlva-with-quiescence"
	// orderedAlgo is alpha-beta with plylab's best plain ordering (RAM-Z's
	// four stages), for "the best move first".
	orderedAlgo = "alphabeta-with-id-with-tt-with-hashmove-with-mvvlva-with-killers-with-history"
)

// tutorialRuns: the tutorial set from the start position, without the
// table to depth 6, and with it on the same node budget.
type tutorialRuns struct {
	noTT, withTT engine.Result
}

func algo(name string, k eval.Kind) (engine.Options, error) {
	o, err := engine.ParseAlgo(name)
	o.Eval = k
	return o, err
}

func (m *measures) tutorialSearches() (*tutorialRuns, error) {
	if m.tut != nil {
		return m.tut, nil
	}
	without, err := algo(tutorialNoTT, eval.PST)
	if err != nil {
		return nil, err
	}
	with, err := algo(tutorialAlgo, eval.PST)
	if err != nil {
		return nil, err
	}
	r := &tutorialRuns{}
	r.noTT = textbook.Run(m.ctx, board.New(), without, engine.Limits{Depth: 6}, nil, nil)
	r.withTT = textbook.Run(m.ctx, board.New(), with, engine.Limits{Depth: engine.MaxDepth, Nodes: r.noTT.Stats.TotalNodes()}, nil, nil)
	if err := m.ctx.Err(); err != nil {
		return nil, err
	}
	m.tut = r
	return r, nil
}

// doublingRun: the depth alpha-beta with good ordering completes from the
// start position in the nodes plain minimax needs for depth 4.
type doublingRun struct {
	budget uint64
	depth  int
}

// String describes the run.
func (d doublingRun) String() string {
	return fmt.Sprintf("depth %d in the %d nodes minimax needs for depth 4 (start position, %s)", d.depth, d.budget, orderedAlgo)
}

func (m *measures) doubling() (doublingRun, error) {
	// Plain minimax to depth 4 visits perft(0) + ... + perft(4) nodes
	// (engine's node counting convention).
	var d doublingRun
	b := board.New()
	for i := 0; i <= 4; i++ {
		d.budget += b.Perft(i)
	}
	o, err := engine.ParseAlgo(orderedAlgo)
	if err != nil {
		return d, err
	}
	d.depth = textbook.Run(m.ctx, b, o, engine.Limits{Depth: engine.MaxDepth, Nodes: d.budget}, nil, nil).Depth
	return d, m.ctx.Err()
}

// iterNodes returns the cumulative nodes at the end of iteration depth.
func iterNodes(r engine.Result, depth int) uint64 {
	for _, it := range r.Iters {
		if it.Depth == depth {
			return it.Nodes
		}
	}
	return 0
}

// listingSearch is the tutorial's alphabeta listing as printed, with its
// evaluate: material and piece-square tables (plylab's pst), from the side
// to move's point of view, or, as the listing's comment says, from
// White's (whiteView). It returns the score and the root's best move.
func listingSearch(b *board.Board, depth, alpha, beta int, whiteView bool) (int, board.Move) {
	if depth == 0 {
		v := eval.Evaluate(b, eval.PST)
		if whiteView && b.Side() == board.Black {
			v = -v
		}
		return v, board.NoMove
	}
	var ml board.MoveList
	b.GenerateMoves(&ml)
	if ml.N == 0 {
		if b.InCheck() {
			return -100000, board.NoMove
		}
		return 0, board.NoMove
	}
	best, bestMove := -200000, board.NoMove
	for _, m := range ml.Slice() {
		b.Make(m)
		s, _ := listingSearch(b, depth-1, -beta, -alpha, whiteView)
		b.Unmake()
		if -s > best {
			best, bestMove = -s, m
		}
		alpha = max(alpha, best)
		if alpha >= beta {
			break
		}
	}
	return best, bestMove
}

// maxSquareBonus is the largest piece-square bonus (in absolute value) of
// plylab's pst evaluation, read from eval.Explain with each piece alone on
// each square beside the two kings.
func maxSquareBonus() int {
	base := func(fen string) (int, bool) {
		b, err := board.FromFEN(fen)
		if err != nil {
			return 0, false
		}
		return eval.Explain(b, eval.PST).SquaresMG[board.White], true
	}
	best := 0
	kings, _ := base("7k/8/8/8/8/8/8/K7 b - - 0 1")
	for sq := 0; sq < 64; sq++ {
		for _, p := range "KQRBNP" {
			var cells [64]byte
			cells[63] = 'k'
			if p == 'K' {
				cells[sq] = 'K'
			} else {
				if sq == 0 || sq == 63 {
					continue
				}
				cells[0], cells[sq] = 'K', byte(p)
			}
			v, ok := base(placement(cells) + " b - - 0 1")
			if !ok {
				continue
			}
			if p != 'K' {
				v -= kings
			}
			best = max(best, v, -v)
		}
	}
	return best
}

// placement is the FEN piece placement of cells (index 0 = a1).
func placement(cells [64]byte) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := cells[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

func tutorial(m *measures, stored []Claim) ([]Claim, error) {
	var out []Claim
	add := func(c Claim) { out = append(out, c) }
	g, err := m.masterGames()
	if err != nil {
		return nil, err
	}
	add(branching("opening", "the branching factor is roughly 35 (legal moves a position)", g))
	add(Claim{Where: "opening", Kind: KindValue, Basis: BasisSource, Claim: "depth 6 is 35^6 positions: 1.8 billion", Claimed: "1.8 billion",
		Live: fmt.Sprintf("35^6 = %.0f", math.Pow(35, 6)), Verdict: verdictRounds(1.8e9, 2, math.Pow(35, 6)), Rule: RuleRounds})
	add(Claim{Where: "opening", Kind: KindValue, Basis: BasisSource, Claim: "depth 8 is 35^8 positions: 2 trillion", Claimed: "2 trillion",
		Live: fmt.Sprintf("35^8 = %.0f", math.Pow(35, 8)), Verdict: verdictRounds(2e12, 1, math.Pow(35, 8)), Rule: RuleRounds})

	// The evaluation: text against listing, listing against plylab.
	text := []string{"1", "3", "3.25", "5", "9", "∞"}
	listing := []int{100, 320, 330, 500, 900, 20000}
	types := []board.PieceType{board.Pawn, board.Knight, board.Bishop, board.Rook, board.Queen, board.King}
	var differ []string
	var pst []string
	samePST := true
	for i, t := range types {
		tv := text[i] + "00"
		if strings.Contains(text[i], ".") {
			tv = strings.Replace(text[i], ".", "", 1)
		}
		if tv != fmt.Sprint(listing[i]) {
			differ = append(differ, fmt.Sprintf("%s %s against %d", "PNBRQK"[i:i+1], text[i], listing[i]))
		}
		v := eval.PieceValue(eval.PST, t)
		pst = append(pst, fmt.Sprint(v))
		samePST = samePST && v == listing[i]
	}
	add(Claim{Where: "The evaluation function: text vs evaluate listing", Kind: KindContradiction, Basis: BasisSource,
		Claim: "the text's piece values, in pawns, are the listing's in centipawns", Claimed: "1, 3, 3.25, 5, 9, ∞",
		Live:    fmt.Sprintf("the listing: 100, 320, 330, 500, 900, 20000; %d of 6 differ (%s)", len(differ), strings.Join(differ, "; ")),
		Verdict: verdictSoft(len(differ) == 0), Rule: RuleAgree,
		Why: "the text gives the classic scale with a 3.25 bishop and an infinite king; the listing uses Michniewski's values"})
	add(Claim{Where: "evaluate listing", Kind: KindSetting, Claim: "piece values P, N, B, R, Q, K in centipawns, plus piece-square bonuses",
		Claimed: "100, 320, 330, 500, 900, 20000", Live: "plylab's pst evaluation (Michniewski's): " + strings.Join(pst, ", ") + " (the king's value orders moves; both kings cancel in the score)",
		Verdict: verdictSoft(samePST), Rule: RuleSetting})
	add(Claim{Where: "The evaluation function", Kind: KindValue, Basis: BasisSource, Claim: "the piece-square tables are an 8x8 table per piece type, a few hundred bytes",
		Claimed: "a few hundred bytes", Live: "6 tables of 64 squares: 384 entries, 384 to 768 bytes at one or two bytes an entry",
		Verdict: verdictSoft(6*64 >= 200 && 2*6*64 < 1000), Rule: RuleRange, Why: "a few hundred read as 200 to 999"})
	const freeQueen = "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1"
	_, wm := listingSearch(mustBoard(freeQueen), 1, -200000, 200000, true)
	_, sm := listingSearch(mustBoard(freeQueen), 1, -200000, 200000, false)
	add(Claim{Where: "The evaluation function text vs evaluate listing's comment", Kind: KindContradiction,
		Claim:   `the listing's evaluate, "from white's perspective", is the score for the side to move that its negamax alphabeta needs`,
		Claimed: "one and the same",
		Live: fmt.Sprintf("the listing at depth 1 on %s: with White's view it plays %s, with the side to move's %s",
			freeQueen, mustBoard(freeQueen).SAN(wm), mustBoard(freeQueen).SAN(sm)),
		Verdict: verdictTrue(wm == sm), Rule: RuleTrue,
		Why: "negamax needs each leaf scored for the side to move; scored for White, every leaf with Black to move has the wrong sign, and White declines a free queen"})
	bonus := maxSquareBonus()
	bound := 9*eval.PieceValue(eval.PST, board.Queen) + 2*(eval.PieceValue(eval.PST, board.Rook)+eval.PieceValue(eval.PST, board.Bishop)+eval.PieceValue(eval.PST, board.Knight)) + 2*16*bonus
	add(Claim{Where: "alphabeta listing", Kind: KindSetting, Claim: "being mated scores -100000, stalemate 0, and best starts at -200000: below every evaluation",
		Claimed: "-100000, 0, -200000",
		Live:    fmt.Sprintf("an evaluation is at most %d: a side's material (nine queens, two rooks, bishops and knights) and 32 pieces' largest piece-square bonus, %d", bound, bonus),
		Verdict: verdictTrue(100000 > bound && -200000 < -100000), Rule: RuleTrue,
		Why: "the mate score has no distance: like the blog's listing, it takes the first mate it finds, not the fastest"})
	r, err := m.mate2Searches()
	if err != nil {
		return nil, err
	}
	add(horizon("alphabeta listing (depth 0 tested before the move list)", r))
	tr, err := m.traced()
	if err != nil {
		return nil, err
	}
	add(Claim{Where: "Alpha-beta pruning (text and listing)", Kind: KindSetting, Claim: "prune when alpha >= beta: a tie with the bound cuts",
		Claimed: "alpha >= beta",
		Live:    fmt.Sprintf("plylab's alpha-beta on %s: %d of minimax's %d nodes (the only cutoff this tree allows is on a tie)", toyTie, tr.toyAB, tr.toyMM),
		Verdict: verdictSoft(tr.toyAB < tr.toyMM), Rule: RuleSetting})
	s, err := m.sameMove()
	if err != nil {
		return nil, err
	}
	add(Claim{Where: "Alpha-beta pruning; Quick check 1", Kind: KindValue, Claim: "alpha-beta gives the same answer and the same move as minimax",
		Claimed: "same move, same score", Live: s.String(), Verdict: verdictAll(min(s.sameMove, s.sameScore), s.positions), Rule: RuleAll})
	d, err := m.doubling()
	if err != nil {
		return nil, err
	}
	add(Claim{Where: "Alpha-beta pruning; Quick check 1", Kind: KindValue,
		Claim: "with good ordering alpha-beta searches about the square root of minimax's tree: depth 8 in the time of depth 4", Claimed: "depth 8",
		Live: d.String(), Verdict: verdictRounds(8, 1, float64(d.depth)), Rule: RuleRounds,
		Why: "the square root is the best case, for perfect ordering; plylab's best plain ordering gains less than double the depth at a fixed number of nodes"})
	ord, err := m.ordering()
	if err != nil {
		return nil, err
	}
	add(ord)

	t, err := m.tutorialSearches()
	if err != nil {
		return nil, err
	}
	d6 := t.withTT.Depth
	i1, i2, i3 := iterNodes(t.withTT, d6-2), iterNodes(t.withTT, d6-1), iterNodes(t.withTT, d6)
	ratio := float64(i3-i2) / float64(i2-i1)
	share := 100 * float64(i2) / float64(i3)
	add(Claim{Where: "Iterative deepening", Kind: KindValue, Claim: "an iteration costs roughly 1/35 of the next", Claimed: "35 times less",
		Live:    fmt.Sprintf("iteration %d took %.1f times the nodes of iteration %d (%d against %d; start position, %s, pst)", d6, ratio, d6-1, i3-i2, i2-i1, tutorialAlgo),
		Verdict: verdictRounds(35, 2, ratio), Rule: RuleRounds,
		Why: "with alpha-beta and ordering the tree grows by far less than the branching factor per ply"})
	add(Claim{Where: "Iterative deepening", Kind: KindValue, Claim: "the shallower iterations cost under 5 % of the search", Claimed: "< 5 %",
		Live:    fmt.Sprintf("%.1f %% (%d of the %d nodes of the depth-%d search)", share, i2, i3, d6),
		Verdict: verdictTrue(share < 5), Rule: RuleBound,
		Why: "each iteration is cheap next to the last, yet together the earlier ones cost far more than 5 %"})
	implied := 100 / (math.Sqrt(35) - 1)
	add(Claim{Where: "Iterative deepening (1/35 a ply) vs Alpha-beta pruning (square root)", Kind: KindContradiction, Basis: BasisSource,
		Claim: "the overhead of under 5 % follows from the tutorial's own figures", Claimed: "< 5 %",
		Live:    fmt.Sprintf("with the square root of 35, %.1f, per ply (its alpha-beta section), the earlier iterations cost 1/(%.1f - 1) = %.0f %%; only with 35 per ply (plain minimax) is it %.1f %%", math.Sqrt(35), math.Sqrt(35), implied, 100/34.0),
		Verdict: verdictSoft(implied < 5), Rule: RuleAgree,
		Why: "1/35 a ply holds for plain minimax, not for the alpha-beta with move ordering the tutorial builds (the measured ratio is in the iterative deepening rows)"})
	b1, b2 := mustBoard(board.New().FEN()), mustBoard(board.New().FEN())
	for _, mv := range []string{"g1f3", "d7d5", "d2d4"} {
		mm, _ := b1.ParseMove(mv)
		b1.Make(mm)
	}
	for _, mv := range []string{"d2d4", "d7d5", "g1f3"} {
		mm, _ := b2.ParseMove(mv)
		b2.Make(mm)
	}
	add(Claim{Where: "Transposition tables", Kind: KindValue, Claim: "1.Nf3 d5 2.d4 and 1.d4 d5 2.Nf3 reach the same position", Claimed: "same position",
		Live:    fmt.Sprintf("same Zobrist key %v, same placement %v", b1.Hash() == b2.Hash(), strings.Fields(b1.FEN())[0] == strings.Fields(b2.FEN())[0]),
		Verdict: verdictTrue(b1.Hash() == b2.Hash() && strings.Fields(b1.FEN())[0] == strings.Fields(b2.FEN())[0]), Rule: RuleTrue})
	bits := reflect.TypeOf(b1.Hash()).Bits()
	add(Claim{Where: "Transposition tables", Kind: KindSetting, Claim: "Zobrist keys: a random 64-bit constant for each piece on each square", Claimed: "64 bits",
		Live: fmt.Sprintf("plylab's keys: %d bits", bits), Verdict: verdictSoft(bits == 64), Rule: RuleSetting})
	mb := engine.EngineOptions().TTSizeMB
	add(Claim{Where: "Transposition tables", Kind: KindSetting, Claim: "a few hundred MB of transposition table", Claimed: "a few hundred MB",
		Live:    fmt.Sprintf("%d MiB, plylab's default (the depth the table adds over the bench suite is measured with 256 MB)", mb),
		Verdict: verdictSoft(mb >= 200 && mb < 1000), Rule: RuleRange, Why: "a few hundred read as 200 to 999; plylab's default is smaller"})
	add(notCheckable("Putting it together", KindValue, "the engine is about 800 lines of C++", "800 lines", "",
		"the tutorial's code is not published with it; it would take that code"))
	out = append(out, stored...)
	for _, c := range []struct{ claim, claimed string }{
		{"each of the techniques would have made a chess-engine pioneer in 1965; sixty years of chess engineering since", "1965, sixty years"},
		{"Bernstein's IBM 704 program (1958) is the first of the classical architecture", "1958"},
		{"Stockfish 8 (2017) is the last classical engine before AlphaZero (2017) replaced the evaluation and the search", "2017"},
		{"AlphaZero's network has 40 million parameters", "40 million"},
	} {
		add(notCheckable("The AlphaZero leap; Putting it together", KindCited, c.claim, c.claimed, "",
			"a fact of chess-programming history the tutorial does not source; it would take the published record (for AlphaZero, its paper: the RAM-Z paper cites it as of 2017)"))
	}
	return out, nil
}

// horizon is the claim about a search that evaluates at depth 0 before it
// looks for legal moves (the blog's and the tutorial's listings), set
// against plylab's order.
func horizon(where string, r *mate2Runs) Claim {
	return Claim{Where: where, Kind: KindSetting,
		Claim:   "the search returns the evaluation at depth 0 before it looks for legal moves, so a mate or stalemate exactly at depth 0 is scored by the evaluation",
		Claimed: "depth-0 test first",
		Live: fmt.Sprintf("after Ra6 bxa6 b7, which %s, a depth-0 evaluation gives %+d to the mated side; plylab looks for legal moves first and its alpha-beta finds %s at depth 3",
			map[bool]string{true: "mates", false: "does not mate"}[r.mated], r.horizonStatic, engine.FormatScore(r.horizonSearch.Score)),
		Verdict: verdictSoft(!engine.IsMate(r.horizonSearch.Score)), Rule: RuleSetting,
		Why: "plylab's order differs on purpose: mates and stalemates on the horizon count as such"}
}

// ordering is the tutorial's "captures first gets most of the gain":
// plain alpha-beta, with MVV-LVA, and with killers and history too, over
// the bench positions at depth 4.
func (m *measures) ordering() (Claim, error) {
	nodes := func(name string) (uint64, error) {
		o, err := engine.ParseAlgo(name)
		if err != nil {
			return 0, err
		}
		var sum uint64
		for _, fen := range benchFENs {
			sum += textbook.Run(m.ctx, mustBoard(fen), o, engine.Limits{Depth: 4}, nil, nil).Stats.TotalNodes()
			if err := m.ctx.Err(); err != nil {
				return 0, err
			}
		}
		return sum, nil
	}
	plain, err := nodes("alphabeta")
	if err != nil {
		return Claim{}, err
	}
	caps, err := nodes("alphabeta-with-mvvlva")
	if err != nil {
		return Claim{}, err
	}
	full, err := nodes("alphabeta-with-mvvlva-with-killers-with-history")
	if err != nil {
		return Claim{}, err
	}
	gain := 100 * float64(plain-caps) / float64(plain-full)
	return Claim{Where: "Move ordering", Kind: KindValue, Claim: "even rough ordering (captures first) gets most of the gain", Claimed: "most (> 50 %)",
		Live: fmt.Sprintf("%.0f %% of it: %d -> %d nodes with MVV-LVA, %d with killers and history too (%d bench positions, depth 4)",
			gain, plain, caps, full, len(benchFENs)),
		Verdict: verdictTrue(gain > 50), Rule: RuleBound}, nil
}
