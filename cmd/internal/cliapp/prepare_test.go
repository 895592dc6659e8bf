package cliapp

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// testUsage is a usage error as an app would define it.
type testUsage struct{ msg, hint string }

func (e *testUsage) Error() string {
	if e.hint == "" {
		return e.msg
	}
	return e.msg + "; " + e.hint
}

var testErrors = Errors{
	Usage: func(msg, hint string, _ error) error { return &testUsage{msg, hint} },
	WithHint: func(err error, hint string) error {
		var ue *testUsage
		if errors.As(err, &ue) && ue.hint == "" && !strings.Contains(ue.msg, "; ") {
			return &testUsage{ue.msg, hint}
		}
		return err
	},
}

// runPrepared runs args against a two-level app whose commands went
// through Prepare and returns the error as text ("" for none).
func runPrepared(t *testing.T, args ...string) string {
	t.Helper()
	cmds := []*cli.Command{
		{Name: "run", Flags: []cli.Flag{&cli.IntFlag{Name: "depth"}, &cli.StringFlag{Name: "out", Required: true}},
			Action: func(c *cli.Context) error {
				if c.Int("depth") > 9 {
					return &testUsage{msg: "--depth is too large"}
				}
				return nil
			}},
		{Name: "group", Subcommands: []*cli.Command{{Name: "show", Action: func(*cli.Context) error { return nil }}}},
	}
	for _, c := range cmds {
		Prepare(c, "prog", testErrors)
	}
	app := &cli.App{Name: "prog", Commands: cmds, Writer: io.Discard, ErrWriter: io.Discard,
		HideHelp: true, HideHelpCommand: true, ExitErrHandler: func(*cli.Context, error) {}}
	err := app.RunContext(context.Background(), append([]string{"prog"}, args...))
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestPrepare(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--out", "x"}, ""},
		{[]string{"run", "--out", "x", "--depth", "12"}, "--depth is too large; run 'prog run --help' for usage"},
		{[]string{"run"}, "missing required flag --out; run 'prog run --help' for usage"},
		{[]string{"run", "--out", "x", "--depth", "deep"}, `--depth "deep": expected a depth in plies like 5; run 'prog run --help' for usage`},
		{[]string{"group", "shwo"}, `unknown command "group shwo"; did you mean "group show"? run 'prog group --help' to list the commands`},
		{[]string{"group", "show"}, ""},
	}
	for _, tt := range tests {
		if got := runPrepared(t, tt.args...); got != tt.want {
			t.Errorf("prog %s: %q, want %q", strings.Join(tt.args, " "), got, tt.want)
		}
	}
}

func TestPrepareAddsHelpOnce(t *testing.T) {
	cmd := &cli.Command{Name: "x", Flags: []cli.Flag{HelpFlag()}}
	Prepare(cmd, "prog", testErrors)
	n := 0
	for _, f := range cmd.Flags {
		if f.Names()[0] == "help" {
			n++
		}
	}
	if n != 1 || !cmd.HideHelp || cmd.Action == nil || cmd.OnUsageError == nil {
		t.Errorf("after Prepare: %d help flags, HideHelp %v, action set %v", n, cmd.HideHelp, cmd.Action != nil)
	}
}
