package board

import (
	"context"
	"sort"
)

// Perft counts the leaf nodes of the legal move tree to the given depth
// (depth 0 counts the position itself). It uses bulk counting: at depth 1
// the number of legal moves is the number of leaves, so the last ply is
// generated but never played. This is the standard way perft is measured
// (Stockfish's "go perft" does the same), so speeds are comparable.
func (b *Board) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	b.generate(&ml, false)
	if depth == 1 {
		return uint64(ml.N)
	}
	var n uint64
	for i := 0; i < ml.N; i++ {
		b.Make(ml.Moves[i])
		n += b.Perft(depth - 1)
		b.Unmake()
	}
	return n
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	UCI   string
	Nodes uint64
}

// Divide runs perft to depth-1 below every root move and returns the counts
// sorted by the move's UCI name. It checks ctx between root moves and
// returns ctx.Err() with the entries finished so far when cancelled;
// progress, if not nil, is called after each root move.
func (b *Board) Divide(ctx context.Context, depth int, progress func(done, total int)) ([]DivideEntry, error) {
	var ml MoveList
	b.GenerateMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for i := 0; i < ml.N; i++ {
		if err := ctx.Err(); err != nil {
			sortDivide(out)
			return out, err
		}
		m := ml.Moves[i]
		b.Make(m)
		n := b.Perft(depth - 1)
		b.Unmake()
		out = append(out, DivideEntry{Move: m, UCI: m.String(), Nodes: n})
		if progress != nil {
			progress(i+1, ml.N)
		}
	}
	sortDivide(out)
	return out, nil
}

func sortDivide(d []DivideEntry) {
	sort.Slice(d, func(i, j int) bool { return d[i].UCI < d[j].UCI })
}
