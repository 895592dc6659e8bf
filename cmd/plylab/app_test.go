package main

import (
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// plylab version and plylab --version print the same: the version, the
// commit and toolchain from the build information (injected here), and
// the bench signature stored in engine/app/lab.
func TestVersion(t *testing.T) {
	t.Parallel()
	const commit = "59bc69d0f1e2d3c4b5a69788796a5b4c3d2e1f00"
	info := func(v string, modified string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: v}, Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: commit}, {Key: "vcs.modified", Value: modified}}}, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	text := "plylab " + version + "\n" +
		"commit  " + commit + "\n" +
		"go      go1.26.8\n" +
		"bench   1068591 nodes (plylab bench: depth 8, 16 MB hash)\n"
	for _, tc := range []struct {
		name string
		bi   func() (*debug.BuildInfo, bool)
		args []string
		want string
	}{
		{"command", info("(devel)", "false"), []string{"version"}, text},
		{"flag", info("(devel)", "false"), []string{"--version"}, text},
		{"flag after a global flag", info("(devel)", "false"), []string{"--color", "never", "--version"}, text},
		{"tagged and modified", info("v0.11.3+dirty", "true"), []string{"version"},
			"plylab 0.11.3\ncommit  " + commit + " (modified)\ngo      go1.26.8\nbench   1068591 nodes (plylab bench: depth 8, 16 MB hash)\n"},
		{"no build information", none, []string{"--version"},
			"plylab " + version + "\ncommit  unknown (built without version control information)\ngo      unknown\nbench   1068591 nodes (plylab bench: depth 8, 16 MB hash)\n"},
		{"json", info("v0.11.3", "false"), []string{"version", "--format", "json"},
			"{\n  \"version\": \"0.11.3\",\n  \"commit\": \"" + commit + "\",\n  \"modified\": false,\n  \"go_version\": \"go1.26.8\",\n  \"bench_signature\": 1068591\n}\n"},
		{"json without build information", none, []string{"version", "-f", "json"},
			"{\n  \"version\": \"" + version + "\",\n  \"commit\": null,\n  \"modified\": false,\n  \"go_version\": \"\",\n  \"bench_signature\": 1068591\n}\n"},
		{"csv", info("(devel)", "true"), []string{"version", "-f", "csv"},
			"field,value\nversion," + version + "\ncommit," + commit + "\nmodified,true\ngo_version,go1.26.8\nbench_signature,1068591\n"},
	} {
		env := testEnv()
		env.buildInfo = tc.bi
		r := runIn(t, env, tc.args...)
		wantOK(t, r)
		if r.stdout != tc.want {
			t.Errorf("%s: plylab %s printed\n%s\nwant\n%s", tc.name, strings.Join(tc.args, " "), r.stdout, tc.want)
		}
	}
	if version != defaultVersion {
		t.Errorf("version = %q, want the source's %q (a test build sets no -ldflags)", version, defaultVersion)
	}
	wantParseError(t, newVersionCommand, `unexpected argument "now"`, "version", "now")
	wantParseError(t, newVersionCommand, `unknown format "xml"`, "version", "--format", "xml")
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {}} {
		r := runCLI(t, args...)
		wantOK(t, r)
		for _, want := range []string{"USAGE:", "positions", "list and show the built-in positions", "--color"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("plylab %v: help lacks %q:\n%s", args, want, r.stdout)
			}
		}
	}
}

func TestCommandHelpShowsExamples(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"positions", "--help"},
		{"positions", "show", "--help"},
		{"positions", "show", "wac", "-h"},
		{"help", "positions", "show"},
		{"positions", "list", "--help"},
	} {
		r := runCLI(t, args...)
		wantOK(t, r)
		if !strings.Contains(r.stdout, "Examples:") {
			t.Errorf("plylab %v: no examples in help:\n%s", args, r.stdout)
		}
	}
}

// Every command needs a one-line Usage and a Description with examples.
func TestEveryCommandIsDocumented(t *testing.T) {
	t.Parallel()
	app := newApp(testEnv())
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := path + " " + c.Name
			if c.Usage == "" || strings.Contains(c.Usage, "\n") {
				t.Errorf("%s: Usage must be one line, got %q", name, c.Usage)
			}
			if !strings.Contains(c.Description, "Examples:") {
				t.Errorf("%s: Description must contain \"Examples:\"", name)
			}
			walk(name, c.Subcommands)
		}
	}
	walk("plylab", app.Commands)
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string // substring of the error line
	}{
		{[]string{"nosuch"}, `unknown command "nosuch"`},
		{[]string{"positionz"}, `did you mean "positions"`},
		{[]string{"positions", "nosuch"}, `unknown command "positions nosuch"`},
		{[]string{"positions", "nosuch", "--help"}, `unknown command "positions nosuch"`},
		{[]string{"help", "nosuch"}, `unknown command "nosuch"`},
		{[]string{"--nosuchflag"}, "unknown flag --nosuchflag"},
		{[]string{"positions", "show", "--nosuchflag"}, "unknown flag --nosuchflag; run 'plylab positions show --help' for usage"},
		{[]string{"positions", "show", "--fen"}, "flag --fen needs a value"},
		{[]string{"positions", "show", "--flip=maybe"}, `--flip "maybe": expected true or false`},
		{[]string{"--color", "purple", "positions", "list"}, `unknown color mode "purple"`},
		{[]string{"positions", "list", "--format", "xml"}, `unknown format "xml"; use --format table, csv, json, markdown`},
		{[]string{"positions", "show", "start", "-f", "yaml"}, `unknown format "yaml"`},
		{[]string{"positions", "show", "no-such-position"}, "no-such-position"},
		{[]string{"positions", "show", "--position", "no-such-position"}, "no-such-position"},
		{[]string{"positions", "show", "--suite", "no-such-suite"}, "no-such-suite"},
		{[]string{"positions", "show", "wac", "--id", "NO.SUCH"}, "NO.SUCH"},
		{[]string{"positions", "show", "--id", "WAC.004"}, "--id needs --suite"},
		{[]string{"positions", "show", "--position", "start", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, "only one of"},
		{[]string{"positions", "show", "start", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, "not both"},
		{[]string{"positions", "show", "start", "kiwipete"}, "too many arguments"},
		{[]string{"positions", "show", "--fen", "4k3/8/8/8/8/8/8/4K1KR w - - 0 1"}, `invalid FEN "4k3/8/8/8/8/8/8/4K1KR w - - 0 1": two white kings; `},
		{[]string{"positions", "show", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"}, "expected 6 fields, found 5"},
		{[]string{"positions", "list", "extra"}, "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			line := wantUsageError(t, runCLI(t, tt.args...))
			if !strings.Contains(line, tt.want) {
				t.Errorf("error line %q does not contain %q", line, tt.want)
			}
			if !strings.Contains(line, "; ") && !strings.Contains(line, "(try ") {
				t.Errorf("error line %q does not say what to do (\"; ...\")", line)
			}
		})
	}
}

func TestPanicIsInternalError(t *testing.T) {
	t.Parallel()
	env := testEnv()
	var out, errb strings.Builder
	env.Stdout, env.Stderr = &out, &errb
	// A command that panics, run through the same recovery as runWith.
	boom := &cli.Command{
		Name: "boom", Usage: "panic", Description: "Examples:\n   plylab boom",
		Action: func(*cli.Context) error { panic("kaboom") },
	}
	env.commands = func(*appEnv) []*cli.Command { return []*cli.Command{boom} }
	code := runWith(env, []string{"plylab", "boom"})
	if code != cliapp.ExitInternal {
		t.Errorf("exit %d, want %d", code, cliapp.ExitInternal)
	}
	if got := errb.String(); !strings.HasPrefix(got, "plylab: internal error: kaboom") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr = %q", got)
	}
}

func TestColorModes(t *testing.T) {
	t.Parallel()
	const esc = "\x1b["
	tty := func(env *appEnv) *appEnv {
		env.IsTerminal = func(io.Writer) bool { return true }
		return env
	}
	noColor := func(env *appEnv) *appEnv {
		env.Getenv = func(k string) string {
			if k == "NO_COLOR" {
				return "1"
			}
			return ""
		}
		return env
	}
	tests := []struct {
		name  string
		env   *appEnv
		args  []string
		color bool
	}{
		{"auto, not a terminal", testEnv(), nil, false},
		{"auto, terminal", tty(testEnv()), nil, true},
		{"auto, terminal, NO_COLOR", noColor(tty(testEnv())), nil, false},
		{"always", testEnv(), []string{"--color", "always"}, true},
		{"always beats NO_COLOR", noColor(testEnv()), []string{"--color=always"}, true},
		{"never on a terminal", tty(testEnv()), []string{"--color", "never"}, false},
		{"flag after the command", tty(testEnv()), []string{"positions", "list", "--color", "never"}, false},
		{"env mode always", func() *appEnv { e := testEnv(); e.ColorMode = "always"; return e }(), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args := tt.args
			if len(args) == 0 || args[0] != "positions" {
				args = append(args, "positions", "list")
			}
			r := runIn(t, tt.env, args...)
			wantOK(t, r)
			if got := strings.Contains(r.stdout, esc); got != tt.color {
				t.Errorf("color = %v, want %v:\n%s", got, tt.color, r.stdout)
			}
		})
	}
}

func TestNormalizeArgs(t *testing.T) {
	t.Parallel()
	app := newApp(testEnv())
	tests := []struct{ in, want string }{
		{"plylab positions show wac --id WAC.004", "plylab positions show --id WAC.004 wac"},
		{"plylab positions show wac --id=WAC.004 --flip", "plylab positions show --id=WAC.004 --flip wac"},
		{"plylab positions list --color never -f csv", "plylab --color never positions list -f csv"},
		{"plylab positions show --fen -x", "plylab positions show --fen -x"},
		{"plylab positions show start -- -x", "plylab positions show -- start -x"},
		{"plylab positions show start --bogus", "plylab positions show --bogus start"},
		{"plylab nosuch --help", "plylab --help nosuch"},
		{"plylab positions show list", "plylab positions show list"},
		{"plylab positions show wac -h", "plylab positions show -h"},
		{"plylab positions nosuch -h", "plylab positions -h nosuch"},
		{"plylab", "plylab"},
	}
	for _, tt := range tests {
		got := strings.Join(cliapp.NormalizeArgs(app, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("normalizeArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	names := []string{"positions", "perft", "compare", "help"}
	for in, want := range map[string]string{"posit": "positions", "pertf": "perft", "compar": "compare", "zzz": "", "hlep": "help"} {
		if got := textfmt.Suggest(in, names); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

// Many runs at once share nothing (run with -race).
func TestConcurrentRuns(t *testing.T) {
	t.Parallel()
	want := runCLI(t, "positions", "show", "kiwipete")
	wantOK(t, want)
	done := make(chan result)
	for i := 0; i < 8; i++ {
		go func(i int) {
			var out, errb strings.Builder
			env := testEnv()
			env.Stdout, env.Stderr = &out, &errb
			args := []string{"plylab", "positions", "show", "kiwipete"}
			if i%2 == 1 {
				args = append(args, "--help")
			}
			code := runWith(env, args)
			done <- result{out.String(), errb.String(), code}
		}(i)
	}
	for i := 0; i < 8; i++ {
		r := <-done
		if r.code != 0 || r.stderr != "" {
			t.Errorf("concurrent run: exit %d, stderr %q", r.code, r.stderr)
		}
		if !strings.Contains(r.stdout, "Examples:") && r.stdout != want.stdout {
			t.Errorf("concurrent run: unexpected output:\n%s", r.stdout)
		}
	}
}

func TestRequiredFlagIsUsageError(t *testing.T) {
	t.Parallel()
	env := testEnv()
	ran := false
	env.commands = func(*appEnv) []*cli.Command {
		return []*cli.Command{{
			Name: "need", Usage: "needs --depth", Description: "Examples:\n   plylab need --depth 3",
			Flags:  []cli.Flag{&cli.IntFlag{Name: "depth", Required: true}},
			Before: func(*cli.Context) error { return cliapp.Usagef("before failed") },
			Action: func(*cli.Context) error { ran = true; return nil },
		}}
	}
	line := wantUsageError(t, runIn(t, env, "need"))
	if line != "plylab: missing required flag --depth; run 'plylab need --help' for usage" {
		t.Errorf("got %q", line)
	}
	line = wantUsageError(t, runIn(t, env, "need", "--depth", "3"))
	if line != "plylab: before failed; run 'plylab need --help' for usage" {
		t.Errorf("got %q", line)
	}
	if ran {
		t.Error("action ran after Before failed")
	}
	r := runIn(t, env, "need", "--help")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "--depth") {
		t.Errorf("help lacks --depth:\n%s", r.stdout)
	}
}
