package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/engine/board"
)

// Flags -> options for lesson list, run, export and check, play and uci,
// apart from their runs (tested by the lesson, play and uci tests).

// withAllCommands is newCmd given an env that lists plylab's own
// commands, which the lessons' cells are checked against when loaded.
func withAllCommands[O any](newCmd func(*appEnv, func(context.Context, *O) error) *cli.Command) func(*appEnv, func(context.Context, *O) error) *cli.Command {
	return func(e *appEnv, runF func(context.Context, *O) error) *cli.Command {
		full := &appEnv{Env: e.Env}
		return newCmd(full, runF)
	}
}

func TestLessonOptions(t *testing.T) {
	t.Parallel()
	l, msg := parseOptions(t, withAllCommands(newLessonListCommand), "list", "-f", "csv")
	if l == nil || l.Format != "csv" || len(l.Lessons) == 0 || l.Lessons[0].Slug != "01-game-trees" {
		t.Errorf("lesson list -f csv: %+v (%s)", l, msg)
	}
	wantParseError(t, withAllCommands(newLessonListCommand), "'lesson list' takes no arguments; to run a lesson: plylab lesson run 3", "list", "3")

	r, msg := parseOptions(t, withAllCommands(newLessonRunCommand), "run", "alphabeta", "--step", "--files", "pics", "-w", "100")
	if r == nil || r.Lesson.Ref != "alphabeta" || r.Lesson.Files != "pics" || r.Lesson.Lesson == nil || !r.Terminal.Step || r.Terminal.Width != 100 ||
		r.Terminal.In == nil || !r.Terminal.Echo || r.Runner == nil {
		t.Errorf("lesson run alphabeta --step --files pics -w 100: %+v (%s)", r, msg)
	}
	if r, _ := parseOptions(t, withAllCommands(newLessonRunCommand), "run", "1"); r == nil || r.Terminal.Step || r.Terminal.Width != 80 || r.Lesson.Files != "" {
		t.Errorf("lesson run 1: defaults %+v", r)
	}
	wantParseError(t, withAllCommands(newLessonRunCommand), "name one lesson, e.g. 'plylab lesson run 3'", "run")
	wantParseError(t, withAllCommands(newLessonRunCommand), "run 'plylab lesson list' to see the lessons", "run", "nosuch")

	e, msg := parseOptions(t, withAllCommands(newLessonExportCommand), "export", "1", "3", "--format", "md", "-o", "notes")
	if e == nil || e.Format != "md" || e.Output != "notes" || len(e.Batch.Lessons) != 2 || e.Batch.Jobs < 1 || e.Batch.NewRun == nil {
		t.Errorf("lesson export 1 3 --format md -o notes: %+v (%s)", e, msg)
	}
	wantParseError(t, withAllCommands(newLessonExportCommand), `unknown format "pdf"; use --format html, md or site`, "export", "all", "-f", "pdf", "-o", "x")
	wantParseError(t, withAllCommands(newLessonExportCommand), "name the lessons to export", "export", "-o", "x")

	c, msg := parseOptions(t, withAllCommands(newLessonCheckCommand), "check", "3", "-j", "2", "--golden", "g")
	if c == nil || len(c.Batch.Lessons) != 1 || c.Batch.Jobs != 2 || c.Check.GoldenDir != "g" || !c.Check.ReadGoldenDir || c.Check.Update {
		t.Errorf("lesson check 3 -j 2 --golden g: %+v (%s)", c, msg)
	}
	if c, _ := parseOptions(t, withAllCommands(newLessonCheckCommand), "check"); c == nil || c.Check.GoldenDir != filepath.Join("lessons", "testdata") || c.Check.ReadGoldenDir ||
		len(c.Batch.Lessons) != len(l.Lessons) {
		t.Errorf("lesson check: defaults %+v", c)
	}
	wantParseError(t, withAllCommands(newLessonCheckCommand), "run 'plylab lesson list' to see the lessons", "check", "nosuch")
}

func TestPlayOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args   []string
		human  board.Color
		level  string
		limits time.Duration
		depth  int
		algo   string
		fen    string
	}{
		{[]string{"play"}, board.White, "club: depth 4, pst evaluation", 0, 4, "engine", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{[]string{"play", "--color", "black", "--depth", "3", "--algo", "engine-without-null", "-p", "kiwipete"}, board.Black, "", 0, 3, "engine-without-null",
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{[]string{"play", "-c", "never", "--movetime", "500ms"}, board.White, "", 500 * time.Millisecond, 0, "engine", ""},
	} {
		o, msg := parseOptions(t, newPlayCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if o.Levels || o.Human != tt.human || o.Limits.MoveTime != tt.limits || o.Limits.Depth != tt.depth || o.Options.Name != tt.algo ||
			(tt.level != "" && o.Level != tt.level) || (tt.fen != "" && o.StartFEN != tt.fen) || o.Stdin == nil || o.Terminal || o.Rand == nil {
			t.Errorf("%v: got human %v, level %q, limits %+v, algo %s, fen %q", tt.args, o.Human, o.Level, o.Limits, o.Options.Name, o.StartFEN)
		}
	}
	if o, _ := parseOptions(t, newPlayCommand, "play", "--levels", "--color", "purple"); o == nil || !o.Levels {
		t.Errorf("play --levels: %+v", o)
	}
	wantParseError(t, newPlayCommand, `unknown --color "purple"; use white, black or random`, "play", "--color", "purple")
	wantParseError(t, newPlayCommand, "play takes one --algo, got 2", "play", "--algo", "minimax,alphabeta")
	wantParseError(t, newPlayCommand, "use --load or --fen/--position, not both", "play", "--load", "g.pgn", "-p", "kiwipete")
}

func TestUCIOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newUCICommand, "uci")
	if o == nil || o.Stdin == nil || o.Config.Version != testEnv().build().Short() || o.Config.OpenBook == nil {
		t.Errorf("uci: %+v (%s)", o, msg)
	}
	wantParseError(t, newUCICommand, `uci takes no arguments, got "go"; send UCI commands on stdin instead`, "uci", "go")
}
