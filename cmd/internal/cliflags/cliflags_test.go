package cliflags

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/urfave/cli/v2"
)

// Limit, flags to limit, for the engine and the opponent prefix and
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
			l, err := Limit(c, tt.prefix)
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

// run runs read inside a cli action over flags and args, for the readers
// that need a cli.Context.
func run(t *testing.T, flags []cli.Flag, args []string, read func(c *cli.Context) error) error {
	t.Helper()
	var got error
	app := &cli.App{Flags: flags, Action: func(c *cli.Context) error { got = read(c); return nil }}
	if err := app.Run(append([]string{"x"}, args...)); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestThreadsAndDuration(t *testing.T) {
	flags := []cli.Flag{ThreadsFlag(), &cli.StringFlag{Name: "margin"}}
	tests := []struct {
		args    []string
		threads int
		margin  time.Duration
		want    string // the error, or ""
	}{
		{nil, 1, 0, `--margin "": expected`},
		{[]string{"--threads", "2", "--margin", "250"}, 2, 250 * time.Millisecond, ""},
		{[]string{"--threads", "64", "--margin", "1s"}, 64, time.Second, ""},
		{[]string{"--threads", "0", "--margin", "1s"}, 0, 0, "--threads must be between 1 and 64, got 0; try --threads 2"},
		{[]string{"--threads", "65", "--margin", "1s"}, 0, 0, "--threads must be between 1 and 64, got 65; try --threads 2"},
	}
	for _, tt := range tests {
		var n int
		var d time.Duration
		err := run(t, flags, tt.args, func(c *cli.Context) error {
			var err error
			if n, err = Threads(c); err != nil {
				return err
			}
			d, err = Duration(c, "margin")
			return err
		})
		switch {
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !cliapp.IsUsageError(err)):
			t.Errorf("%v: %v, want a usage error containing %q", tt.args, err, tt.want)
		case tt.want == "" && (err != nil || n != tt.threads || d != tt.margin):
			t.Errorf("%v: %d threads, margin %v, %v; want %d, %v", tt.args, n, d, err, tt.threads, tt.margin)
		}
	}
}

func TestNetAndBook(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.nnue")
	if err := os.WriteFile(junk, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		err   error
		want  string
		usage bool
	}{
		{"missing network", netErr("--net", filepath.Join(dir, "none.nnue")), "none.nnue", true},
		{"not a network", netErr("--net", junk), "--net " + junk + ": ", true},
		{"missing book", bookErr(filepath.Join(dir, "none.bin")), "none.bin", true},
		{"not a book", bookErr(junk), junk, false},
	}
	for _, tt := range tests {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) || cliapp.IsUsageError(tt.err) != tt.usage {
			t.Errorf("%s: %v (usage %v), want an error containing %q (usage %v)", tt.name, tt.err, cliapp.IsUsageError(tt.err), tt.want, tt.usage)
		}
	}
	if n, size, err := Net("--net", junk); n != nil || size != 0 || err == nil {
		t.Errorf("Net of a junk file: %v, %d, %v", n, size, err)
	}
}

func netErr(flag, path string) error {
	_, _, err := Net(flag, path)
	return err
}

func bookErr(path string) error {
	_, _, err := OpenBook(path, "")
	return err
}
