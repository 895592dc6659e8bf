package cliapp

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/urfave/cli/v2"
)

// The shape every plylab command shares: a constructor builds the
// cli.Command, whose action parses the flags into an options value
// (Action) and hands it to a run function that takes the output streams
// (WithStreams). Options values embed Streams for the run's color,
// progress line and live view.

// Streams is the part of a command's options that comes from the
// environment rather than from flags: how to color, whether to draw the
// progress line on stderr, and where a long command's live view goes.
type Streams struct {
	Color    output.Painter
	Progress bool // draw the progress line on stderr
	// Live, when set (a notebook cell), receives a long command's view
	// of its work so far (Env.Live).
	Live func(text string)
}

// SetStreams fills s from env; Action calls it on options that embed
// Streams.
func (s *Streams) SetStreams(env *Env) {
	s.Color, s.Progress, s.Live = env.Out, env.ProgressOn(), env.Live
}

// Action is the cli action of a command: parse reads the flags into
// options (a usage error stops there), Streams are filled from env, and
// run gets the options.
func Action[O any](env *Env, parse func(*cli.Context) (*O, error), run func(context.Context, *O) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		if err := CheckBounds(c, env.Policy); err != nil {
			return err
		}
		opts, err := parse(c)
		if err != nil {
			return err
		}
		if s, ok := any(opts).(interface{ SetStreams(*Env) }); ok {
			s.SetStreams(env)
		}
		return run(c.Context, opts)
	}
}

// WithStreams makes a run function of the form Action takes from one that
// writes to stdout and stderr: env's streams at the time of the run.
func WithStreams[O any](env *Env, run func(ctx context.Context, opts *O, stdout, stderr io.Writer) error) func(context.Context, *O) error {
	return func(ctx context.Context, opts *O) error { return run(ctx, opts, env.Stdout, env.Stderr) }
}

// HelpText is the long help of a command, the file help/NAME.txt of
// files, with each marker of pairs (marker, value, ...) replaced. A
// missing file is a bug every help test finds: it panics.
func HelpText(files fs.FS, name string, pairs ...string) string {
	data, err := fs.ReadFile(files, "help/"+name+".txt")
	if err != nil {
		panic("plylab: no help text " + name + ".txt")
	}
	return strings.NewReplacer(pairs...).Replace(string(data))
}

// ParseOnly runs the parser of the command newCmd builds on args (the
// command's name first, e.g. "match", "--games", "4") in a quiet Env
// and returns the options it made, without running the command: what a
// command package's tests check flags against. A parse error comes back
// as the command line would word it.
func ParseOnly[O any](newCmd func(*Env, func(context.Context, *O) error) *cli.Command, args ...string) (*O, error) {
	env := &Env{Ctx: context.Background()}
	env.FillDefaults()
	var got *O
	cmd := newCmd(env, func(_ context.Context, o *O) error { got = o; return nil })
	Prepare(cmd, "plylab", UsageErrors())
	app := &cli.App{Name: "plylab", Commands: []*cli.Command{cmd}, Writer: io.Discard, ErrWriter: io.Discard,
		OnUsageError: OnUsageError("plylab", UsageErrors()), ExitErrHandler: func(*cli.Context, error) {}}
	if err := RunApp(env.Ctx, app, append([]string{"plylab"}, args...)); err != nil {
		return nil, err
	}
	if got == nil {
		return nil, fmt.Errorf("plylab %s: the command did not reach its run function", strings.Join(args, " "))
	}
	return got, nil
}

// CheckBounds applies policy's bounds (sandbox.Flag.Max) to the values
// the command of c parsed: a bounded flag is a whole number, read by the
// same parser the command reads it with (urfave/cli's, which takes
// 0x1000, 0o17, 0b101 and 6_5 as well as 65), so no spelling of a number
// gets past its bound. A nil policy bounds nothing.
func CheckBounds(c *cli.Context, policy *sandbox.Policy) error {
	if policy == nil {
		return nil
	}
	path := CommandPath(c)
	cmd := policy.Command(path)
	if cmd == nil {
		return nil
	}
	for _, f := range cmd.Flags {
		if f.Max <= 0 || !c.IsSet(f.Names[0]) {
			continue
		}
		var n int64
		switch v := c.Value(f.Names[0]).(type) {
		case int:
			n = int64(v)
		case int64:
			n = v
		case uint:
			n = int64(min(v, uint(1<<63-1)))
		case uint64:
			n = int64(min(v, 1<<63-1))
		default:
			return fmt.Errorf("internal error: --%s of 'plylab %s' is bounded in cells but is not a whole-number flag (%T)", f.Names[0], path, v)
		}
		if n > f.Max {
			return Usagef("--%s %d: a lesson cell may ask for at most %d here, so that one cell cannot take the server's memory; run 'plylab %s ... --%s %d' in a terminal", f.Names[0], n, f.Max, path, f.Names[0], n)
		}
	}
	return nil
}

// CommandPath is the command c runs as typed after the program's name:
// "compare", "positions show".
func CommandPath(c *cli.Context) string {
	var names []string
	for _, x := range c.Lineage() {
		// The root context's command is the program itself.
		if x.Command != nil && x.Command.Name != "" && x.Command.Name != x.App.Name {
			names = append([]string{x.Command.Name}, names...)
		}
	}
	return strings.Join(names, " ")
}
