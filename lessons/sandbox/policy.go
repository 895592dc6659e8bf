// Package sandbox is the trust boundary of lesson cells: what a cell may
// run and where its files live.
//
// A cell is a command line someone else may have written: a student in a
// classroom notebook, the author of a lesson file a teacher downloaded. It
// may do only what is listed here, never what merely is not forbidden:
//
//   - Policy is an allow-list of plylab subcommands and, for each, of its
//     flags, each with its kind: a switch, a value the command parses
//     (a number, a FEN), a name from a closed set (a position, an
//     algorithm), or an output file. A flag that is not listed is refused
//     with a one-line message that says how to run it in a terminal, so a
//     flag added to a command stays out of cells until someone decides it
//     belongs there (cmd/plylab's tests fail until that decision is
//     written down here, in Cells or Refused).
//   - Folder is the one place a cell's files go: a folder opened as an
//     os.Root (Dir), which no name, "..", absolute path or symbolic link
//     can leave, or a map in memory (Memory) where there is no disk. One
//     name rule (CheckName) decides what may be written and served.
//
// Nothing else in a cell touches the machine: the listed commands read no
// files and start no programs.
package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Kind is what a flag's value is, and so how a cell's value is checked.
type Kind int

// The kinds of flags.
const (
	// Switch is a flag without a value (a bool flag; "--stats" or
	// "--stats=false").
	Switch Kind = iota + 1
	// Value is text the command parses and checks itself: a number, a
	// duration, a depth range, a FEN, moves, a textbook tree. The
	// command never opens it as a path.
	Value
	// Name is one name (or a comma-separated list of names) from a closed
	// set the command knows: a position, a suite, an algorithm, an
	// evaluation, techniques, a format. It may not look like a path.
	Name
	// Output is a file the command writes: a plain name (CheckName) in
	// the cell's folder.
	Output
)

func (k Kind) String() string {
	switch k {
	case Switch:
		return "switch"
	case Value:
		return "value"
	case Name:
		return "name"
	case Output:
		return "output file"
	}
	return "kind " + strconv.Itoa(int(k))
}

// Flag is a flag a cell may use: its names (the first is the one the
// command's help shows, the rest aliases, without dashes) and its kind.
type Flag struct {
	Names []string
	Kind  Kind
	// Max, when above zero, bounds a Value that is a whole number: what a
	// shared server can afford of a table's size or a drawing's nodes
	// (the command checks its own lower bounds). The bound applies to the
	// number the command parsed (cmd's cliapp.CheckBounds), never to the
	// text, which a command may read in several spellings (0x40, 6_4).
	Max int64
}

// Command is a command a cell may run.
type Command struct {
	// Path is the command and subcommand as typed after "plylab":
	// "compare", "positions show".
	Path string
	// Flags are the flags a cell may give it.
	Flags []Flag
	// Args is how many positional arguments (each a Name) it may take.
	Args int
	// Require lists flags a cell must give: `play` only lists its levels
	// (--levels) in a cell.
	Require []string
	// Aliases are other names of the command's last word (none today).
	Aliases []string
}

// Refusal records the decision that a command, or one flag of a command,
// is not available in cells, and why. Flag "" refuses the whole command.
type Refusal struct {
	Path string
	// Flag is the flag's names, the first the command's help shows, then
	// its aliases, comma-separated ("output,o").
	Flag string
	// Value, when set, refuses only this value of the flag (in any
	// case): the flag stays allowed with its other values. `tree
	// --format html` writes a web page of its own, which a cell has no
	// use for.
	Value string
	// Why completes "not available in lesson cells: ...", e.g. "it
	// starts another program".
	Why string
	// Terminal is what to run instead, shown in the message ("" for the
	// command itself with the flag).
	Terminal string
}

// Policy is an allow-list of what cells may run.
type Policy struct {
	// Global are the flags every command takes (--color, --help).
	Global []Flag
	// Commands are the commands cells may run, with their flags.
	Commands []Command
	// Refused are the decisions not to allow a command or flag, with
	// why. Refusing needs no entry (whatever is not allowed is refused);
	// these give the message its reason and prove the decision was made.
	Refused []Refusal
	// Groups are the commands that only hold subcommands ("positions",
	// "nnue"), each with its subcommands' names.
	Groups map[string][]string
}

// Error is why a cell's command line is refused: one line, saying what
// is not available and what to do instead.
type Error struct {
	Msg string
	// Unknown is true when the command is no plylab command at all (as
	// opposed to one that is not available in cells).
	Unknown bool
}

func (e *Error) Error() string { return e.Msg }

func refusef(format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// maxValue bounds one value of a cell's command line, in bytes.
const maxValue = 1024

// Command returns the allowed command with path, nil if there is none.
func (p *Policy) Command(path string) *Command {
	for i := range p.Commands {
		if p.Commands[i].Path == path {
			return &p.Commands[i]
		}
	}
	return nil
}

// refusal returns the recorded refusal of path's flag ("" for the
// command), nil if none is recorded.
func (p *Policy) refusal(path, flag string) *Refusal {
	for i := range p.Refused {
		if p.Refused[i].Path == path && p.Refused[i].Flag == flag {
			return &p.Refused[i]
		}
	}
	return nil
}

// findFlag returns the flag of flags called name (by any of its names).
func findFlag(flags []Flag, name string) *Flag {
	for i := range flags {
		if slices.Contains(flags[i].Names, name) {
			return &flags[i]
		}
	}
	return nil
}

// commandNames lists the names of every command a cell could name, for
// "did you mean".
func (p *Policy) commandNames() []string {
	var out []string
	for _, c := range p.Commands {
		first, _, _ := strings.Cut(c.Path, " ")
		if !slices.Contains(out, first) {
			out = append(out, first)
		}
	}
	return out
}

// resolve finds the command path args name: "compare", or "positions
// show" for a group. rest are the words after it.
func (p *Policy) resolve(args []string) (path string, rest []string, err error) {
	if len(args) == 0 {
		return "", nil, refusef("empty command: write a plylab command such as compare --position paper-mate2 --depth 3")
	}
	first := args[0]
	if strings.HasPrefix(first, "-") {
		return "", nil, refusef("a cell's command starts with a plylab command such as compare, not the flag %s", first)
	}
	if _, ok := p.Groups[first]; ok {
		if r := p.refusal(first, ""); r != nil {
			return "", nil, p.commandRefused(r)
		}
		subs := p.allowedSubs(first)
		// The subcommand comes right after the group: `positions --help`
		// is the group's help, any other flag there is refused.
		if len(args) < 2 || strings.HasPrefix(args[1], "-") {
			if len(args) > 1 && isHelp(args[1:]) {
				return first, args[1:], nil
			}
			return "", nil, refusef("'plylab %s' needs a subcommand right after it in a cell: %s", first, strings.Join(subs, ", "))
		}
		sub := args[1]
		path = first + " " + sub
		if p.Command(path) == nil {
			if r := p.refusal(path, ""); r != nil {
				return "", nil, p.commandRefused(r)
			}
			return "", nil, &Error{Msg: fmt.Sprintf("'plylab %s' is not a command a lesson cell can run (cells can run %s %s)%s", path, first, strings.Join(subs, ", "), suggest(sub, subs)), Unknown: true}
		}
		return path, args[2:], nil
	}
	if p.Command(first) == nil {
		if r := p.refusal(first, ""); r != nil {
			return "", nil, p.commandRefused(r)
		}
		return "", nil, &Error{Msg: fmt.Sprintf("%q is not a plylab command a lesson cell can run%s", first, suggest(first, p.commandNames())), Unknown: true}
	}
	return first, args[1:], nil
}

// isHelp reports whether words are only a help flag ("positions --help").
func isHelp(words []string) bool {
	for _, w := range words {
		switch strings.TrimLeft(w, "-") {
		case "help", "h":
		default:
			return false
		}
	}
	return true
}

func (p *Policy) allowedSubs(group string) []string {
	var out []string
	for _, c := range p.Commands {
		if g, sub, ok := strings.Cut(c.Path, " "); ok && g == group {
			out = append(out, sub)
		}
	}
	return out
}

func suggest(name string, names []string) string {
	if best := textfmt.Suggest(name, names); best != "" {
		return fmt.Sprintf("; did you mean %q?", best)
	}
	return ""
}

func (p *Policy) commandRefused(r *Refusal) error {
	run := r.Terminal
	if run == "" {
		run = "plylab " + r.Path
	}
	return refusef("'plylab %s' is not available in lesson cells: %s; run '%s' in a terminal instead", r.Path, r.Why, run)
}

// Check returns nil when a cell may run args (the words after "plylab"),
// else an *Error saying what is not available and what to do instead.
func (p *Policy) Check(args []string) error {
	path, rest, err := p.resolve(args)
	if err != nil {
		return err
	}
	cmd := p.Command(path)
	if cmd == nil { // a group's own --help
		for _, w := range rest {
			if findFlag(p.Global, strings.TrimLeft(w, "-")) == nil {
				return refusef("%s: 'plylab %s' takes only --help in a cell", w, path)
			}
		}
		return nil
	}
	given := map[string]bool{}
	positional := 0
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w == "--" {
			return refusef("'--' is not needed in a cell: write the command's flags and arguments as they are")
		}
		if len(w) < 2 || w[0] != '-' {
			positional++
			if positional > cmd.Args {
				if cmd.Args == 0 {
					return refusef("'plylab %s' takes no arguments in a cell, got %q; give everything with flags (plylab %s --help lists them)", path, w, path)
				}
				return refusef("'plylab %s' takes at most %d argument in a cell, got %q", path, cmd.Args, w)
			}
			if err := checkName(w); err != nil {
				return refusef("argument %q of 'plylab %s': %v", w, path, err)
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		f := findFlag(cmd.Flags, name)
		if f == nil {
			f = findFlag(p.Global, name)
		}
		if f == nil {
			return p.flagRefused(cmd, name)
		}
		given[f.Names[0]] = true
		if f.Kind == Switch {
			if hasValue {
				if _, err := strconv.ParseBool(value); err != nil {
					return refusef("%s: a switch takes no value, or =true or =false", w)
				}
			}
			continue
		}
		if !hasValue {
			if i+1 == len(rest) {
				return refusef("%s needs a value (plylab %s --help says which)", dashName(name), path)
			}
			i++
			value = rest[i]
		}
		if r := p.valueRefused(path, f, value); r != nil {
			return refusef("%s %s is not available in lesson cells (%s); run '%s' in a terminal instead", dashName(name), value, r.Why, r.Terminal)
		}
		if err := checkValue(f.Kind, value); err != nil {
			var ne *NameError
			if errors.As(err, &ne) {
				return refusef("%s %v", dashName(name), err) // the message quotes the name
			}
			return refusef("%s %q: %v", dashName(name), value, err)
		}
	}
	for _, r := range cmd.Require {
		if !given[r] {
			if ref := p.refusal(path, ""); ref != nil {
				return p.commandRefused(ref)
			}
			return refusef("'plylab %s' runs in a cell only with --%s", path, r)
		}
	}
	return nil
}

func dashName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// valueRefused returns the refusal of value for the allowed flag f of
// path's command, nil if that value is not refused.
func (p *Policy) valueRefused(path string, f *Flag, value string) *Refusal {
	for i := range p.Refused {
		r := &p.Refused[i]
		if r.Path == path && r.Value != "" && strings.EqualFold(strings.TrimSpace(value), r.Value) && strings.Split(r.Flag, ",")[0] == f.Names[0] {
			return r
		}
	}
	return nil
}

// flagRefused is the message for a flag of cmd that is not on the list.
func (p *Policy) flagRefused(cmd *Command, name string) error {
	path := cmd.Path
	var r *Refusal
	for i := range p.Refused {
		if p.Refused[i].Path == path && p.Refused[i].Flag != "" && p.Refused[i].Value == "" && slices.Contains(strings.Split(p.Refused[i].Flag, ","), name) {
			r = &p.Refused[i]
		}
	}
	if r == nil {
		if ref := p.refusal(path, ""); ref != nil {
			return p.commandRefused(ref)
		}
		var names []string
		for _, f := range append(slices.Clone(cmd.Flags), p.Global...) {
			names = append(names, f.Names[0])
		}
		hint := ""
		if best := textfmt.Suggest(name, names); best != "" {
			hint = fmt.Sprintf("; did you mean %s?", dashName(best))
		}
		return refusef("%s is not available in lesson cells for 'plylab %s'%s (to use another flag, run the command in a terminal; 'plylab %s --help' lists them)", dashName(name), path, hint, path)
	}
	run := r.Terminal
	if run == "" {
		run = fmt.Sprintf("plylab %s ... %s", path, dashName(name))
	}
	return refusef("%s is not available in lesson cells (%s); run '%s' in a terminal instead", dashName(name), r.Why, run)
}

// checkValue checks a flag's value by its kind.
func checkValue(k Kind, v string) error {
	if len(v) > maxValue {
		return fmt.Errorf("longer than %d bytes", maxValue)
	}
	if !utf8.ValidString(v) || strings.ContainsFunc(v, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("has control characters")
	}
	switch k {
	case Name:
		return checkName(v)
	case Output:
		return CheckName(v)
	}
	return nil
}

// checkName accepts names and comma-separated lists of names: letters,
// digits, '-', '_', '.', '+', '=' and ',', not starting with '.' or '-',
// without "..": a position, algorithm or technique never looks like a
// path.
func checkName(v string) error {
	if v == "" {
		return fmt.Errorf("is empty")
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+=,", r)) {
			return fmt.Errorf("names use letters, digits, '-', '_', '.', '+', '=' and ',' (a name, not a path): %q is not allowed", string(r))
		}
	}
	if v[0] == '.' || v[0] == '-' || strings.Contains(v, "..") {
		return fmt.Errorf("a name cannot start with '.' or '-' or contain '..'")
	}
	return nil
}
