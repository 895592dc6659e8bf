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
func (b *Board) Perft(depth int) uint64 { return b.perft(depth, nil) }

// perftStop is what a perft that can be stopped polls: its context, once
// every mask+1 interior nodes (mask is one less than a power of two), so a
// count of billions ends soon after its context does, root move or not.
type perftStop struct {
	ctx     context.Context
	mask    uint32
	polls   uint32
	stopped bool
}

// boardPollMask has this board's perft poll every 1,024 interior nodes, a
// few milliseconds of counting.
const boardPollMask = 1023

// done reports whether the count must stop; a nil perftStop never does.
func (s *perftStop) done() bool {
	if s == nil || s.stopped {
		return s != nil
	}
	if s.polls++; s.polls&s.mask == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// perft is Perft polling stop at each node above the last ply; once it is
// done the count is partial.
func (b *Board) perft(depth int, stop *perftStop) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	b.generate(&ml, false)
	if depth == 1 {
		return uint64(ml.N)
	}
	if stop.done() {
		return 0
	}
	var n uint64
	for i := 0; i < ml.N; i++ {
		b.Make(ml.Moves[i])
		n += b.perft(depth-1, stop)
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
// sorted by the move's UCI name. It polls ctx inside each root move too
// (every 1,024 interior nodes) and, once ctx is done, returns ctx.Err()
// with the root moves finished so far (the one it was counting is left
// out); progress, if not nil, is called after each root move.
func (b *Board) Divide(ctx context.Context, depth int, progress func(done, total int)) ([]DivideEntry, error) {
	var ml MoveList
	b.GenerateMoves(&ml)
	out := make([]DivideEntry, 0, ml.N)
	stop := &perftStop{ctx: ctx, mask: boardPollMask}
	for i := 0; i < ml.N; i++ {
		if err := ctx.Err(); err != nil {
			sortDivide(out)
			return out, err
		}
		m := ml.Moves[i]
		b.Make(m)
		n := b.perft(depth-1, stop)
		b.Unmake()
		if stop.stopped {
			sortDivide(out)
			return out, ctx.Err()
		}
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
