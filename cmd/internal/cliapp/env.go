package cliapp

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/urfave/cli/v2"
)

// Env is everything a command may use from the outside world. There is
// no package-level mutable state: commands get their writers, context and
// color decision from here, so tests run commands in-process and in
// parallel, each with its own Env. One Env serves one run at a time.
type Env struct {
	// Stdin, Stdout and Stderr are the run's streams; nil ones are filled
	// in by FillDefaults (empty input, discarded output).
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Ctx is cancelled on Ctrl-C (see plylab's run); long commands must
	// watch it (c.Context is the same context inside actions).
	Ctx context.Context
	// ColorMode is "auto", "always" or "never"; "" means auto. The --color
	// flag, when given, wins over it.
	ColorMode string
	// Getenv reads environment variables (NO_COLOR, TERM); nil = os.Getenv.
	Getenv func(string) string
	// IsTerminal reports whether w is an interactive terminal; nil = "w is
	// an *os.File connected to a terminal".
	IsTerminal func(w io.Writer) bool

	// Files, when set (lesson cells), is the only place a command may
	// write files (see Outputs).
	Files sandbox.Folder
	// Live, when set (a notebook cell), receives a long command's view of
	// its work so far (compare's finished rows), each call replacing the
	// last.
	Live func(text string)
	// Policy, when set (lesson cells), is the allow-list whose bounds
	// (sandbox.Flag.Max) Action applies to the values the command parsed.
	Policy *sandbox.Policy

	// Out paints this run's output; Out.On is resolved at the start of
	// each run by ResolveColor from --color, NO_COLOR and the terminal.
	Out output.Painter
}

// Var returns the environment variable key, read with Getenv, or with
// os.Getenv when Getenv is nil.
func (e *Env) Var(key string) string {
	if e.Getenv != nil {
		return e.Getenv(key)
	}
	return os.Getenv(key)
}

// Terminal reports whether w is a terminal, asking IsTerminal, or
// output.IsTerminal when IsTerminal is nil.
func (e *Env) Terminal(w io.Writer) bool {
	if e.IsTerminal != nil {
		return e.IsTerminal(w)
	}
	return output.IsTerminal(w)
}

// ResolveColor decides e.Out.On from the mode (see output.ColorOn): the
// mode, NO_COLOR and whether Stdout is a terminal.
func (e *Env) ResolveColor(mode string) error {
	on, err := output.ColorOn(mode, func() bool { return e.Terminal(e.Stdout) }, e.Var)
	if err != nil {
		return err
	}
	e.Out.On = on
	return nil
}

// FillDefaults gives the streams and context that are nil their
// defaults: empty stdin, discarded stdout and stderr, a background
// context.
func (e *Env) FillDefaults() {
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

// ProgressOn reports whether e's stderr is a terminal, where commands
// draw their progress line.
func (e *Env) ProgressOn() bool { return e.Terminal(e.Stderr) }

// Outputs is where this run's commands write the files they are asked to
// write: e.Files in a lesson cell, else the paths as given.
func (e *Env) Outputs() Outputs { return Outputs{Folder: e.Files} }

// Outputs writes the files a command was asked to write (tree -o, compare
// --plot). In a lesson cell (Folder set) a file goes into the cell's
// folder under a plain name (sandbox.CheckName), so nothing a cell names
// is written anywhere else; otherwise to the path as given. The zero
// value writes to paths.
type Outputs struct {
	Folder sandbox.Folder
}

// Check refuses, before a long run, a name that cannot be written: in a
// cell one that breaks sandbox.CheckName, otherwise a folder or a path
// whose folder is missing (CheckOutputFile, suggesting example: a
// failure, exit 1). flag names the flag in a cell's usage error.
func (o Outputs) Check(flag, name, example string) error {
	if name == "" {
		return nil
	}
	if o.Folder == nil {
		return CheckOutputFile(name, example)
	}
	if err := sandbox.CheckName(name); err != nil {
		return CompleteUsage(fmt.Sprintf("--%s %v", flag, err), nil) // the error quotes the name
	}
	return nil
}

// WriteFile writes data as the file name, whole: nothing is written when
// it fails.
func (o Outputs) WriteFile(name string, data []byte) error {
	if o.Folder != nil {
		return o.Folder.WriteFile(name, data)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %v; check the path", name, textfmt.PathCause(err))
	}
	return nil
}

// Child returns the environment of a run nested in e's, such as a lesson
// cell's: empty stdin, the streams and context given, colour always or
// never (color), no terminal anywhere, files written only into files, its
// structured results handed to results (nil: to nobody), and e's Getenv.
func (e *Env) Child(ctx context.Context, stdout, stderr io.Writer, color bool, files sandbox.Folder, results output.ResultSink) Env {
	// The caller sets Policy: a cell's bounds are its runner's decision.
	mode := "never"
	if color {
		mode = "always"
	}
	return Env{
		Stdin:      strings.NewReader(""),
		Stdout:     stdout,
		Stderr:     stderr,
		Ctx:        ctx,
		ColorMode:  mode,
		Getenv:     e.Getenv,
		IsTerminal: func(io.Writer) bool { return false },
		Files:      files,
		Out:        output.Painter{Results: results},
	}
}

// Run calls execute in e and returns the exit status (ExitStatus). It
// prints at most one error line on e.Stderr. A panic in execute is a bug:
// Run reports it as one "internal error" line (with the stack trace after
// it when PLYLAB_TRACEBACK is set) and returns ExitInternal.
func (e *Env) Run(execute func() error) (status int) {
	e.FillDefaults()
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(e.Stderr, "plylab: internal error: %s; please report this bug\n", output.OneLine(fmt.Sprint(r)))
			if e.Var("PLYLAB_TRACEBACK") != "" {
				e.Stderr.Write(debug.Stack())
			}
			status = ExitInternal
		}
	}()
	status, line := ExitStatus(execute())
	if line != "" {
		fmt.Fprintln(e.Stderr, line)
	}
	return status
}

// RunApp runs app with args (args[0] is the program name; no args means
// app.Name alone) in ctx, after moving each flag to its command
// (NormalizeArgs), and returns the command's error.
func RunApp(ctx context.Context, app *cli.App, args []string) error {
	// urfave reports an unknown command in `plylab [CMD] NOSUCH --help`
	// through CommandNotFound, which cannot return an error: record it.
	var notFound error
	app.CommandNotFound = func(c *cli.Context, name string) {
		if notFound != nil {
			return
		}
		path, cmds := app.Name, app.Commands
		if c.Command != nil && c.Command.HelpName != "" && c.Command.HelpName != app.Name {
			path, cmds = c.Command.HelpName, c.Command.Subcommands
		}
		notFound = UnknownCommand(name, path, cmds, UsageErrors())
	}
	if len(args) == 0 {
		args = []string{app.Name}
	}
	err := app.RunContext(ctx, NormalizeArgs(app, args))
	if err == nil && notFound != nil {
		err = notFound
	}
	return err
}

// HelpCommand is `PROG help [COMMAND...]`, the same as `PROG COMMAND...
// --help`: its action calls execute with those arguments (args[0] is
// prog).
func HelpCommand(prog string, execute func(args []string) error) *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show help for " + prog + " or one of its commands",
		ArgsUsage: "[COMMAND [SUBCOMMAND]]",
		Description: fmt.Sprintf(`Shows the same help as --help.

Examples:
   %[1]s help
   %[1]s help positions
   %[1]s help positions show`, prog),
		Action: func(c *cli.Context) error {
			args := append([]string{prog}, c.Args().Slice()...)
			return execute(append(args, "--help"))
		},
	}
}
