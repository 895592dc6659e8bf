package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/urfave/cli/v2"
)

// scores: every root move with its exact score, like the game-trees
// paper's table of all White moves.

func scoresCommand(env *appEnv) *cli.Command {
	flags := append(positionFlags(false), algoFlags("alphabeta", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "search `N` plies deep, the root move included"},
		&cli.BoolFlag{Name: "force", Usage: "run even when the predicted time is over ten minutes"},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:  "scores",
		Usage: "score every legal move of a position at a depth, best first",
		Description: `scores searches each legal move of the position separately, with a full
window at the root, so every score is exact for the algorithm (minimax and
alpha-beta give identical tables; alpha-beta is faster). Depth counts the
root move: --depth 4 is the move and three more plies. The game-trees
paper's table of all White moves (its Table 1, "depth = 3") searches three
plies after each move, so it is plylab's --depth 4; --algo paper-minimax
runs the paper's own code (python-chess move order, mate as +∞).

Scores are from the side to move's point of view: "mate in 2" means the
side to move mates in two moves after playing this one.

Examples:
   plylab scores --position paper-mate2 --depth 4 --algo paper-minimax
   plylab scores --position paper-mate2 --depth 4 --algo minimax --format markdown
   plylab scores --position horizon --depth 2 --algo alphabeta
   plylab scores --position kiwipete --depth 4 --algo engine`,
		Flags: flags,
		Action: func(c *cli.Context) error {
			return env.scores(c)
		},
	}
}

func (e *appEnv) scores(c *cli.Context) error {
	list, err := resolvePositions(c, false, "start")
	if err != nil {
		return err
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return err
	}
	if len(algos) != 1 {
		return usagef("scores takes one --algo, got %d; run it once per algorithm", len(algos))
	}
	depth := c.Int("depth")
	if depth < 1 || depth > compareMaxDepth {
		return usagef("--depth must be between 1 and %d, got %d; try --depth 3", compareMaxDepth, depth)
	}
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return err
	}
	b, err := boardOf(list[0])
	if err != nil {
		return err
	}
	if !c.Bool("force") {
		if err := guardDepth([]*board.Board{b}, algos, depth); err != nil {
			return err
		}
	}
	prog := output.NewProgress(e.Stderr, e.isTerminal(e.Stderr))
	prog.Update("scoring every move of %s at depth %d", positionLabel(list[0]), depth)
	res, runErr := engine.RootScores(c.Context, b, algos[0], depth)
	prog.Done()
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	t := &output.Table{Title: fmt.Sprintf("scores: %s, %s, depth %d (%s to move)", positionLabel(list[0]), algos[0].Name, depth, b.Side())}
	t.Columns = []output.Column{
		{Key: "rank", Header: "#", Right: true},
		{Key: "move", Header: "move"},
		{Key: "uci", Header: "uci"},
		{Key: "score", Header: "score", Right: true},
		{Key: "score_cp", Header: "cp", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "pv", Header: "principal variation"},
	}
	for i, ms := range res {
		st := output.StyleNone
		switch {
		case engine.MateIn(ms.Score) > 0:
			st = output.StyleGood
		case engine.MateIn(ms.Score) < 0 || engine.IsMate(ms.Score):
			st = output.StyleBad
		}
		t.Rows = append(t.Rows, []output.Cell{
			output.IntCell(int64(i + 1)), output.TextCell(ms.SAN).Styled(output.StyleAccent), output.TextCell(ms.Move.String()),
			output.Cell{Text: engine.FormatScore(ms.Score), Value: engine.FormatScore(ms.Score), Style: st},
			output.IntCell(int64(ms.Score)), output.UintCell(ms.Nodes), output.TextCell(strings.Join(b.SANLine(ms.PV), " ")),
		})
	}
	if len(res) == 0 && runErr == nil {
		t.Notes = append(t.Notes, "no legal moves: the game is over in this position")
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%s evaluation; scores from %s's point of view", algos[0].Eval, b.Side()))
	if runErr != nil {
		t.Notes = append(t.Notes, "interrupted: only the moves above were scored")
	}
	if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
		return err
	}
	return runErr
}
