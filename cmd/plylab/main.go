//go:build !js

// Command plylab is an educational command-line explorer of chess search:
// minimax, alpha-beta and a full engine, node counts per depth, search
// trees as Graphviz, and lessons.
//
// The command-line frame lives in this package: app.go builds the urfave/cli
// application, cmd/internal/output renders tables (table, csv, json,
// markdown), formats numbers, paints styles and draws progress,
// positionflags.go and fen.go turn --position/--fen/--suite/--id into
// positions, and every subcommand lives in its own file.
//
// Writing a subcommand (e.g. perft.go):
//
//   - func perftCommand(env *appEnv) *cli.Command, added to allCommands in
//     app.go. Give it Usage (one line) and a Description ending in
//     "Examples:" with indented example command lines.
//   - Flags: append positionFlags(withSuite) and output.FormatFlag(); read the
//     input with resolvePositions(c, withSuite, "start") and print with
//     output.WriteTable(env.Stdout, c.String("format"), &output.Table{...}, env.Out).
//   - Write only to env.Stdout/env.Stderr, watch c.Context for Ctrl-C, and
//     keep no package-level mutable state.
//   - Return cliapp.Usagef("what was wrong; what to do") for bad input (exit 2);
//     any other error exits 1. Never print errors yourself: the app prints
//     exactly one "plylab: ..." line.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run is main without the os.Exit: it wires the real process environment
// (stdin, a context cancelled by Ctrl-C) and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	env := &appEnv{Env: cliapp.Env{
		Stdin:  os.Stdin,
		Stdout: stdout,
		Stderr: stderr,
		Ctx:    ctx,
	}}
	return runWith(env, args)
}
