package trace

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/textbook"
)

// Input is what a traced search explores: a chess position (Board) or a
// textbook tree (Toy); Title names it in headings.
type Input struct {
	Title string
	Board *board.Board
	Toy   *textbook.ToyTree
}

// Search runs one search of in with a recorder of at most maxNodes nodes
// attached and returns its tree, titled in.Title. A textbook tree is
// searched by textbook.Minimax or textbook.AlphaBeta (o.AlphaBeta), a chess
// position by textbook.Run with o.
//
// When the tree outgrows the node budget, the principal variation may lie
// in the part that was only counted; the search (deterministic: fixed
// depth, fresh tables) then runs again with the recorder following the PV,
// so the drawing always shows the line that decided the result.
func Search(ctx context.Context, in Input, o engine.Options, depth, maxNodes int) (*Tree, error) {
	search := func(rec *Recorder) engine.Result {
		if in.Toy == nil {
			return textbook.Run(ctx, in.Board, o, engine.Limits{Depth: depth}, rec, nil)
		}
		g := textbook.NewToyTree(in.Toy.Root)
		var res engine.Result
		if o.AlphaBeta {
			res = textbook.AlphaBeta(ctx, g, depth, rec)
		} else {
			res = textbook.Minimax(ctx, g, depth, rec)
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
func ToyName(g *textbook.ToyTree, def string) string {
	src := g.Root.String()
	for _, t := range Toys() {
		if b, err := textbook.ParseToy(t.Tree); err == nil && b.Root.String() == src {
			return t.Name
		}
	}
	return def
}

// ToyInput reads a textbook tree as typed on the command line: the name
// of a bundled tree (see LookupToy) or the tree itself as nested lists
// (then it starts with "(" or "["), titled after the bundled tree it is,
// else "textbook tree". The error is LookupToy's for an unknown name, an
// *textbook.ToySyntaxError for a tree that does not parse.
func ToyInput(spec string) (*Input, error) {
	spec = strings.TrimSpace(spec)
	title := "textbook tree"
	if !strings.HasPrefix(spec, "(") && !strings.HasPrefix(spec, "[") {
		t, err := LookupToy(spec)
		if err != nil {
			return nil, err
		}
		title, spec = t.Name, t.Tree
	}
	g, err := textbook.ParseToy(spec)
	if err != nil {
		return nil, err
	}
	return &Input{Title: ToyName(g, title), Toy: g}, nil
}

// ToyFileInput reads a textbook tree from the contents of file name,
// titled after the file's base name without its extension; the error is
// textbook.ParseToy's.
func ToyFileInput(name string, data []byte) (*Input, error) {
	g, err := textbook.ParseToy(string(data))
	if err != nil {
		return nil, err
	}
	return &Input{Title: strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)), Toy: g}, nil
}
