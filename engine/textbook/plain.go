package textbook

import (
	"context"
	"github.com/plylab/plylab/engine"
	"time"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue"
)

// Game is what the plain searches need from a game tree. Chess positions
// and textbook trees (nested lists of leaf values) both implement it, so a
// textbook tree runs through exactly the same minimax and alpha-beta code as
// chess.
type Game interface {
	// IsDraw reports a draw by the rules at the current node (never at the
	// root: the searches only ask below it).
	IsDraw() bool
	// Moves returns the moves at the current node, which is at the given ply.
	// The slice stays valid until Moves is called again for the same ply.
	Moves(ply int) []board.Move
	// NoMoves scores a node without moves from the side to move's point of
	// view and says why it ended (checkmate, stalemate, or a textbook leaf).
	NoMoves(ply int) (int, engine.EndReason)
	// Evaluate returns the static value for the side to move.
	Evaluate() int
	// Make plays a move returned by Moves; Unmake takes it back.
	Make(m board.Move)
	Unmake()
}

// ChessGame adapts a board to Game with a static evaluation.
type ChessGame struct {
	B    *board.Board
	Kind eval.Kind
	// Terms are the classical evaluation's terms (NewChessGame: all).
	Terms eval.Terms
	// RepetitionDraw ends a line at the first repetition (the engine's
	// shortcut, Options.RepetitionDraw) instead of at the threefold
	// repetition the rules require.
	RepetitionDraw bool
	lists          [engine.MaxPly + 1]board.MoveList
	// net evaluates with the network move by move (Kind NNUE): a position's
	// accumulators are its parent's plus a few rows, updated as each move
	// is made, instead of every piece's rows summed again at every leaf.
	net *nnue.State
}

// NewChessGame returns a Game over b evaluated with kind (with every
// classical term, when kind is eval.Classical).
func NewChessGame(b *board.Board, kind eval.Kind) *ChessGame {
	return &ChessGame{B: b, Kind: kind, Terms: eval.AllTerms}
}

// IsDraw implements Game: threefold repetition (counted over the game's
// history since the last irreversible move, positions before the root
// included), the fifty-move rule, insufficient material. With
// RepetitionDraw a single repetition is enough.
func (g *ChessGame) IsDraw() bool {
	if g.B.IsFiftyMoveDraw() || g.B.InsufficientMaterial() {
		return true
	}
	if g.RepetitionDraw {
		return g.B.IsRepetition()
	}
	return g.B.RepetitionCount() >= 3
}

// SubtreeKey implements the minimal tree's transposition memo: a key for the
// subtree of the current node searched to depth, and whether every node of
// that subtree ends exactly as it would below any other path to the same
// position. That holds when no draw by history can happen inside it: no
// repetition can be reached (too few reversible plies, counting the ones
// before the node) and the fifty-move rule cannot fire.
func (g *ChessGame) SubtreeKey(depth int) (uint64, bool) {
	need := 8 // a threefold repetition spans at least 8 reversible plies
	if g.RepetitionDraw {
		need = 4
	}
	if g.B.RepetitionWindow()+depth >= need || g.B.HalfmoveClock()+depth >= 100 {
		return 0, false
	}
	return g.B.Hash() ^ uint64(depth+1)*0x9e3779b97f4a7c15, true
}

// Moves implements Game.
func (g *ChessGame) Moves(ply int) []board.Move {
	l := &g.lists[ply]
	g.B.GenerateMoves(l)
	return l.Slice()
}

// HasMoves reports whether the side to move has a legal move, without
// listing them (the minimal tree asks it at every leaf).
func (g *ChessGame) HasMoves() bool { return g.B.HasLegalMove() }

// NoMoves implements Game: checkmate or stalemate.
func (g *ChessGame) NoMoves(ply int) (int, engine.EndReason) {
	if g.B.InCheck() {
		return -engine.MateScore + ply, engine.EndCheckmate
	}
	return 0, engine.EndStalemate
}

// Evaluate implements Game. The network (Kind NNUE) evaluates
// incrementally (nnue.State), with the scores of nnue.Default().Evaluate.
func (g *ChessGame) Evaluate() int {
	if g.Kind == eval.NNUE {
		return g.network().Evaluate(g.B)
	}
	return eval.EvaluateTerms(g.B, g.Kind, g.Terms)
}

// network is the game's incremental evaluation by the network.
func (g *ChessGame) network() *nnue.State {
	if g.net == nil {
		g.net = nnue.NewState(nnue.Default())
	}
	return g.net
}

// Make implements Game. With the network it also updates the new
// position's accumulators from its parent's.
func (g *ChessGame) Make(m board.Move) {
	g.B.Make(m)
	if g.Kind == eval.NNUE {
		g.network().Update(g.B)
	}
}

// Unmake implements Game.
func (g *ChessGame) Unmake() { g.B.Unmake() }

// plain runs the textbook algorithms: minimax and alpha-beta in negamax
// form, moves in the order the game generates them, nothing else.
type plain struct {
	g         Game
	alphaBeta bool
	rec       engine.Recorder
	ctx       context.Context
	stats     engine.Stats
	stopped   bool
	pv        [engine.MaxPly + 1][engine.MaxPly + 1]board.Move
	pvLen     [engine.MaxPly + 1]int
}

// Minimax searches g to depth with plain minimax (negamax form): every move
// at every node, no pruning. It visits the full tree, which makes it the
// reference every other search is measured against.
func Minimax(ctx context.Context, g Game, depth int, rec engine.Recorder) engine.Result {
	p := &plain{g: g, rec: rec, ctx: ctx}
	return p.run(depth, "minimax")
}

// AlphaBeta searches g to depth with plain alpha-beta: the same value as
// minimax, but a node stops searching as soon as one move proves the
// opponent will avoid it (the value reached beta). Moves are tried in
// generation order; better ordering is the full engine's business.
func AlphaBeta(ctx context.Context, g Game, depth int, rec engine.Recorder) engine.Result {
	p := &plain{g: g, rec: rec, ctx: ctx, alphaBeta: true}
	return p.run(depth, "alphabeta")
}

func (p *plain) run(depth int, name string) engine.Result {
	start := time.Now()
	score := p.search(0, depth, -engine.Infinity, engine.Infinity, board.NoMove)
	p.stats.Elapsed = time.Since(start)
	r := engine.Result{Algo: name, Depth: depth, Score: score, Stats: p.stats, Stopped: p.stopped}
	r.PV = append([]board.Move(nil), p.pv[0][:p.pvLen[0]]...)
	if len(r.PV) > 0 {
		r.BestMove = r.PV[0]
	}
	if p.stopped {
		r.Depth = 0
	}
	r.Iters = []engine.Iteration{{Depth: depth, SelDepth: p.stats.SelDepth, Score: score, Bound: engine.Exact,
		Nodes: p.stats.Nodes, Elapsed: p.stats.Elapsed, PV: r.PV, Stats: p.stats}}
	return r
}

func (p *plain) search(ply, depth, alpha, beta int, move board.Move) int {
	p.stats.Nodes++
	p.pvLen[ply] = 0
	if ply > p.stats.SelDepth {
		p.stats.SelDepth = ply
	}
	if engine.TraceHooks && p.rec != nil {
		p.rec.Enter(engine.NodeInfo{Move: move, Ply: ply, Depth: depth, Alpha: alpha, Beta: beta})
	}
	// Cancellation is checked every 4096 nodes: cheap, and fast enough to
	// stop within a millisecond.
	if p.stats.Nodes&4095 == 0 {
		engine.ChargeBudget(p.ctx, 4096) // a node budget (WithNodeBudget) cancels ctx when spent
		if p.ctx.Err() != nil {
			p.stopped = true
		}
	}
	if p.stopped {
		return p.leave(0, engine.Exact, engine.EndLeaf, 0, 0, board.NoMove)
	}
	if ply > 0 && p.g.IsDraw() {
		p.stats.Terminal++
		return p.leave(0, engine.Exact, engine.EndDraw, 0, 0, board.NoMove)
	}
	moves := p.g.Moves(ply)
	if len(moves) == 0 {
		v, why := p.g.NoMoves(ply)
		if why == engine.EndLeaf {
			p.stats.Leaves++
		} else {
			p.stats.Terminal++
		}
		return p.leave(v, engine.Exact, why, 0, 0, board.NoMove)
	}
	if depth <= 0 || ply >= engine.MaxPly {
		p.stats.Leaves++
		return p.leave(p.g.Evaluate(), engine.Exact, engine.EndLeaf, 0, len(moves), board.NoMove)
	}
	alphaOrig := alpha
	best := -engine.Infinity
	bestMove := board.NoMove
	for i, m := range moves {
		p.g.Make(m)
		// Negamax: the child's value is from the opponent's point of view,
		// so it is negated, and the window is swapped and negated with it.
		var v int
		if p.alphaBeta {
			v = -p.search(ply+1, depth-1, -beta, -alpha, m)
		} else {
			v = -p.search(ply+1, depth-1, -engine.Infinity, engine.Infinity, m)
		}
		p.g.Unmake()
		if p.stopped {
			return p.leave(best, engine.Exact, engine.EndExpanded, i+1, len(moves), bestMove)
		}
		if v > best {
			best, bestMove = v, m
			if engine.TraceHooks && p.rec != nil {
				p.rec.Improved(m, v)
			}
			p.pv[ply][0] = m
			copy(p.pv[ply][1:], p.pv[ply+1][:p.pvLen[ply+1]])
			p.pvLen[ply] = p.pvLen[ply+1] + 1
		}
		if !p.alphaBeta {
			continue
		}
		if v > alpha {
			alpha = v
		}
		// Alpha-beta cutoff: this node is already worth at least beta to
		// the side to move, and the opponent has a line elsewhere that
		// holds us to less. The remaining moves cannot matter.
		if alpha >= beta {
			p.stats.BetaCutoffs++
			if i == 0 {
				p.stats.FirstCutoffs++
			}
			if engine.TraceHooks && p.rec != nil && i+1 < len(moves) {
				p.rec.Pruned(moves[i+1:])
			}
			return p.leave(best, engine.Lower, engine.EndCutoff, i+1, len(moves), bestMove)
		}
	}
	bound := engine.Exact
	if p.alphaBeta && best <= alphaOrig {
		bound = engine.Upper
	}
	return p.leave(best, bound, engine.EndExpanded, len(moves), len(moves), bestMove)
}

func (p *plain) leave(v int, b engine.Bound, why engine.EndReason, searched, total int, best board.Move) int {
	if engine.TraceHooks && p.rec != nil {
		p.rec.Leave(engine.NodeResult{Value: v, Bound: b, End: why, Searched: searched, Total: total, Best: best})
	}
	return v
}
