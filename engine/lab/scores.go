package lab

import (
	"context"
	"errors"
	"fmt"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
)

// Scores: every root move with its exact score, like the game-trees
// paper's table of all White moves.

// ScoresOptions is the input of Scores.
type ScoresOptions struct {
	Position positions.Position
	Algo     engine.Options
	Depth    int // plies, the root move included
}

// ScoreRow is one root move.
type ScoreRow struct {
	Rank  int // 1 for the best
	SAN   string
	UCI   string
	Score int      // side to move's view
	Nodes uint64   // nodes searched below the move
	PV    []string // principal variation in SAN, the move first
}

// ScoresResult is the output of Scores.
type ScoresResult struct {
	Side        board.Color // the side to move
	Moves       []ScoreRow  // best first, ties by SAN; empty when the game is over
	Interrupted bool
}

// Scores searches each legal move of the position with a full window (see
// engine.RootScores). When ctx is cancelled it returns the moves scored so
// far with Interrupted set and ctx's error.
func Scores(ctx context.Context, o ScoresOptions) (*ScoresResult, error) {
	b, err := board.FromFEN(o.Position.FEN)
	if err != nil {
		return nil, fmt.Errorf("lab: position %s: invalid FEN %q: %v", o.Position.Name, o.Position.FEN, err)
	}
	moves, err := engine.RootScores(ctx, b, o.Algo, o.Depth)
	if err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	res := &ScoresResult{Side: b.Side(), Interrupted: err != nil}
	for i, ms := range moves {
		res.Moves = append(res.Moves, ScoreRow{Rank: i + 1, SAN: ms.SAN, UCI: ms.Move.String(), Score: ms.Score,
			Nodes: ms.Nodes, PV: b.SANLine(ms.PV)})
	}
	return res, err
}
