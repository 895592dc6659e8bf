package board

import (
	"context"
	"sort"

	"github.com/notnil/chess"
)

// ReferencePerft counts perft leaves with notnil/chess instead of this
// package, the same way (bulk counting at depth 1), so the two can be
// compared for correctness and speed in one run. It checks ctx between root
// moves.
func ReferencePerft(ctx context.Context, fen string, depth int) (uint64, error) {
	entries, err := ReferenceDivide(ctx, fen, depth)
	var n uint64
	for _, e := range entries {
		n += e.Nodes
	}
	if depth <= 0 && err == nil {
		return 1, nil
	}
	return n, err
}

// ReferenceDivide is Divide computed with notnil/chess.
func ReferenceDivide(ctx context.Context, fen string, depth int) ([]DivideEntry, error) {
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, err
	}
	var out []DivideEntry
	if depth <= 0 {
		return out, nil
	}
	for _, m := range pos.ValidMoves() {
		if err := ctx.Err(); err != nil {
			sortDivide(out)
			return out, err
		}
		out = append(out, DivideEntry{UCI: m.String(), Nodes: notnilPerft(pos.Update(m), depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out, nil
}

func notnilPerft(pos *chess.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += notnilPerft(pos.Update(m), depth-1)
	}
	return n
}
