package trace

import (
	"context"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// Input is what a traced search explores: a chess position (Board) or a
// textbook tree (Toy); Title names it in headings.
type Input struct {
	Title string
	Board *board.Board
	Toy   *engine.ToyTree
}

// Search runs one search of in with a recorder of at most maxNodes nodes
// attached and returns its tree, titled in.Title. A textbook tree is
// searched by engine.Minimax or engine.AlphaBeta (o.AlphaBeta), a chess
// position by engine.Run with o.
//
// When the tree outgrows the node budget, the principal variation may lie
// in the part that was only counted; the search (deterministic: fixed
// depth, fresh tables) then runs again with the recorder following the PV,
// so the drawing always shows the line that decided the result.
func Search(ctx context.Context, in Input, o engine.Options, depth, maxNodes int) (*Tree, error) {
	search := func(rec *Recorder) engine.Result {
		if in.Toy == nil {
			return engine.Run(ctx, in.Board, o, engine.Limits{Depth: depth}, rec, nil)
		}
		g := engine.NewToyTree(in.Toy.Root)
		var res engine.Result
		if o.AlphaBeta {
			res = engine.AlphaBeta(ctx, g, depth, rec)
		} else {
			res = engine.Minimax(ctx, g, depth, rec)
		}
		res.Algo = o.Name
		return res
	}
	rec := NewRecorder(maxNodes)
	res := search(rec)
	if rec.Omitted() > 0 && ctx.Err() == nil {
		rec = NewRecorder(maxNodes)
		rec.Follow(res.PV)
		res = search(rec)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var t *Tree
	if in.Toy != nil {
		t = rec.Toy(in.Toy, res)
	} else {
		t = rec.Chess(in.Board, res)
	}
	t.Title = in.Title
	return t, nil
}

// ToyName returns the name of the bundled textbook tree that g is (so a
// tree typed out in full is still titled "russell-norvig" on a slide), or
// def when it is none of them.
func ToyName(g *engine.ToyTree, def string) string {
	src := g.Root.String()
	for _, t := range Toys() {
		if b, err := engine.ParseToy(t.Tree); err == nil && b.Root.String() == src {
			return t.Name
		}
	}
	return def
}
