package main

import (
	"context"
	"errors"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// perft: count the leaves of the legal move tree, the standard test of a
// move generator, and compare with notnil/chess and published counts; the
// experiment is lab.Perft.

// PerftOptions are the parsed flags of `plylab perft`.
type PerftOptions struct {
	Positions []positions.Position
	Depth     int
	Divide    bool   // one row per root move
	Reference bool   // also count with notnil/chess
	Stockfish string // also count with Stockfish at this path
	Force     bool   // run even when predicted to take too long
	Format    string
	cliapp.Streams
}

func perftCommand(env *appEnv) *cli.Command {
	return newPerftCommand(env, cliapp.WithStreams(&env.Env, perftRun))
}

// newPerftCommand builds `plylab perft`; its action parses the flags into
// PerftOptions and calls runF.
func newPerftCommand(env *appEnv, runF func(context.Context, *PerftOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(true),
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 5, Usage: "count leaves `N` plies deep (1-12)"},
		&cli.BoolFlag{Name: "divide", Usage: "show the count below every root move (UCI, sorted)"},
		&cli.BoolFlag{Name: "reference", Usage: "also count with notnil/chess and print both speeds and their ratio"},
		&cli.StringFlag{Name: "stockfish", Usage: "also time Stockfish's \"go perft\" at `PATH` (e.g. /usr/games/stockfish) and print the speed ratio"},
		forceFlag(lab.PerftBudget),
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "perft",
		Usage:       "count legal move sequences to a depth (move generator test and speed)",
		Description: help("perft"),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, parsePerft, runF),
	}
}

// parsePerft reads and checks the flags of perft.
func parsePerft(c *cli.Context) (*PerftOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab perft --position kiwipete --depth 4"); err != nil {
		return nil, err
	}
	depth := c.Int("depth")
	if err := engine.CheckDepth(depth, lab.MaxPerftDepth, 5); err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	list, err := cliapp.ResolvePositions(c, true, "start")
	if err != nil {
		return nil, err
	}
	if c.Bool("divide") && len(list) > 1 {
		return nil, cliapp.Usagef("--divide works on one position; add --id to pick one of the suite")
	}
	return &PerftOptions{Positions: list, Depth: depth, Divide: c.Bool("divide"), Reference: c.Bool("reference"),
		Stockfish: c.String("stockfish"), Force: c.Bool("force"), Format: c.String("format")}, nil
}

// perftRun runs lab.Perft and prints the counts (or the divide table);
// a count that disagrees with a reference is an error after the table.
func perftRun(ctx context.Context, opts *PerftOptions, stdout, stderr io.Writer) error {
	for _, p := range opts.Positions {
		if _, err := boardOf(p); err != nil {
			return err
		}
	}
	lo := lab.PerftOptions{Positions: opts.Positions, Depth: opts.Depth, Reference: opts.Reference, Stockfish: opts.Stockfish}
	if err := guardError(lab.GuardPerft(lo), opts.Force, "use a smaller --depth or add --force"); err != nil {
		return err
	}
	prog := output.NewProgress(stderr, opts.Progress)
	lo.Progress = prog.Status
	res, runErr := lab.Perft(ctx, lo)
	prog.Done()
	if res == nil {
		var se *lab.StockfishStartError
		if errors.As(runErr, &se) {
			return cliapp.Usagef("%v; install it (apt-get install stockfish) or fix --stockfish", se)
		}
		return runErr
	}
	if err := output.WriteReport(stdout, opts.Format, res.Report(opts.Divide), opts.Color); err != nil {
		return err
	}
	if runErr != nil {
		return runErr
	}
	return res.Mismatch()
}
