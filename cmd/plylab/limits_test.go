package main

import (
	"errors"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/app/lab"
)

// limitFlags, flags to limit, for the engine and the opponent prefix and
// for a command without --tc (play).
func TestLimitFlags(t *testing.T) {
	flags := func(prefix string, tc bool) []cli.Flag {
		f := []cli.Flag{&cli.IntFlag{Name: prefix + "depth"}, &cli.StringFlag{Name: prefix + "movetime"}, &cli.Int64Flag{Name: prefix + "nodes"}}
		if tc {
			f = append(f, &cli.StringFlag{Name: prefix + "tc"})
		}
		return f
	}
	tests := []struct {
		prefix string
		tc     bool
		args   []string
		want   string // the limit's String, or the error
	}{
		{"", true, nil, "no limit"},
		{"", true, []string{"--depth", "6"}, "depth 6"},
		{"", true, []string{"--movetime", "250"}, "250ms/move"},
		{"", true, []string{"--depth", "3", "--movetime", "1s", "--tc", "40/60+1"}, "depth 3, 1s/move, 40/60+1"},
		{"opponent-", true, []string{"--opponent-tc", "10+0.1"}, "10+0.1"},
		{"", false, []string{"--depth", "2"}, "depth 2"},
		{"", true, []string{"--nodes", "20000"}, "20000 nodes"},
		{"opponent-", true, []string{"--opponent-nodes", "500", "--opponent-depth", "9"}, "depth 9, 500 nodes"},
		{"", true, []string{"--nodes", "0"}, "--nodes must be between 1 and 1000000000000, got 0; try --nodes 20000"},
		{"", true, []string{"--depth", "0"}, "--depth must be between 1 and 64, got 0; try --depth 4"},
		{"opponent-", true, []string{"--opponent-depth", "999"}, "--opponent-depth must be between 1 and 64, got 999; try --opponent-depth 4"},
		{"", true, []string{"--movetime", "500us"}, `--movetime "500us": expected at least 1ms, e.g. --movetime 100ms or 5s`},
		{"", false, []string{"--movetime", "-1s"}, `--movetime "-1s": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{"", true, []string{"--tc", "x"}, `--tc: bad time control "x": the base time "x" is not a number of seconds; write BASE+INC in seconds, e.g. 10+0.1, 60, 1:30+1 or 40/60`},
	}
	for _, tt := range tests {
		var got string
		app := &cli.App{Flags: flags(tt.prefix, tt.tc), Action: func(c *cli.Context) error {
			l, err := limitFlags(c, tt.prefix)
			if err != nil {
				got = err.Error()
			} else {
				got = l.String()
			}
			return nil
		}}
		if err := app.Run(append([]string{"x"}, tt.args...)); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%v: %q, want %q", tt.args, got, tt.want)
		}
	}
}

func TestGuardError(t *testing.T) {
	long := &lab.TooLongError{What: "depth 9", Predicted: 3 * time.Hour}
	other := errors.New("no such position")
	tests := []struct {
		name  string
		err   error
		force bool
		want  string
		usage bool
	}{
		{"fits", nil, false, "", false},
		{"too long", long, false, "depth 9 is predicted to take about 3 h 00 min; add --force", true},
		{"too long, forced", long, true, "", false},
		{"other error", other, false, "no such position", false},
		{"other error, forced", other, true, "no such position", false},
	}
	for _, tt := range tests {
		err := guardError(tt.err, tt.force, "add --force")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want || cliapp.IsUsageError(err) != tt.usage {
			t.Errorf("%s: %q (usage %v), want %q (usage %v)", tt.name, got, cliapp.IsUsageError(err), tt.want, tt.usage)
		}
	}
}
