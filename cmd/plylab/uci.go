package main

import (
	"context"
	"errors"
	"io"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/app/uci"
	"github.com/urfave/cli/v2"
)

// uci: run the full engine as a UCI engine on stdin/stdout, for chess
// GUIs, cutechess-cli/fastchess and matches against other engines.

// UCIOptions are the parsed flags of `plylab uci`: the engine's
// configuration and the stdin its commands come on.
type UCIOptions struct {
	Config uci.Config
	Stdin  io.Reader
}

func uciCommand(env *appEnv) *cli.Command {
	return newUCICommand(env, cliapp.WithStreams(&env.Env, uciRun))
}

// newUCICommand builds `plylab uci`; its action parses the arguments into
// UCIOptions and calls runF.
func newUCICommand(env *appEnv, runF func(context.Context, *UCIOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "uci",
		Usage:       "run the full engine under the Universal Chess Interface (for chess GUIs and engine matches)",
		Description: help("uci"),
		Action:      cliapp.Action(&env.Env, func(c *cli.Context) (*UCIOptions, error) { return parseUCI(c, env.Stdin, env.build().Short()) }, runF),
	}
}

// parseUCI checks that uci has no arguments; the commands come on stdin.
// version is what the engine's name carries (cliapp.Build.Short).
func parseUCI(c *cli.Context, stdin io.Reader, version string) (*UCIOptions, error) {
	if c.NArg() > 0 {
		return nil, cliapp.Usagef("uci takes no arguments, got %q; send UCI commands on stdin instead", c.Args().First())
	}
	// Name and Author are uci.Config's defaults: "plylab", "the plylab
	// authors".
	cfg := uci.Config{Version: version, OpenBook: uci.BookOpener(book.Open)}
	return &UCIOptions{Config: cfg, Stdin: stdin}, nil
}

// uciRun answers the UCI commands read from opts.Stdin on stdout.
func uciRun(ctx context.Context, opts *UCIOptions, stdout, _ io.Writer) error {
	err := uci.Run(ctx, opts.Stdin, stdout, opts.Config)
	if errors.Is(err, context.Canceled) {
		return nil // Ctrl-C ends a UCI session like "quit" does
	}
	return err
}
