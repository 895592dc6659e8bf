package main

import (
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// version is the plylab version; release builds override it with
//
//	go build -ldflags "-X main.version=1.2.3" ./cmd/plylab
//
// and a build of a tagged commit takes the tag's version (cliapp.ReadBuild).
var version = defaultVersion

// defaultVersion is the version the source is developing: the next
// release after the newest in CHANGELOG.md, with -dev.
const defaultVersion = "0.12.0-dev"

// appEnv is the run environment (cliapp.Env: streams, context, colour,
// the output folder) plus what is plylab's own.
type appEnv struct {
	cliapp.Env

	// commands overrides allCommands (tests use it to add commands).
	commands func(*appEnv) []*cli.Command
	// buildInfo overrides debug.ReadBuildInfo (tests set the commit).
	buildInfo func() (*debug.BuildInfo, bool)
}

// Each command follows one pattern (the GitHub CLI's pkg/cmd):
//
//   - XxxOptions: a struct of the command's parsed and checked flag values,
//     plus what the run decided about its streams (Color, Progress);
//   - newXxxCommand(env, runF): builds the cli.Command, parses the flags
//     into an XxxOptions (usage errors here, exit status 2) and calls runF;
//   - xxxRun(ctx, opts, stdout, stderr): does the work, writing only to
//     the streams it is given; interactive runs (play, uci, lesson run)
//     read the stdin their options carry;
//   - xxxCommand(env): newXxxCommand wired to xxxRun with env's streams.
//
// Tests check flags -> options by passing their own runF, which records
// the options instead of running (see parseOptions in options_test.go),
// and test xxxRun on its own.

// commandList is env.commands, or allCommands when it is not set.
func (env *appEnv) commandList() []*cli.Command {
	if env.commands != nil {
		return env.commands(env)
	}
	return allCommands(env)
}

// newApp builds the urfave/cli application for one run. Everything it
// creates (flags, commands) is fresh, so concurrent runs share nothing.
func newApp(env *appEnv) *cli.App {
	env.FillDefaults()
	cmds := append(env.commandList(), helpCommand(env))
	for _, cmd := range cmds {
		cliapp.Prepare(cmd, "plylab", cliapp.UsageErrors())
	}
	app := &cli.App{
		Name:        "plylab",
		HelpName:    "plylab",
		Usage:       "explore how chess programs search: minimax, alpha-beta, node counts, search trees",
		Version:     env.build().Short(),
		Description: help("plylab"),
		Reader:      env.Stdin,
		Writer:      env.Stdout,
		ErrWriter:   env.Stderr,
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
			&cli.StringFlag{
				Name:  "columns",
				Usage: "show only the table columns in `LIST` (comma-separated keys or headers, in that order; e.g. depth,algo,nodes)",
			},
			&cli.BoolFlag{Name: "version", Usage: "print the version, commit, Go version and bench signature (plylab version) and exit", DisableDefaultText: true},
			cliapp.HelpFlag(),
		},
		Commands: cmds,
		Before: func(c *cli.Context) error {
			mode := env.ColorMode
			if mode == "" || c.IsSet("color") {
				mode = c.String("color")
			}
			if err := env.ResolveColor(mode); err != nil {
				return err
			}
			if cols := c.String("columns"); cols != "" {
				env.Out.Columns = strings.Split(cols, ",")
			}
			if c.Bool("version") {
				if err := writeVersion(env.Stdout, "table", env.build(), env.Out); err != nil {
					return err
				}
				return cliapp.ErrStop
			}
			return nil
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cliapp.UnknownCommand(c.Args().First(), "plylab", cmds, cliapp.UsageErrors())
			}
			return cli.ShowAppHelp(c)
		},
		OnUsageError:    cliapp.OnUsageError("plylab", cliapp.UsageErrors()),
		CommandNotFound: func(*cli.Context, string) {},
		// Never let urfave call os.Exit (its default is cli.HandleExitCoder).
		ExitErrHandler: func(*cli.Context, error) {},
	}
	return app
}

// runWith runs plylab with args (args[0] is the program name) in env and
// returns the exit status. It prints at most one error line on env.Stderr.
// Tests and the in-process lesson runner use it directly.
func runWith(env *appEnv, args []string) int {
	return env.Run(func() error { return execute(env, args) })
}

// execute builds a fresh app and runs it, returning the command's error.
func execute(env *appEnv, args []string) error {
	return cliapp.RunApp(env.Ctx, newApp(env), args)
}

// build describes the running binary: its version, the commit it was
// built from and the Go toolchain (cliapp.ReadBuild of its build
// information).
func (env *appEnv) build() cliapp.Build {
	read := env.buildInfo
	if read == nil {
		read = debug.ReadBuildInfo
	}
	bi, _ := read() // nil without build information
	return cliapp.ReadBuild(version, defaultVersion, bi)
}

// helpCommand is `plylab help [COMMAND...]`, the same as `plylab COMMAND... --help`.
func helpCommand(env *appEnv) *cli.Command {
	return cliapp.HelpCommand("plylab", func(args []string) error { return execute(env, args) })
}
