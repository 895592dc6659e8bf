package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/urfave/cli/v2"
)

// ReproduceOptions are the parsed flags of `plylab reproduce`.
type ReproduceOptions struct {
	Source  string // one source document, lower case; "" for all
	Format  string
	RunSlow bool // also rerun the stored claims' commands
	cliapp.Streams
}

// reproduceCommand is `plylab reproduce`: the ledger of the source
// documents' quantitative claims with plylab's live values and verdicts.
func reproduceCommand(env *appEnv) *cli.Command {
	return newReproduceCommand(env, cliapp.WithStreams(&env.Env, reproduceRun))
}

// newReproduceCommand builds `plylab reproduce`; its action parses the
// flags into ReproduceOptions and calls runF.
func newReproduceCommand(env *appEnv, runF func(context.Context, *ReproduceOptions) error) *cli.Command {
	names := lab.SourceNames()
	var sources strings.Builder
	for _, s := range lab.Sources {
		fmt.Fprintf(&sources, "   %-11s %s\n", s.Name, s.Title)
	}
	return &cli.Command{
		Name:        "reproduce",
		Usage:       "the ledger of the source documents' claims, with plylab's value and a computed verdict",
		Description: help("reproduce", "{sources}", sources.String()),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "source", Usage: "one document: " + strings.Join(names, ", ")},
			output.FormatFlag(),
			&cli.BoolFlag{Name: "run-slow", Usage: "also rerun the stored (slow) claims' commands, e.g. the RAM-Z matches (hours), and print their output"},
		},
		Action: cliapp.Action(&env.Env, parseReproduce, runF),
	}
}

// parseReproduce reads the flags of reproduce; --source names one document.
func parseReproduce(c *cli.Context) (*ReproduceOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab reproduce --source game-trees"); err != nil {
		return nil, err
	}
	src, err := lab.ParseSource(c.String("source"))
	if err != nil {
		return nil, cliapp.Usagef("--source: %v", err)
	}
	return &ReproduceOptions{Source: src, Format: c.String("format"), RunSlow: c.Bool("run-slow")}, nil
}

// reproduceRun measures the claims and prints the ledger; with RunSlow it
// then reruns the stored claims' plylab commands, printing their output.
func reproduceRun(ctx context.Context, opts *ReproduceOptions, stdout, stderr io.Writer) error {
	claims, err := lab.Ledger(ctx, opts.Source)
	if err != nil {
		return err
	}
	if err := output.WriteTable(stdout, opts.Format, lab.LedgerTable(claims), opts.Color); err != nil {
		return err
	}
	opts.Color.Result("reproduce", lab.NewLedgerResult(claims))
	if !opts.RunSlow {
		return nil
	}
	return lab.RerunSlow(stdout, claims, func(args []string) int { return run(args, stdout, stderr) })
}
