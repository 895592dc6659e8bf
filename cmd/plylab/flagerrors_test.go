package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// TestFlagValueErrors: every flag whose value has a format answers a bad
// value with one line that names the flag, quotes the value and shows the
// expected form, and exit status 2.
func TestFlagValueErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--movetime", "fast"}, `plylab: --movetime "fast": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000; run 'plylab search --help' for usage`},
		{[]string{"search", "--movetime", "0"}, `plylab: --movetime "0": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000; run 'plylab search --help' for usage`},
		{[]string{"play", "--movetime", "2x"}, `plylab: --movetime "2x": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000; run 'plylab play --help' for usage`},
		{[]string{"match", "--opponent-movetime", "1.5"}, `plylab: --opponent-movetime "1.5": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000; run 'plylab match --help' for usage`},
		{[]string{"match", "--time-margin", "soon"}, `plylab: --time-margin "soon": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000; run 'plylab match --help' for usage`},
		{[]string{"search", "--depth", "x"}, `plylab: --depth "x": expected a depth in plies like 5; run 'plylab search --help' for usage`},
		{[]string{"compare", "--depth", "3-x"}, `plylab: --depth "3-x": expected a depth like 5 or a range like 1-6; run 'plylab compare --help' for usage`},
		{[]string{"compare", "--depth", "0-3"}, `plylab: --depth "0-3": expected depths from 1 to 30, a range low-high like 1-6; run 'plylab compare --help' for usage`},
		{[]string{"search", "--hash", "big"}, `plylab: --hash "big": expected a size in MB like 16; run 'plylab search --help' for usage`},
		{[]string{"tree", "--max-nodes", "1e6"}, `plylab: --max-nodes "1e6": expected a whole number of nodes like 100000; run 'plylab tree --help' for usage`},
		{[]string{"search", "--nodes", "-5"}, `plylab: --nodes "-5": expected a whole number of nodes like 100000; run 'plylab search --help' for usage`},
		{[]string{"match", "--games", "many"}, `plylab: --games "many": expected a number of games like 100; run 'plylab match --help' for usage`},
		{[]string{"match", "--tc", "10+x"}, `plylab: --tc: bad time control "10+x": the increment "x" is not a number of seconds; write BASE+INC in seconds, e.g. 10+0.1, 60, 1:30+1 or 40/60`},
		{[]string{"compare", "--algo", "alphabeat"}, `plylab: --algo "alphabeat": unknown algorithm; did you mean "alphabeta"? choose minimax, alphabeta, engine, ramz, paper-minimax or paper-alphabeta, optionally with switches such as engine-without-null`},
		{[]string{"compare", "--with", "nul"}, `plylab: --with "nul": unknown technique; did you mean "null"? run 'plylab techniques' to list them`},
		{[]string{"compare", "--without", "xyzzyq"}, `plylab: --without "xyzzyq": unknown technique; expected a comma-separated list like null,lmr (run 'plylab techniques' to list them)`},
		{[]string{"search", "--threads", "0"}, `plylab: --threads must be between 1 and 64, got 0; try --threads 2`},
		{[]string{"search", "--algo", "alphabeta", "--threads", "2"}, `plylab: --threads 2: only the full engine searches on several threads, not alphabeta; drop --threads or use --algo engine`},
		{[]string{"match", "--threads", "65"}, `plylab: --threads must be between 1 and 64, got 65; try --threads 2`},
		{[]string{"match", "--engine", "minimax", "--threads", "2"}, `plylab: --threads 2: only the full engine searches on several threads, not minimax; drop --threads or use --engine engine`},
		{[]string{"positions", "show", "start", "--flip=maybe"}, `plylab: --flip "maybe": expected true or false; run 'plylab positions show --help' for usage`},
	} {
		r := runCLI(t, tc.args...)
		if r.code != cliapp.ExitUsage || r.stderr != tc.want+"\n" {
			t.Errorf("%v: status %d, stderr %q\nwant status 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// TestMovetimeBareMilliseconds: --movetime 1000 is a second, as in UCI.
func TestMovetimeBareMilliseconds(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "search", "--fen", "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", "--movetime", "50", "--nodes", "2000")
	if r.code != cliapp.ExitOK {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
}

// TestDirectoryInputs: a directory where a file to read is expected is
// one usage line at once, for every reader of user files. (Reading a
// directory once made book build and tune retry for ever; the context's
// deadline bounds the test should that come back: book build then stops
// with "interrupted", which fails the row.)
func TestDirectoryInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"book", "build", "--pgn", dir, "-o", filepath.Join(dir, "b.bin")},
			"cannot read --pgn " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "games.pgn")},
		{[]string{"tune", "--pgn", dir, "--epochs", "1"},
			"cannot read --pgn " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "games.pgn")},
		{[]string{"match", "--openings", dir, "--games", "2"},
			"cannot read --openings " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "openings.epd")},
		{[]string{"play", "--load", dir},
			"cannot read --load " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "game.pgn")},
		{[]string{"lesson", "run", dir},
			"cannot read lesson file " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "lesson.md")},
		{[]string{"lesson", "check", dir},
			"folder " + dir + " has no lesson files (*.md); give a folder of lesson files, or a file such as " + filepath.Join(dir, "lesson.md")},
		{[]string{"tree", "--toy-file", dir},
			"cannot read --toy-file " + dir + ": is a directory; run 'plylab tree --help' for usage"},
	} {
		env := testEnv()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		env.Ctx = ctx
		r := runIn(t, env, tc.args...)
		cancel()
		if r.code != cliapp.ExitUsage || r.stderr != "plylab: "+tc.want+"\n" || r.stdout != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q\nwant status 2 and %q", tc.args, r.code, r.stdout, r.stderr, "plylab: "+tc.want)
		}
	}
}
