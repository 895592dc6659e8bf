package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/urfave/cli/v2"
)

// TechniquesOptions are the parsed flags of `plylab techniques`.
type TechniquesOptions struct {
	Format string
	cliapp.Streams
	// Elo shows the stored Elo of each technique instead of the list.
	Elo bool
}

func techniquesCommand(env *appEnv) *cli.Command {
	return newTechniquesCommand(env, cliapp.WithStreams(&env.Env, techniquesRun))
}

// newTechniquesCommand builds `plylab techniques`; its action parses the
// flags into TechniquesOptions and calls runF.
func newTechniquesCommand(env *appEnv, runF func(context.Context, *TechniquesOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "techniques",
		Usage:       "list the search techniques that can be switched on and off",
		Description: help("techniques"),
		Flags: []cli.Flag{output.FormatFlag(),
			&cli.BoolFlag{Name: "elo", Usage: "show each technique's stored Elo from self-play matches instead of the list"}},
		Action: cliapp.Action(&env.Env, parseTechniques, runF),
	}
}

// parseTechniques reads the flags of techniques.
func parseTechniques(c *cli.Context) (*TechniquesOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab techniques --elo"); err != nil {
		return nil, err
	}
	return &TechniquesOptions{Format: c.String("format"), Elo: c.Bool("elo")}, nil
}

// techniquesRun lists the engine's switches and the presets that use
// them, or with --elo their stored Elo (lab.TechniquesView).
func techniquesRun(_ context.Context, opts *TechniquesOptions, stdout, _ io.Writer) error {
	t, err := lab.TechniquesView(opts.Elo)
	if err != nil {
		return err
	}
	if !opts.Elo {
		t.Notes[0] += " (change with --eval)"
		t.Notes = append(t.Notes, "example: --algo engine --without null,lmr, or --algo engine-without-null-without-lmr")
	}
	return output.WriteTable(stdout, opts.Format, t, opts.Color)
}
