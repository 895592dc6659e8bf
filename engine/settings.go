package engine

import "github.com/plylab/plylab/engine/board"

// Settings the searches use, exported so that what plylab does can be set
// beside what a source document says (the ledger of engine/app/lab) without
// copying a constant.

// KillersPerPly is the number of killer moves the full engine keeps at
// each ply (the killers technique).
func KillersPerPly() int { return len(frame{}.killers) }

// HistoryShape returns the dimensions of the history table of one side:
// from-squares by to-squares (the history technique).
func HistoryShape() (from, to int) {
	return len((*Searcher)(nil).history[0]), len((*Searcher)(nil).history[0][0])
}

// HistoryBonus is what a quiet move that causes a cutoff at depth adds to
// its history score (the history technique without histmalus).
func HistoryBonus(depth int) int { return int(historyBonus(depth)) }

// historyBonus is the history technique's reward: depth².
func historyBonus(depth int) int32 { return int32(depth * depth) }

// NullMoveAllowed reports whether the null-move guard of o lets the
// search try a null move in b: plylab's guard (the side to move has a
// piece besides king and pawns) or, with NullMajorGuard, RAM-Z's (a rook
// or a queen of either colour is on the board).
func (o Options) NullMoveAllowed(b *board.Board) bool { return nullGuard(o.NullMajorGuard, b) }

// nullGuard is the null-move guard: RAM-Z's with major, plylab's without.
func nullGuard(major bool, b *board.Board) bool {
	if major {
		return b.PiecesOfType(board.Rook)|b.PiecesOfType(board.Queen) != 0
	}
	return b.Occupancy(b.Side())&^(b.PiecesOfType(board.Pawn)|b.PiecesOfType(board.King)) != 0
}

// PaperPieceValue is the value the game-trees paper's simple_board_score
// gives a piece of type t (the presets paper-minimax and paper-alphabeta);
// 0 for NoPieceType.
func PaperPieceValue(t board.PieceType) int {
	if int(t) >= len(PaperValues) {
		return 0
	}
	return PaperValues[t]
}
