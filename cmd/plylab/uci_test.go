package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// `plylab uci` in-process: commands on env.Stdin, answers on env.Stdout.
func TestUCICommandHandshake(t *testing.T) {
	t.Parallel()
	env := testEnv()
	env.Stdin = strings.NewReader("uci\nisready\nquit\n")
	r := runIn(t, env, "uci")
	wantOK(t, r)
	// The version depends on the build; the rest is fixed.
	out := regexp.MustCompile(`(?m)^id name plylab .*$`).ReplaceAllString(r.stdout, "id name plylab <version>")
	golden(t, "uci_handshake", out)
}

func TestUCICommandSearch(t *testing.T) {
	t.Parallel()
	env := testEnv()
	// No quit: the end of the input lets the search finish first.
	env.Stdin = strings.NewReader("setoption name Hash value 4\nposition startpos moves e2e4\nxyzzy\ngo depth 4\n")
	r := runIn(t, env, "uci")
	wantOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[0], `info string unknown command "xyzzy"`) ||
		!strings.HasPrefix(lines[4], "info depth 4 ") || !strings.HasPrefix(lines[5], "bestmove ") {
		t.Errorf("output:\n%s", r.stdout)
	}
}

func TestUCICommandUsage(t *testing.T) {
	t.Parallel()
	line := wantUsageError(t, runCLI(t, "uci", "now"))
	if !strings.Contains(line, `uci takes no arguments, got "now"`) {
		t.Errorf("got %q", line)
	}
}

// OwnBook is wired to engine/app/book: a Polyglot book built from the book
// package's test games plays the first move.
func TestUCICommandOwnBook(t *testing.T) {
	t.Parallel()
	const path = "../../engine/app/book/testdata/grandswiss2019_20_polyglot.bin"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no test book: %v", err)
	}
	env := testEnv()
	env.Stdin = strings.NewReader("setoption name BookFile value " + path +
		"\nsetoption name OwnBook value true\nisready\nposition startpos\ngo depth 20\n")
	r := runIn(t, env, "uci")
	wantOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 || lines[0] != "readyok" || !strings.HasPrefix(lines[1], "info string book move ") ||
		lines[2] != "bestmove "+strings.TrimPrefix(lines[1], "info string book move ") {
		t.Errorf("output:\n%s", r.stdout)
	}
}
