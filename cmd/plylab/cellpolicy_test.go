package main

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/urfave/cli/v2"
)

// The decision behind the notebook's allow-list: every command and every
// flag of plylab is either allowed in lesson cells (sandbox.Cells, with
// the kind of its value) or refused there with a reason (Cells.Refused).
// A flag added to a command fails this test until someone decides which,
// so nothing new reaches a classroom's server by default.

// policyRefused reports whether the policy records a refusal of path's
// flag ("" for the command itself, or the group it belongs to).
func policyRefused(path, flag string) bool {
	group, _, _ := strings.Cut(path, " ")
	for _, r := range sandbox.Cells.Refused {
		if r.Flag == "" && (r.Path == path || r.Path == group) {
			return true
		}
		if names := strings.Split(r.Flag, ","); r.Path == path && r.Flag != "" && r.Value == "" && names[0] == flag {
			return true
		}
	}
	return false
}

// takesValue reports whether a CLI flag takes a value (not a bool).
func takesValue(f cli.Flag) bool {
	if tv, ok := f.(interface{ TakesValue() bool }); ok {
		return tv.TakesValue()
	}
	return true
}

// checkFlags compares a command's (or the app's) CLI flags with the
// allowed ones: each CLI flag allowed (same names, a switch exactly when
// it is a bool) or refused; each allowed flag a CLI flag.
func checkFlags(t *testing.T, path string, cliFlags []cli.Flag, allowed []sandbox.Flag, refused func(name string) bool) {
	t.Helper()
	seen := map[string]bool{}
	for _, f := range cliFlags {
		names := f.Names()
		seen[names[0]] = true
		var a *sandbox.Flag
		for i := range allowed {
			if allowed[i].Names[0] == names[0] {
				a = &allowed[i]
			}
		}
		switch {
		case a != nil:
			got, want := slices.Clone(a.Names), slices.Clone(names)
			sort.Strings(got)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("plylab %s --%s: the allow-list names it %v, the command %v", path, names[0], a.Names, names)
			}
			if (a.Kind == sandbox.Switch) == takesValue(f) {
				t.Errorf("plylab %s --%s: allowed as a %s, but the command's flag %s a value", path, names[0], a.Kind, map[bool]string{true: "takes", false: "takes no"}[takesValue(f)])
			}
		case !refused(names[0]):
			t.Errorf("plylab %s --%s is neither allowed in lesson cells nor refused: decide, and add it to sandbox.Cells (Commands, with its kind) or to Cells.Refused (with why)", path, names[0])
		}
	}
	for _, a := range allowed {
		if !seen[a.Names[0]] {
			t.Errorf("plylab %s: the allow-list names --%s, which the command does not have", path, a.Names[0])
		}
	}
}

func TestCellPolicyCoversEveryFlag(t *testing.T) {
	app := newApp(testEnv())
	checkFlags(t, "(global)", app.Flags, sandbox.Cells.Global, func(string) bool { return false })
	leaves := 0
	var walk func(path string, cmds []*cli.Command)
	walk = func(path string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := strings.TrimSpace(path + " " + c.Name)
			if len(c.Subcommands) > 0 {
				var subs []string
				for _, s := range c.Subcommands {
					subs = append(subs, s.Name)
				}
				if got := sandbox.Cells.Groups[p]; !slices.Equal(got, subs) {
					t.Errorf("plylab %s: the allow-list's group lists %v, the command has %v", p, got, subs)
				}
				walk(p, c.Subcommands)
				continue
			}
			leaves++
			allowed := sandbox.Cells.Command(p)
			if allowed == nil {
				if !policyRefused(p, "") {
					t.Errorf("plylab %s is neither allowed in lesson cells nor refused: decide, and add it to sandbox.Cells (Commands or Refused)", p)
				}
				continue
			}
			if policyRefused(p, "") && len(allowed.Require) == 0 {
				t.Errorf("plylab %s is both allowed and refused", p)
			}
			// Prepare adds --help to every command; it is a global of the
			// allow-list.
			var flags []cli.Flag
			for _, f := range c.Flags {
				if f.Names()[0] != "help" {
					flags = append(flags, f)
				}
			}
			checkFlags(t, p, flags, allowed.Flags, func(name string) bool { return policyRefused(p, name) })
			if allowed.Args > 0 && c.ArgsUsage == "" {
				t.Errorf("plylab %s takes no arguments, but the allow-list allows %d", p, allowed.Args)
			}
		}
	}
	walk("", app.Commands)
	if leaves < 25 {
		t.Errorf("walked %d commands, want every plylab command", leaves)
	}
	// Every allowed command exists.
	for _, c := range sandbox.Cells.Commands {
		if findPath(app.Commands, c.Path) == nil {
			t.Errorf("the allow-list allows 'plylab %s', which does not exist", c.Path)
		}
	}
	for _, r := range sandbox.Cells.Refused {
		if findPath(app.Commands, r.Path) == nil {
			t.Errorf("the allow-list refuses 'plylab %s', which does not exist", r.Path)
		}
		if r.Why == "" {
			t.Errorf("the refusal of 'plylab %s' %s gives no reason", r.Path, r.Flag)
		}
		if r.Value != "" {
			// A refused value belongs to a flag cells may give.
			allowed := false
			if c := sandbox.Cells.Command(r.Path); c != nil {
				for _, f := range c.Flags {
					allowed = allowed || f.Names[0] == strings.Split(r.Flag, ",")[0]
				}
			}
			if !allowed || r.Terminal == "" {
				t.Errorf("the refusal of 'plylab %s --%s %s' is of no allowed flag, or names no terminal command", r.Path, r.Flag, r.Value)
			}
		}
	}
}

// findPath finds the command a path names ("positions show").
func findPath(cmds []*cli.Command, path string) *cli.Command {
	words := strings.Fields(path)
	var c *cli.Command
	for _, w := range words {
		c = nil
		for _, x := range cmds {
			if x.Name == w {
				c = x
			}
		}
		if c == nil {
			return nil
		}
		cmds = c.Subcommands
	}
	return c
}

// TestBuiltinLessonsAllowed: every command of the ten lessons is on the
// allow-list, so each lesson runs in the notebook as in a terminal.
func TestBuiltinLessonsAllowed(t *testing.T) {
	ls, err := testEnv().loadLessons(nil, true)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range ls {
		for _, c := range l.Cells {
			for _, cmd := range c.Commands {
				n++
				if err := sandbox.Cells.Check(cmd.Args); err != nil {
					t.Errorf("%s:%d: %v", l.File, cmd.Line, err)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("checked %d commands of the built-in lessons, want them all", n)
	}
}

// TestCellBoundsParsed: a bounded flag's bound holds for the number the
// command parsed, however it is spelled (decimal, hex, octal, binary,
// underscores, a sign); a spelling the command cannot parse (spaces,
// overflow) is the command's own usage error. Every bounded flag of every
// allowed command is tried, with a value at the bound (accepted) and
// every spelling of one past it (refused).
func TestCellBoundsParsed(t *testing.T) {
	// A cheap run of each command, to which the bounded flag is added.
	base := map[string][]string{
		"bench":   {"bench", "--depth", "1"},
		"compare": {"compare", "--position", "start", "--depth", "1", "--algo", "alphabeta", "--no-minimal"},
		"scores":  {"scores", "--position", "start", "--depth", "1"},
		"search":  {"search", "--position", "start", "--depth", "1"},
		"tree":    {"tree", "--toy", "russell-norvig", "--format", "text"},
	}
	// spellings returns n in every form a whole-number flag reads.
	spellings := func(n int64) []string {
		return []string{
			strconv.FormatInt(n, 10), "0x" + strconv.FormatInt(n, 16), "0X" + strings.ToUpper(strconv.FormatInt(n, 16)),
			"0o" + strconv.FormatInt(n, 8), "0" + strconv.FormatInt(n, 8), "0b" + strconv.FormatInt(n, 2),
			strconv.FormatInt(n/10, 10) + "_" + strconv.FormatInt(n%10, 10), "+" + strconv.FormatInt(n, 10),
		}
	}
	run := func(args []string) (int, string) {
		var out, errb strings.Builder
		code := testEnv().lessonRunner(context.Background(), false)(lessons.Invocation{
			Args: args, Stdout: &out, Stderr: &errb, Files: sandbox.NewMemory(sandbox.Quota{}),
		}).Code
		return code, errb.String()
	}
	bounded := 0
	for _, cmd := range sandbox.Cells.Commands {
		for _, f := range cmd.Flags {
			if f.Max <= 0 {
				continue
			}
			bounded++
			args, ok := base[cmd.Path]
			if !ok {
				t.Errorf("--%s of %s is bounded: add a cheap run of %s to this test", f.Names[0], cmd.Path, cmd.Path)
				continue
			}
			flag := "--" + f.Names[0]
			for _, v := range spellings(f.Max) {
				if code, msg := run(append(slices.Clone(args), flag, v)); code != 0 {
					t.Errorf("%s %s %s (the bound itself): exit %d, %s", cmd.Path, flag, v, code, msg)
				}
			}
			for _, n := range []int64{f.Max + 1, 1 << 40} {
				want := fmt.Sprintf("%s %d: a lesson cell may ask for at most %d here", flag, n, f.Max)
				for _, v := range spellings(n) {
					if code, msg := run(append(slices.Clone(args), flag, v)); code != 2 || !strings.Contains(msg, want) {
						t.Errorf("%s %s %s: exit %d, %q; want exit 2 and %q", cmd.Path, flag, v, code, msg, want)
					}
				}
			}
			for _, v := range []string{" " + strconv.FormatInt(f.Max+1, 10), strconv.FormatInt(f.Max+1, 10) + " ", "99999999999999999999999", "0x1p10", "1e3"} {
				if code, msg := run(append(slices.Clone(args), flag, v)); code != 2 || strings.Contains(msg, "internal") {
					t.Errorf("%s %s %q: exit %d, %q; want the command's usage error (exit 2)", cmd.Path, flag, v, code, msg)
				}
			}
			// Negative and zero values are the command's to refuse or take.
			if code, msg := run(append(slices.Clone(args), flag, "-1")); code != 2 {
				t.Errorf("%s %s -1: exit %d, %q; want a usage error", cmd.Path, flag, code, msg)
			}
		}
	}
	if bounded < 6 {
		t.Errorf("only %d bounded flags: the table of cheap runs is out of date", bounded)
	}
}
