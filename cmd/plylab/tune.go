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
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/tune"
	"github.com/urfave/cli/v2"
)

// tune: Texel's method on the classical evaluation's weights.

// TuneOptions are the parsed flags of `plylab tune`.
type TuneOptions struct {
	PGN     []string // PGN files; none means the built-in master games
	Skip    int
	Every   int
	Epochs  int
	Rate    float64
	K       float64
	From    string // "default" or "zero"
	Terms   eval.Terms
	Holdout int
	L2      float64
	Squares bool // also fit the piece-square corrections
	// LabelEngine, LabelDepth, LabelWeight and LabelCache label the
	// positions by a deeper search (tune.Training).
	LabelEngine string
	LabelDepth  int
	LabelWeight float64
	LabelCache  string
	Report      int    // print the error every Report epochs
	Output      string // write weights_tuned.go here
	NoWeights   bool   // leave out the weights table
	Format      string
	Provenance  string // the command line, for the generated file's comment
	runStreams         // colour, and the progress line on stderr (a terminal)
}

func tuneCommand(env *appEnv) *cli.Command { return newTuneCommand(env, streams(env, tuneRun)) }

// newTuneCommand builds `plylab tune`; its action parses the flags into
// TuneOptions and calls runF.
func newTuneCommand(env *appEnv, runF func(context.Context, *TuneOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "tune",
		Usage: "fit the classical evaluation's weights to game results (Texel's method)",
		Description: `tune reads games (PGN with results), keeps the quiet positions (side to
move not in check, no capture that wins material) after the first --skip
plies, and fits the classical evaluation's weights so that
sigmoid(K * eval / 400) predicts each game's result with the least mean
squared error: Texel's tuning method. It first fits K on the starting
weights, then runs --epochs full passes of Adam and reports the error
before and after, every --report epochs, and the weights with their
change. Without --pgn it tunes on the built-in master games (461 games of
the Grand Swiss 2019). The result is deterministic: the same games and
flags give the same weights.

-o FILE writes the weights as Go source (engine/eval/weights_tuned.go),
with the command and data in its comment; the engine uses them after a
rebuild. The engine's own games are training data too: 'plylab match
--opponent engine --pgn games.pgn' writes them. docs/evaluation.md says
what the first fits bought in matches.

--squares fits the corrections to PeSTO's piece-square tables too (384
pairs of values), not only the terms' weights: PeSTO's tables were fitted
without the terms, and with them some of a square's worth is counted
twice. They need far more positions than the 59 weights: on 65,000
positions the fits predicted held-out games better and played worse
(docs/evaluation.md). --l2 keeps the squares the data rarely shows near
their start. --from zero starts them from PeSTO's published tables.

--label-engine labels each position also by a deeper search: the
expected score (win, draw and loss, UCI_ShowWDL) of a UCI engine such as
Stockfish searching it to --label-depth, blended with the game's result
by --label-weight. A search is a far less noisy label than a game's
result, so fewer games give a sound fit. --label-cache keeps the labels,
so a second run searches nothing.

Examples:
   plylab tune --epochs 20
   plylab tune --pgn games.pgn --epochs 300 --report 50
   plylab tune --pgn a.pgn --pgn b.pgn --from zero -o engine/eval/weights_tuned.go
   plylab tune --terms passedpawns,kingsafety --format csv
   plylab tune --pgn games.pgn --squares --l2 0.00000001 --epochs 300
   plylab tune --pgn games.pgn --every 4 --label-engine /usr/games/stockfish --label-depth 8 --label-cache labels.tsv`,
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
		Action: parseAction(env, parseTune, runF),
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
	opts := &TuneOptions{PGN: c.StringSlice("pgn"), Skip: c.Int("skip"), Every: c.Int("every"),
		Epochs: c.Int("epochs"), Rate: c.Float64("rate"), K: c.Float64("k"), From: c.String("from"),
		Report: c.Int("report"), NoWeights: c.Bool("no-weights"), Holdout: c.Int("holdout"), L2: c.Float64("l2"), Squares: c.Bool("squares"), Output: c.String("output"), Format: c.String("format"),
		LabelEngine: c.String("label-engine"), LabelDepth: c.Int("label-depth"), LabelWeight: c.Float64("label-weight"), LabelCache: c.String("label-cache"),
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
	if err := opts.run().Check(); err != nil {
		return nil, cliapp.Usagef("%v", err)
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

// run is the tuning run opts ask for.
func (opts *TuneOptions) run() tune.Run {
	return tune.Run{Training: tune.Training{PGN: opts.PGN, Skip: opts.Skip, Every: opts.Every, Holdout: opts.Holdout,
		LabelEngine: opts.LabelEngine, LabelDepth: opts.LabelDepth, LabelWeight: opts.LabelWeight, LabelCache: opts.LabelCache}, From: opts.From,
		Options: tune.Options{Epochs: opts.Epochs, Rate: opts.Rate, K: opts.K, Terms: opts.Terms, L2: opts.L2, Squares: opts.Squares}}
}

// tuneRun reads the games, fits the weights and prints the errors and the
// weights (tune.Result.Report); with opts.Output it writes them as Go
// source.
func tuneRun(ctx context.Context, opts *TuneOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	run := opts.run()
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
		return cliapp.Usagef("%v", err)
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
