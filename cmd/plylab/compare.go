package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/lab"
	"github.com/plylab/plylab/positions"
	"github.com/plylab/plylab/trace/plot"
	"github.com/urfave/cli/v2"
)

// compare: the heart of plylab. Several algorithms on the same positions,
// depth by depth, side by side; the experiment itself is lab.Compare.

const (
	compareMaxDepth = 30
	// guardBudget is the predicted run time above which compare, scores
	// and search refuse to start without --force.
	guardBudget = 10 * time.Minute
)

// CompareOptions are the parsed flags of `plylab compare`.
type CompareOptions struct {
	Positions          []positions.Position
	Algos              []engine.Options
	MinDepth, MaxDepth int
	NoMinimal          bool   // --no-minimal
	Force              bool   // run even when predicted to take too long
	Plot               string // --plot as given ("" for none)
	PlotPath           string // where the plot goes (inside a lesson cell's folder)
	Format             string
	runStreams
}

func compareCommand(env *appEnv) *cli.Command {
	return newCompareCommand(env, streams(env, compareRun))
}

// newCompareCommand builds `plylab compare`; its action parses the flags
// into CompareOptions and calls runF.
func newCompareCommand(env *appEnv, runF func(context.Context, *CompareOptions) error) *cli.Command {
	flags := append(positionFlags(true), algoFlags("minimax,alphabeta,engine", true)...)
	flags = append(flags,
		&cli.StringFlag{Name: "depth", Aliases: []string{"d"}, Value: "1-4", Usage: "depth `N` or range `LO-HI`"},
		&cli.StringFlag{Name: "plot", Usage: "also draw nodes and time per depth (log scale) to `FILE`.svg or .png"},
		&cli.BoolFlag{Name: "no-minimal", Usage: "skip the minimal-tree and %-of-minimax columns (they need the value of every node of the full tree)"},
		forceFlag(),
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:  "compare",
		Usage: "run several search algorithms on the same positions, depth by depth",
		Description: `compare runs minimax, alpha-beta and the full engine (or any preset with
techniques switched on or off) on the same position, one row per depth and
algorithm: nodes, leaves, quiescence nodes, time, nodes per second, best
move, score, nodes as a share of minimax, the effective branching factor
sqrt(N(d)/N(d-2)), and the minimal tree: the fewest nodes any move ordering
could prove the minimax value with (computed exactly where affordable).

Every position visited is a node, the root included; checkmates, stalemates
and draws are nodes that are not expanded; leaves are depth-0 evaluations;
quiescence nodes are counted apart. Node counts are exact and the same on
every run; times are this machine's.

Examples:
   plylab compare --position paper-mate2 --depth 1-5
   plylab compare --position kiwipete --depth 1-4 --algo alphabeta,alphabeta-with-mvvlva
   plylab compare --depth 1-8 --algo engine,engine-without-null,engine-without-lmr
   plylab compare --suite bk --depth 1-6 --algo engine --format markdown
   plylab compare --position start --depth 1-5 --plot growth.svg`,
		Flags:  flags,
		Action: parseAction(env, func(c *cli.Context) (*CompareOptions, error) { return parseCompare(c, env.outputPath) }, runF),
	}
}

// parseCompare reads and checks compare's flags; outputPath places the
// --plot file.
func parseCompare(c *cli.Context, outputPath func(flag, name string) (string, error)) (*CompareOptions, error) {
	list, algos, err := positionsAndAlgos(c, true)
	if err != nil {
		return nil, err
	}
	lo, hi, err := parseDepthRange(c.String("depth"), compareMaxDepth)
	if err != nil {
		return nil, err
	}
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return nil, err
	}
	plot := c.String("plot")
	if plot != "" && !strings.HasSuffix(plot, ".svg") && !strings.HasSuffix(plot, ".png") {
		return nil, usagef("--plot %q: the file name must end in .svg or .png", plot)
	}
	path, err := outputPath("plot", plot)
	if err != nil {
		return nil, err
	}
	return &CompareOptions{Positions: list, Algos: algos, MinDepth: lo, MaxDepth: hi, NoMinimal: c.Bool("no-minimal"),
		Force: c.Bool("force"), Plot: plot, PlotPath: path, Format: format}, nil
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
	if !opts.Force {
		if err := guardDepth(boards, opts.Algos, opts.MaxDepth); err != nil {
			return err
		}
	}
	prog := output.NewProgress(stderr, opts.Progress)
	res, runErr := lab.Compare(ctx, lab.CompareOptions{Positions: opts.Positions, Algos: opts.Algos,
		MinDepth: opts.MinDepth, MaxDepth: opts.MaxDepth, Minimal: !opts.NoMinimal,
		Progress: func(s string) { prog.Update("%s", s) }})
	prog.Done()
	if res == nil {
		return runErr
	}
	t := compareTable(opts.Positions, opts.Algos, res)
	if res.Blanked > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("\"-\" under minimal and vs minimal (and %% minimax without a minimax row): on some positions of that row the minimal tree needs more than %s nodes of work (or a full tree estimated above %s nodes), and a sum over fewer positions is never divided into one over all", output.FormatInt(lab.MinimalBudget), output.FormatInt(lab.MinimalFullLimit)))
	}
	if res.Interrupted {
		t.Notes = append(t.Notes, "interrupted: only the rows above finished")
	}
	if err := output.WriteTable(stdout, opts.Format, t, opts.Color); err != nil {
		return err
	}
	if opts.Plot != "" && len(res.Done()) > 0 { // nothing to draw when interrupted at once
		if err := plot.FromCompare(t.Title, opts.Algos, res).WriteFile(opts.PlotPath); err != nil {
			return err
		}
		wroteFile(stdout, opts.PlotPath)
		if opts.Format == "table" {
			fmt.Fprintf(stdout, "\nplot written to %s\n", opts.Plot)
		}
	}
	return runErr
}

// guardDepth refuses runs predicted to take longer than guardBudget.
func guardDepth(boards []*board.Board, algos []engine.Options, depth int) error {
	if est := lab.PredictTime(boards, algos, depth); est > guardBudget {
		return usagef("depth %d is predicted to take about %s (minimax tree ~%.2g nodes per position); use a smaller --depth, fewer --algo, or add --force", depth, output.FormatDuration(est.Round(time.Second)), lab.TreeEstimate(boards[0], depth))
	}
	return nil
}

func compareTable(list []positions.Position, algos []engine.Options, res *lab.CompareResult) *output.Table {
	single := len(list) == 1
	t := &output.Table{Title: lab.CompareTitle(list)}
	t.Columns = []output.Column{
		{Key: "depth", Header: "depth", Right: true},
		{Key: "algo", Header: "algorithm"},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "leaves", Header: "leaves", Right: true},
		{Key: "qnodes", Header: "qnodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "nodes_per_s", Header: "nodes/s", Right: true},
	}
	if single {
		t.Columns = append(t.Columns, output.Column{Key: "best", Header: "best"}, output.Column{Key: "score", Header: "score", Right: true})
	} else {
		t.Columns = append(t.Columns, output.Column{Key: "solved", Header: "best move found", Right: true})
	}
	t.Columns = append(t.Columns,
		output.Column{Key: "pct_of_minimax", Header: "% minimax", Right: true},
		output.Column{Key: "ebf", Header: "EBF", Right: true},
		output.Column{Key: "minimal_tree", Header: "minimal", Right: true},
		output.Column{Key: "pct_over_minimal", Header: "vs minimal", Right: true},
	)
	for _, r := range res.Done() {
		row := []output.Cell{output.IntCell(int64(r.Depth)), output.TextCell(r.Algo).Styled(output.StyleAccent), output.UintCell(r.Stats.Nodes),
			output.UintCell(r.Stats.Leaves), output.UintCell(r.Stats.QNodes), output.DurationCell(r.Stats.Elapsed), output.RateCell(r.Stats.NPS())}
		if single {
			sc := engine.FormatScore(r.Score)
			st := output.StyleNone
			if engine.IsMate(r.Score) {
				st = output.StyleGood
			}
			row = append(row, output.TextCell(r.Best), output.Cell{Text: sc, Value: int64(r.Score), Style: st})
		} else if r.WithBM > 0 {
			row = append(row, output.Cell{Text: fmt.Sprintf("%d/%d", r.Solved, r.WithBM), Value: int64(r.Solved)})
		} else {
			row = append(row, output.NullCell("-"))
		}
		if r.Minimax > 0 {
			pct, format := r.PctOfMinimax(), "%.2f%%"
			if pct < 0.1 {
				format = "%.2g%%" // two significant figures, not 0.00%
			}
			row = append(row, output.FloatCell(pct, format))
		} else {
			row = append(row, output.NullCell("-"))
		}
		if r.EBF > 0 {
			row = append(row, output.FloatCell(r.EBF, "%.2f"))
		} else {
			row = append(row, output.NullCell("-"))
		}
		if r.Minimal > 0 {
			row = append(row, output.UintCell(r.Minimal), output.FloatCell(r.VsMinimal(), "%.2f×"))
		} else {
			row = append(row, output.NullCell("-"), output.NullCell("-"))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, "algorithms: "+lab.AlgoList(algos))
	t.Notes = append(t.Notes, "scores are from the side to move's point of view; EBF = sqrt(nodes(d) / nodes(d-2)), quiescence included")
	t.Notes = append(t.Notes, "minimal = the smallest tree proving the minimax value (same evaluation, no quiescence); vs minimal = nodes / minimal")
	return t
}
