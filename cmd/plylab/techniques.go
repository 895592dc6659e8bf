package main

import (
	"context"
	"io"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/urfave/cli/v2"
)

// TechniquesOptions are the parsed flags of `plylab techniques`.
type TechniquesOptions struct {
	Format string
	Color  output.Painter
}

func techniquesCommand(env *appEnv) *cli.Command {
	return newTechniquesCommand(env, streams(env, techniquesRun))
}

// newTechniquesCommand builds `plylab techniques`; its action parses the
// flags into TechniquesOptions and calls runF.
func newTechniquesCommand(env *appEnv, runF func(context.Context, *TechniquesOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "techniques",
		Usage: "list the search techniques that can be switched on and off",
		Description: `techniques lists every switch of the full engine with a one-line
explanation, what it needs to have an effect, and which presets use it.
Use the names with --with and --without, in algorithm names such as
engine-without-null, and as UCI options ("Tech null").

Examples:
   plylab techniques
   plylab techniques --format markdown
   plylab compare --depth 1-8 --algo engine,engine-without-null`,
		Flags: []cli.Flag{output.FormatFlag()},
		Action: func(c *cli.Context) error {
			if err := output.CheckFormat(c.String("format")); err != nil {
				return err
			}
			return runF(c.Context, &TechniquesOptions{Format: c.String("format"), Color: env.out})
		},
	}
}

// techniquesRun lists the engine's switches and the presets that use them.
func techniquesRun(_ context.Context, opts *TechniquesOptions, stdout, _ io.Writer) error {
	t := &output.Table{Title: "techniques", Columns: []output.Column{{Key: "name", Header: "name"}, {Key: "summary", Header: "what it does"},
		{Key: "needs", Header: "needs"}, {Key: "minimax", Header: "minimax"}, {Key: "alphabeta", Header: "alphabeta"}, {Key: "engine", Header: "engine"}}}
	presets := []engine.Options{engine.MinimaxOptions(), engine.AlphaBetaOptions(), engine.EngineOptions()}
	for _, tech := range engine.Techniques() {
		row := []output.Cell{output.TextCell(tech.Name).Styled(output.StyleAccent), output.TextCell(tech.Summary), output.TextCell(tech.Needs)}
		for _, p := range presets {
			if p.Enabled(tech.Name) {
				row = append(row, output.Cell{Text: "✓", Value: true, Style: output.StyleGood})
			} else {
				row = append(row, output.Cell{Text: "", Value: false})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []string{"presets: minimax and alphabeta use the material evaluation, engine uses classical (change with --eval)",
		"example: --algo engine --without null,lmr, or --algo engine-without-null-without-lmr"}
	return output.WriteTable(stdout, opts.Format, t, opts.Color)
}
