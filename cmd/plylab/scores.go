package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// scores: every root move with its exact score, like the game-trees
// paper's table of all White moves; the experiment is lab.Scores.

// ScoresOptions are the parsed flags of `plylab scores`.
type ScoresOptions struct {
	Position positions.Position
	Algo     engine.Options
	Depth    int
	Force    bool // run even when predicted to take too long
	Format   string
	cliapp.Streams
}

func scoresCommand(env *appEnv) *cli.Command {
	return newScoresCommand(env, cliapp.WithStreams(&env.Env, scoresRun))
}

// newScoresCommand builds `plylab scores`; its action parses the flags
// into ScoresOptions and calls runF.
func newScoresCommand(env *appEnv, runF func(context.Context, *ScoresOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(false), algoFlags("alphabeta", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "search `N` plies deep, the root move included"},
		forceFlag(lab.SearchBudget),
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "scores",
		Usage:       "score every legal move of a position at a depth, best first",
		Description: help("scores"),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, parseScores, runF),
	}
}

// parseScores reads and checks the flags of scores.
func parseScores(c *cli.Context) (*ScoresOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab scores --position paper-mate2 --depth 4"); err != nil {
		return nil, err
	}
	list, algos, err := positionsAndAlgos(c, false)
	if err != nil {
		return nil, err
	}
	if len(algos) != 1 {
		return nil, cliapp.Usagef("scores takes one --algo, got %d; run it once per algorithm", len(algos))
	}
	depth := c.Int("depth")
	if err := engine.CheckDepth(depth, lab.MaxCompareDepth, 3); err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	return &ScoresOptions{Position: list[0], Algo: algos[0], Depth: depth, Force: c.Bool("force"), Format: c.String("format")}, nil
}

// scoresRun runs lab.Scores and prints the moves best first.
func scoresRun(ctx context.Context, opts *ScoresOptions, stdout, stderr io.Writer) error {
	b, err := boardOf(opts.Position)
	if err != nil {
		return err
	}
	if err := guardDepth(opts.Force, []*board.Board{b}, []engine.Options{opts.Algo}, opts.Depth); err != nil {
		return err
	}
	prog := output.NewProgress(stderr, opts.Progress)
	prog.Update("scoring every move of %s at depth %d", opts.Position.Name, opts.Depth)
	so := lab.ScoresOptions{Position: opts.Position, Algo: opts.Algo, Depth: opts.Depth}
	res, runErr := lab.Scores(ctx, so)
	prog.Done()
	if res == nil {
		return runErr
	}
	if err := output.WriteTable(stdout, opts.Format, res.Table(so), opts.Color); err != nil {
		return err
	}
	return runErr
}
