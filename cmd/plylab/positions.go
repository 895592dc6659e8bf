package main

import (
	"context"
	"fmt"
	"io"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/boardtext"
	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// positionsCommand is `plylab positions`: list and show the built-in
// positions and test suites.
func positionsCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:        "positions",
		Usage:       "list and show the built-in positions and test suites",
		Description: help("positions"),
		Subcommands: []*cli.Command{
			positionsListCommand(env),
			positionsShowCommand(env),
			positionsReferenceCommand(env),
		},
	}
}

// PositionsListOptions are the parsed flags of `plylab positions list`.
type PositionsListOptions struct {
	Format string
	cliapp.Streams
}

func positionsListCommand(env *appEnv) *cli.Command {
	return newPositionsListCommand(env, cliapp.WithStreams(&env.Env, positionsListRun))
}

// newPositionsListCommand builds `plylab positions list`; its action parses
// the flags into PositionsListOptions and calls runF.
func newPositionsListCommand(env *appEnv, runF func(context.Context, *PositionsListOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "list",
		Usage:       "list the named positions and the test suites",
		Description: help("positions-list"),
		Flags:       []cli.Flag{output.FormatFlag()},
		Action:      cliapp.Action(&env.Env, parsePositionsList, runF),
	}
}

// parsePositionsList reads the flags of positions list.
func parsePositionsList(c *cli.Context) (*PositionsListOptions, error) {
	if c.NArg() > 0 {
		return nil, cliapp.Usagef("'positions list' takes no arguments, got %q; to see one position run 'plylab positions show %s'", c.Args().First(), c.Args().First())
	}
	return &PositionsListOptions{Format: c.String("format")}, nil
}

// positionsListRun prints the named positions and the suites.
func positionsListRun(_ context.Context, opts *PositionsListOptions, stdout, _ io.Writer) error {
	t := positions.ListTable()
	t.Notes = append(t.Notes, "Show one: plylab positions show NAME; one suite position: plylab positions show SUITE --id ID")
	return output.WriteTable(stdout, opts.Format, t, opts.Color)
}

// PositionsShowOptions are the parsed flags and argument of `plylab
// positions show`: either one position or a whole suite to list.
type PositionsShowOptions struct {
	Position positions.Position // shown when Suite is nil
	Suite    *positions.Suite   // listed when not nil
	Flip     bool               // draw the board from Black's side
	Format   string
	cliapp.Streams
}

func positionsShowCommand(env *appEnv) *cli.Command {
	return newPositionsShowCommand(env, cliapp.WithStreams(&env.Env, positionsShowRun))
}

// newPositionsShowCommand builds `plylab positions show`; its action
// resolves NAME or the position flags into PositionsShowOptions and calls
// runF.
func newPositionsShowCommand(env *appEnv, runF func(context.Context, *PositionsShowOptions) error) *cli.Command {
	flags := cliapp.PositionFlags(true)
	flags = append(flags,
		&cli.BoolFlag{Name: "flip", Usage: "draw the board from Black's side", DisableDefaultText: true},
		output.FormatFlag(),
	)
	return &cli.Command{
		Name:        "show",
		Usage:       "draw a position and list its FEN, legal moves and material",
		ArgsUsage:   "[NAME]",
		Description: help("positions-show"),
		Flags:       flags,
		Action:      cliapp.Action(&env.Env, parsePositionsShow, runF),
	}
}

// parsePositionsShow reads NAME, --id and the position flags: a named
// position, a suite position (NAME or --suite with --id), a whole suite
// (without --id), a FEN, or the start position.
func parsePositionsShow(c *cli.Context) (*PositionsShowOptions, error) {
	p, suite, err := cliapp.PositionSelection(c, true, "start").Show(c.Args().Slice(), cliapp.FENPosition)
	if err != nil {
		return nil, cliapp.SelectionError(err)
	}
	return &PositionsShowOptions{Position: p, Suite: suite, Format: c.String("format"), Flip: c.Bool("flip")}, nil
}

// positionsShowRun draws the position with its facts, or lists the suite.
func positionsShowRun(_ context.Context, opts *PositionsShowOptions, stdout, _ io.Writer) error {
	if opts.Suite != nil {
		t := opts.Suite.Table()
		t.Notes = append(t.Notes, fmt.Sprintf("Show one: plylab positions show %s --id ID", opts.Suite.Name))
		return output.WriteTable(stdout, opts.Format, t, opts.Color)
	}
	info, pos, err := describePosition(opts.Position)
	if err != nil {
		return err
	}
	opts.Color.Result("position", struct {
		*positions.Info
		Flip bool `json:"flip"`
	}{info, opts.Flip})
	return boardtext.Write(stdout, opts.Format, info, pos, opts.Flip, opts.Color)
}

// describePosition is board.PositionInfo; a bad FEN typed by the user
// (--fen) is a usage error.
func describePosition(p positions.Position) (*positions.Info, *chess.Position, error) {
	info, pos, err := positions.InfoOf(p)
	if err != nil && p.Name == "fen" {
		return nil, nil, cliapp.Usagef("%v", err)
	}
	return info, pos, err
}

// PositionsReferenceOptions are the parsed flags and arguments of
// `plylab positions reference`: the stored analyses to print (all, or
// those of the positions named) and, with Stockfish, the engine that
// makes them again.
type PositionsReferenceOptions struct {
	References []lab.Reference
	Stockfish  string // analyse again with this engine ("": print the stored analyses)
	Format     string
	cliapp.Streams
}

func positionsReferenceCommand(env *appEnv) *cli.Command {
	return newPositionsReferenceCommand(env, cliapp.WithStreams(&env.Env, positionsReferenceRun))
}

// newPositionsReferenceCommand builds `plylab positions reference`; its
// action reads the positions named into PositionsReferenceOptions and
// calls runF.
func newPositionsReferenceCommand(env *appEnv, runF func(context.Context, *PositionsReferenceOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "reference",
		Usage:       "Stockfish's stored analyses of the positions the lessons and docs make claims about",
		ArgsUsage:   "[POSITION...]",
		Description: help("positions-reference"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "stockfish", Usage: "analyse again with this UCI engine (a path or a name on PATH) instead of printing the stored analyses"},
			output.FormatFlag(),
		},
		Action: cliapp.Action(&env.Env, parsePositionsReference, runF),
	}
}

// parsePositionsReference reads the positions named (each must have an
// analysis) and --stockfish.
func parsePositionsReference(c *cli.Context) (*PositionsReferenceOptions, error) {
	rs, err := lab.StoredReferences()
	if err != nil {
		return nil, err
	}
	sel, err := lab.SelectReferences(rs, c.Args().Slice())
	if err != nil {
		return nil, cliapp.ParamUsage(err, "Positions", "POSITION")
	}
	return &PositionsReferenceOptions{References: sel, Stockfish: c.String("stockfish"), Format: c.String("format")}, nil
}

// positionsReferenceRun prints the analyses, stored or made again.
func positionsReferenceRun(ctx context.Context, opts *PositionsReferenceOptions, stdout, _ io.Writer) error {
	rs := opts.References
	if opts.Stockfish != "" {
		var err error
		if rs, err = lab.Analyse(ctx, opts.Stockfish, rs); err != nil {
			return err
		}
	}
	return output.WriteTable(stdout, opts.Format, lab.ReferenceTable(rs), opts.Color)
}
