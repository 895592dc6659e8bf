package engine

import "github.com/plylab/plylab/engine/board"

// Correction history (corrhist).
//
// The static evaluation is a guess, and its errors are not random: a
// hand-set or tuned evaluation misjudges some pawn structures the same way
// every time (a blocked centre it thinks is even, a weak pawn it does not
// see the opponent can win). The search finds out: each node the main
// search finishes compares its searched score with the static evaluation
// it started from. Correction history remembers that difference, per side
// to move and per pawn structure (a hash of both sides' pawns), as a
// running average, and adds it to the static evaluation of every later
// position with the same pawns. The pruning decisions that read the static
// evaluation (reverse futility, null move, futility, improving) and
// quiescence's stand pat then start from a better guess: fewer wrong
// prunings where the evaluation is too optimistic, more right ones where
// it is too pessimistic.
//
// Which results teach: only nodes not in check (no static evaluation
// there), whose best move is quiet or absent (a capture's score says the
// position had a tactic, not that its evaluation was wrong), whose score
// is not a mate, and whose bound agrees with the direction of the error:
// a fail high (lower bound) teaches only when it is above the evaluation,
// a fail low (upper bound) only when below it. Deeper searches teach
// more: the weight of an update grows with depth. The averages are kept in
// fixed point (corrGrain units per centipawn) and bounded, so one odd
// structure never moves the evaluation by more than corrMax centipawns.
//
// corrpieces (a candidate) keeps two more tables with the same updates,
// keyed by where White's and where Black's pieces other than pawns stand:
// an evaluation misjudges piece placements the same way too (a knight on
// the rim against a bishop, a king walked into the open). The correction
// is then the mean of the pawn table's estimate and the two piece
// tables' mean.
//
// The idea is from modern open-source engines (Stockfish's "correction
// history", after Caissa and Ethereal's pawn-keyed versions); the
// constants here are plylab's own, chosen to be simple.

// Correction-history constants: the table size (a power of two), the
// fixed-point scale, the most it corrects (in centipawns) and the weight
// scale of an update.
const (
	corrSize   = 1 << 14
	corrGrain  = 256
	corrMax    = 32
	corrWScale = 256
)

// corrTable holds the correction history: by side to move, then by the
// pawn-structure hash. With corrpieces, pieces holds two more tables
// (by side to move, then by the hash of White's or Black's pieces other
// than pawns: knights, bishops, rooks, queens and king).
type corrTable struct {
	pawns  [2][corrSize]int32
	pieces [2][2][corrSize]int32
}

// corrMix hashes a key to a slot of the table.
func corrMix(h uint64) uint64 {
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h & (corrSize - 1)
}

// corrIndex hashes both sides' pawns to a slot of the table.
func corrIndex(b *board.Board) uint64 {
	w, bl := uint64(b.Pieces(board.White, board.Pawn)), uint64(b.Pieces(board.Black, board.Pawn))
	return corrMix(w ^ bl*0x9e3779b97f4a7c15)
}

// corrPiecesIndex hashes the pieces of colour c other than pawns.
func corrPiecesIndex(b *board.Board, c board.Color) uint64 {
	h := uint64(b.Pieces(c, board.Knight)) ^ uint64(b.Pieces(c, board.Bishop))*0x9e3779b97f4a7c15 ^
		uint64(b.Pieces(c, board.Rook))*0xc2b2ae3d27d4eb4f ^ uint64(b.Pieces(c, board.Queen))*0x165667b19e3779f9 ^
		uint64(b.Pieces(c, board.King))*0x27d4eb2f165667c5
	return corrMix(h)
}

// correction returns the centipawns correction history adds to b's
// static evaluation (0 when the switch is off). With corrpieces it is
// the mean of the pawn table's estimate and the two piece tables' mean.
func (s *Searcher) correction(b *board.Board) int {
	if s.corr == nil {
		return 0
	}
	stm := b.Side()
	v := s.corr.pawns[stm][corrIndex(b)]
	if !s.opts.CorrPieces {
		return int(v) / corrGrain
	}
	w := s.corr.pieces[stm][board.White][corrPiecesIndex(b, board.White)]
	k := s.corr.pieces[stm][board.Black][corrPiecesIndex(b, board.Black)]
	return int(2*v+w+k) / (4 * corrGrain)
}

// updateCorrection teaches the table that the node's search gave best,
// with the given bound, at the given depth. The caller has checked the
// conditions above (not in check, a quiet or no best move); mate scores
// and bounds on the wrong side of the corrected evaluation are left out
// here. The entry moves towards the raw evaluation's error, best minus
// the uncorrected evaluation, by a weight that grows with depth: a
// running average of what the searches found.
func (s *Searcher) updateCorrection(b *board.Board, depth, best int, bound Bound) {
	if s.corr == nil || IsMate(best) {
		return
	}
	raw := s.evaluate(b)
	cur := raw + s.correction(b)
	if (bound == Lower && best <= cur) || (bound == Upper && best >= cur) {
		return
	}
	w := int64(min(depth+1, 16))
	learn := func(e *int32) {
		v := (int64(*e)*(corrWScale-w) + int64(best-raw)*corrGrain*w) / corrWScale
		*e = int32(min(max(v, -corrMax*corrGrain), corrMax*corrGrain))
	}
	stm := b.Side()
	learn(&s.corr.pawns[stm][corrIndex(b)])
	if s.opts.CorrPieces {
		learn(&s.corr.pieces[stm][board.White][corrPiecesIndex(b, board.White)])
		learn(&s.corr.pieces[stm][board.Black][corrPiecesIndex(b, board.Black)])
	}
}

// staticEval is the static evaluation the search prunes with and stands
// pat on: the evaluation plus the correction history's correction.
func (s *Searcher) staticEval(b *board.Board) int {
	return s.evaluate(b) + s.correction(b)
}
