package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/urfave/cli/v2"
)

// version is the plylab version; release builds override it with
//
//	go build -ldflags "-X main.version=1.2.3" ./cmd/plylab
var version = defaultVersion

const defaultVersion = "0.1.0-dev"

// appEnv is everything a command may use from the outside world. There is
// no package-level mutable state: commands get their writers, context and
// color decision from here, so tests run commands in-process and in
// parallel, each with its own appEnv. One appEnv serves one run at a time.
type appEnv struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Ctx is cancelled on Ctrl-C (see run); long commands must watch it
	// (c.Context is the same context inside actions).
	Ctx context.Context
	// ColorMode is "auto", "always" or "never"; "" means auto. The --color
	// flag, when given, wins over it.
	ColorMode string
	// Getenv reads environment variables (NO_COLOR, TERM); nil = os.Getenv.
	Getenv func(string) string
	// IsTerminal reports whether w is an interactive terminal; nil = "w is
	// an *os.File connected to a terminal".
	IsTerminal func(w io.Writer) bool

	// OutDir, when set (lesson cells), is the only folder a command may
	// write files into (see outputPath).
	OutDir string

	// out paints this run's output; out.On is resolved at the start of
	// each run by resolveColor from --color, NO_COLOR and the terminal.
	out output.Painter

	// commands overrides allCommands (tests use it to add commands).
	commands func(*appEnv) []*cli.Command
}

func (e *appEnv) getenv(key string) string {
	if e.Getenv != nil {
		return e.Getenv(key)
	}
	return os.Getenv(key)
}

func (e *appEnv) isTerminal(w io.Writer) bool {
	if e.IsTerminal != nil {
		return e.IsTerminal(w)
	}
	return output.IsTerminal(w)
}

// resolveColor decides e.out.On from the mode (see output.ColorOn).
func (e *appEnv) resolveColor(mode string) error {
	on, err := output.ColorOn(mode, func() bool { return e.isTerminal(e.Stdout) }, e.getenv)
	if err != nil {
		return err
	}
	e.out.On = on
	return nil
}

func (e *appEnv) fillDefaults() {
	if e.Stdin == nil {
		e.Stdin = strings.NewReader("")
	}
	if e.Stdout == nil {
		e.Stdout = io.Discard
	}
	if e.Stderr == nil {
		e.Stderr = io.Discard
	}
	if e.Ctx == nil {
		e.Ctx = context.Background()
	}
}

// Each command follows one pattern (the GitHub CLI's pkg/cmd):
//
//   - XxxOptions: a struct of the command's parsed and checked flag values,
//     plus what the run decided about its streams (Color, Progress);
//   - newXxxCommand(env, runF): builds the cli.Command, parses the flags
//     into an XxxOptions (usage errors here, exit status 2) and calls runF;
//   - xxxRun(opts, stdout, stderr): does the work, writing only to the
//     streams it is given;
//   - xxxCommand(env): newXxxCommand wired to xxxRun with env's streams.
//
// Tests check flags -> options by passing their own runF, which records
// the options instead of running (see parseOptions in options_test.go),
// and test xxxRun on its own.

// streams returns a runF for newXxxCommand that calls run with env's
// context and output streams.
func streams[O any](env *appEnv, run func(ctx context.Context, opts *O, stdout, stderr io.Writer) error) func(ctx context.Context, opts *O) error {
	return func(ctx context.Context, opts *O) error { return run(ctx, opts, env.Stdout, env.Stderr) }
}

// progressOn reports whether env's stderr is a terminal, where commands
// draw their progress line.
func (e *appEnv) progressOn() bool { return e.isTerminal(e.Stderr) }

// allCommands lists plylab's subcommands in the order `plylab --help`
// shows them. Every command must have Usage (one line) and a Description
// with examples; the app adds --help to each command and turns flag errors
// into one-line usage errors, so commands need not do it themselves.
func allCommands(env *appEnv) []*cli.Command {
	return []*cli.Command{
		positionsCommand(env),
		perftCommand(env),
		uciCommand(env),
		benchCommand(env),
		compareCommand(env),
		scoresCommand(env),
		searchCommand(env),
		techniquesCommand(env),
		evalCommand(env),
		tuneCommand(env),
		bookCommand(env),
		playCommand(env),
		treeCommand(env),
		matchCommand(env),
		lessonCommand(env),
		reproduceCommand(env),
		// Add new subcommands here, one constructor per file, e.g.
		//   perftCommand(env),   // perft.go
		//   compareCommand(env), // compare.go
	}
}

// newApp builds the urfave/cli application for one run. Everything it
// creates (flags, commands) is fresh, so concurrent runs share nothing.
func newApp(env *appEnv) *cli.App {
	env.fillDefaults()
	list := allCommands
	if env.commands != nil {
		list = env.commands
	}
	cmds := append(list(env), helpCommand(env))
	for _, cmd := range cmds {
		cliapp.Prepare(cmd, "plylab", appErrors())
	}
	app := &cli.App{
		Name:     "plylab",
		HelpName: "plylab",
		Usage:    "explore how chess programs search: minimax, alpha-beta, node counts, search trees",
		Version:  versionString(),
		Description: `plylab shows, step by step, what a chess search does: how many positions
minimax and alpha-beta visit at each depth, what the search tree looks like,
and how a full engine prunes it.

Examples:
   plylab positions list                  named positions and test suites
   plylab positions show start            a board, its FEN and legal moves
   plylab positions show wac --id WAC.004 one position of a test suite
   plylab help positions show             help for one command
   plylab --color never positions list    no colors (NO_COLOR works too)`,
		Reader:    env.Stdin,
		Writer:    env.Stdout,
		ErrWriter: env.Stderr,
		// urfave's own --help/--version flags and help command are shared
		// package-level values that it mutates while running, which would
		// make concurrent in-process runs race. plylab brings its own.
		HideHelp:        true,
		HideHelpCommand: true,
		HideVersion:     true,
		Flags: []cli.Flag{
			&cli.StringFlag{
				Name:  "color",
				Value: "auto",
				Usage: "use colors: `WHEN` is auto (only on a terminal, and not if NO_COLOR is set), always or never",
			},
			&cli.BoolFlag{Name: "version", Usage: "print the version and exit", DisableDefaultText: true},
			cliapp.HelpFlag(),
		},
		Commands: cmds,
		Before: func(c *cli.Context) error {
			mode := env.ColorMode
			if mode == "" || c.IsSet("color") {
				mode = c.String("color")
			}
			if err := env.resolveColor(mode); err != nil {
				return err
			}
			if c.Bool("version") {
				fmt.Fprintf(env.Stdout, "plylab version %s\n", versionString())
				return cliapp.ErrStop
			}
			return nil
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return unknownCommand(c.Args().First(), "plylab", cmds)
			}
			return cli.ShowAppHelp(c)
		},
		OnUsageError:    cliapp.OnUsageError("plylab", appErrors()),
		CommandNotFound: func(*cli.Context, string) {},
		// Never let urfave call os.Exit (its default is cli.HandleExitCoder).
		ExitErrHandler: func(*cli.Context, error) {},
	}
	return app
}

// runWith runs plylab with args (args[0] is the program name) in env and
// returns the exit status. It prints at most one error line on env.Stderr.
// Tests and the in-process lesson runner use it directly.
func runWith(env *appEnv, args []string) (status int) {
	env.fillDefaults()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(env.Stderr, "plylab: internal error: %s; please report this bug\n", output.OneLine(fmt.Sprint(r)))
			if env.getenv("PLYLAB_TRACEBACK") != "" {
				env.Stderr.Write(debug.Stack())
			}
			status = cliapp.ExitInternal
		}
	}()
	status, line := cliapp.ExitStatus(execute(env, args))
	if line != "" {
		fmt.Fprintln(env.Stderr, line)
	}
	return status
}

// execute builds a fresh app and runs it, returning the command's error.
func execute(env *appEnv, args []string) error {
	app := newApp(env)
	// urfave reports an unknown command in `plylab [CMD] NOSUCH --help`
	// through CommandNotFound, which cannot return an error: record it.
	var notFound error
	app.CommandNotFound = func(c *cli.Context, name string) {
		if notFound != nil {
			return
		}
		path, cmds := "plylab", app.Commands
		if c.Command != nil && c.Command.HelpName != "" && c.Command.HelpName != "plylab" {
			path, cmds = c.Command.HelpName, c.Command.Subcommands
		}
		notFound = unknownCommand(name, path, cmds)
	}
	if len(args) == 0 {
		args = []string{"plylab"}
	}
	err := app.RunContext(env.Ctx, cliapp.NormalizeArgs(app, args))
	if err == nil && notFound != nil {
		err = notFound
	}
	return err
}

// versionString is the version plus, when the binary carries build info,
// the VCS revision it was built from.
func versionString() string {
	bi, _ := debug.ReadBuildInfo() // nil without build information
	return cliapp.Version(version, defaultVersion, bi)
}

// appErrors makes the usage errors of the commands cliapp.Prepare wires.
func appErrors() cliapp.Errors {
	return cliapp.Errors{
		Usage:    cliapp.NewUsage,
		WithHint: cliapp.WithHint,
	}
}

// unknownCommand is the usage error for `plylab nosuch` or `plylab
// positions nosuch`, with a suggestion when a command name is close.
func unknownCommand(name, path string, cmds []*cli.Command) error {
	return cliapp.UnknownCommand(name, path, cmds, appErrors())
}

// helpCommand is `plylab help [COMMAND...]`, the same as `plylab COMMAND... --help`.
func helpCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show help for plylab or one of its commands",
		ArgsUsage: "[COMMAND [SUBCOMMAND]]",
		Description: `Shows the same help as --help.

Examples:
   plylab help
   plylab help positions
   plylab help positions show`,
		Action: func(c *cli.Context) error {
			args := append([]string{"plylab"}, c.Args().Slice()...)
			return execute(env, append(args, "--help"))
		},
	}
}
