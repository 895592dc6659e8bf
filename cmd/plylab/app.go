package main

import (
	"context"
	"fmt"
	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/textfmt"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/mattn/go-isatty"
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
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
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
		prepareCommand(cmd, "plylab")
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
			newHelpFlag(),
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
				return errStop
			}
			return nil
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return unknownCommand(c.Args().First(), "plylab", cmds)
			}
			return cli.ShowAppHelp(c)
		},
		OnUsageError:    onUsageError("plylab"),
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
			status = exitInternal
		}
	}()
	status, line := exitStatus(execute(env, args))
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
	err := app.RunContext(env.Ctx, normalizeArgs(app, args))
	if err == nil && notFound != nil {
		err = notFound
	}
	return err
}

// versionString is the version plus, when the binary carries build info,
// the VCS revision it was built from.
func versionString() string {
	v := version
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if v == defaultVersion && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = strings.TrimPrefix(bi.Main.Version, "v")
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (rev " + rev
		if modified == "true" {
			v += ", modified"
		}
		v += ")"
	}
	return v
}

func newHelpFlag() *cli.BoolFlag {
	return &cli.BoolFlag{Name: "help", Aliases: []string{"h"}, Usage: "show help", DisableDefaultText: true}
}

// prepareCommand makes a command (and its subcommands) follow the app's
// conventions: its own --help flag, one-line usage errors, a hint on usage
// errors returned by the action, and for command groups an action that
// shows help or rejects an unknown subcommand.
func prepareCommand(cmd *cli.Command, parent string) {
	path := parent + " " + cmd.Name
	cmd.HideHelp = true
	cmd.HideHelpCommand = true
	if !hasFlag(cmd.Flags, "help") {
		cmd.Flags = append(cmd.Flags, newHelpFlag())
	}
	cmd.OnUsageError = onUsageError(path)
	if cmd.Action == nil {
		subs := cmd.Subcommands
		if len(subs) > 0 {
			cmd.Action = func(c *cli.Context) error {
				if c.NArg() > 0 {
					return unknownCommand(c.Args().First(), path, subs)
				}
				return cli.ShowSubcommandHelp(c)
			}
		} else {
			cmd.Action = func(c *cli.Context) error { return cli.ShowSubcommandHelp(c) }
		}
	}
	action := cmd.Action
	hint := fmt.Sprintf("run '%s --help' for usage", path)
	cmd.Action = func(c *cli.Context) error {
		return withHint(action(c), hint)
	}
	// urfave handles Required flags by printing the whole help and
	// returning a plain error; check them here instead, as usage errors.
	var required []string
	for _, f := range cmd.Flags {
		if rf, ok := f.(cli.RequiredFlag); ok && rf.IsRequired() && clearRequired(f) {
			required = append(required, f.Names()[0])
		}
	}
	if before := cmd.Before; before != nil || len(required) > 0 {
		cmd.Before = func(c *cli.Context) error {
			for _, name := range required {
				if !c.IsSet(name) {
					return usagef("missing required flag %s; %s", dashName(name), hint)
				}
			}
			if before == nil {
				return nil
			}
			return withHint(before(c), hint)
		}
	}
	for _, sub := range cmd.Subcommands {
		prepareCommand(sub, path)
	}
}

// clearRequired sets a flag's Required field to false (all urfave flag
// types have one) and reports whether it could.
func clearRequired(f cli.Flag) bool {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return false
	}
	fld := v.Elem().FieldByName("Required")
	if !fld.IsValid() || !fld.CanSet() || fld.Kind() != reflect.Bool {
		return false
	}
	fld.SetBool(false)
	return true
}

// dashName is a flag name as typed: "-h" for one letter, else "--name".
func dashName(name string) string {
	name = strings.TrimLeft(name, "-")
	if len([]rune(name)) == 1 {
		return "-" + name
	}
	return "--" + name
}

func hasFlag(flags []cli.Flag, name string) bool {
	return findFlag(flags, name) != nil
}

func findFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// onUsageError turns urfave/flag parse errors into one-line usage errors.
func onUsageError(path string) cli.OnUsageErrorFunc {
	return func(_ *cli.Context, err error, _ bool) error {
		return &usageError{
			msg:  flagErrorMessage(err),
			hint: fmt.Sprintf("run '%s --help' for usage", path),
			err:  err,
		}
	}
}

// flagErrorMessage rewrites the standard library's flag errors in plylab's
// style ("unknown flag --x" instead of "flag provided but not defined: -x").
func flagErrorMessage(err error) string {
	msg := output.OneLine(err.Error())
	dash := dashName
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + dash(name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return "flag " + dash(name) + " needs a value"
	}
	// invalid value "x" for flag -depth: parse error
	// invalid boolean value "x" for -flip: parse error
	for _, p := range []string{"invalid value ", "invalid boolean value "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			if i := strings.Index(rest, " for "); i >= 0 {
				val := rest[:i]
				name := strings.TrimPrefix(rest[i+len(" for "):], "flag ")
				if j := strings.Index(name, ":"); j >= 0 {
					name = name[:j]
				}
				if p == "invalid boolean value " {
					return fmt.Sprintf("%s %s: expected true or false", dash(name), val)
				}
				return fmt.Sprintf("%s %s: expected %s", dash(name), val, flagval.Form(strings.TrimLeft(name, "-")))
			}
		}
	}
	return msg
}

// unknownCommand is the usage error for `plylab nosuch` or `plylab
// positions nosuch`, with a suggestion when a command name is close.
func unknownCommand(name, path string, cmds []*cli.Command) error {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	full := strings.TrimSpace(strings.TrimPrefix(path, "plylab") + " " + name)
	if s := textfmt.Suggest(name, names); s != "" {
		return usagef("unknown command %q; did you mean %q? run '%s --help' to list the commands",
			full, strings.TrimSpace(strings.TrimPrefix(path, "plylab")+" "+s), path)
	}
	return usagef("unknown command %q; run '%s --help' to list the commands", full, path)
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

// normalizeArgs lets flags appear anywhere on the command line, as users
// expect (`plylab positions show wac --id WAC.004 --color never`). urfave/cli
// v2 stops parsing flags at the first positional argument, so this moves
// each flag (with its value) to the command that defines it: the innermost
// command on the path that knows the flag, else the innermost command (which
// then reports it as unknown). Arguments after "--" stay positional.
func normalizeArgs(app *cli.App, args []string) []string {
	type level struct {
		name  string
		flags []cli.Flag
		subs  []*cli.Command
		toks  []string
	}
	levels := []*level{{name: args[0], flags: app.Flags, subs: app.Commands}}
	var positional []string
	dashdash := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			dashdash = true
			break
		}
		if len(a) > 1 && a[0] == '-' {
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			owner := levels[len(levels)-1]
			takesValue := false
			for j := len(levels) - 1; j >= 0; j-- {
				if f := findFlag(levels[j].flags, name); f != nil {
					owner = levels[j]
					takesValue = flagTakesValue(f)
					break
				}
			}
			owner.toks = append(owner.toks, a)
			if takesValue && !hasValue && i+1 < len(args) {
				i++
				owner.toks = append(owner.toks, args[i])
			}
			continue
		}
		if len(positional) == 0 {
			if sub := findCommand(levels[len(levels)-1].subs, a); sub != nil {
				levels = append(levels, &level{name: a, flags: sub.Flags, subs: sub.Subcommands})
				continue
			}
		}
		positional = append(positional, a)
	}
	// `plylab positions show wac --help`: help for a command without
	// subcommands ignores its arguments (urfave would look for a "wac"
	// subcommand to show help for).
	last := levels[len(levels)-1]
	if len(levels) > 1 && len(last.subs) == 0 {
		for _, tok := range last.toks {
			if tok == "--help" || tok == "-help" || tok == "-h" || tok == "--h" {
				positional = nil
				break
			}
		}
	}
	out := make([]string, 0, len(args)+1)
	for _, l := range levels {
		out = append(out, l.name)
		out = append(out, l.toks...)
	}
	needDashDash := dashdash
	if !needDashDash {
		for _, p := range positional {
			if strings.HasPrefix(p, "-") && p != "-" {
				needDashDash = true
			}
		}
	}
	if needDashDash && len(positional) > 0 {
		out = append(out, "--")
	}
	return append(out, positional...)
}

func flagTakesValue(f cli.Flag) bool {
	if tv, ok := f.(interface{ TakesValue() bool }); ok {
		return tv.TakesValue()
	}
	return true
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}
