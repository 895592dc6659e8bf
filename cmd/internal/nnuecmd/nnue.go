// Package nnuecmd is `plylab nnue`, the evaluation network's workshop:
// make training data by self-play (datagen), label it with a stronger
// engine's scores (label), train a network on it (train), and describe a
// network file (show). Each subcommand parses its flags into an options
// value and calls a run function that takes the output streams; the work
// itself is engine/app/datagen's, engine/nnue/train's and
// engine/app/lab's.
package nnuecmd

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/datagen"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/nnue"
	"github.com/plylab/plylab/engine/nnue/train"
	"github.com/urfave/cli/v2"
)

// DatagenOptions are the parsed flags of `plylab nnue datagen`.
type DatagenOptions struct {
	Gen    datagen.Options
	Output string
	Append bool
	Format string
	cliapp.Streams
}

// LabelOptions are the parsed flags of `plylab nnue label`.
type LabelOptions struct {
	Data   []string
	Label  datagen.LabelOptions
	Output string
	Format string
	cliapp.Streams
}

// TrainOptions are the parsed flags of `plylab nnue train`.
type TrainOptions struct {
	Data       []string
	Train      train.Options
	Output     string
	Provenance string // the command line, stored in the network file
	Format     string
	cliapp.Streams
}

// ShowOptions are the parsed flags of `plylab nnue show`.
type ShowOptions struct {
	Path   string // "" for the built-in network
	Net    *nnue.Network
	Size   int // bytes of the file
	Format string
	cliapp.Streams
}

// help is the long help of a subcommand, help/NAME.txt.
func help(name string) string { return cliapp.HelpText(helpFiles, name) }

//go:embed help/*.txt
var helpFiles embed.FS

// Command is `plylab nnue` with its runs writing to env's streams.
func Command(env *cliapp.Env) *cli.Command {
	return New(env, cliapp.WithStreams(env, DatagenRun), cliapp.WithStreams(env, LabelRun), cliapp.WithStreams(env, TrainRun), cliapp.WithStreams(env, ShowRun))
}

// New builds `plylab nnue` and its subcommands.
func New(env *cliapp.Env, genF func(context.Context, *DatagenOptions) error, labelF func(context.Context, *LabelOptions) error,
	trainF func(context.Context, *TrainOptions) error, showF func(context.Context, *ShowOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "nnue",
		Usage:       "the evaluation network: make training data by self-play, train a network, describe one",
		Description: help("nnue"),
		Subcommands: []*cli.Command{
			{
				Name:        "datagen",
				Usage:       "play the engine against itself and write labelled positions for training",
				Description: help("nnue-datagen"),
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the positions to `FILE`", Required: true},
					&cli.BoolFlag{Name: "append", Usage: "add to FILE if it exists"},
					&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 100, Usage: "play `N` games"},
					&cli.IntFlag{Name: "nodes", Value: 5000, Usage: "search about `N` nodes a move"},
					&cli.IntFlag{Name: "random-plies", Value: 8, Usage: "start each game with `N` random moves (N+1 in every other game)"},
					&cli.IntFlag{Name: "max-opening", Value: 400, Usage: "replace openings scored beyond `CP` centipawns"},
					&cli.IntFlag{Name: "win-score", Value: 2000, Usage: "adjudicate a win when both sides agree for four plies that one is `CP` ahead"},
					&cli.IntFlag{Name: "max-plies", Value: 400, Usage: "adjudicate a draw after `N` plies"},
					&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random `SEED` of the openings"},
					&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Value: 1, Usage: "play `N` games at once"},
					&cli.StringFlag{Name: "engine", Value: "engine", Usage: "the engine `ALGO` that plays, e.g. engine-without-lmr"},
					&cli.StringFlag{Name: "eval", Usage: "its evaluation `KIND`: material, pst, pesto, classical or nnue (default: the algorithm's)"},
					&cli.StringFlag{Name: "net", Usage: "evaluate with the network in `FILE` (implies --eval nnue)"},
					&cli.IntFlag{Name: "hash", Value: 16, Usage: "transposition table size in `MB` of each game's engine"},
					output.FormatFlag(),
				},
				Action: cliapp.Action(env, parseNNUEDatagen, genF),
			},
			{
				Name:        "train",
				Usage:       "train a network on positions from nnue datagen",
				Description: help("nnue-train"),
				Flags: []cli.Flag{
					&cli.StringSliceFlag{Name: "data", Usage: "train on the positions in `FILE` (repeat for several)", Required: true},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the network to `FILE`", Required: true},
					&cli.IntFlag{Name: "hidden", Value: 256, Usage: "`N` hidden neurons (a multiple of 16)"},
					&cli.IntFlag{Name: "buckets", Value: 8, Usage: "`N` output buckets by the number of pieces on the board (1: none)"},
					&cli.IntFlag{Name: "epochs", Value: 10, Usage: "`N` passes over the data"},
					&cli.Float64Flag{Name: "rate", Value: 0.001, Usage: "Adam's learning `RATE`"},
					&cli.Float64Flag{Name: "decay", Value: 1, Usage: "multiply the rate by `F` after every epoch"},
					&cli.Float64Flag{Name: "lambda", Value: 0.75, Usage: "the search score's `SHARE` of each target, 0 to 1 (the game's result has the rest)"},
					&cli.IntFlag{Name: "batch", Value: 16384, Usage: "`N` positions a step"},
					&cli.IntFlag{Name: "holdout", Value: 50, Usage: "hold out every `N`-th position (0: none)"},
					&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random `SEED` of the initial weights and the order of positions"},
					&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Value: 1, Usage: "compute each batch with `N` goroutines"},
					output.FormatFlag(),
				},
				Action: cliapp.Action(env, parseNNUETrain, trainF),
			},
			{
				Name:        "label",
				Usage:       "label positions with a stronger engine's scores (a teacher, e.g. Stockfish)",
				Description: help("nnue-label"),
				Flags: []cli.Flag{
					&cli.StringSliceFlag{Name: "data", Usage: "label the positions in `FILE` (repeat for several)", Required: true},
					&cli.StringFlag{Name: "teacher", Usage: "the teacher engine's `PATH`, e.g. /usr/games/stockfish", Required: true},
					&cli.IntFlag{Name: "depth", Usage: "search each position to `DEPTH` (0: Stockfish's static evaluation)"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the labelled positions to `FILE`", Required: true},
					&cli.IntFlag{Name: "concurrency", Aliases: []string{"j"}, Value: 1, Usage: "run `N` teacher processes"},
					output.FormatFlag(),
				},
				Action: cliapp.Action(env, parseNNUELabel, labelF),
			},
			{
				Name:        "show",
				Usage:       "describe a network: its size, where it came from, what it says of a few positions",
				ArgsUsage:   "[FILE]",
				Description: help("nnue-show"),
				Flags:       []cli.Flag{output.FormatFlag()},
				Action:      cliapp.Action(env, parseNNUEShow, showF),
			},
		},
	}
}

func parseNNUEDatagen(c *cli.Context) (*DatagenOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab nnue datagen --games 100 -o data.bin"); err != nil {
		return nil, err
	}
	out := c.String("output")
	if err := cliapp.CheckOutputFile(out, "data.bin"); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	if _, err := os.Stat(out); err == nil && !c.Bool("append") {
		return nil, cliapp.Usagef("-o %s: the file exists; add --append to add positions to it, or give another name", out)
	}
	algos, err := cliflags.Algos(c, "engine")
	if err != nil {
		return nil, err
	}
	if len(algos) != 1 || algos[0].IsPlain() || algos[0].Paper {
		return nil, cliapp.Usagef("--engine %q: datagen plays one full engine, e.g. engine or engine-without-lmr", c.String("engine"))
	}
	eng := algos[0]
	if path := c.String("net"); path != "" {
		if eng.Net, _, err = cliflags.Net("--net", path); err != nil {
			return nil, err
		}
		eng.Eval = eval.NNUE
	}
	nodes := c.Int("nodes")
	if nodes < 1 {
		return nil, cliapp.Usagef("--nodes %d: expected 1 to %d", nodes, datagen.MaxNodes)
	}
	opts := &DatagenOptions{Output: out, Append: c.Bool("append"), Format: c.String("format"), Gen: datagen.Options{
		Engine: eng, Games: c.Int("games"), Nodes: uint64(nodes), RandomPlies: c.Int("random-plies"),
		MaxOpening: c.Int("max-opening"), WinScore: c.Int("win-score"), MaxPlies: c.Int("max-plies"),
		Seed: c.Uint64("seed"), Concurrency: c.Int("concurrency")}}
	if opts.Gen.RandomPlies == 0 || opts.Gen.MaxOpening == 0 || opts.Gen.WinScore == 0 || opts.Gen.MaxPlies == 0 || opts.Gen.Concurrency < 1 {
		return nil, cliapp.Usagef("--random-plies, --max-opening, --win-score, --max-plies and -j must be at least 1")
	}
	if err := opts.Gen.Check(); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	return opts, nil
}

// DatagenRun plays the games, writing each as it finishes
// (datagen.GenerateFile).
func DatagenRun(ctx context.Context, opts *DatagenOptions, stdout, stderr io.Writer) error {
	bar := output.NewBar(stderr, opts.Progress, opts.Gen.Games, "games")
	gen := opts.Gen
	gen.Progress = func(s datagen.Summary) { bar.Step(s.Games, s.Status(gen.Games)) }
	sum, runErr := datagen.GenerateFile(ctx, gen, opts.Output, opts.Append)
	bar.Done()
	var fe *datagen.FileError
	if errors.As(runErr, &fe) {
		if fe.Create {
			return fmt.Errorf("-o: %w", fe)
		}
		runErr = fmt.Errorf("-o: %w", fe)
	}
	if err := output.WriteTable(stdout, opts.Format, sum.RunTable(gen, opts.Output, runErr == nil), opts.Color); err != nil {
		return err
	}
	return runErr
}

// dataAndOutput checks the names of the --data files and of -o (example
// is an output name to suggest) and returns -o.
func dataAndOutput(c *cli.Context, example string) (string, error) {
	for _, d := range c.StringSlice("data") {
		if err := cliapp.CheckInputFile("--data", d, "data.bin"); err != nil {
			return "", err
		}
	}
	out := c.String("output")
	if err := cliapp.CheckOutputFile(out, example); err != nil {
		return "", cliapp.Usagef("%v", err)
	}
	return out, nil
}

func parseNNUETrain(c *cli.Context) (*TrainOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab nnue train --data data.bin -o my.nnue"); err != nil {
		return nil, err
	}
	out, err := dataAndOutput(c, "my.nnue")
	if err != nil {
		return nil, err
	}
	lambda := c.Float64("lambda")
	if lambda == 0 {
		lambda = train.NoLambda
	}
	holdout := c.Int("holdout")
	if holdout == 0 {
		holdout = -1
	}
	opts := &TrainOptions{Data: c.StringSlice("data"), Output: out, Format: c.String("format"),
		Provenance: cliapp.CommandLine(c, "format"),
		Train: train.Options{Hidden: c.Int("hidden"), Buckets: c.Int("buckets"), Epochs: c.Int("epochs"), BatchSize: c.Int("batch"), Rate: c.Float64("rate"),
			Decay: c.Float64("decay"), Lambda: lambda, Holdout: holdout, Seed: c.Uint64("seed"), Workers: c.Int("concurrency")}}
	if opts.Train.Hidden == 0 || opts.Train.Buckets == 0 || opts.Train.Epochs == 0 || opts.Train.BatchSize == 0 || opts.Train.Workers < 1 {
		return nil, cliapp.Usagef("--hidden, --buckets, --epochs, --batch and -j must be at least 1")
	}
	if err := opts.Train.Check(); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	return opts, nil
}

// readData reads the records of the --data files (nnue.ReadDataFiles),
// its errors worded with the flag.
func readData(files []string) ([]nnue.Record, error) {
	recs, err := nnue.ReadDataFiles(files)
	var de *nnue.DataError
	switch {
	case errors.Is(err, nnue.ErrNoRecords):
		return nil, cliapp.Usagef("--data: the files hold no positions; make some with plylab nnue datagen")
	case errors.As(err, &de) && de.Read:
		return nil, cliapp.ReadError("data", de.Path, de.Err, "")
	case errors.As(err, &de):
		return nil, cliapp.Usagef("--data %v; give a file written by plylab nnue datagen", de)
	}
	return recs, err
}

// TrainRun reads the data, trains and writes the network.
func TrainRun(ctx context.Context, opts *TrainOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	prog.Status("nnue train: reading the data")
	recs, err := readData(opts.Data)
	if err != nil {
		prog.Done()
		return err
	}
	to := opts.Train
	to.Step = func(epoch, done, total int) {
		prog.Status(fmt.Sprintf("nnue train: epoch %d/%d, %s of %s positions", epoch, to.Epochs, textfmt.Thousands(int64(done)), textfmt.Thousands(int64(total))))
	}
	res, runErr := train.Fit(ctx, recs, to)
	prog.Done()
	if errors.Is(runErr, train.ErrNoData) {
		return cliapp.Usagef("--data: every position was held out; lower --holdout or add data")
	}
	if res == nil {
		return runErr
	}
	about := opts.Provenance
	if runErr != nil {
		about += fmt.Sprintf(" (stopped after %d epochs)", len(res.Epochs))
	}
	var buf strings.Builder
	if err := res.Model.Quantize(about).Write(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(opts.Output, []byte(buf.String()), 0o644); err != nil {
		return fmt.Errorf("-o: cannot write %s: %w", opts.Output, textfmt.PathCause(err))
	}
	used := to.Defaults()
	t := res.Table(fmt.Sprintf("nnue train: %d hidden neurons, %d output buckets, λ %.2f, %s positions from %s → %s", used.Hidden, used.Buckets, used.Lambda, textfmt.Thousands(int64(len(recs))),
		strings.Join(opts.Data, ", "), opts.Output))
	if runErr != nil {
		t.Notes = append(t.Notes, fmt.Sprintf("stopped during epoch %d; the network written is the one trained so far", len(res.Epochs)+1))
	}
	if err := output.WriteTable(stdout, opts.Format, t, opts.Color); err != nil {
		return err
	}
	return runErr
}

func parseNNUEShow(c *cli.Context) (*ShowOptions, error) {
	if c.NArg() > 1 {
		return nil, cliapp.Usagef("nnue show takes one network file at most, got %d arguments", c.NArg())
	}
	opts := &ShowOptions{Format: c.String("format")}
	if path := c.Args().First(); path != "" {
		if err := cliapp.CheckInputFile("network", path, "my.nnue"); err != nil {
			return nil, err
		}
		net, size, err := cliflags.Net("network", path)
		if err != nil {
			return nil, err
		}
		opts.Path, opts.Net, opts.Size = path, net, size
	} else {
		opts.Net = nnue.Default()
		var buf strings.Builder
		opts.Net.Write(&buf)
		opts.Size = buf.Len()
	}
	return opts, nil
}

// ShowRun prints the network's description and its scores.
func ShowRun(_ context.Context, opts *ShowOptions, stdout, _ io.Writer) error {
	t, err := lab.NetworkTable(opts.Path, opts.Net, opts.Size)
	if err != nil {
		return err
	}
	return output.WriteTable(stdout, opts.Format, t, opts.Color)
}

func parseNNUELabel(c *cli.Context) (*LabelOptions, error) {
	if err := cliapp.RejectArgs(c, "plylab nnue label --data data.bin --teacher /usr/games/stockfish -o taught.bin"); err != nil {
		return nil, err
	}
	out, err := dataAndOutput(c, "taught.bin")
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(out); err == nil {
		return nil, cliapp.Usagef("-o %s: the file exists; give another name", out)
	}
	teacher := c.String("teacher")
	if _, err := exec.LookPath(teacher); err != nil {
		return nil, cliapp.Usagef("--teacher %q: no such program; give the path of a UCI engine such as /usr/games/stockfish", teacher)
	}
	depth, j := c.Int("depth"), c.Int("concurrency")
	if depth < 0 || depth > 40 {
		return nil, cliapp.Usagef("--depth %d: expected 0 (static evaluation) to 40", depth)
	}
	if j < 1 || j > 64 {
		return nil, cliapp.Usagef("-j %d: expected 1 to 64", j)
	}
	return &LabelOptions{Data: c.StringSlice("data"), Output: out, Format: c.String("format"),
		Label: datagen.LabelOptions{Engine: teacher, Depth: depth, Concurrency: j}}, nil
}

// LabelRun labels the positions and writes them.
func LabelRun(ctx context.Context, opts *LabelOptions, stdout, stderr io.Writer) error {
	recs, err := readData(opts.Data)
	if err != nil {
		return err
	}
	bar := output.NewBar(stderr, opts.Progress, len(recs), "positions")
	lo := opts.Label
	lo.Progress = func(done int) { bar.Step(done, "nnue label: "+lo.Engine) }
	out, sum, runErr := datagen.Relabel(ctx, recs, lo)
	bar.Done()
	if errors.Is(runErr, datagen.ErrNotUCI) || errors.Is(runErr, datagen.ErrNoScore) {
		return cliapp.Usagef("--teacher: %v", runErr)
	}
	buf := make([]byte, 0, len(out)*nnue.RecordSize)
	for i := range out {
		buf = append(buf, out[i][:]...)
	}
	if err := os.WriteFile(opts.Output, buf, 0o644); err != nil {
		return fmt.Errorf("-o: cannot write %s: %w", opts.Output, textfmt.PathCause(err))
	}
	t := sum.Table(lo.Engine, lo.Depth, opts.Output, len(recs))
	if runErr != nil {
		t.Notes = append(t.Notes, "stopped early; the file holds the positions labelled so far")
	}
	if err := output.WriteTable(stdout, opts.Format, t, opts.Color); err != nil {
		return err
	}
	return runErr
}
