package main

import (
	"context"
	"io"
	"slices"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/lab"
	"github.com/urfave/cli/v2"
)

// TechniquesOptions are the parsed flags of `plylab techniques`.
type TechniquesOptions struct {
	Format string
	Color  output.Painter
	// Elo shows the stored Elo of each technique instead of the list.
	Elo bool
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

--elo shows instead what each technique is worth in games: the stored
results of self-play matches, the full engine against itself with that
one switch off (the classical evaluation against PeSTO's for the first
row), with the Elo difference, its 95% interval, the games and the
command that reproduces each row (docs/strength.md).

Examples:
   plylab techniques
   plylab techniques --elo
   plylab techniques --format markdown
   plylab compare --depth 1-8 --algo engine,engine-without-null`,
		Flags: []cli.Flag{output.FormatFlag(),
			&cli.BoolFlag{Name: "elo", Usage: "show each technique's stored Elo from self-play matches instead of the list"}},
		Action: func(c *cli.Context) error {
			return runF(c.Context, &TechniquesOptions{Format: c.String("format"), Color: env.out, Elo: c.Bool("elo")})
		},
	}
}

// techniquesRun lists the engine's switches and the presets that use them.
func techniquesRun(_ context.Context, opts *TechniquesOptions, stdout, _ io.Writer) error {
	if opts.Elo {
		return techniquesEloRun(opts, stdout)
	}
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

// techniquesEloRun prints the stored ablation matches (lab.TechniqueElos).
func techniquesEloRun(opts *TechniquesOptions, stdout io.Writer) error {
	rows, err := lab.TechniqueElos()
	if err != nil {
		return err
	}
	t := &output.Table{Title: "techniques: Elo in self-play (the full engine against itself with the switch off)",
		Columns: []output.Column{{Key: "technique", Header: "technique"}, {Key: "elo", Header: "Elo", Right: true},
			{Key: "elo_low", Header: "95% low", Right: true}, {Key: "elo_high", Header: "95% high", Right: true},
			{Key: "games", Header: "games", Right: true}, {Key: "wins", Header: "W", Right: true}, {Key: "draws", Header: "D", Right: true},
			{Key: "losses", Header: "L", Right: true}, {Key: "score_pct", Header: "score", Right: true}, {Key: "limit", Header: "limit"}}}
	var patterns []string // the commands, with the technique's name as NAME
	for _, r := range rows {
		elo := output.FloatCell(r.Elo, "%+.0f")
		if r.Significant() {
			if r.Elo > 0 {
				elo = elo.Styled(output.StyleGood)
			} else {
				elo = elo.Styled(output.StyleBad)
			}
		}
		t.Rows = append(t.Rows, []output.Cell{output.TextCell(r.Technique).Styled(output.StyleAccent), elo,
			output.FloatCell(r.Low, "%+.0f"), output.FloatCell(r.High, "%+.0f"), output.IntCell(int64(r.Games)),
			output.IntCell(int64(r.Wins)), output.IntCell(int64(r.Draws)), output.IntCell(int64(r.Losses)),
			output.FloatCell(r.Score(), "%.1f%%"), output.TextCell(r.Limit)})
		p := strings.Replace(r.Command, "engine-without-"+r.Technique+" ", "engine-without-NAME ", 1)
		if !slices.Contains(patterns, p) {
			patterns = append(patterns, p)
		}
	}
	t.Notes = []string{"Elo is the full engine's: positive means the technique gains; colored when the whole 95% interval is on one side of zero",
		"fixed nodes do not charge a technique for its cost in time; docs/strength.md has the time-control matches"}
	for _, p := range patterns {
		t.Notes = append(t.Notes, "command: "+p)
	}
	return output.WriteTable(stdout, opts.Format, t, opts.Color)
}
