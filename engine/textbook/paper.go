package textbook

// Paper-faithful searches.
//
// The game-trees paper ("Application of Game Trees and Alpha-Beta Pruning
// in Optimizing Chess Engines") lists a minimax and an alpha-beta
// function in Python over python-chess and prints their node counts on its
// mate-in-two position (plylab's paper-mate2) in its Tables 4 and 5. This
// file runs the same algorithms, as listed, on plylab's own board, so that
// the presets paper-minimax and paper-alphabeta give the paper's code's
// node counts and values on any position:
//
//   - moves are tried in python-chess's legal-move generation order (a fact
//     about that library, reproduced here as a sort key over plylab's
//     legal moves: see pythonChessOrder);
//   - the alpha-beta cutoff tests are the paper's: at a White (max) node
//     the loop breaks when the value is strictly greater than beta, and
//     only after that test is alpha raised; at a Black (min) node it breaks
//     when the value is strictly less than alpha, then beta is lowered. The
//     root is called with (-inf, +inf);
//   - leaves are scored as the paper's simple_board_score: checkmate is
//     -inf or +inf with no distance to mate, a draw is 0, anything else is
//     material (P 100, N 300, B 300, R 500, Q 900, K 1000), White minus
//     Black, from White's point of view;
//   - a call ends the line when depth is 0, the game is over, or its_draw
//     holds. its_draw is not printed in the paper; the lichess blog it
//     cites defines it as stalemate, fivefold repetition, insufficient
//     material, the seventy-five-move rule, or a draw the side to move could
//     claim (python-chess's can_claim_draw: fifty moves, or a move that
//     reaches them; threefold repetition, or a move that repeats a third
//     time). Each is implemented as python-chess defines it, including its
//     repetition bookkeeping (positions compared by piece placement, side,
//     castling rights and an en-passant square only when a legal en-passant
//     capture exists; the count runs back to the last irreversible move);
//   - every call is a node, the root included. The root has no history.
//
// Why it differs from plylab's plain alpha-beta: plain alpha-beta is in
// negamax form with a fail-hard-style "value >= beta" cutoff (ties cut),
// generates moves in plylab's order, and scores mate by its distance, so
// two mates are never tied. The paper's strict tests do not cut on a tie,
// and with every mate worth the same infinity, ties are frequent on a
// mating position: the paper's alpha-beta visits many more nodes. Three
// switches turn each difference off in turn, for the lessons:
// paper-alphabeta-with-nonstrict (cut on ties, >= and <=),
// paper-alphabeta-with-plyorder (plylab's move order) and
// paper-alphabeta-with-matedistance (mate scored by distance).

import (
	"context"
	"github.com/plylab/plylab/engine"
	"slices"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// paperInf stands for the paper's numpy infinity: above every material sum.
const paperInf = 1 << 30

// paperKey is python-chess's transposition key of a position: piece
// placement, side to move, castling rights, and the en-passant square only
// when a legal en-passant capture exists.
type paperKey struct {
	pieces   [7]board.Bitboard
	white    board.Bitboard
	side     board.Color
	castling uint8
	ep       board.Square
}

type paperSearch struct {
	b     *board.Board
	alpha bool
	o     engine.PaperOptions
	ctx   context.Context
	nodes uint64
	stop  bool
	// keys[i] is the key of the i-th position of the line (the root is 0);
	// irrev[i] says whether the move from position i to i+1 was
	// irreversible by python-chess's definition.
	keys  []paperKey
	irrev []bool
	lists [engine.MaxPly + 2]board.MoveList
	tmp   board.MoveList
	pv    [engine.MaxPly + 2][engine.MaxPly + 2]board.Move
	pvLen [engine.MaxPly + 2]int
}

// PaperSearch runs the game-trees paper's minimax (alphaBeta false) or
// alpha-beta (true) on a copy of b to depth. The score is converted to the
// side to move's point of view (plylab's convention); the paper's +inf and
// -inf become +Infinity and -Infinity (FormatScore prints them as +inf and
// -inf).
func PaperSearch(ctx context.Context, b *board.Board, alphaBeta bool, o engine.PaperOptions, depth int) engine.Result {
	p := newPaperSearch(ctx, b, alphaBeta, o)
	start := time.Now()
	v := p.search(0, depth, -paperInf, paperInf)
	r := engine.Result{Algo: "paper", Depth: depth, Stopped: p.stop}
	r.Score = p.toPlylab(v, b.Side())
	r.Stats.Nodes = p.nodes
	r.Stats.Elapsed = time.Since(start)
	r.PV = append([]board.Move(nil), p.pv[0][:p.pvLen[0]]...)
	if len(r.PV) > 0 {
		r.BestMove = r.PV[0]
	}
	if p.stop {
		r.Depth = 0
	}
	r.Iters = []engine.Iteration{{Depth: depth, Score: r.Score, Bound: engine.Exact, Nodes: p.nodes,
		Elapsed: r.Stats.Elapsed, PV: r.PV, Stats: r.Stats}}
	return r
}

func newPaperSearch(ctx context.Context, b *board.Board, alphaBeta bool, o engine.PaperOptions) *paperSearch {
	if ctx == nil {
		ctx = context.Background()
	}
	// The paper's root is a position from a FEN, without history.
	root, err := board.FromFEN(b.FEN())
	if err != nil {
		root = b.Copy()
	}
	p := &paperSearch{b: root, alpha: alphaBeta, o: o, ctx: ctx}
	p.keys = append(p.keys, p.key())
	return p
}

// toPlylab converts a White-view paper value to the side to move's view,
// with the paper's infinities as ±Infinity.
func (p *paperSearch) toPlylab(v int, side board.Color) int {
	switch {
	case v >= paperInf:
		v = engine.Infinity
	case v <= -paperInf:
		v = -engine.Infinity
	}
	if side == board.Black {
		v = -v
	}
	return v
}

func (p *paperSearch) key() paperKey {
	k := paperKey{white: p.b.Occupancy(board.White), side: p.b.Side(), castling: p.b.Castling(), ep: board.NoSquare}
	for t := board.Pawn; t <= board.King; t++ {
		k.pieces[t] = p.b.PiecesOfType(t)
	}
	if p.b.EnPassant() != board.NoSquare && p.hasLegalEP() {
		k.ep = p.b.EnPassant()
	}
	return k
}

func (p *paperSearch) hasLegalEP() bool {
	p.b.GenerateMoves(&p.tmp)
	for _, m := range p.tmp.Slice() {
		if m.Flag() == board.FlagEnPassant {
			return true
		}
	}
	return false
}

// irreversible is python-chess's is_irreversible(m) at the current
// position: a capture or pawn move, a move that changes castling rights,
// or any move from a position with a legal en-passant capture.
func (p *paperSearch) irreversible(m board.Move) bool {
	if zeroing(p.b, m) || p.hasLegalEP() {
		return true
	}
	before := p.b.Castling()
	p.b.Make(m)
	after := p.b.Castling()
	p.b.Unmake()
	return before != after
}

// zeroing reports whether m resets the fifty-move counter.
func zeroing(b *board.Board, m board.Move) bool {
	return m.IsCapture() || b.PieceAt(m.From()).Type() == board.Pawn
}

func (p *paperSearch) push(m board.Move) {
	p.irrev = append(p.irrev, p.irreversible(m))
	p.b.Make(m)
	p.keys = append(p.keys, p.key())
}

func (p *paperSearch) pop() {
	p.b.Unmake()
	p.keys = p.keys[:len(p.keys)-1]
	p.irrev = p.irrev[:len(p.irrev)-1]
}

// window counts, for key k, the earlier positions of the line equal to it,
// back to the last irreversible move (python-chess stops before the
// position an irreversible move was played from).
func (p *paperSearch) window(k paperKey) int {
	n := 0
	for i := len(p.keys) - 2; i >= 0; i-- {
		if p.irrev[i] {
			break
		}
		if p.keys[i] == k {
			n++
		}
	}
	return n
}

// itsDraw is the lichess blog's its_draw over python-chess: stalemate,
// fivefold repetition, insufficient material, the seventy-five-move rule,
// or can_claim_draw. moves are the legal moves of the current position.
func (p *paperSearch) itsDraw(moves []board.Move) bool {
	b := p.b
	if len(moves) == 0 && !b.InCheck() {
		return true // stalemate
	}
	cur := p.keys[len(p.keys)-1]
	earlier := p.window(cur)
	if earlier >= 4 || paperInsufficient(b) {
		return true // fivefold repetition, insufficient material
	}
	hm := b.HalfmoveClock()
	if hm >= 150 && len(moves) > 0 {
		return true // seventy-five moves
	}
	// can_claim_fifty_moves: fifty moves now, or a move reaching them.
	if hm >= 100 && len(moves) > 0 {
		return true
	}
	if hm >= 99 {
		for _, m := range moves {
			if zeroing(b, m) {
				continue
			}
			b.Make(m)
			ok := b.HasLegalMove()
			b.Unmake()
			if ok {
				return true
			}
		}
	}
	// can_claim_threefold_repetition: the position occurs the third time,
	// or a legal move reaches one that occurred twice already.
	if earlier+1 >= 3 {
		return true
	}
	for _, m := range moves {
		b.Make(m)
		k := p.key()
		b.Unmake()
		n := 0
		for i := len(p.keys) - 1; i >= 0; i-- {
			if i < len(p.keys)-1 && p.irrev[i] {
				break
			}
			if p.keys[i] == k {
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// paperInsufficient is python-chess's is_insufficient_material: neither
// side has sufficient material by has_insufficient_material.
func paperInsufficient(b *board.Board) bool {
	return insufficientFor(b, board.White) && insufficientFor(b, board.Black)
}

func insufficientFor(b *board.Board, c board.Color) bool {
	us, them := b.Occupancy(c), b.Occupancy(c.Other())
	if us&(b.PiecesOfType(board.Pawn)|b.PiecesOfType(board.Rook)|b.PiecesOfType(board.Queen)) != 0 {
		return false
	}
	if us&b.PiecesOfType(board.Knight) != 0 {
		return us.Count() <= 2 && them&^b.PiecesOfType(board.King)&^b.PiecesOfType(board.Queen) == 0
	}
	if us&b.PiecesOfType(board.Bishop) != 0 {
		const dark board.Bitboard = 0xAA55AA55AA55AA55
		bishops := b.PiecesOfType(board.Bishop)
		same := bishops&dark == 0 || bishops&^dark == 0
		return same && b.PiecesOfType(board.Pawn) == 0 && b.PiecesOfType(board.Knight) == 0
	}
	return true
}

// score is the paper's simple_board_score (White's point of view).
func (p *paperSearch) score(ply int, moves []board.Move) int {
	b := p.b
	if len(moves) == 0 && b.InCheck() {
		v := paperInf
		if p.o.MateDistance {
			v = engine.MateScore - ply
		}
		if b.Side() == board.White {
			return -v
		}
		return v
	}
	if p.itsDraw(moves) {
		return 0
	}
	v := 0
	for t := board.Pawn; t <= board.King; t++ {
		v += engine.PaperValues[t] * (b.Pieces(board.White, t).Count() - b.Pieces(board.Black, t).Count())
	}
	return v
}

// moves returns the legal moves at ply in the paper's order.
func (p *paperSearch) moves(ply int) []board.Move {
	l := &p.lists[ply]
	p.b.GenerateMoves(l)
	ms := l.Slice()
	if !p.o.PlylabOrder {
		SortPythonChess(p.b, ms)
	}
	return ms
}

func (p *paperSearch) search(ply, depth, alpha, beta int) int {
	p.nodes++
	p.pvLen[ply] = 0
	if p.nodes&4095 == 0 && p.ctx.Err() != nil {
		p.stop = true
	}
	if p.stop {
		return 0
	}
	moves := p.moves(ply)
	// is_game_over() without a claim is checkmate, stalemate, insufficient
	// material, seventy-five moves or fivefold repetition; every one but
	// checkmate is also in its_draw, so the test is checkmate or its_draw.
	if depth == 0 || ply >= engine.MaxPly || (len(moves) == 0 && p.b.InCheck()) || p.itsDraw(moves) {
		return p.score(ply, moves)
	}
	white := p.b.Side() == board.White
	opt := paperInf
	if white {
		opt = -paperInf
	}
	// moves may be overwritten by deeper plies' generation: it lives in
	// p.lists[ply], which only this ply uses.
	for i, m := range moves {
		p.push(m)
		v := p.search(ply+1, depth-1, alpha, beta)
		p.pop()
		if p.stop {
			return opt
		}
		if i == 0 || (white && v > opt) || (!white && v < opt) {
			p.pv[ply][0] = m
			copy(p.pv[ply][1:], p.pv[ply+1][:p.pvLen[ply+1]])
			p.pvLen[ply] = p.pvLen[ply+1] + 1
		}
		if white {
			opt = max(opt, v)
		} else {
			opt = min(opt, v)
		}
		if !p.alpha {
			continue
		}
		if white {
			if opt > beta || (p.o.NonStrict && opt >= beta) {
				break // beta cutoff
			}
			alpha = max(alpha, opt)
		} else {
			if opt < alpha || (p.o.NonStrict && opt <= alpha) {
				break // alpha cutoff
			}
			beta = min(beta, opt)
		}
	}
	return opt
}

// PaperRootScores is the paper's get_legal_moves_scores: every legal root
// move of b, in python-chess's order, scored by the paper's alpha-beta (or
// minimax) searching depth-1 plies after the move with a full window. So
// plylab's depth d is the paper's "depth = d-1". Scores are from the root
// side to move's point of view; the result is sorted best first, ties in
// generation order.
func PaperRootScores(ctx context.Context, b *board.Board, alphaBeta bool, o engine.PaperOptions, depth int) ([]MoveScore, error) {
	p := newPaperSearch(ctx, b, alphaBeta, o)
	side := p.b.Side()
	var root board.MoveList
	p.b.GenerateMoves(&root)
	ms := root.Slice()
	if !o.PlylabOrder {
		SortPythonChess(p.b, ms)
	}
	out := make([]MoveScore, 0, len(ms))
	for _, m := range ms {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		s := MoveScore{Move: m, SAN: p.b.SAN(m)}
		before := p.nodes
		p.push(m)
		v := p.search(1, max(depth-1, 0), -paperInf, paperInf)
		s.PV = append([]board.Move{m}, p.pv[1][:p.pvLen[1]]...)
		p.pop()
		s.Score = p.toPlylab(v, side)
		s.Nodes = p.nodes - before
		out = append(out, s)
	}
	if err := ctx.Err(); err != nil {
		return out, err
	}
	slices.SortStableFunc(out, func(a, b MoveScore) int { return b.Score - a.Score })
	return out, nil
}

// SortPythonChess sorts legal moves of b into the order python-chess's
// Board.generate_legal_moves yields them (python-chess 1.x, standard
// chess). Not in check: pieces other than pawns by origin square from h8
// down to a1, each piece's targets from h8 down; then castling, king side
// first; then pawn captures by origin square descending, targets
// descending, promotions queen, rook, bishop, knight; then single pushes by
// target square descending (same promotion order); then double pushes by
// target descending; then en-passant captures by origin descending. In
// check: king moves first (targets descending), then the other moves in
// the same order as above.
func SortPythonChess(b *board.Board, ms []board.Move) {
	inCheck := b.InCheck()
	king := b.KingSquare(b.Side())
	slices.SortStableFunc(ms, func(x, y board.Move) int {
		return int(pythonChessKey(b, x, inCheck, king)) - int(pythonChessKey(b, y, inCheck, king))
	})
}

func pythonChessKey(b *board.Board, m board.Move, inCheck bool, king board.Square) uint32 {
	from, to := uint32(63-m.From()), uint32(63-m.To())
	var promo uint32
	if m.IsPromotion() {
		promo = 3 - uint32(m.Promotion()-board.Knight) // Q 0, R 1, B 2, N 3
	}
	var k uint32
	switch {
	case m.IsCastle():
		k = 1<<16 | uint32(m.Flag()-board.FlagKingCastle)<<8
	case b.PieceAt(m.From()).Type() != board.Pawn:
		k = from<<8 | to<<2
	case m.Flag() == board.FlagEnPassant:
		k = 5<<16 | from<<8
	case m.IsCapture():
		k = 2<<16 | from<<8 | to<<2 | promo
	case m.Flag() == board.FlagDoublePush:
		k = 4<<16 | to<<8
	default:
		k = 3<<16 | to<<8 | promo
	}
	if inCheck {
		if m.From() == king {
			return to << 8
		}
		k += 1 << 20
	}
	return k
}
