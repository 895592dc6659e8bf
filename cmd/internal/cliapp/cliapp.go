// Package cliapp holds what plylab's urfave/cli application needs beyond
// wiring: moving flags to the command that defines them so they may
// appear anywhere on the command line (NormalizeArgs), rewriting the flag
// package's errors in plylab's one-line style (FlagErrorMessage), looking
// up flags and commands, wiring each command to those conventions
// (Prepare: its --help, one-line usage errors, required flags), and the
// description of the build: version, commit and toolchain (ReadBuild).
package cliapp

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/plylab/plylab/cmd/internal/flagval"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/urfave/cli/v2"
)

// DashName is a flag name as typed: "-h" for one letter, else "--name".
func DashName(name string) string {
	name = strings.TrimLeft(name, "-")
	if len([]rune(name)) == 1 {
		return "-" + name
	}
	return "--" + name
}

// FindFlag returns the flag of flags that has name among its names, or
// nil.
func FindFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// HasFlag reports whether some flag of flags is called name.
func HasFlag(flags []cli.Flag, name string) bool {
	return FindFlag(flags, name) != nil
}

// FindCommand returns the command of cmds called name (or aliased so), or
// nil.
func FindCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// ClearRequired sets a flag's Required field to false (all urfave flag
// types have one) and reports whether it could. The app checks required
// flags itself, as usage errors, instead of urfave printing all of the
// help.
func ClearRequired(f cli.Flag) bool {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return false
	}
	fld := v.Elem().FieldByName("Required")
	if !fld.IsValid() || !fld.CanSet() || fld.Kind() != reflect.Bool {
		return false
	}
	fld.SetBool(false)
	return true
}

// FlagErrorMessage rewrites the standard library's flag errors in
// plylab's style ("unknown flag --x" instead of "flag provided but not
// defined: -x"; a bad value names the form flagval expects).
func FlagErrorMessage(err error) string {
	msg := output.OneLine(err.Error())
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + DashName(name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return "flag " + DashName(name) + " needs a value"
	}
	// invalid value "x" for flag -depth: parse error
	// invalid boolean value "x" for -flip: parse error
	for _, p := range []string{"invalid value ", "invalid boolean value "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			if i := strings.Index(rest, " for "); i >= 0 {
				val := rest[:i]
				name := strings.TrimPrefix(rest[i+len(" for "):], "flag ")
				if j := strings.Index(name, ":"); j >= 0 {
					name = name[:j]
				}
				if p == "invalid boolean value " {
					return fmt.Sprintf("%s %s: expected true or false", DashName(name), val)
				}
				return fmt.Sprintf("%s %s: expected %s", DashName(name), val, flagval.Form(strings.TrimLeft(name, "-")))
			}
		}
	}
	return msg
}

// NormalizeArgs lets flags appear anywhere on the command line, as users
// expect (`plylab positions show wac --id WAC.004 --color never`).
// urfave/cli v2 stops parsing flags at the first positional argument, so
// this moves each flag (with its value) to the command that defines it:
// the innermost command on the path that knows the flag, else the
// innermost command (which then reports it as unknown). Arguments after
// "--" stay positional. args[0] is the program name.
func NormalizeArgs(app *cli.App, args []string) []string {
	type level struct {
		name  string
		flags []cli.Flag
		subs  []*cli.Command
		toks  []string
	}
	levels := []*level{{name: args[0], flags: app.Flags, subs: app.Commands}}
	var positional []string
	dashdash := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			dashdash = true
			break
		}
		if len(a) > 1 && a[0] == '-' {
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			owner := levels[len(levels)-1]
			takesValue := false
			for j := len(levels) - 1; j >= 0; j-- {
				if f := FindFlag(levels[j].flags, name); f != nil {
					owner = levels[j]
					takesValue = flagTakesValue(f)
					break
				}
			}
			owner.toks = append(owner.toks, a)
			if takesValue && !hasValue && i+1 < len(args) {
				i++
				owner.toks = append(owner.toks, args[i])
			}
			continue
		}
		if len(positional) == 0 {
			if sub := FindCommand(levels[len(levels)-1].subs, a); sub != nil {
				levels = append(levels, &level{name: a, flags: sub.Flags, subs: sub.Subcommands})
				continue
			}
		}
		positional = append(positional, a)
	}
	// `plylab positions show wac --help`: help for a command without
	// subcommands ignores its arguments (urfave would look for a "wac"
	// subcommand to show help for).
	last := levels[len(levels)-1]
	if len(levels) > 1 && len(last.subs) == 0 {
		for _, tok := range last.toks {
			if tok == "--help" || tok == "-help" || tok == "-h" || tok == "--h" {
				positional = nil
				break
			}
		}
	}
	out := make([]string, 0, len(args)+1)
	for _, l := range levels {
		out = append(out, l.name)
		out = append(out, l.toks...)
	}
	needDashDash := dashdash
	if !needDashDash {
		for _, p := range positional {
			if strings.HasPrefix(p, "-") && p != "-" {
				needDashDash = true
			}
		}
	}
	if needDashDash && len(positional) > 0 {
		out = append(out, "--")
	}
	return append(out, positional...)
}

func flagTakesValue(f cli.Flag) bool {
	if tv, ok := f.(interface{ TakesValue() bool }); ok {
		return tv.TakesValue()
	}
	return true
}

// TakeRequired clears the Required mark of each flag that has one (see
// ClearRequired) and returns those flags' names, so the app can check
// them itself.
func TakeRequired(flags []cli.Flag) []string {
	var names []string
	for _, f := range flags {
		if rf, ok := f.(cli.RequiredFlag); ok && rf.IsRequired() && ClearRequired(f) {
			names = append(names, f.Names()[0])
		}
	}
	return names
}

// UnknownCommandMessage words the error for an unknown command name typed
// after path ("plylab" or "plylab positions"): the command as typed
// without the program name, a suggestion when one of cmds' visible names
// is close, and where to list the commands.
func UnknownCommandMessage(name, path string, cmds []*cli.Command) string {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	prog, _, _ := strings.Cut(path, " ")
	under := strings.TrimPrefix(path, prog)
	full := strings.TrimSpace(under + " " + name)
	if s := textfmt.Suggest(name, names); s != "" {
		return fmt.Sprintf("unknown command %q; did you mean %q? run '%s --help' to list the commands",
			full, strings.TrimSpace(under+" "+s), path)
	}
	return fmt.Sprintf("unknown command %q; run '%s --help' to list the commands", full, path)
}

// CheckOutputFile fails early, before a long computation, when a file
// given with -o could not be written: the path is a directory (the error
// suggests example inside it), or its folder is missing or is not a
// folder.
func CheckOutputFile(path, example string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a directory; give a file name such as %s", path, filepath.Join(path, example))
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: directory %s does not exist; create it or check the -o path", path, dir)
	}
	if !fi.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a directory; check the -o path", path, dir)
	}
	return nil
}

// CheckInputFile fails early when the file to read that name ("--pgn",
// "lesson file") gives as path is a directory: a usage error "cannot read
// NAME PATH: is a directory; give a file such as PATH/EXAMPLE". Other
// problems, a missing file first, are left to the reader, which words
// them in its own terms.
func CheckInputFile(name, path, example string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		msg := fmt.Sprintf("cannot read %s %s: is a directory; give a file such as %s", name, path, filepath.Join(path, example))
		return CompleteUsage(msg, nil)
	}
	return nil
}

// CommandNames maps every command of cmds that is not hidden and not
// called skip, by its name and by each alias, to the names and aliases of
// its subcommands (nil for none): what a lesson cell may run
// (lessons.Commands).
func CommandNames(cmds []*cli.Command, skip string) map[string][]string {
	out := map[string][]string{}
	for _, c := range cmds {
		if c.Hidden || c.Name == skip {
			continue
		}
		var subs []string
		for _, s := range c.Subcommands {
			subs = append(subs, s.Name)
			subs = append(subs, s.Aliases...)
		}
		out[c.Name] = subs
		for _, a := range c.Aliases {
			out[a] = subs
		}
	}
	return out
}
