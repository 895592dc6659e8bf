package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/tune"
	"github.com/plylab/plylab/engine/eval"
	"github.com/urfave/cli/v2"
)

// tune: Texel's method on the classical evaluation's weights.

// TuneOptions are the parsed flags of `plylab tune`: the run (its PGN
// files, none for the built-in master games; the label engine; the fit)
// and what to print and write.
type TuneOptions struct {
	tune.Run
	Report         int    // print the error every Report epochs
	Output         string // write weights_tuned.go here
	NoWeights      bool   // leave out the weights table
	Format         string
	Provenance     string // the command line, for the generated file's comment
	cliapp.Streams        // colour, and the progress line on stderr (a terminal)
}

func tuneCommand(env *appEnv) *cli.Command {
	return newTuneCommand(env, cliapp.WithStreams(&env.Env, tuneRun))
}

// newTuneCommand builds `plylab tune`; its action parses the flags into
// TuneOptions and calls runF.
func newTuneCommand(env *appEnv, runF func(context.Context, *TuneOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "tune",
		Usage:       "fit the classical evaluation's weights to game results (Texel's method)",
		Description: help("tune"),
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "pgn", Usage: "read games from PGN `FILE` (repeat for several; default: the built-in master games)"},
			&cli.IntFlag{Name: "skip", Value: 16, Usage: "leave out each game's first `PLIES` (the opening)"},
			&cli.IntFlag{Name: "every", Value: 1, Usage: "keep every `N`-th position of a game"},
			&cli.IntFlag{Name: "epochs", Value: 200, Usage: "run `N` full passes over the positions"},
			&cli.Float64Flag{Name: "rate", Value: 1, Usage: "Adam's step `SIZE` in centipawns"},
			&cli.Float64Flag{Name: "k", Usage: "the sigmoid's scaling constant `K` (default: fitted on the starting weights)"},
			&cli.StringFlag{Name: "from", Value: "default", Usage: "start from the `WEIGHTS` 'default' (the engine's) or 'zero' (and PeSTO's tables without corrections)"},
			&cli.BoolFlag{Name: "squares", Usage: "fit the corrections to PeSTO's piece-square tables too"},
			&cli.StringFlag{Name: "terms", Value: "all", Usage: "tune only the weights of the terms in `LIST` (comma-separated: " + strings.Join(eval.TermNames(), ", ") + ")"},
			&cli.IntFlag{Name: "holdout", Value: 5, Usage: "hold out every `N`-th game to measure the error on games the fit never saw, and keep the epoch that does best there (0: no hold-out)"},
			&cli.Float64Flag{Name: "l2", Usage: "pull each weight towards its start with strength `L2` (ridge regularisation; 0: none)"},
			&cli.IntFlag{Name: "report", Usage: "print the error every `N` epochs (default: about ten rows)"},
			&cli.StringFlag{Name: "label-engine", Usage: "label each position also by the expected score of UCI engine `PATH` (win/draw/loss, e.g. /usr/games/stockfish)"},
			&cli.IntFlag{Name: "label-depth", Value: 8, Usage: "the label engine searches each position to `DEPTH`"},
			&cli.Float64Flag{Name: "label-weight", Value: 1, Usage: "the label engine's `SHARE` of each label, 0 to 1; the game's result has the rest"},
			&cli.StringFlag{Name: "label-cache", Usage: "keep the label engine's labels in `FILE` and reuse them (FEN, tab, label)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the tuned weights as Go source to `FILE`"},
			&cli.BoolFlag{Name: "no-weights", Usage: "print only the errors, not the table of weights"},
			output.FormatFlag(),
		},
		Action: cliapp.Action(&env.Env, parseTune, runF),
	}
}

// parseTune reads and checks the flags of tune (tune.Run.Check).
func parseTune(c *cli.Context) (*TuneOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab tune --epochs 20"); err != nil {
		return nil, err
	}
	for _, pgn := range c.StringSlice("pgn") {
		if err := cliapp.CheckInputFile("--pgn", pgn, "games.pgn"); err != nil {
			return nil, err
		}
	}
	opts := &TuneOptions{Run: tune.Run{From: c.String("from"),
		Training: tune.Training{PGN: c.StringSlice("pgn"), Skip: c.Int("skip"), Every: c.Int("every"), Holdout: c.Int("holdout"),
			LabelEngine: c.String("label-engine"), LabelDepth: c.Int("label-depth"), LabelWeight: c.Float64("label-weight"), LabelCache: c.String("label-cache")},
		Options: tune.Options{Epochs: c.Int("epochs"), Rate: c.Float64("rate"), K: c.Float64("k"), L2: c.Float64("l2"), Squares: c.Bool("squares")}},
		Report: c.Int("report"), NoWeights: c.Bool("no-weights"), Output: c.String("output"), Format: c.String("format"),
		Provenance: cliapp.CommandLine(c, "output", "format", "label-cache")}
	if e := opts.LabelEngine; e != "" {
		if _, err := exec.LookPath(e); err != nil {
			return nil, cliapp.Usagef("--label-engine %q: no such program; give the path of a UCI engine that reports win/draw/loss, such as /usr/games/stockfish", e)
		}
	}
	terms, err := parseTerms(c.String("terms"))
	if err != nil {
		return nil, err
	}
	opts.Terms = terms
	if err := opts.Check(); err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	return opts, nil
}

// parseTerms reads a comma-separated list of term names, or "all"
// (eval.ParseTerms), as a usage error of --terms.
func parseTerms(s string) (eval.Terms, error) {
	terms, err := eval.ParseTerms(s)
	if err != nil {
		return 0, cliapp.Usagef("--terms: %v", err)
	}
	return terms, nil
}

// tuneRun reads the games, fits the weights and prints the errors and the
// weights (tune.Result.Report); with opts.Output it writes them as Go
// source.
func tuneRun(ctx context.Context, opts *TuneOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	run := opts.Run
	run.Progress = func(epoch int, e float64) { prog.Status(tune.EpochStatus(epoch, opts.Epochs, e)) }
	run.Labelled = func(searched, cached int) {
		if (searched+cached)%100 == 0 {
			prog.Status(fmt.Sprintf("tune: labelled %d positions (%d searched, %d from the cache)", searched+cached, searched, cached))
		}
	}
	set, res, err := run.Do(ctx)
	prog.Done()
	var fe *tune.FilesError
	var le *tune.LabelError
	switch {
	case errors.As(err, &fe):
		return cliapp.Usagef("--pgn: %v", fe.Err)
	case errors.As(err, &le) && (errors.Is(err, tune.ErrNoWDL) || errors.Is(err, tune.ErrNotUCI)):
		return cliapp.Usagef("--label-engine: %v", le.Err)
	case errors.Is(err, tune.ErrNoSamples):
		return cliapp.ParamUsage(err)
	case err != nil:
		return err
	}
	if err := output.WriteReport(stdout, opts.Format, res.Report(set, opts.Format, opts.Report, opts.Epochs, !opts.NoWeights), opts.Color); err != nil {
		return err
	}
	if opts.Output != "" {
		return writeTuned(run, opts, set, res, stderr)
	}
	return nil
}
