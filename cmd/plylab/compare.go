package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/positions"
	"github.com/plylab/plylab/trace"
	"github.com/plylab/plylab/trace/plot"
)

// compare: the heart of plylab. Several algorithms on the same positions,
// depth by depth, side by side; the experiment itself is lab.Compare.

// CompareOptions are the parsed flags of `plylab compare`.
type CompareOptions struct {
	Positions          []positions.Position
	Algos              []engine.Options
	MinDepth, MaxDepth int
	NoMinimal          bool           // --no-minimal
	Force              bool           // run even when predicted to take too long
	Plot               string         // --plot as given ("" for none)
	Files              cliapp.Outputs // writes the plot (into a lesson cell's folder, in a cell)
	Format             string
	cliapp.Streams
}

func compareCommand(env *appEnv) *cli.Command {
	return newCompareCommand(env, cliapp.WithStreams(&env.Env, compareRun))
}

// newCompareCommand builds `plylab compare`; its action parses the flags
// into CompareOptions and calls runF.
func newCompareCommand(env *appEnv, runF func(context.Context, *CompareOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(true), algoFlags("minimax,alphabeta,engine", true)...)
	flags = append(flags,
		&cli.StringFlag{Name: "depth", Aliases: []string{"d"}, Value: "1-4", Usage: "depth `N` or range `LO-HI`"},
		&cli.StringFlag{Name: "plot", Usage: "also draw nodes and time per depth (log scale) to `FILE`.svg or .png"},
		&cli.BoolFlag{Name: "no-minimal", Usage: "skip the minimal-tree and %-of-minimax columns (they need the value of every node of the full tree)"},
		forceFlag(lab.SearchBudget),
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "compare",
		Usage:       "run several search algorithms on the same positions, depth by depth",
		Description: help("compare"),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*CompareOptions, error) { return parseCompare(c, env.Outputs()) }, runF),
	}
}

// parseCompare reads and checks compare's flags; files writes the --plot
// file.
func parseCompare(c *cli.Context, files cliapp.Outputs) (*CompareOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab compare --position kiwipete --depth 1-4"); err != nil {
		return nil, err
	}
	list, algos, err := positionsAndAlgos(c, true)
	if err != nil {
		return nil, err
	}
	// --depth "5" or "1-5" (inclusive), each within [1, lab.MaxCompareDepth].
	lo, hi, err := flagval.DepthRange("depth", c.String("depth"), lab.MaxCompareDepth)
	if err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	plot := c.String("plot")
	if plot != "" && !strings.HasSuffix(plot, ".svg") && !strings.HasSuffix(plot, ".png") {
		return nil, cliapp.Usagef("--plot %q: the file name must end in .svg or .png", plot)
	}
	if strings.HasSuffix(plot, ".png") && !trace.CanPNG {
		return nil, cliapp.Usagef("--plot %q: charts are drawn as SVG in the browser; name the file .svg (--plot %s.svg), or draw the PNG with plylab in a terminal", plot, strings.TrimSuffix(plot, ".png"))
	}
	if err := files.Check("plot", plot, "chart.svg"); err != nil {
		return nil, err
	}
	return &CompareOptions{Positions: list, Algos: algos, MinDepth: lo, MaxDepth: hi, NoMinimal: c.Bool("no-minimal"),
		Force: c.Bool("force"), Plot: plot, Files: files, Format: c.String("format")}, nil
}

// compareRun runs lab.Compare and prints its table (and plot).
func compareRun(ctx context.Context, opts *CompareOptions, stdout, stderr io.Writer) error {
	boards := make([]*board.Board, len(opts.Positions))
	for i, p := range opts.Positions {
		var err error
		if boards[i], err = boardOf(p); err != nil {
			return err
		}
	}
	if err := guardDepth(opts.Force, boards, opts.Algos, opts.MaxDepth); err != nil {
		return err
	}
	prog := output.NewProgress(stderr, opts.Progress)
	co := lab.CompareOptions{Positions: opts.Positions, Algos: opts.Algos,
		MinDepth: opts.MinDepth, MaxDepth: opts.MaxDepth, Minimal: !opts.NoMinimal,
		Progress: prog.Status}
	if opts.Live != nil {
		// A notebook cell watches: show each row as its search ends, as
		// the final table will (its last columns come at the end).
		co.Rows = func(partial *lab.CompareResult) {
			var b strings.Builder
			t := partial.Table(opts.Positions, opts.Algos)
			t.Notes = []string{"running: the rows so far; % minimax, EBF and the minimal tree come at the end"}
			if err := output.WriteText(&b, t, output.Painter{}); err == nil {
				opts.Live(b.String())
			}
		}
	}
	res, runErr := lab.Compare(ctx, co)
	prog.Done()
	if res == nil {
		return runErr
	}
	t := res.Table(opts.Positions, opts.Algos)
	if err := output.WriteTable(stdout, opts.Format, t, opts.Color); err != nil {
		return err
	}
	if opts.Plot != "" && len(res.Done()) > 0 { // nothing to draw when interrupted at once
		data, err := plot.FromCompare(t.Title, opts.Algos, res).Bytes(strings.HasSuffix(opts.Plot, ".png"))
		if err != nil {
			return err
		}
		if err := opts.Files.WriteFile(opts.Plot, data); err != nil {
			return err
		}
		wroteFile(opts.Color, opts.Plot)
		if opts.Format == "table" {
			fmt.Fprintf(stdout, "\nplot written to %s\n", opts.Plot)
		}
	}
	return runErr
}
