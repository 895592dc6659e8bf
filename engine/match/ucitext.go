package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// The text of the UCI protocol as the client writes and reads it: options
// as the user gives them and as the engine announces them, the position
// and go commands, and the info lines.

// UCIOption is one option to set with "setoption name NAME value VALUE".
// Names and values may contain spaces ("Skill Level", "Move Overhead").
type UCIOption struct {
	Name, Value string
}

func (o UCIOption) String() string { return o.Name + "=" + o.Value }

// ErrOption marks a UCI option that is malformed, unknown to the engine or
// out of its range: the user's mistake, not the engine's.
var ErrOption = errors.New("bad UCI option")

// OptionTextError is ParseUCIOption's error: Text, as typed, is not
// NAME=VALUE. It is an ErrOption (errors.Is).
type OptionTextError struct{ Text string }

// Error says what was typed and the form expected.
func (e *OptionTextError) Error() string {
	return fmt.Sprintf("%v %q: write NAME=VALUE, e.g. UCI_Elo=1500 or \"Skill Level=5\"", ErrOption, e.Text)
}

// Is reports whether target is ErrOption.
func (e *OptionTextError) Is(target error) bool { return target == ErrOption }

// ParseUCIOption reads "NAME=VALUE" (split at the first "=").
func ParseUCIOption(s string) (UCIOption, error) {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return UCIOption{}, &OptionTextError{Text: s}
	}
	return UCIOption{Name: name, Value: value}, nil
}

// ParseUCIOptions reads each "NAME=VALUE" of list in order
// (ParseUCIOption); the error is the first bad one's *OptionTextError.
func ParseUCIOptions(list []string) ([]UCIOption, error) {
	var out []UCIOption
	for _, s := range list {
		o, err := ParseUCIOption(s)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// optDef is an option as the engine announced it.
type optDef struct {
	name, typ string
	min, max  int
	hasRange  bool
	vars      []string
}

// parseOptionLine reads "option name N type T [default D] [min A] [max B]
// [var V]...". Names and values may contain spaces.
func parseOptionLine(line string) (optDef, bool) {
	keys := map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}
	var o optDef
	var key string
	var val []string
	flush := func() {
		v := strings.Join(val, " ")
		switch key {
		case "name":
			o.name = v
		case "type":
			o.typ = strings.ToLower(v)
		case "min":
			o.min, _ = strconv.Atoi(v)
			o.hasRange = true
		case "max":
			o.max, _ = strconv.Atoi(v)
			o.hasRange = true
		case "var":
			o.vars = append(o.vars, v)
		}
		val = nil
	}
	for _, f := range strings.Fields(line)[1:] {
		if keys[f] && !(key == "name" && f != "type") {
			flush()
			key = f
			continue
		}
		val = append(val, f)
	}
	flush()
	return o, o.name != ""
}

// positionCommand is "position startpos|fen FEN [moves ...]".
func positionCommand(pos Position) string {
	var b strings.Builder
	if pos.StartFEN == "" || pos.StartFEN == board.StartFEN {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + pos.StartFEN)
	}
	if len(pos.Moves) > 0 {
		b.WriteString(" moves " + strings.Join(pos.Moves, " "))
	}
	return b.String()
}

// goCommand is the "go" command for a turn.
func goCommand(t Turn) string {
	parts := []string{"go"}
	l := t.Limit
	if c := l.Clock; c != nil {
		ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
		for _, side := range []board.Color{board.White, board.Black} {
			prefix := "w"
			if side == board.Black {
				prefix = "b"
			}
			rem, inc := t.Remaining[side], t.Increment[side]
			if side != t.Side && rem <= 0 {
				continue // the opponent has no clock
			}
			parts = append(parts, prefix+"time", ms(rem))
			if inc > 0 {
				parts = append(parts, prefix+"inc", ms(inc))
			}
		}
		if t.MovesToGo > 0 {
			parts = append(parts, "movestogo", strconv.Itoa(t.MovesToGo))
		}
	}
	if l.Depth > 0 {
		parts = append(parts, "depth", strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes", strconv.FormatUint(l.Nodes, 10))
	}
	if l.MoveTime > 0 {
		parts = append(parts, "movetime", strconv.FormatInt(max(l.MoveTime.Milliseconds(), 1), 10))
	}
	if len(parts) == 1 {
		parts = append(parts, "infinite")
	}
	return strings.Join(parts, " ")
}

// parseInfo reads depth, score and nodes from an "info" line into r (lines
// without a score, such as "info string" or currmove updates, are
// skipped; bound scores are taken as they come).
func parseInfo(line string, r *Reply) {
	f := strings.Fields(line)
	var depth, cp, mate int
	var nodes uint64
	hasScore, isMate := false, false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			return
		case "pv":
			i = len(f)
		case "depth":
			if i+1 < len(f) {
				depth, _ = strconv.Atoi(f[i+1])
				i++
			}
		case "nodes":
			if i+1 < len(f) {
				nodes, _ = strconv.ParseUint(f[i+1], 10, 64)
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err == nil {
					hasScore = true
					if f[i+1] == "mate" {
						isMate, mate = true, v
					} else {
						cp = v
					}
				}
				i += 2
			}
		}
	}
	if !hasScore {
		return
	}
	r.HasScore, r.Depth, r.Nodes = true, depth, nodes
	r.Score, r.Mate = cp, 0
	if isMate {
		r.Mate = mate
		if mate == 0 {
			r.Mate = -1 // "mate 0": mated now
		}
	}
}
