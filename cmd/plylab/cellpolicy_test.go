package main

import (
	"slices"
	"sort"
	"strings"
	"testing"

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
