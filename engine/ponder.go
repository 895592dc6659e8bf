package engine

import "github.com/plylab/plylab/engine/board"

// PonderMove returns the reply res expects to its best move on b (the
// position it searched), for a GUI to ponder on: the second move of the
// principal variation, or, when the line stops after the best move (the
// position after it repeats an earlier one and ends the line as a draw,
// or the line was cut short),
// the move the transposition table holds for the position after it, when
// that move is legal there. It returns board.NoMove when there is none:
// no best move, a position after it without legal moves, or no table
// move. b is left as it was.
func (s *Searcher) PonderMove(b *board.Board, res Result) board.Move {
	if res.BestMove == board.NoMove {
		return board.NoMove
	}
	if len(res.PV) >= 2 && res.PV[0] == res.BestMove {
		return res.PV[1]
	}
	if s.tt == nil || !b.IsLegal(res.BestMove) {
		return board.NoMove
	}
	b.Make(res.BestMove)
	defer b.Unmake()
	e, ok := s.tt.probe(b.Hash())
	if !ok || e.move() == board.NoMove || !b.IsLegal(e.move()) {
		return board.NoMove
	}
	return e.move()
}
