package cliapp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestFlagErrorMessage(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"flag provided but not defined: -nosuch":           "unknown flag --nosuch",
		"flag provided but not defined: -x":                "unknown flag -x",
		"flag needs an argument: -fen":                     "flag --fen needs a value",
		`invalid value "x" for flag -depth: parse error`:   `--depth "x": expected a depth in plies like 5`,
		`invalid boolean value "x" for -flip: parse error`: `--flip "x": expected true or false`,
		"something else":                                   "something else",
	}
	for in, want := range tests {
		if got := FlagErrorMessage(errors.New(in)); got != want {
			t.Errorf("FlagErrorMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDashName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"h": "-h", "-h": "-h", "depth": "--depth", "--depth": "--depth", "é": "-é"} {
		if got := DashName(in); got != want {
			t.Errorf("DashName(%q) = %q, want %q", in, got, want)
		}
	}
}

// testApp is a small app: a global --color, a command "show" (alias
// "s") with --id (a value) and --flip (a switch), and a group "book"
// with a subcommand "make" that has -o.
func testApp() *cli.App {
	return &cli.App{
		Name:  "p",
		Flags: []cli.Flag{&cli.StringFlag{Name: "color"}},
		Commands: []*cli.Command{
			{Name: "show", Aliases: []string{"s"}, Flags: []cli.Flag{
				&cli.StringFlag{Name: "id", Required: true},
				&cli.BoolFlag{Name: "flip"},
				&cli.BoolFlag{Name: "help", Aliases: []string{"h"}},
			}},
			{Name: "book", Subcommands: []*cli.Command{
				{Name: "make", Flags: []cli.Flag{&cli.StringFlag{Name: "output", Aliases: []string{"o"}}}},
			}},
		},
	}
}

func TestFind(t *testing.T) {
	t.Parallel()
	app := testApp()
	show := app.Commands[0]
	if f := FindFlag(show.Flags, "flip"); f == nil || f.Names()[0] != "flip" {
		t.Errorf("FindFlag(flip) = %v", f)
	}
	if f := FindFlag(show.Flags, "h"); f == nil || f.Names()[0] != "help" {
		t.Errorf("FindFlag(h) = %v, want the help flag by its alias", f)
	}
	if FindFlag(show.Flags, "nosuch") != nil || HasFlag(show.Flags, "color") || !HasFlag(app.Flags, "color") {
		t.Error("HasFlag/FindFlag found a flag that is not there, or missed one")
	}
	if c := FindCommand(app.Commands, "s"); c != show {
		t.Errorf("FindCommand(s) = %v, want show by its alias", c)
	}
	if FindCommand(app.Commands, "make") != nil {
		t.Error("FindCommand found a subcommand at the top level")
	}
}

func TestClearRequired(t *testing.T) {
	t.Parallel()
	f := &cli.StringFlag{Name: "id", Required: true}
	if !ClearRequired(f) || f.Required {
		t.Errorf("ClearRequired(StringFlag): Required = %v", f.Required)
	}
	var nilFlag *cli.StringFlag
	if ClearRequired(nilFlag) {
		t.Error("ClearRequired of a nil flag reported success")
	}
}

type noRequired struct{ cli.Flag }

func TestClearRequiredWithoutField(t *testing.T) {
	t.Parallel()
	if ClearRequired(noRequired{&cli.StringFlag{Name: "x"}}) {
		t.Error("ClearRequired of a flag value without a Required field reported success")
	}
}

func TestNormalizeArgs(t *testing.T) {
	t.Parallel()
	app := testApp()
	for _, tt := range []struct{ in, want string }{
		{"p", "p"},
		{"p show x --id 4", "p show --id 4 x"},
		{"p show x --id=4 --flip y", "p show --id=4 --flip x y"},
		{"p s x --color never", "p --color never s x"},
		{"p book make -o dir extra --color=always", "p --color=always book make -o dir extra"},
		{"p show x --bogus", "p show --bogus x"},
		{"p show x -- -y", "p show -- x -y"},
		{"p show -- x", "p show -- x"},
		{"p show x -h", "p show -h"},
		{"p book nosuch --help", "p book --help nosuch"},
		{"p show - x", "p show - x"},
	} {
		if got := strings.Join(NormalizeArgs(app, strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("NormalizeArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReadBuild(t *testing.T) {
	t.Parallel()
	const full = "0123456789abcdef0123456789abcdef01234567"
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: full}, {Key: "vcs.modified", Value: "false"}}
	dirty := []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}
	main := func(v string, s []debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: v}, Settings: s}
	}
	for _, tt := range []struct {
		v     string
		bi    *debug.BuildInfo
		want  Build
		short string
	}{
		{"0.12.0-dev", nil, Build{Version: "0.12.0-dev"}, "0.12.0-dev"},
		{"0.12.0-dev", main("(devel)", nil), Build{Version: "0.12.0-dev", GoVersion: "go1.26.8"}, "0.12.0-dev"},
		// A tagged commit, or go install ...@v0.11.3: the module's version.
		{"0.12.0-dev", main("v0.11.3", rev), Build{Version: "0.11.3", Commit: full, GoVersion: "go1.26.8"}, "0.11.3 (rev 0123456789ab)"},
		{"0.12.0-dev", main("v0.11.3+dirty", dirty), Build{Version: "0.11.3", Commit: "abc", Modified: true, GoVersion: "go1.26.8"}, "0.11.3 (rev abc, modified)"},
		// Pseudo-versions of untagged commits keep the source's version.
		{"0.12.0-dev", main("v0.0.0-20261126214236-10e51811929b", rev), Build{Version: "0.12.0-dev", Commit: full, GoVersion: "go1.26.8"}, "0.12.0-dev (rev 0123456789ab)"},
		{"0.12.0-dev", main("v0.11.4-0.20261126214236-10e51811929b+dirty", dirty), Build{Version: "0.12.0-dev", Commit: "abc", Modified: true, GoVersion: "go1.26.8"}, "0.12.0-dev (rev abc, modified)"},
		{"0.12.0-dev", main("v0.12.0-rc.1.0.20261126214236-10e51811929b", nil), Build{Version: "0.12.0-dev", GoVersion: "go1.26.8"}, "0.12.0-dev"},
		// A version set with -ldflags wins over the module's.
		{"2.0.0", main("v1.2.3", nil), Build{Version: "2.0.0", GoVersion: "go1.26.8"}, "2.0.0"},
	} {
		got := ReadBuild(tt.v, "0.12.0-dev", tt.bi)
		if got != tt.want || got.Short() != tt.short {
			t.Errorf("ReadBuild(%q, %+v) = %+v (%q), want %+v (%q)", tt.v, tt.bi, got, got.Short(), tt.want, tt.short)
		}
	}
	if c := (Build{Commit: full}).ShortCommit(); c != "0123456789ab" {
		t.Errorf("ShortCommit = %q", c)
	}
}

func TestTakeRequired(t *testing.T) {
	t.Parallel()
	id := &cli.StringFlag{Name: "id", Required: true}
	out := &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Required: true}
	flip := &cli.BoolFlag{Name: "flip"}
	got := TakeRequired([]cli.Flag{id, flip, out})
	if strings.Join(got, ",") != "id,output" || id.Required || out.Required {
		t.Errorf("TakeRequired = %q (id still required: %v, output: %v); want id,output, both cleared", got, id.Required, out.Required)
	}
	if got := TakeRequired([]cli.Flag{id, flip}); got != nil {
		t.Errorf("second TakeRequired = %q, want none", got)
	}
}

func TestUnknownCommandMessage(t *testing.T) {
	t.Parallel()
	cmds := []*cli.Command{{Name: "positions"}, {Name: "perft"}, {Name: "secret", Hidden: true}, {Name: "show"}}
	for _, tt := range []struct{ name, path, want string }{
		{"posit", "plylab", `unknown command "posit"; did you mean "positions"? run 'plylab --help' to list the commands`},
		{"zzz", "plylab", `unknown command "zzz"; run 'plylab --help' to list the commands`},
		{"secre", "plylab", `unknown command "secre"; run 'plylab --help' to list the commands`},
		{"shwo", "plylab positions", `unknown command "positions shwo"; did you mean "positions show"? run 'plylab positions --help' to list the commands`},
		{"zzz", "plylab book", `unknown command "book zzz"; run 'plylab book --help' to list the commands`},
	} {
		if got := UnknownCommandMessage(tt.name, tt.path, cmds); got != tt.want {
			t.Errorf("UnknownCommandMessage(%q, %q) =\n%s\nwant\n%s", tt.name, tt.path, got, tt.want)
		}
	}
}

func TestCheckOutputFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(dir, "t.svg"), ""},
		{file, ""}, // an existing file is overwritten
		{dir, "cannot write " + dir + ": it is a directory; give a file name such as " + filepath.Join(dir, "tree.svg")},
		{filepath.Join(dir, "no", "t.svg"), "cannot write " + filepath.Join(dir, "no", "t.svg") + ": directory " + filepath.Join(dir, "no") + " does not exist; create it or check the -o path"},
		{filepath.Join(file, "t.svg"), "cannot write " + filepath.Join(file, "t.svg") + ": " + file + " is not a directory; check the -o path"},
	} {
		err := CheckOutputFile(tt.path, "tree.svg")
		if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
			t.Errorf("CheckOutputFile(%s) = %v, want %q", tt.path, err, tt.want)
		}
	}
}

func TestCommandNames(t *testing.T) {
	cmds := []*cli.Command{
		{Name: "positions", Aliases: []string{"pos"}, Subcommands: []*cli.Command{{Name: "list", Aliases: []string{"ls"}}, {Name: "show"}}},
		{Name: "search"},
		{Name: "secret", Hidden: true},
		{Name: "lesson", Subcommands: []*cli.Command{{Name: "run"}}},
	}
	want := map[string][]string{"positions": {"list", "ls", "show"}, "pos": {"list", "ls", "show"}, "search": nil}
	if got := CommandNames(cmds, "lesson"); !reflect.DeepEqual(got, want) {
		t.Errorf("CommandNames = %v, want %v", got, want)
	}
}
