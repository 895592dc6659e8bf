package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/app/lab"
)

// parseOptions runs `plylab args...` in a test environment whose only
// command is the one newCmd builds, with a runF that records the options
// instead of running. It returns the options, or nil and the one-line
// error the run printed (a usage error: exit status 2, checked here).
func parseOptions[O any](t *testing.T, newCmd func(*appEnv, func(context.Context, *O) error) *cli.Command, args ...string) (*O, string) {
	t.Helper()
	env := testEnv()
	var got *O
	env.commands = func(e *appEnv) []*cli.Command {
		return []*cli.Command{newCmd(e, func(_ context.Context, o *O) error { got = o; return nil })}
	}
	r := runIn(t, env, args...)
	if r.code != 0 {
		if r.code != cliapp.ExitUsage {
			t.Errorf("plylab %s: exit %d, want %d for a flag error", strings.Join(args, " "), r.code, cliapp.ExitUsage)
		}
		return nil, strings.TrimSpace(r.stderr)
	}
	if got == nil {
		t.Fatalf("plylab %s: the command did not call its run function", strings.Join(args, " "))
	}
	return got, ""
}

// wantParseError checks that parsing args fails with exit status 2 and an
// error line containing want.
func wantParseError[O any](t *testing.T, newCmd func(*appEnv, func(context.Context, *O) error) *cli.Command, want string, args ...string) {
	t.Helper()
	o, msg := parseOptions(t, newCmd, args...)
	if o != nil {
		t.Errorf("plylab %s: parsed to %+v, want the error %q", strings.Join(args, " "), o, want)
		return
	}
	if !strings.Contains(msg, want) {
		t.Errorf("plylab %s: error %q, want it to contain %q", strings.Join(args, " "), msg, want)
	}
}

func TestForceFlagUsage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		budget time.Duration
		want   string
	}{
		{lab.SearchBudget, "run even when the predicted time is over ten minutes"},
		{lab.PerftBudget, "run even when the predicted time is over five minutes"},
		{90 * time.Second, "run even when the predicted time is over 1m30s"},
		{time.Hour, "run even when the predicted time is over 1h0m0s"},
	} {
		if got := forceFlag(tt.budget).(*cli.BoolFlag).Usage; got != tt.want {
			t.Errorf("forceFlag(%v) usage %q, want %q", tt.budget, got, tt.want)
		}
	}
}
