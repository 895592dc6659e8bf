//go:build !js

// Command plylab is an educational command-line explorer of chess search:
// minimax, alpha-beta and a full engine, node counts per depth, search
// trees as Graphviz, and lessons.
//
// This package holds the commands: app.go builds the urfave/cli
// application and every subcommand lives in its own file, flags ->
// options -> run(opts, streams). The frame is in cmd/internal:
// cmd/internal/output renders tables (table, csv, json, markdown),
// formats numbers, paints styles and draws progress; cmd/internal/cliapp
// turns --position/--fen/--suite/--id into positions (positions.go) and
// words errors; cmd/internal/flagval parses flag values.
//
// Writing a subcommand (e.g. perft.go):
//
//   - func perftCommand(env *appEnv) *cli.Command, added to allCommands in
//     app.go. Give it Usage (one line) and Description: help("perft"), the
//     prose of help/perft.txt ending in "Examples:" with indented example
//     command lines (help.go).
//   - Flags: append cliapp.PositionFlags(withSuite) and output.FormatFlag();
//     read the input with cliapp.ResolvePositions(c, withSuite, "start")
//     and print with output.WriteTable(env.Stdout, c.String("format"),
//     &output.Table{...}, env.Out).
//   - Write only to env.Stdout/env.Stderr, watch c.Context for Ctrl-C, and
//     keep no package-level mutable state.
//   - Return cliapp.Usagef("what was wrong; what to do") for bad input (exit 2);
//     any other error exits 1. Domain packages name no flags: word their
//     input errors (package param) with cliapp.ParamUsage or
//     cliapp.FlagError. Never print errors yourself: the app prints
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
