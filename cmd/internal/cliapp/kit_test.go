package cliapp

import (
	"context"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/urfave/cli/v2"
)

// toyOptions are the options of a toy command for the kit's tests.
type toyOptions struct {
	N int
	Streams
}

func newToyCommand(env *Env, run func(context.Context, *toyOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "toy",
		Flags: []cli.Flag{&cli.IntFlag{Name: "n", Value: 3}},
		Action: Action(env, func(c *cli.Context) (*toyOptions, error) {
			if err := RejectArgs(c, "plylab toy --n 3"); err != nil {
				return nil, err
			}
			if c.Int("n") < 1 {
				return nil, Usagef("--n %d: expected at least 1", c.Int("n"))
			}
			return &toyOptions{N: c.Int("n")}, nil
		}, run),
	}
}

func TestParseOnly(t *testing.T) {
	tests := []struct {
		args  []string
		n     int
		err   string
		usage bool
	}{
		{[]string{"toy"}, 3, "", false},
		{[]string{"toy", "--n", "7"}, 7, "", false},
		{[]string{"toy", "--n", "0"}, 0, "--n 0: expected at least 1", true},
		{[]string{"toy", "extra"}, 0, `unexpected argument "extra"; options are flags, e.g. plylab toy --n 3`, true},
		{[]string{"toy", "--m", "1"}, 0, "unknown flag -m; run 'plylab toy --help' for usage", true},
	}
	for _, tt := range tests {
		o, err := ParseOnly(newToyCommand, tt.args...)
		switch {
		case tt.err == "" && (err != nil || o == nil || o.N != tt.n):
			t.Errorf("%v: %+v, %v; want N %d", tt.args, o, err, tt.n)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || IsUsageError(err) != tt.usage):
			t.Errorf("%v: error %v (usage %v), want one containing %q (usage %v)", tt.args, err, IsUsageError(err), tt.err, tt.usage)
		}
	}
}

// WithStreams hands the run the Env's streams at the time of the run,
// and Action fills the options' Streams from the Env.
func TestActionStreams(t *testing.T) {
	env := &Env{Ctx: context.Background(), Live: func(string) {}}
	env.FillDefaults()
	var got *toyOptions
	run := WithStreams(env, func(_ context.Context, o *toyOptions, stdout, stderr io.Writer) error {
		got = o
		if stdout != env.Stdout || stderr != env.Stderr {
			t.Error("the run did not get the Env's streams")
		}
		return nil
	})
	app := &cli.App{Commands: []*cli.Command{newToyCommand(env, run)}}
	if err := app.Run([]string{"plylab", "toy", "--n", "5"}); err != nil {
		t.Fatal(err)
	}
	if got == nil || got.N != 5 || got.Live == nil || got.Progress {
		t.Fatalf("options %+v: want N 5, Live set, no progress line off a terminal", got)
	}
}

func TestHelpText(t *testing.T) {
	files := fstest.MapFS{"help/toy.txt": {Data: []byte("toy plays {n} times")}}
	if got := HelpText(files, "toy", "{n}", "three"); got != "toy plays three times" {
		t.Errorf("HelpText = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("HelpText of a missing file did not panic")
		}
	}()
	HelpText(files, "none")
}
