package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// search: the engine on one position, one line per iteration, the way an
// engine author watches it think; or a test suite run (lab.Suite).

// SearchOptions are the parsed flags of `plylab search`.
type SearchOptions struct {
	Positions []positions.Position // one, or a suite's (a test-suite run)
	Algo      engine.Options
	Limits    engine.Limits // Depth 10 when no limit was given
	Stats     bool          // --stats
	Force     bool          // run even when predicted to take too long
	Format    string
	cliapp.Streams
}

func searchCommand(env *appEnv) *cli.Command {
	return newSearchCommand(env, cliapp.WithStreams(&env.Env, searchRun))
}

// newSearchCommand builds `plylab search`; its action parses the flags
// into SearchOptions and calls runF.
func newSearchCommand(env *appEnv, runF func(context.Context, *SearchOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(true), algoFlags("engine", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "search to depth `N` (default 10 when no --movetime)"},
		&cli.StringFlag{Name: "movetime", Aliases: []string{"t"}, Usage: "think for `DURATION` (e.g. 1s, 500ms; a bare number is milliseconds, as in UCI)"},
		&cli.Uint64Flag{Name: "nodes", Usage: "stop after about `N` nodes"},
		&cli.IntFlag{Name: "multipv", Usage: "show the `N` best lines at each depth, each with its score (the full engine; default 1)"},
		&cli.BoolFlag{Name: "stats", Usage: "print the statistics table (one counter per technique) after the search"},
		cliflags.ThreadsFlag(),
		forceFlag(lab.SearchBudget),
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "search",
		Usage:       "run the engine on one position and show each iteration",
		Description: help("search"),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, parseSearch, runF),
	}
}

// parseSearch reads and checks the flags of search.
func parseSearch(c *cli.Context) (*SearchOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab search --position kiwipete --depth 8"); err != nil {
		return nil, err
	}
	list, algos, err := positionsAndAlgos(c, true)
	if err != nil {
		return nil, err
	}
	if len(algos) != 1 {
		return nil, cliapp.Usagef("search takes one --algo; use 'plylab compare' for several")
	}
	o := algos[0]
	if o.Threads, err = cliflags.Threads(c); err != nil {
		return nil, err
	}
	if o.Threads > 1 && (o.IsPlain() || o.Paper) {
		return nil, cliapp.Usagef("--threads %d: only the full engine searches on several threads, not %s; drop --threads or use --algo engine", o.Threads, o.Name)
	}
	limits := engine.Limits{Depth: c.Int("depth"), Nodes: c.Uint64("nodes"), MultiPV: c.Int("multipv")}
	if c.IsSet("multipv") && limits.MultiPV < 1 {
		return nil, cliapp.Usagef("--multipv must be between 1 and %d, got %d", lab.MaxMultiPV, limits.MultiPV)
	}
	if len(list) > 1 && limits.MultiPV > 1 {
		return nil, cliapp.Usagef("--multipv shows the lines of one position; a suite run checks only the best move (drop --multipv or --suite)")
	}
	if c.IsSet("movetime") {
		mt, err := cliflags.Duration(c, "movetime")
		if err != nil {
			return nil, err
		}
		limits.MoveTime = mt
	}
	limits, err = lab.SearchLimits(o, limits, c.IsSet("depth"))
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	return &SearchOptions{Positions: list, Algo: o, Limits: limits, Stats: c.Bool("stats"), Force: c.Bool("force"), Format: c.String("format")}, nil
}

// searchRun searches one position, printing each iteration as it
// completes (or the iterations table), or runs a suite.
func searchRun(ctx context.Context, opts *SearchOptions, stdout, stderr io.Writer) error {
	o, limits := opts.Algo, opts.Limits
	b, err := boardOf(opts.Positions[0])
	if err == nil && o.IsPlain() {
		if err := guardDepth(opts.Force, []*board.Board{b}, []engine.Options{o}, limits.Depth); err != nil {
			return err
		}
	}
	if len(opts.Positions) > 1 {
		return searchSuite(ctx, opts, stdout, stderr)
	}
	if err != nil {
		return err
	}
	return lab.RunSearch(ctx, lab.SearchRun{Board: b, Label: opts.Positions[0].Name, Algo: o, Limits: limits,
		Stats: opts.Stats, Live: opts.Format == "table", Paint: opts.Color.Paint}, output.PartWriter(stdout, opts.Format, opts.Color))
}

// searchSuite runs a test suite (lab.Suite) and prints one row per
// position: the move found, the expected one, and whether they agree.
func searchSuite(ctx context.Context, opts *SearchOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	so := lab.SuiteOptions{Positions: opts.Positions, Algo: opts.Algo, Limits: opts.Limits,
		Progress: prog.Status}
	res, runErr := lab.Suite(ctx, so)
	prog.Done()
	if res == nil {
		return runErr
	}
	if err := output.WriteReport(stdout, opts.Format, res.Report(so), opts.Color); err != nil {
		return err
	}
	return runErr
}
