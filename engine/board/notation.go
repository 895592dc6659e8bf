package board

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
)

// Notation crosses the boundary to notnil/chess: positions go out as FEN,
// moves come back matched by their UCI name. This is slow (notnil allocates
// and validates everything) and is used only for printing and parsing, never
// inside a search.

// Notnil returns the position as a notnil/chess Position.
func (b *Board) Notnil() *chess.Position {
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(b.FEN())); err != nil {
		// FEN() of a valid board always parses; reaching here is a bug.
		panic("board: notnil rejected our FEN " + b.FEN() + ": " + err.Error())
	}
	return pos
}

// notnilMove finds notnil's version of m in pos's legal moves.
func notnilMove(pos *chess.Position, m Move) *chess.Move {
	u := m.String()
	for _, nm := range pos.ValidMoves() {
		if nm.String() == u {
			return nm
		}
	}
	return nil
}

// SAN returns m in Standard Algebraic Notation (e.g. "Nf3", "exd6+",
// "O-O", "e8=Q#"), or the UCI name if m is not legal here.
func (b *Board) SAN(m Move) string {
	pos := b.Notnil()
	nm := notnilMove(pos, m)
	if nm == nil {
		return m.String()
	}
	return chess.AlgebraicNotation{}.Encode(pos, nm)
}

// SANLine returns a sequence of moves from this position in SAN, playing
// them on a copy of the board. It stops at the first illegal move.
func (b *Board) SANLine(moves []Move) []string {
	c := b.Copy()
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		if !c.IsLegal(m) {
			break
		}
		out = append(out, c.SAN(m))
		c.Make(m)
	}
	return out
}

// IsLegal reports whether m is a legal move in the current position.
func (b *Board) IsLegal(m Move) bool {
	var ml MoveList
	b.GenerateMoves(&ml)
	for _, x := range ml.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// ParseMove reads a move in UCI ("e2e4", "e7e8q") or SAN ("Nf3", "exd5",
// "O-O") notation and returns the matching legal move.
func (b *Board) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	var ml MoveList
	b.GenerateMoves(&ml)
	low := strings.ToLower(s)
	for _, m := range ml.Slice() {
		if m.String() == low {
			return m, nil
		}
	}
	pos := b.Notnil()
	nm, err := chess.AlgebraicNotation{}.Decode(pos, s)
	if err == nil {
		for _, m := range ml.Slice() {
			if m.String() == nm.String() {
				return m, nil
			}
		}
	}
	return NoMove, fmt.Errorf("%q is not a legal move here (use SAN like Nf3 or UCI like g1f3)", s)
}

// PlayMoves plays a space-separated list of moves (each as ParseMove
// reads it: SAN or UCI) on b in order. At a move it cannot read or that
// is not legal it stops with an error naming the move's place in the
// list, e.g. "move 3, ..."; the moves before it stay played.
func (b *Board) PlayMoves(list string) error {
	for i, s := range strings.Fields(list) {
		m, err := b.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d, %w", i+1, err)
		}
		b.Make(m)
	}
	return nil
}
