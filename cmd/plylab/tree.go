package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/trace"
	"github.com/urfave/cli/v2"
)

// tree: trace one search (or two, side by side) and draw the tree the way
// the papers do: which branches were searched, which were cut off and why.

const (
	treeDefaultDepth = 3
	// treeDefaultFit is how many nodes a drawing shows by default before
	// small subtrees off the principal variation are folded: about what a
	// slide can hold.
	treeDefaultFit = 40
)

// TreeOptions are the parsed flags of `plylab tree`.
type TreeOptions struct {
	ListToys  bool   // list the bundled textbook trees instead (Format: table or json)
	Format    string // one of trace.Formats (with ListToys: table or json)
	trace.Job        // the input, algorithms (one, or two side by side), depth, node budget and view
	Draw      trace.DrawOptions
	Output    string // write to this file; "" for stdout
	// Files writes Output (into a lesson cell's folder, in a cell).
	Files cliapp.Outputs
	cliapp.Streams
}

func treeCommand(env *appEnv) *cli.Command {
	return newTreeCommand(env, cliapp.WithStreams(&env.Env, treeRun))
}

// newTreeCommand builds `plylab tree`; its action parses the flags into
// TreeOptions and calls runF.
func newTreeCommand(env *appEnv, runF func(context.Context, *TreeOptions) error) *cli.Command {
	flags := append(cliapp.PositionFlags(false),
		&cli.StringFlag{Name: "toy", Usage: "search a textbook `TREE` instead of a chess position: a bundled name (see --list-toys) or nested lists of leaf values such as \"((3,12,8),(2,4,6),(14,5,2))\""},
		&cli.StringFlag{Name: "toy-file", Usage: "read the textbook tree from `FILE`"},
		&cli.BoolFlag{Name: "list-toys", Usage: "list the bundled textbook trees"},
	)
	flags = append(flags, algoFlags("alphabeta", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: treeDefaultDepth, Usage: "search `N` plies deep (a textbook tree: its height unless given)"},
		&cli.StringFlag{Name: "side-by-side", Usage: "also search with `ALGO2` (e.g. alphabeta-with-mvvlva) and draw both trees next to each other; --with/--without apply to --algo only"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`; the extension picks the format: .dot, .svg, .png, .json or .txt"},
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "output `FORMAT`: text (default on the terminal), dot, svg, png or json"},
		&cli.IntFlag{Name: "max-nodes", Value: trace.DefaultMaxNodes, Usage: "record at most `N` nodes (plus every root move); the rest are counted, not kept, so memory stays bounded"},
		&cli.BoolFlag{Name: "window", Usage: "show each node's α and β on entry"},
		&cli.IntFlag{Name: "max-depth", Usage: "show only `N` plies below the root (0: all)"},
		&cli.StringFlag{Name: "focus", Usage: "show only the subtree under move `PATH`, e.g. a1a6,b7a6 (UCI or SAN; a,b for textbook trees)"},
		&cli.BoolFlag{Name: "pv-only", Usage: "show the principal variation, the moves searched at its nodes (folded) and the moves pruned there"},
		&cli.IntFlag{Name: "collapse", Usage: "fold subtrees of fewer than `N` nodes off the principal variation into one node"},
		&cli.IntFlag{Name: "fit", Value: treeDefaultFit, Usage: "in drawings (dot, svg, png), fold the smallest subtrees off the principal variation until at most `N` nodes are drawn (0: draw everything)"},
		&cli.BoolFlag{Name: "no-legend", Usage: "leave the legend out"},
	)
	return &cli.Command{
		Name:        "tree",
		Usage:       "trace a search and draw its tree: Graphviz DOT, SVG, PNG, JSON or text",
		Description: help("tree"),
		Flags:       flags,
		Action: cliapp.Action(&env.Env, func(c *cli.Context) (*TreeOptions, error) {
			return parseTree(c, env.Terminal(env.Stdout), env.Outputs())
		}, runF),
	}
}

// parseTree reads and checks the flags of tree; stdoutTerminal refuses
// PNG on a terminal; files writes the -o file (into a lesson cell's
// folder, when run from one). The checks of the values are
// trace.Request's.
func parseTree(c *cli.Context, stdoutTerminal bool, files cliapp.Outputs) (*TreeOptions, error) {
	if c.NArg() > 0 {
		return nil, cliapp.Usagef("'tree' takes no arguments, got %q; pick the input with --position, --fen or --toy", c.Args().First())
	}
	if c.Bool("list-toys") {
		format, err := trace.ToysFormat(c.String("format"))
		if err != nil {
			return nil, cliapp.ParamUsage(err)
		}
		return &TreeOptions{ListToys: true, Format: format}, nil
	}
	format, err := trace.PickFormat(c.String("format"), c.String("output"))
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	req := trace.Request{
		Toy: c.String("toy"), ToySet: c.IsSet("toy"), ToyFile: c.String("toy-file"), ToyFileSet: c.IsSet("toy-file"),
		PositionSet: c.IsSet("position") || c.IsSet("fen"), Format: format,
		Algo: c.String("algo"), SideBySide: c.String("side-by-side"), EvalSet: c.IsSet("eval"),
		Depth: c.Int("depth"), DepthSet: c.IsSet("depth"), MaxNodes: c.Int("max-nodes"),
		MaxDepth: c.Int("max-depth"), Collapse: c.Int("collapse"), Fit: c.Int("fit"), PVOnly: c.Bool("pv-only"), Focus: c.String("focus"),
	}
	in, err := req.Textbook()
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	if in == nil {
		if in, err = treePosition(c); err != nil {
			return nil, err
		}
	}
	algos, err := parseAlgos(c)
	if err != nil {
		return nil, err
	}
	job, err := req.Job(*in, algos)
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	out := c.String("output")
	if format == trace.FormatPNG && !trace.CanPNG {
		return nil, cliapp.Usagef("trees are drawn as SVG in the browser; write -o tree.svg, or draw the PNG with plylab in a terminal")
	}
	if out != "" {
		// Find a bad path before a long search, not after.
		if err := files.Check("output", out, "tree.svg"); err != nil {
			return nil, err
		}
	} else if format == "png" && stdoutTerminal {
		return nil, cliapp.Usagef("PNG is binary and stdout is a terminal; write it to a file with -o tree.png")
	}
	return &TreeOptions{Format: format, Job: job,
		Draw: trace.DrawOptions{Window: c.Bool("window"), NoLegend: c.Bool("no-legend")}, Output: out, Files: files}, nil
}

// treeRun runs the traced searches and writes their trees to stdout or
// opts.Output (then saying so on stdout).
func treeRun(ctx context.Context, opts *TreeOptions, stdout, _ io.Writer) error {
	if opts.ListToys {
		t, err := trace.ToysTable()
		if err != nil {
			return err
		}
		t.Notes = append(t.Notes, "Draw one: plylab tree --toy NAME [-o tree.svg]")
		return output.WriteTable(stdout, opts.Format, t, opts.Color)
	}
	trees, err := opts.Job.Run(ctx)
	var fe *trace.FilterError
	if errors.As(err, &fe) {
		return cliapp.ParamUsage(err)
	} else if err != nil {
		return err
	}
	for _, t := range trees {
		opts.Color.Result("tree", t.Result())
		for _, l := range t.Lines() {
			opts.Color.Result("tree_node", l)
		}
	}
	data, err := trace.Bytes(ctx, opts.Format, opts.Draw, trace.ANSIPainter(opts.Color.On), trees...)
	if err != nil {
		return err
	}
	if opts.Output == "" {
		_, err := stdout.Write(data)
		return err
	}
	if err := opts.Files.WriteFile(opts.Output, data); err != nil {
		return err
	}
	wroteFile(opts.Color, opts.Output)
	fmt.Fprintf(stdout, "%s %s (%s)\n", opts.Color.Paint(output.StyleGood, "wrote"), opts.Output, trace.DrawnOfSearched(trees))
	return nil
}

// treePosition reads the position flags: the chess position to trace
// when no textbook tree is given.
func treePosition(c *cli.Context) (*trace.Input, error) {
	ps, err := cliapp.ResolvePositions(c, false, "paper-mate2")
	if err != nil {
		return nil, err
	}
	b, err := boardOf(ps[0])
	if err != nil {
		return nil, err
	}
	return &trace.Input{Title: ps[0].Name, Board: b}, nil
}
