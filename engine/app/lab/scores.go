package lab

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
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
// textbook.RootScores). When ctx is cancelled it returns the moves scored so
// far with Interrupted set and ctx's error.
func Scores(ctx context.Context, o ScoresOptions) (*ScoresResult, error) {
	b, err := board.FromFEN(o.Position.FEN)
	if err != nil {
		return nil, fmt.Errorf("lab: position %s: invalid FEN %q: %v", o.Position.Name, o.Position.FEN, err)
	}
	moves, err := textbook.RootScores(ctx, b, o.Algo, o.Depth)
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

// Table is scores' printed result for a run of o: every root move best
// first with its score (as text and in centipawns), nodes and principal
// variation, and notes on the evaluation and the point of view.
func (r *ScoresResult) Table(o ScoresOptions) *textfmt.Table {
	t := &textfmt.Table{Title: fmt.Sprintf("scores: %s, %s, depth %d (%s to move)", o.Position.Name, o.Algo.Name, o.Depth, r.Side)}
	t.Columns = []textfmt.Column{
		{Key: "rank", Header: "#", Right: true},
		{Key: "move", Header: "move"},
		{Key: "uci", Header: "uci"},
		{Key: "score", Header: "score", Right: true},
		{Key: "score_cp", Header: "cp", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "pv", Header: "principal variation"},
	}
	for _, ms := range r.Moves {
		st := textfmt.StyleNone
		switch {
		case engine.MateIn(ms.Score) > 0:
			st = textfmt.StyleGood
		case engine.MateIn(ms.Score) < 0 || engine.IsMate(ms.Score):
			st = textfmt.StyleBad
		}
		t.Rows = append(t.Rows, []textfmt.Cell{
			textfmt.IntCell(int64(ms.Rank)), textfmt.TextCell(ms.SAN).Styled(textfmt.StyleAccent), textfmt.TextCell(ms.UCI),
			textfmt.TextCell(engine.FormatScore(ms.Score)).Styled(st),
			textfmt.IntCell(int64(ms.Score)), textfmt.UintCell(ms.Nodes), textfmt.TextCell(strings.Join(ms.PV, " ")),
		})
	}
	if len(r.Moves) == 0 && !r.Interrupted {
		t.Notes = append(t.Notes, "no legal moves: the game is over in this position")
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%s evaluation; scores from %s's point of view", o.Algo.Eval, r.Side))
	if r.Interrupted {
		t.Notes = append(t.Notes, "interrupted: only the moves above were scored")
	}
	return t
}
