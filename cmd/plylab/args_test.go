package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// takesArgs are the commands with positional arguments; every other
// command must reject a stray one.
var takesArgs = []string{"bench", "help", "positions show", "lesson run", "lesson export", "lesson check", "nnue show"}

// requiredFlags are values for flags a command requires, so that the run
// reaches the argument check.
var requiredFlags = map[string][]string{
	"book build":   {"--pgn", "games.pgn", "--output", "book.bin"},
	"nnue datagen": {"--output", "data.bin"},
	"nnue train":   {"--data", "data.bin", "--output", "my.nnue"},
	"nnue label":   {"--data", "data.bin", "--teacher", "stockfish", "--output", "taught.bin"},
}

// leafCommands lists the paths of the commands without subcommands, e.g.
// "book show".
func leafCommands(prefix string, cmds []*cli.Command) []string {
	var out []string
	for _, c := range cmds {
		path := strings.TrimSpace(prefix + " " + c.Name)
		if len(c.Subcommands) > 0 {
			out = append(out, leafCommands(path, c.Subcommands)...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// TestCommandsRejectStrayArgs runs every command that takes no positional
// arguments with one ("extra"): each must stop with a one-line usage error
// (exit 2) that names it, before doing any work. `plylab search extra`
// used to search the start position.
func TestCommandsRejectStrayArgs(t *testing.T) {
	leaves := leafCommands("", newApp(testEnv()).Commands)
	for _, name := range takesArgs {
		if !slices.Contains(leaves, name) {
			t.Errorf("takesArgs names %q, which is not a command (commands: %v)", name, leaves)
		}
	}
	checked := 0
	for _, path := range leaves {
		if slices.Contains(takesArgs, path) {
			continue
		}
		checked++
		t.Run(path, func(t *testing.T) {
			args := append(strings.Fields(path), requiredFlags[path]...)
			line := wantUsageError(t, runCLI(t, append(args, "extra")...))
			if !strings.Contains(line, "extra") {
				t.Errorf("error %q does not name the stray argument \"extra\"", line)
			}
		})
	}
	if checked < 15 {
		t.Errorf("checked %d commands, want at least 15 (commands: %v)", checked, leaves)
	}
}
