package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/lab"
	"github.com/urfave/cli/v2"
)

// bench: the engine-testing frameworks' signature and speed test. A
// fixed-depth search of fixed positions visits the same number of nodes on
// every machine, so the total is a fingerprint of the engine's search (any
// change to pruning or ordering changes it), and nodes per second measure
// the machine and the code's speed.

const (
	benchDefaultDepth = 8
	benchDefaultHash  = 16
	benchMaxDepth     = engine.MaxDepth
)

// BenchOptions are the parsed flags and arguments of `plylab bench`.
type BenchOptions struct {
	Engine engine.Options // the full engine with --hash and --eval applied
	Depth  int
	HashMB int
	Format string
	runStreams
}

func benchCommand(env *appEnv) *cli.Command { return newBenchCommand(env, streams(env, benchRun)) }

// newBenchCommand builds `plylab bench`; its action parses the flags and
// arguments into BenchOptions and calls runF.
func newBenchCommand(env *appEnv, runF func(context.Context, *BenchOptions) error) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "search the Stockfish bench positions to a fixed depth: node-count signature and speed",
		ArgsUsage: "[HASH THREADS DEPTH]",
		Description: `bench searches each of Stockfish's bench positions with the full engine
to a fixed depth (a fresh search and hash table for each), and prints one
row per position and, as its last line, the total in the form engine-testing
frameworks (OpenBench, fishtest) read:

   <nodes> nodes <nps> nps

The node count depends only on the engine, not on the machine: it is the
engine's signature, and a change that alters the search changes it. The
positions without legal moves (a checkmate and a stalemate) are listed
but not searched. Ctrl-C stops and prints the rows finished so far. The
positional form "bench HASH THREADS DEPTH", as frameworks call it, is
accepted too (plylab searches with one thread). With --format csv or json
the totals line is left out, so the output stays machine-readable; json
carries it in its notes.

Examples:
   plylab bench                       depth 8, 16 MB hash
   plylab bench --depth 5             quicker
   plylab bench 16 1 8                the frameworks' form: hash MB, threads, depth
   plylab bench --depth 6 --format json
   plylab bench --with singular       the signature with a candidate switched on`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: benchDefaultDepth, Usage: fmt.Sprintf("search each position `N` plies deep (1-%d)", benchMaxDepth)},
			&cli.IntFlag{Name: "hash", Value: benchDefaultHash, Usage: "transposition table size in `MB` (1-4096)"},
			&cli.StringFlag{Name: "eval", Usage: "evaluation `KIND`: material, pst, pesto or classical (default: the engine's)"},
			&cli.StringFlag{Name: "with", Usage: "switch on techniques `LIST` (comma-separated, e.g. a candidate: see 'plylab techniques')"},
			&cli.StringFlag{Name: "without", Usage: "switch off techniques `LIST` (comma-separated; see 'plylab techniques')"},
			output.FormatFlag(),
		},
		Action: parseAction(env, parseBench, runF),
	}
}

// benchArgs reads --depth/--hash and the positional form HASH THREADS DEPTH.
func benchArgs(c *cli.Context) (depth, hashMB int, err error) {
	depth, hashMB = c.Int("depth"), c.Int("hash")
	args := c.Args().Slice()
	if len(args) > 3 {
		return 0, 0, cliapp.Usagef("bench takes at most three arguments (HASH THREADS DEPTH), got %d", len(args))
	}
	names := []string{"HASH", "THREADS", "DEPTH"}
	vals := make([]int, len(args))
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return 0, 0, cliapp.Usagef("bench %s must be a whole number, got %q; e.g. plylab bench 16 1 8", names[i], a)
		}
		vals[i] = n
	}
	if len(vals) >= 1 {
		if c.IsSet("hash") && vals[0] != hashMB {
			return 0, 0, cliapp.Usagef("hash given twice (--hash %d and HASH %d); give one", hashMB, vals[0])
		}
		hashMB = vals[0]
	}
	if len(vals) >= 2 && vals[1] < 1 {
		return 0, 0, cliapp.Usagef("bench THREADS must be at least 1, got %d", vals[1])
	}
	if len(vals) >= 3 {
		if c.IsSet("depth") && vals[2] != depth {
			return 0, 0, cliapp.Usagef("depth given twice (--depth %d and DEPTH %d); give one", depth, vals[2])
		}
		depth = vals[2]
	}
	if depth < 1 || depth > benchMaxDepth {
		return 0, 0, cliapp.Usagef("depth must be between 1 and %d, got %d; try --depth %d", benchMaxDepth, depth, benchDefaultDepth)
	}
	if hashMB < 1 || hashMB > 4096 {
		return 0, 0, cliapp.Usagef("hash must be between 1 and 4096 MB, got %d; try --hash %d", hashMB, benchDefaultHash)
	}
	return depth, hashMB, nil
}

// parseBench reads and checks the flags and arguments of bench.
func parseBench(c *cli.Context) (*BenchOptions, error) {
	depth, hashMB, err := benchArgs(c)
	if err != nil {
		return nil, err
	}
	format := c.String("format")
	opts := &BenchOptions{Engine: engine.EngineOptions(), Depth: depth, HashMB: hashMB, Format: format}
	opts.Engine.TTSizeMB = hashMB
	if k := c.String("eval"); k != "" {
		kind, err := eval.ParseKind(k)
		if err != nil {
			return nil, cliapp.Usagef("--eval: %v", err)
		}
		opts.Engine.Eval = kind
	}
	if err := opts.Engine.Apply(techList(c.String("with")), techList(c.String("without"))); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	return opts, nil
}

// benchRun runs lab.Bench and prints its rows and, last, the signature
// line the frameworks read.
func benchRun(ctx context.Context, opts *BenchOptions, stdout, stderr io.Writer) error {
	prog := output.NewProgress(stderr, opts.Progress)
	res, runErr := lab.Bench(ctx, lab.BenchOptions{Engine: opts.Engine, Depth: opts.Depth,
		Progress: func(s string) { prog.Update("%s", s) }})
	prog.Done()
	if res == nil {
		return runErr
	}
	t := res.Table(opts.Depth, opts.HashMB)
	if opts.Format == "json" && !res.Interrupted {
		// JSON must stay one document: the totals line goes in its notes.
		t.Notes = append(t.Notes, res.Signature())
	}
	if err := output.WriteTable(stdout, opts.Format, t, opts.Color); err != nil {
		return err
	}
	if runErr != nil {
		// No totals line: a partial count must not pass for a signature.
		return runErr
	}
	// The signature as a result: nodes as the line prints them (no
	// separators), nps.
	output.ResultFields(stdout, "bench", res.Summary())
	if opts.Format == "table" || opts.Format == "markdown" {
		return benchLine(stdout, res)
	}
	return nil
}

// benchLine writes the last line, "<nodes> nodes <nps> nps", plain (no
// separators, no color) for the frameworks' parsers.
func benchLine(w io.Writer, res *lab.BenchResult) error {
	_, err := fmt.Fprintln(w, res.Signature())
	return err
}

// techList splits a comma-separated --with or --without list, dropping
// blanks.
func techList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
