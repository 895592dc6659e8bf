package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
	"github.com/urfave/cli/v2"
)

// eval: what the search sees at a leaf, term by term.

// EvalOptions are the parsed flags of `plylab eval`.
type EvalOptions struct {
	Position positions.Position
	Kinds    []eval.Kind // the evaluations to explain, in order
	Terms    eval.Terms  // the classical terms switched on
	Format   string
	cliapp.Streams
}

func evalCommand(env *appEnv) *cli.Command {
	return newEvalCommand(env, cliapp.WithStreams(&env.Env, evalRun))
}

// newEvalCommand builds `plylab eval`; its action parses the flags into
// EvalOptions and calls runF.
func newEvalCommand(env *appEnv, runF func(context.Context, *EvalOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "eval",
		Usage:       "explain the static evaluation of a position, term by term",
		Description: help("eval"),
		Flags: append(cliapp.PositionFlags(true),
			&cli.StringFlag{Name: "eval", Aliases: []string{"e"}, Value: "all", Usage: "evaluation `KIND`: material, pst, pesto, classical, nnue or all"},
			&cli.StringFlag{Name: "without", Usage: "switch off the classical terms in `LIST` (comma-separated, e.g. mobility,tempo)"},
			output.FormatFlag()),
		Action: cliapp.Action(&env.Env, parseEval, runF),
	}
}

// parseEval reads the position, --eval and --without.
func parseEval(c *cli.Context) (*EvalOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab eval --position kiwipete"); err != nil {
		return nil, err
	}
	list, err := cliapp.ResolvePositions(c, true, "start")
	if err != nil {
		return nil, err
	}
	if len(list) != 1 {
		return nil, cliapp.Usagef("eval explains one position; add --id to pick one of the suite")
	}
	opts := &EvalOptions{Position: list[0], Kinds: eval.Kinds(), Terms: eval.AllTerms, Format: c.String("format")}
	if k := c.String("eval"); k != "all" {
		kind, err := eval.ParseKind(k)
		if err != nil {
			return nil, cliapp.Usagef("%v", err)
		}
		opts.Kinds = []eval.Kind{kind}
	}
	if w := c.String("without"); w != "" {
		off, err := parseTerms(w)
		if err != nil {
			return nil, err
		}
		opts.Terms &^= off
	}
	return opts, nil
}

// evalRun explains the evaluations of opts.Position on stdout.
func evalRun(_ context.Context, opts *EvalOptions, stdout, _ io.Writer) error {
	b, err := boardOf(opts.Position)
	if err != nil {
		return err
	}
	return output.WriteReport(stdout, opts.Format, eval.Report(b, opts.Position.Name, opts.Kinds, opts.Terms, opts.Format, "--eval classical lists them"), opts.Color)
}
