package lab

import (
	"context"
	"fmt"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/textbook"
)

// The ledger's measurements. Several claims, often of different sources,
// rest on one measurement (the branching factor of real games, the
// game-trees paper's searches of its position); measures makes each at
// most once per Ledger call, when a claim first needs it. All are
// deterministic: fixed depths and node budgets, fresh tables, one thread.

// measures holds the measurements of one Ledger call.
type measures struct {
	ctx context.Context

	games *gameStats
	paper *paperRuns
	mate2 *mate2Runs
	tut   *tutorialRuns
	same  *sameMoveRun
	trace *traceRun
	order *orderRuns
}

const (
	// paperMate2 is the game-trees paper's Figure 8 (positions:
	// paper-mate2).
	paperMate2 = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
	kiwipete   = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// mateInOne has a mate in one (Ra8) and slower mates (Kf7 first):
	// the position that shows what a mate's distance is for.
	mateInOne = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"
)

// benchFENs are a few of Stockfish's bench positions (positions/data).
var benchFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
	"4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
	"rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
	"r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
}

func mustBoard(fen string) *board.Board {
	b, err := board.FromFEN(fen)
	if err != nil {
		panic("lab: " + err.Error())
	}
	return b
}

// play returns the position after the moves (UCI or SAN) from fen.
func playLine(fen string, moves ...string) (*board.Board, error) {
	b := mustBoard(fen)
	for _, u := range moves {
		m, err := b.ParseMove(u)
		if err != nil {
			return nil, err
		}
		b.Make(m)
	}
	return b, nil
}

// masterGames is the branching factor of real games (ledger_games.go).
func (m *measures) masterGames() (gameStats, error) {
	if m.games == nil {
		g, err := readMasterGames()
		if err != nil {
			return g, err
		}
		m.games = &g
	}
	return *m.games, nil
}

// paperRuns are the game-trees paper's own searches (engine/textbook/paper.go) of
// its position.
type paperRuns struct {
	// root4AB and root4MM score every root move as the paper's driver
	// does, with its alpha-beta and its minimax, three plies after the move
	// (plylab depth 4, the paper's "depth 3"); root5MM four plies after it
	// (plylab depth 5: the driver's depth = 4).
	root4AB, root4MM, root5MM map[string]int
	// nodes[0][d] and nodes[1][d]: minimax and alpha-beta nodes at depth d.
	nodes [2][6]uint64
	// value5 is alpha-beta's value at depth 5; nonstrict5 and
	// nonstrictNodes5 the same search cutting on ties (>= and <=).
	value5, nonstrict5 int
	nonstrictNodes5    uint64
	legal              int // White's legal moves
}

// rootScores scores the root moves as PaperRootScores does, and returns
// them by UCI name with the nodes of the whole tree (the root included).
func rootScores(ctx context.Context, b *board.Board, alphaBeta bool, depth int) (map[string]int, uint64, error) {
	ms, err := textbook.PaperRootScores(ctx, b, alphaBeta, engine.PaperOptions{}, depth)
	if err != nil {
		return nil, 0, err
	}
	out := map[string]int{}
	nodes := uint64(1)
	for _, s := range ms {
		out[s.Move.String()] = s.Score
		nodes += s.Nodes
	}
	return out, nodes, nil
}

// paperSearches runs the paper's searches. Minimax at depths 4 and 5 is
// counted from the driver's scoring of every root move, which visits the
// same tree (the root and its subtrees; TestPaperRootNodes checks it),
// so the costliest search runs once.
func (m *measures) paperSearches() (*paperRuns, error) {
	if m.paper != nil {
		return m.paper, nil
	}
	b := mustBoard(paperMate2)
	p := &paperRuns{legal: int(b.Perft(1))}
	var err error
	if p.root4AB, _, err = rootScores(m.ctx, b, true, 4); err != nil {
		return nil, err
	}
	if p.root4MM, p.nodes[0][4], err = rootScores(m.ctx, b, false, 4); err != nil {
		return nil, err
	}
	if p.root5MM, p.nodes[0][5], err = rootScores(m.ctx, b, false, 5); err != nil {
		return nil, err
	}
	for d := 1; d <= 5; d++ {
		if d <= 3 {
			p.nodes[0][d] = textbook.PaperSearch(m.ctx, b, false, engine.PaperOptions{}, d).Stats.Nodes
		}
		r := textbook.PaperSearch(m.ctx, b, true, engine.PaperOptions{}, d)
		p.nodes[1][d] = r.Stats.Nodes
		p.value5 = r.Score
	}
	ns := textbook.PaperSearch(m.ctx, b, true, engine.PaperOptions{NonStrict: true}, 5)
	p.nonstrict5, p.nonstrictNodes5 = ns.Score, ns.Stats.Nodes
	if err := m.ctx.Err(); err != nil {
		return nil, err
	}
	m.paper = p
	return p, nil
}

// mate2Runs are plylab's own searches around the paper's position and the
// mate-in-one position.
type mate2Runs struct {
	// negamax and maxMin: plylab's minimax (negamax form) and the paper's
	// max/min minimax with mate distance, depth 4.
	negamax, maxMin int
	// stockfish: plylab's alpha-beta at depth 5 (a sound search: it proves
	// the mate).
	stockfish engine.Result
	// horizon: after Ra6 bxa6 b7#: the material count for the mated side,
	// and plylab's alpha-beta at depth 3 from the start of the line.
	mated         bool
	horizonStatic int
	horizonSearch engine.Result
	// noDist and dist: the paper's alpha-beta, cutting on ties as the
	// blog's listing does, at depth 3 on mateInOne without and with the
	// mate distance; distScores scores each root move with the distance.
	noDist, dist engine.Result
	distScores   map[string]int
	// plain1: plylab's alpha-beta at depth 1 on mateInOne.
	plain1 engine.Result
	// stalemate: the paper's minimax on a stalemate.
	stalemate engine.Result
}

// mate2 runs mate2Runs.
func (m *measures) mate2Searches() (*mate2Runs, error) {
	if m.mate2 != nil {
		return m.mate2, nil
	}
	ctx := m.ctx
	b := mustBoard(paperMate2)
	r := &mate2Runs{}
	r.negamax = textbook.Run(ctx, b, engine.MinimaxOptions(), engine.Limits{Depth: 4}, nil, nil).Score
	r.maxMin = textbook.PaperSearch(ctx, b, false, engine.PaperOptions{MateDistance: true}, 4).Score
	r.stockfish = textbook.Run(ctx, b, engine.AlphaBetaOptions(), engine.Limits{Depth: 5}, nil, nil)
	mated, err := playLine(paperMate2, "a1a6", "b7a6", "b6b7")
	if err != nil {
		return nil, err
	}
	r.mated = mated.InCheck() && !mated.HasLegalMove()
	r.horizonStatic = eval.Evaluate(mated, eval.Material)
	r.horizonSearch = textbook.Run(ctx, b, engine.AlphaBetaOptions(), engine.Limits{Depth: 3}, nil, nil)
	k := mustBoard(mateInOne)
	r.noDist = textbook.PaperSearch(ctx, k, true, engine.PaperOptions{NonStrict: true}, 3)
	r.dist = textbook.PaperSearch(ctx, k, true, engine.PaperOptions{NonStrict: true, MateDistance: true}, 3)
	ds, err := textbook.PaperRootScores(ctx, k, true, engine.PaperOptions{MateDistance: true}, 3)
	if err != nil {
		return nil, err
	}
	r.distScores = map[string]int{}
	for _, s := range ds {
		r.distScores[s.Move.String()] = s.Score
	}
	r.plain1 = textbook.Run(ctx, k, engine.AlphaBetaOptions(), engine.Limits{Depth: 1}, nil, nil)
	r.stalemate = textbook.PaperSearch(ctx, mustBoard(stalemateFEN), false, engine.PaperOptions{}, 2)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mate2 = r
	return r, nil
}

// sameMoveRun compares plylab's minimax and alpha-beta (the same move
// order) on the bench positions at depth 3.
type sameMoveRun struct {
	positions, sameMove, sameScore int
	mmNodes, abNodes               uint64
}

func (m *measures) sameMove() (*sameMoveRun, error) {
	if m.same != nil {
		return m.same, nil
	}
	r := &sameMoveRun{}
	for _, fen := range benchFENs {
		b := mustBoard(fen)
		mm := textbook.Run(m.ctx, b, engine.MinimaxOptions(), engine.Limits{Depth: 3}, nil, nil)
		ab := textbook.Run(m.ctx, b, engine.AlphaBetaOptions(), engine.Limits{Depth: 3}, nil, nil)
		if err := m.ctx.Err(); err != nil {
			return nil, err
		}
		r.positions++
		if mm.BestMove == ab.BestMove {
			r.sameMove++
		}
		if mm.Score == ab.Score {
			r.sameScore++
		}
		r.mmNodes += mm.Stats.Nodes
		r.abNodes += ab.Stats.Nodes
	}
	m.same = r
	return r, nil
}

// String describes the comparison.
func (r *sameMoveRun) String() string {
	return fmt.Sprintf("same move in %d and same score in %d of %d bench positions (depth 3: %d nodes for minimax, %d for alpha-beta)",
		r.sameMove, r.sameScore, r.positions, r.mmNodes, r.abNodes)
}

// traceRun watches plylab's plain alpha-beta node by node (a Recorder):
// the window each node gets and the value it returns.
type traceRun struct {
	nodes int
	// exact: searched nodes (not leaves) whose value is exact; inside: of
	// those, the ones with alpha < value < beta (all of them, if alpha is
	// the lower bound and beta the upper one).
	exact, inside int
	// flipped: children entered with the window (-beta, -alpha) of their
	// parent, alpha as it stood then; children: all children.
	flipped, children int
	// cuts: nodes that ended on a cutoff; cutsAbove: of those, the ones
	// returning more than beta (fail-soft); cutsAt: exactly beta.
	cuts, cutsAbove, cutsAt int
	// toyAB and toyMM: nodes of alpha-beta and minimax on toyTie.
	toyAB, toyMM uint64
}

// toyTie is a textbook tree whose only possible cutoff is on a tie: the
// second move's first reply equals the bound the first move set.
const toyTie = "((3,5),(3,2))"

// windowRecorder implements engine.Recorder for traceRun.
type windowRecorder struct {
	r     *traceRun
	stack []windowFrame
}

// windowFrame is a node's window at entry (alpha0, beta) and its alpha as
// its children raise it.
type windowFrame struct{ alpha0, alpha, beta int }

func (w *windowRecorder) Enter(n engine.NodeInfo) {
	w.r.nodes++
	if k := len(w.stack); k > 0 {
		p := w.stack[k-1]
		w.r.children++
		if n.Alpha == -p.beta && n.Beta == -p.alpha {
			w.r.flipped++
		}
	}
	w.stack = append(w.stack, windowFrame{n.Alpha, n.Alpha, n.Beta})
}

func (w *windowRecorder) Leave(res engine.NodeResult) {
	f := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	switch res.End {
	case engine.EndCutoff:
		w.r.cuts++
		if res.Value > f.beta {
			w.r.cutsAbove++
		} else if res.Value == f.beta {
			w.r.cutsAt++
		}
	}
	if res.Bound == engine.Exact && res.End == engine.EndExpanded {
		w.r.exact++
		if f.alpha0 < res.Value && res.Value < f.beta {
			w.r.inside++
		}
	}
	// The parent's alpha rises with the value the child returned.
	if k := len(w.stack); k > 0 && -res.Value > w.stack[k-1].alpha {
		w.stack[k-1].alpha = -res.Value
	}
}

func (w *windowRecorder) Pruned([]board.Move) {}

func (w *windowRecorder) Improved(board.Move, int) {}

// traced runs plylab's alpha-beta on the paper's position at depth 3 with
// a windowRecorder, and both plain searches on toyTie.
func (m *measures) traced() (*traceRun, error) {
	if m.trace != nil {
		return m.trace, nil
	}
	r := &traceRun{}
	textbook.Run(m.ctx, mustBoard(paperMate2), engine.AlphaBetaOptions(), engine.Limits{Depth: 3}, &windowRecorder{r: r}, nil)
	toy, err := textbook.ParseToy(toyTie)
	if err != nil {
		return nil, err
	}
	r.toyAB = textbook.AlphaBeta(m.ctx, toy, toy.Root.Height(), nil).Stats.Nodes
	r.toyMM = textbook.Minimax(m.ctx, toy, toy.Root.Height(), nil).Stats.Nodes
	if err := m.ctx.Err(); err != nil {
		return nil, err
	}
	m.trace = r
	return r, nil
}
