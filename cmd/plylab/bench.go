package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
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

func benchCommand(env *appEnv) *cli.Command {
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
   plylab bench --depth 6 --format json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: benchDefaultDepth, Usage: fmt.Sprintf("search each position `N` plies deep (1-%d)", benchMaxDepth)},
			&cli.IntFlag{Name: "hash", Value: benchDefaultHash, Usage: "transposition table size in `MB` (1-4096)"},
			&cli.StringFlag{Name: "eval", Usage: "evaluation `KIND`: material, pst, pesto or classical (default: the engine's)"},
			output.FormatFlag(),
		},
		Action: func(c *cli.Context) error {
			return env.bench(c)
		},
	}
}

// benchRow is one position's result.
type benchRow struct {
	index    int // 1-based, in suite order
	skipped  string
	nodes    uint64
	elapsed  time.Duration
	bestSAN  string
	score    int
	stopped  bool
	searched bool
}

// benchArgs reads --depth/--hash and the positional form HASH THREADS DEPTH.
func benchArgs(c *cli.Context) (depth, hashMB int, err error) {
	depth, hashMB = c.Int("depth"), c.Int("hash")
	args := c.Args().Slice()
	if len(args) > 3 {
		return 0, 0, usagef("bench takes at most three arguments (HASH THREADS DEPTH), got %d", len(args))
	}
	names := []string{"HASH", "THREADS", "DEPTH"}
	vals := make([]int, len(args))
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return 0, 0, usagef("bench %s must be a whole number, got %q; e.g. plylab bench 16 1 8", names[i], a)
		}
		vals[i] = n
	}
	if len(vals) >= 1 {
		if c.IsSet("hash") && vals[0] != hashMB {
			return 0, 0, usagef("hash given twice (--hash %d and HASH %d); give one", hashMB, vals[0])
		}
		hashMB = vals[0]
	}
	if len(vals) >= 2 && vals[1] < 1 {
		return 0, 0, usagef("bench THREADS must be at least 1, got %d", vals[1])
	}
	if len(vals) >= 3 {
		if c.IsSet("depth") && vals[2] != depth {
			return 0, 0, usagef("depth given twice (--depth %d and DEPTH %d); give one", depth, vals[2])
		}
		depth = vals[2]
	}
	if depth < 1 || depth > benchMaxDepth {
		return 0, 0, usagef("depth must be between 1 and %d, got %d; try --depth %d", benchMaxDepth, depth, benchDefaultDepth)
	}
	if hashMB < 1 || hashMB > 4096 {
		return 0, 0, usagef("hash must be between 1 and 4096 MB, got %d; try --hash %d", hashMB, benchDefaultHash)
	}
	return depth, hashMB, nil
}

func (e *appEnv) bench(c *cli.Context) error {
	depth, hashMB, err := benchArgs(c)
	if err != nil {
		return err
	}
	format := c.String("format")
	if err := output.CheckFormat(format); err != nil {
		return err
	}
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		return err
	}
	opts := engine.EngineOptions()
	opts.TTSizeMB = hashMB
	if k := c.String("eval"); k != "" {
		kind, err := eval.ParseKind(k)
		if err != nil {
			return usagef("--eval: %v", err)
		}
		opts.Eval = kind
	}

	ctx := c.Context
	prog := output.NewProgress(e.Stderr, e.isTerminal(e.Stderr))
	var rows []benchRow
	var runErr error
	runner := engine.NewRunner(opts)
	for i, p := range suite.Positions {
		b, err := boardOf(p)
		if err != nil {
			return err
		}
		row := benchRow{index: i + 1}
		if !b.HasLegalMove() {
			row.skipped = "stalemate"
			if b.InCheck() {
				row.skipped = "checkmate"
			}
			rows = append(rows, row)
			continue
		}
		prog.Update("bench depth %d: position %d/%d", depth, i+1, len(suite.Positions))
		// Cleared tables per position: the node count is independent of
		// the order and the number of positions searched. The runner
		// reuses the table's memory, so page faults are paid once.
		res := runner.Run(ctx, b, engine.Limits{Depth: depth}, nil, nil)
		row.searched = true
		row.nodes = res.Stats.TotalNodes()
		row.elapsed = res.Stats.Elapsed
		row.score = res.Score
		row.stopped = res.Stopped
		if res.BestMove != board.NoMove {
			row.bestSAN = b.SAN(res.BestMove)
		}
		rows = append(rows, row)
		if err := ctx.Err(); err != nil {
			runErr = err
			break
		}
	}
	prog.Done()

	t, total, elapsed := benchTable(rows, depth, hashMB, runErr != nil)
	if format == "json" && runErr == nil {
		// JSON must stay one document: the totals line goes in its notes.
		t.Notes = append(t.Notes, fmt.Sprintf("%d nodes %d nps", total, benchNPS(total, elapsed)))
	}
	if err := output.WriteTable(e.Stdout, format, t, e.out); err != nil {
		return err
	}
	if runErr != nil {
		// No totals line: a partial count must not pass for a signature.
		return runErr
	}
	// The signature as a result: nodes as the line prints them (no
	// separators), nps.
	output.ResultFields(e.Stdout, "bench", []output.Field{
		{Key: "signature_nodes", Value: total, Text: fmt.Sprint(total)},
		{Key: "nps", Value: benchNPS(total, elapsed), Text: fmt.Sprint(benchNPS(total, elapsed))}})
	if format == "table" || format == "markdown" {
		return benchLine(e.Stdout, total, elapsed)
	}
	return nil
}

// benchNPS is the frameworks' nps: total nodes over total search time.
func benchNPS(nodes uint64, elapsed time.Duration) uint64 {
	if elapsed <= 0 {
		return 0
	}
	return uint64(float64(nodes) / elapsed.Seconds())
}

// benchLine writes the last line, "<nodes> nodes <nps> nps", plain (no
// separators, no color) for the frameworks' parsers.
func benchLine(w io.Writer, nodes uint64, elapsed time.Duration) error {
	_, err := fmt.Fprintf(w, "%d nodes %d nps\n", nodes, benchNPS(nodes, elapsed))
	return err
}

func benchTable(rows []benchRow, depth, hashMB int, interrupted bool) (*output.Table, uint64, time.Duration) {
	t := &output.Table{Title: fmt.Sprintf("bench: full engine, depth %d, %d MB hash, fresh tables per position", depth, hashMB)}
	t.Columns = []output.Column{
		{Key: "position", Header: "#", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "nps", Header: "nps", Right: true},
		{Key: "best", Header: "best"},
		{Key: "score", Header: "score", Right: true},
	}
	var total uint64
	var elapsed time.Duration
	searched, skipped := 0, 0
	for _, r := range rows {
		row := []output.Cell{output.IntCell(int64(r.index))}
		if !r.searched {
			skipped++
			row = append(row, output.NullCell("-"), output.NullCell("-"), output.NullCell("-"), output.NullCell("-"),
				output.Cell{Text: r.skipped, Value: r.skipped, Style: output.StyleDim})
			t.Rows = append(t.Rows, row)
			continue
		}
		searched++
		total += r.nodes
		elapsed += r.elapsed
		row = append(row, output.UintCell(r.nodes), output.DurationCell(r.elapsed), output.RateCell(perSecond(r.nodes, r.elapsed)))
		if r.bestSAN != "" {
			row = append(row, output.TextCell(r.bestSAN).Styled(output.StyleAccent))
		} else {
			row = append(row, output.NullCell("-"))
		}
		if r.stopped {
			row = append(row, output.Cell{Text: "interrupted", Value: nil, Style: output.StyleWarn})
		} else {
			// Exported as text too: "+35" or "mate in 2", the engine's
			// own mate encoding means nothing outside it.
			row = append(row, output.TextCell(engine.FormatScore(r.score)))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%d positions searched, %d without legal moves skipped: %s nodes in %s (%s)",
		searched, skipped, output.FormatUint(total), output.FormatDuration(elapsed), output.FormatRate(perSecond(total, elapsed))))
	if interrupted {
		t.Notes = append(t.Notes, "interrupted: the last row is partial and there is no total")
	}
	return t, total, elapsed
}
