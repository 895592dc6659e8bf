package board

import (
	"context"
	"sort"

	"github.com/notnil/chess"
)

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
	stop := &perftStop{ctx: ctx} // mask 0: every node
	for _, m := range pos.ValidMoves() {
		if err := ctx.Err(); err != nil {
			sortDivide(out)
			return out, err
		}
		n := notnilPerft(pos.Update(m), depth-1, stop)
		if stop.stopped {
			sortDivide(out)
			return out, ctx.Err()
		}
		out = append(out, DivideEntry{UCI: m.String(), Nodes: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out, nil
}

// notnilPerft is perft with notnil/chess, polling stop at every node
// above the last ply (each takes notnil/chess tens of microseconds).
func notnilPerft(pos *chess.Position, depth int, stop *perftStop) uint64 {
	if depth == 0 {
		return 1
	}
	moves := pos.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	if stop.done() {
		return 0
	}
	var n uint64
	for _, m := range moves {
		n += notnilPerft(pos.Update(m), depth-1, stop)
	}
	return n
}
