package engine

import "github.com/plylab/plylab/engine/board"

// Continuation history (conthist).
//
// The history heuristic scores a quiet move by its from and to squares
// alone: Nf3 is good or bad whatever came before. But whether a quiet
// move refutes often depends on the move it answers: after ...Bg4 the
// answer h3 is good, after ...Nc6 it is a waste of time. Continuation
// history keeps, for every pair (the previous move's piece and
// destination, this move's piece and destination), a score learned the
// same way as the history: a bonus of depth² for the quiet move that
// caused a beta cutoff, and, new here, a malus of depth² for each quiet
// move searched before it in that node, which did not. Two tables are
// kept: one for the pair (the opponent's last move, this move), one for
// (our own move before that, this move), the "follow-up": plans take more
// than one move, and the second move of a plan (Nf3 then Ng5) is good
// after the first. Quiet moves are ordered by the main history plus both
// continuation scores.
//
// Unlike the main history, which only grows and is halved when it gets
// too big, these scores move towards their bound by "gravity": each
// update adds bonus - score·|bonus|/contMax, so a score near the bound
// changes little and one that keeps being wrong falls back. The bound
// keeps the sum of both scores above the losing captures' ranks
// (scoreBadCapture), so a quiet move never sorts below them.
//
// The idea is Stockfish's (CounterMoveHistory and FollowupHistory, later
// generalised as continuation history); chessprogramming.org, "History
// Heuristic" and "Countermove Heuristic", describe the family.

// contMax bounds each continuation-history score to ±contMax.
const contMax = 1 << 18

// contIndex is a (piece, destination) pair: 12 pieces times 64 squares.
type contIndex int16

// noCont marks a ply without a usable previous move (the root, a null
// move).
const noCont contIndex = -1

// contTable holds the two continuation histories: [0] indexed by the
// previous move (one ply back), [1] by the move before it (two plies
// back); then by the earlier move's index and this move's index.
type contTable [2][12 * 64][12 * 64]int32

// pieceContIndex returns the index of piece p arriving on to.
func pieceContIndex(p board.Piece, to board.Square) contIndex {
	return contIndex((int(p.Color())*6+int(p.Type())-1)*64 + int(to))
}

// moveContIndex returns the index of quiet move m on the board before it
// is made (scoring moves; the search, after making a move, reads the
// piece on its destination).
func moveContIndex(b *board.Board, m board.Move) contIndex {
	return pieceContIndex(b.PieceAt(m.From()), m.To())
}

// contScore returns the continuation-history part of quiet move m's score
// at ply: the sum over the moves one and two plies back.
func (s *Searcher) contScore(ply int, mi contIndex) int32 {
	var sc int32
	if p := s.frames[ply].contPrev; p != noCont {
		sc += s.cont[0][p][mi]
	}
	if ply >= 1 {
		if p := s.frames[ply-1].contPrev; p != noCont {
			sc += s.cont[1][p][mi]
		}
	}
	return sc
}

// gravity moves *e by bonus, less the closer it is to ±contMax.
func gravity(e *int32, bonus int32) {
	abs := int64(bonus)
	if abs < 0 {
		abs = -abs
	}
	*e += bonus - int32(int64(*e)*abs/contMax)
}

// updateCont rewards quiet move mi, which caused a cutoff at ply, and
// penalises the quiet moves searched before it there.
func (s *Searcher) updateCont(ply, depth int, mi contIndex) {
	bonus := int32(min(depth*depth, 1024))
	f := &s.frames[ply]
	for k := range 2 {
		if ply < k {
			break
		}
		p := s.frames[ply-k].contPrev
		if p == noCont {
			continue
		}
		row := &s.cont[k][p]
		gravity(&row[mi], bonus)
		for _, q := range f.quiets[:f.nQuiets] {
			if q != mi {
				gravity(&row[q], -bonus)
			}
		}
	}
}

// historyScore is the score history-based LMR reads for quiet move m
// (index mi) at ply, on the board after m is made: the main history of
// the side that moved plus, with conthist, both continuation scores.
func (s *Searcher) historyScore(ply int, m board.Move, mi contIndex) int32 {
	h := s.history[s.b.Side().Other()][m.From()][m.To()]
	if s.opts.ContHist {
		h += s.contScore(ply, mi)
	}
	return h
}
