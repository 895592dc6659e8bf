package main

import (
	"context"
	"fmt"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/eval"
	"github.com/urfave/cli/v2"
)

// bench: the engine-testing frameworks' signature and speed test. A
// fixed-depth search of fixed positions visits the same number of nodes on
// every machine, so the total is a fingerprint of the engine's search (any
// change to pruning or ordering changes it), and nodes per second measure
// the machine and the code's speed.

// BenchOptions are the parsed flags and arguments of `plylab bench`.
type BenchOptions struct {
	Engine engine.Options // the full engine with --hash, --eval and --threads applied
	Depth  int
	HashMB int
	Format string
	cliapp.Streams
}

func benchCommand(env *appEnv) *cli.Command {
	return newBenchCommand(env, cliapp.WithStreams(&env.Env, benchRun))
}

// newBenchCommand builds `plylab bench`; its action parses the flags and
// arguments into BenchOptions and calls runF.
func newBenchCommand(env *appEnv, runF func(context.Context, *BenchOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "bench",
		Usage:       "search the Stockfish bench positions to a fixed depth: node-count signature and speed",
		ArgsUsage:   "[HASH THREADS DEPTH]",
		Description: help("bench"),
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: lab.BenchDepth, Usage: fmt.Sprintf("search each position `N` plies deep (1-%d)", engine.MaxDepth)},
			&cli.IntFlag{Name: "hash", Value: lab.BenchHashMB, Usage: "transposition table size in `MB` (1-4096)"},
			cliflags.ThreadsFlag(),
			&cli.StringFlag{Name: "eval", Usage: "evaluation `KIND`: material, pst, pesto, classical or nnue (default: the engine's)"},
			&cli.StringFlag{Name: "net", Usage: "evaluate with the network in `FILE` (implies --eval nnue)"},
			&cli.StringFlag{Name: "with", Usage: "switch on techniques `LIST` (comma-separated, e.g. a candidate: see 'plylab techniques')"},
			&cli.StringFlag{Name: "without", Usage: "switch off techniques `LIST` (comma-separated; see 'plylab techniques')"},
			output.FormatFlag(),
		},
		Action: cliapp.Action(&env.Env, parseBench, runF),
	}
}

// parseBench reads and checks the flags and arguments of bench.
func parseBench(c *cli.Context) (*BenchOptions, error) {
	// --depth/--hash, or the positional form HASH THREADS DEPTH.
	set, err := lab.BenchArgs(c.Args().Slice(), lab.BenchSettings{Depth: c.Int("depth"), HashMB: c.Int("hash"), Threads: c.Int("threads"),
		DepthSet: c.IsSet("depth"), HashSet: c.IsSet("hash"), ThreadsSet: c.IsSet("threads")})
	if err != nil {
		return nil, cliapp.ParamUsage(err)
	}
	depth, hashMB := set.Depth, set.HashMB
	eng, err := lab.BenchEngine(hashMB, c.String("eval"))
	if err != nil {
		return nil, cliapp.Usagef("--eval: %v", err)
	}
	if err := eng.Apply(flagval.List(c.String("with")), flagval.List(c.String("without"))); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	if path := c.String("net"); path != "" {
		if eng.Net, _, err = cliflags.Net("--net", path); err != nil {
			return nil, err
		}
		eng.Eval = eval.NNUE
	}
	eng.Threads = set.Threads
	return &BenchOptions{Engine: eng, Depth: depth, HashMB: hashMB, Format: c.String("format")}, nil
}

// benchRun runs lab.Bench and prints its report: the rows and, last, the
// signature line the frameworks read (BenchResult.Report).
func benchRun(ctx context.Context, opts *BenchOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	res, runErr := lab.Bench(ctx, lab.BenchOptions{Engine: opts.Engine, Depth: opts.Depth, Progress: prog.Status})
	prog.Done()
	if res == nil {
		return runErr
	}
	if err := output.WriteReport(stdout, opts.Format, res.Report(opts.Format, opts.Depth, opts.HashMB, runErr == nil), opts.Color); err != nil {
		return err
	}
	return runErr
}
