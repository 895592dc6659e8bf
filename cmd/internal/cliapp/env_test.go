package cliapp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/lessons/sandbox"
)

func TestEnvFillDefaults(t *testing.T) {
	t.Parallel()
	var e Env
	e.FillDefaults()
	if e.Stdout != io.Discard || e.Stderr != io.Discard {
		t.Errorf("Stdout, Stderr = %v, %v; want io.Discard", e.Stdout, e.Stderr)
	}
	if e.Ctx != context.Background() {
		t.Errorf("Ctx = %v, want context.Background()", e.Ctx)
	}
	if b, err := io.ReadAll(e.Stdin); err != nil || len(b) != 0 {
		t.Errorf("Stdin reads %q, %v; want empty", b, err)
	}
	// Streams already set are kept.
	var out bytes.Buffer
	e2 := Env{Stdout: &out}
	e2.FillDefaults()
	if e2.Stdout != &out {
		t.Errorf("FillDefaults replaced a set Stdout")
	}
}

func TestEnvResolveColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mode     string
		noColor  string
		terminal bool
		want     bool
		wantErr  string
	}{
		{"", "", true, true, ""},
		{"auto", "", true, true, ""},
		{"auto", "", false, false, ""},
		{"auto", "1", true, false, ""},
		{"always", "1", false, true, ""},
		{"never", "", true, false, ""},
		{"sometimes", "", true, false, `unknown color mode "sometimes"; use --color auto, always or never`},
	}
	for _, tt := range tests {
		e := Env{
			Getenv: func(k string) string {
				if k == "NO_COLOR" {
					return tt.noColor
				}
				return ""
			},
			IsTerminal: func(io.Writer) bool { return tt.terminal },
		}
		err := e.ResolveColor(tt.mode)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ResolveColor(%q) error = %v, want %q", tt.mode, err, tt.wantErr)
			}
			continue
		}
		if err != nil || e.Out.On != tt.want {
			t.Errorf("ResolveColor(%q) NO_COLOR=%q terminal=%v: On = %v, %v; want %v", tt.mode, tt.noColor, tt.terminal, e.Out.On, err, tt.want)
		}
	}
}

func TestEnvVarAndTerminal(t *testing.T) {
	t.Parallel()
	var errb bytes.Buffer
	e := Env{
		Stderr:     &errb,
		Getenv:     func(k string) string { return "v:" + k },
		IsTerminal: func(w io.Writer) bool { return w == &errb },
	}
	if got := e.Var("TERM"); got != "v:TERM" {
		t.Errorf("Var(TERM) = %q, want v:TERM", got)
	}
	if !e.ProgressOn() || e.Terminal(io.Discard) {
		t.Errorf("ProgressOn() = %v, Terminal(io.Discard) = %v; want true, false", e.ProgressOn(), e.Terminal(io.Discard))
	}
	// Without IsTerminal, a buffer is no terminal.
	if (&Env{Stderr: &errb}).ProgressOn() {
		t.Errorf("ProgressOn() on a buffer = true without IsTerminal")
	}
}

// TestOutputs: an ordinary run writes the path as given (a missing folder
// is refused before the run); a lesson cell writes plain names into its
// folder only, and refuses anything else with the one name rule.
func TestOutputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cell := sandbox.NewMemory(sandbox.Quota{})
	tests := []struct {
		files   sandbox.Folder
		name    string
		wantErr string // "" when the name may be written
	}{
		{nil, filepath.Join(dir, "tree.dot"), ""},
		{nil, filepath.Join(dir, "no", "tree.dot"), "cannot write " + filepath.Join(dir, "no", "tree.dot") + ": directory " + filepath.Join(dir, "no") + " does not exist; create it or check the -o path"},
		{cell, "tree.dot", ""},
		{cell, "../tree.dot", `--output "../tree.dot" names a folder: ` + sandbox.NameRule},
		{cell, "/tmp/tree.dot", `--output "/tmp/tree.dot" names a folder: ` + sandbox.NameRule},
		{cell, "my tree.svg", `--output "my tree.svg" has a space: ` + sandbox.NameRule},
	}
	for _, tt := range tests {
		e := Env{Files: tt.files}
		err := e.Outputs().Check("output", tt.name, "tree.svg")
		if tt.wantErr != "" {
			var ue *UsageError
			if err == nil || err.Error() != tt.wantErr || (tt.files != nil) != errors.As(err, &ue) {
				t.Errorf("Check(%q): %v, want %q (a usage error in a cell)", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Check(%q): %v", tt.name, err)
			continue
		}
		if err := e.Outputs().WriteFile(tt.name, []byte("digraph{}")); err != nil {
			t.Errorf("WriteFile(%q): %v", tt.name, err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "tree.dot")); err != nil || string(data) != "digraph{}" {
		t.Errorf("ordinary run: %q, %v", data, err)
	}
	if data, err := cell.ReadFile("tree.dot"); err != nil || string(data) != "digraph{}" {
		t.Errorf("cell: %q, %v", data, err)
	}
	if names := cell.Names(); len(names) != 1 {
		t.Errorf("the cell's folder holds %v, want only tree.dot", names)
	}
}

func TestEnvChild(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	parent := Env{Getenv: func(string) string { return "x" }, IsTerminal: func(io.Writer) bool { return true }}
	for _, color := range []bool{false, true} {
		cell := sandbox.NewMemory(sandbox.Quota{})
		var kinds []string
		c := parent.Child(ctx, &out, &errb, color, cell, func(kind string, _ []output.Field) { kinds = append(kinds, kind) })
		want := map[bool]string{false: "never", true: "always"}[color]
		if c.ColorMode != want || c.Files != cell || c.Stdout != &out || c.Stderr != &errb || c.Ctx != ctx {
			t.Errorf("Child(color %v) = %+v; want ColorMode %q, the cell's folder and the given streams", color, c, want)
		}
		c.Out.Result("summary", struct{}{})
		if len(kinds) != 1 || kinds[0] != "summary" {
			t.Errorf("Child: the results sink received %v, want [summary]", kinds)
		}
		if c.Terminal(&out) || c.Var("NO_COLOR") != "x" {
			t.Errorf("Child: Terminal = %v, Var = %q; want false, x", c.Terminal(&out), c.Var("NO_COLOR"))
		}
	}
}

func TestEnvRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		execute    func() error
		traceback  string
		wantStatus int
		wantErr    string // stderr, or its prefix when traceback is set
	}{
		{"ok", func() error { return nil }, "", ExitOK, ""},
		{"failure", func() error { return errors.New("disk full") }, "", ExitFailure, "plylab: disk full\n"},
		{"usage", func() error { return Usagef("--depth 0; try --depth 5") }, "", ExitUsage, "plylab: --depth 0; try --depth 5\n"},
		{"panic", func() error { panic("kaboom\nsecond line") }, "", ExitInternal,
			"plylab: internal error: kaboom second line; please report this bug\n"},
		{"panic traceback", func() error { panic("kaboom") }, "1", ExitInternal,
			"plylab: internal error: kaboom; please report this bug\ngoroutine "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var errb bytes.Buffer
			e := Env{Stderr: &errb, Getenv: func(k string) string {
				if k == "PLYLAB_TRACEBACK" {
					return tt.traceback
				}
				return ""
			}}
			if got := e.Run(tt.execute); got != tt.wantStatus {
				t.Errorf("status %d, want %d", got, tt.wantStatus)
			}
			got := errb.String()
			if tt.traceback != "" {
				if !strings.HasPrefix(got, tt.wantErr) {
					t.Errorf("stderr = %q, want it to start %q", got, tt.wantErr)
				}
			} else if got != tt.wantErr {
				t.Errorf("stderr = %q, want %q", got, tt.wantErr)
			}
		})
	}
}

func TestHelpCommand(t *testing.T) {
	t.Parallel()
	var got []string
	cmd := HelpCommand("prog", func(args []string) error { got = args; return nil })
	if cmd.Name != "help" || cmd.Usage != "show help for prog or one of its commands" {
		t.Errorf("Name, Usage = %q, %q", cmd.Name, cmd.Usage)
	}
	if !strings.HasSuffix(cmd.Description, "\n   prog help positions show") {
		t.Errorf("Description = %q, want the examples for prog", cmd.Description)
	}
	app := &cli.App{Name: "prog", Commands: []*cli.Command{cmd}, Writer: io.Discard, ErrWriter: io.Discard}
	if err := app.Run([]string{"prog", "help", "positions", "show"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"prog", "positions", "show", "--help"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("execute got %q, want %q", got, want)
	}
}

func TestCheckInputFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(file, []byte("1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, want string
	}{
		{file, ""},
		{filepath.Join(dir, "missing.pgn"), ""}, // left to the reader
		{dir, "cannot read --pgn " + dir + ": is a directory; give a file such as " + filepath.Join(dir, "games.pgn")},
	}
	for _, tt := range tests {
		err := CheckInputFile("--pgn", tt.path, "games.pgn")
		var ue *UsageError
		if tt.want == "" && err != nil || tt.want != "" && (!errors.As(err, &ue) || err.Error() != tt.want) {
			t.Errorf("CheckInputFile(%q) = %v, want %q", tt.path, err, tt.want)
		}
	}
}

func TestRunApp(t *testing.T) {
	t.Parallel()
	newApp := func(ran *[]string) *cli.App {
		show := &cli.Command{Name: "show", Action: func(c *cli.Context) error {
			*ran = append(*ran, "show "+strings.Join(c.Args().Slice(), " ")+" depth="+c.String("depth"))
			return nil
		}, Flags: []cli.Flag{&cli.StringFlag{Name: "depth"}}}
		group := &cli.Command{Name: "positions", Subcommands: []*cli.Command{show}}
		Prepare(group, "prog", UsageErrors())
		return &cli.App{Name: "prog", HelpName: "prog", Commands: []*cli.Command{group},
			Flags:  []cli.Flag{HelpFlag()},
			Writer: io.Discard, ErrWriter: io.Discard, HideHelp: true, HideHelpCommand: true,
			ExitErrHandler: func(*cli.Context, error) {}}
	}
	tests := []struct {
		args    []string
		wantRan string
		wantErr string
	}{
		{[]string{"prog", "positions", "show", "wac", "--depth", "3"}, "show wac depth=3", ""},
		{[]string{"prog", "positions", "show", "--depth=3", "kiwi"}, "show kiwi depth=3", ""},
		{[]string{"prog", "positons", "--help"}, "", `unknown command "positons"; did you mean "positions"? run 'prog --help' to list the commands`},
		{[]string{"prog", "positions", "shw", "--help"}, "", `unknown command "positions shw"; did you mean "positions show"? run 'prog positions --help' to list the commands`},
		{nil, "", ""},
	}
	for _, tt := range tests {
		var ran []string
		err := RunApp(context.Background(), newApp(&ran), tt.args)
		got := ""
		if err != nil {
			got = err.Error()
			var ue *UsageError
			if !errors.As(err, &ue) {
				t.Errorf("%q: error %v is not a usage error", tt.args, err)
			}
		}
		if got != tt.wantErr || strings.Join(ran, "; ") != tt.wantRan {
			t.Errorf("%q: ran %q, error %q; want %q, %q", tt.args, ran, got, tt.wantRan, tt.wantErr)
		}
	}
}
