package cliapp

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/plylab/plylab/cmd/internal/output"
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
