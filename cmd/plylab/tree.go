package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/trace"
	"github.com/urfave/cli/v2"
)

// tree: trace one search (or two, side by side) and draw the tree the way
// the papers do: which branches were searched, which were cut off and why.

const treeDefaultDepth = 3

// TreeOptions are the parsed flags of `plylab tree`.
type TreeOptions struct {
	ListToys  bool   // list the bundled textbook trees instead (Format: table or json)
	Format    string // one of trace.Formats (with ListToys: table or json)
	trace.Job        // the input, algorithms (one, or two side by side), depth, node budget, view and drawing options
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
	flags := append(cliapp.PositionFlags(true),
		&cli.StringFlag{Name: "toy", Usage: "search a textbook `TREE` instead of a chess position: a bundled name (see --list-toys) or nested lists of leaf values such as \"((3,12,8),(2,4,6),(14,5,2))\""},
		&cli.StringFlag{Name: "toy-file", Usage: "read the textbook tree from `FILE`"},
		&cli.BoolFlag{Name: "list-toys", Usage: "list the bundled textbook trees"},
	)
	flags = append(flags, algoFlags("alphabeta", false)...)
	flags = append(flags,
		&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: treeDefaultDepth, Usage: "search `N` plies deep (a textbook tree: its height unless given)"},
		&cli.StringFlag{Name: "side-by-side", Usage: "also search with `ALGO2` (e.g. alphabeta-with-mvvlva) and draw both trees next to each other; --with/--without apply to --algo only"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`; the extension picks the format: .dot, .svg, .png, .json, .txt or .html"},
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "output `FORMAT`: text (default on the terminal), dot, svg, png, json or html (a page with a replay of the search)"},
		&cli.IntFlag{Name: "max-nodes", Value: trace.DefaultMaxNodes, Usage: "record at most `N` nodes (plus every root move); the rest are counted, not kept, so memory stays bounded"},
		&cli.BoolFlag{Name: "window", Usage: "show each node's α and β on entry"},
		&cli.IntFlag{Name: "max-depth", Usage: "show only `N` plies below the root (0: all)"},
		&cli.StringFlag{Name: "focus", Usage: "show only the subtree under move `PATH`, e.g. a1a6,b7a6 (UCI or SAN; a,b for textbook trees)"},
		&cli.BoolFlag{Name: "pv-only", Usage: "show the principal variation, the moves searched at its nodes (folded) and the moves pruned there"},
		&cli.IntFlag{Name: "collapse", Usage: "fold subtrees of fewer than `N` nodes off the principal variation into one node"},
		&cli.IntFlag{Name: "fit", Value: trace.DefaultFit, Usage: "in drawings (dot, svg, png), fold the smallest subtrees off the principal variation, then the moves at its nodes (\"N more moves, all ≤ v\"), until at most `N` nodes are drawn (0: draw everything, the html page's default)"},
		&cli.BoolFlag{Name: "slide", Usage: fmt.Sprintf("draw for a projector: labels of %d points at least on a 4:3 page of %d×%d or more, the tree folded until a %d-pixel-wide slide shows every label %d px high or more (with --fit N: at most N nodes)", trace.SlideMinLabel, trace.SlideWidth, trace.SlideHeight, trace.SlideWidth, trace.SlideMinLabel)},
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
		PositionSet: c.IsSet("position") || c.IsSet("fen") || c.IsSet("suite"), Format: format,
		Algo: c.String("algo"), SideBySide: c.String("side-by-side"), EvalSet: c.IsSet("eval"),
		Depth: c.Int("depth"), DepthSet: c.IsSet("depth"), MaxNodes: c.Int("max-nodes"),
		MaxDepth: c.Int("max-depth"), Collapse: c.Int("collapse"), Fit: c.Int("fit"), FitSet: c.IsSet("fit"),
		PVOnly: c.Bool("pv-only"), Focus: c.String("focus"),
		Slide: c.Bool("slide"), Window: c.Bool("window"), NoLegend: c.Bool("no-legend"),
	}
	if format == trace.FormatHTML && !c.IsSet("fit") {
		// The page replays the search node by node and zooms: every
		// recorded node is a step of the replay.
		req.Fit = 0
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
	return &TreeOptions{Format: format, Job: job, Output: out, Files: files}, nil
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
	what := trace.DrawnOfSearched(trees)
	if opts.Draw.Slide {
		what += "; " + slideNote(trace.MeasureSVG(opts.Draw, trees...))
	}
	fmt.Fprintf(stdout, "%s %s (%s)\n", opts.Color.Paint(output.StyleGood, "wrote"), opts.Output, what)
	return nil
}

// pxText writes a label's height in pixels to a tenth, rounded down, so
// that "14.0" is never a height under 14.
func pxText(px float64) string { return fmt.Sprintf("%.1f", math.Floor(px*10)/10) }

// slideNote says how a slide shows the drawing m measures: "smallest
// label 14.0 px on a 1024×768 slide", and what to do when that is under
// the preset's least.
func slideNote(m trace.Measure) string {
	s := fmt.Sprintf("smallest label %s px on a %d×%d slide", pxText(m.SlideLabel()), trace.SlideWidth, trace.SlideHeight)
	if m.SlideLabel() < trace.SlideMinLabel {
		s += fmt.Sprintf(", under %d px: draw fewer plies with --max-depth or --focus", trace.SlideMinLabel)
	}
	return s
}

// treePosition reads the position flags: the chess position to trace
// when no textbook tree is given (one position of a suite, by --id).
func treePosition(c *cli.Context) (*trace.Input, error) {
	ps, err := cliapp.ResolvePositions(c, true, "paper-mate2")
	if err != nil {
		return nil, err
	}
	if len(ps) > 1 {
		return nil, cliapp.Usagef("tree draws one position, and suite %s has %d; pick one with --id, e.g. --suite %s --id %s", c.String("suite"), len(ps), c.String("suite"), ps[0].Name)
	}
	b, err := boardOf(ps[0])
	if err != nil {
		return nil, err
	}
	return &trace.Input{Title: ps[0].Name, Board: b}, nil
}
