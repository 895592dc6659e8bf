package extengine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The text of the UCI protocol as the client writes and reads it: options
// as the user gives them and as the engine announces them, the position
// and go commands, and the info lines.

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Option is one engine option to set: UCI's "setoption name NAME value
// VALUE", CECP's "option NAME=VALUE". Names and values may contain spaces
// ("Skill Level", "Move Overhead").
type Option struct {
	Name, Value string
}

// String is "NAME=VALUE", as the option is typed.
func (o Option) String() string { return o.Name + "=" + o.Value }

// ErrOption marks an option that is malformed, unknown to the engine or
// out of its range: the user's mistake, not the engine's.
var ErrOption = errors.New("bad UCI option")

// OptionTextError is ParseOption's error: Text, as typed, is not
// NAME=VALUE. It is an ErrOption (errors.Is).
type OptionTextError struct{ Text string }

// Error says what was typed and the form expected.
func (e *OptionTextError) Error() string {
	return fmt.Sprintf("%v %q: write NAME=VALUE, e.g. UCI_Elo=1500 or \"Skill Level=5\"", ErrOption, e.Text)
}

// Is reports whether target is ErrOption.
func (e *OptionTextError) Is(target error) bool { return target == ErrOption }

// ParseOption reads "NAME=VALUE" (split at the first "=").
func ParseOption(s string) (Option, error) {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return Option{}, &OptionTextError{Text: s}
	}
	return Option{Name: name, Value: value}, nil
}

// ParseOptions reads each "NAME=VALUE" of list in order (ParseOption);
// the error is the first bad one's *OptionTextError.
func ParseOptions(list []string) ([]Option, error) {
	var out []Option
	for _, s := range list {
		o, err := ParseOption(s)
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

// Position is a game position as the engine is told it: the game's first
// position and the moves played since, in UCI notation.
type Position struct {
	FEN   string   // the first position; "" or StartFEN for the standard one
	Moves []string // e.g. "e2e4", "e7e8q"
}

// IsStart reports whether the game began from the standard position.
func (p Position) IsStart() bool { return p.FEN == "" || p.FEN == StartFEN }

// SideClock is one side's clock as "go" (or CECP's "time"/"otim") tells
// it: On says the side plays with a clock.
type SideClock struct {
	On   bool
	Left time.Duration // time left
	Inc  time.Duration // added after each move
}

// Limits is what the engine may spend on one move: the clocks (indexed
// 0 for White, 1 for Black; the mover's is always sent when on), the
// moves left to the next time control, a depth, a node count and a fixed
// time per move. With nothing set the search is infinite (UCI) or runs
// under the engine's own default (CECP).
type Limits struct {
	Clock     [2]SideClock
	MovesToGo int
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
}

// Result is an engine's answer to a search: its move and what its last
// report of the search said.
type Result struct {
	Move     string // as the engine wrote it (UCI: coordinate notation)
	HasScore bool   // Score, Mate and Depth below are known
	Score    int    // centipawns from the mover's point of view
	Mate     int    // mate in n moves (negative: being mated); 0 if none
	Depth    int
	Nodes    uint64
}

// PositionCommand is UCI's "position startpos|fen FEN [moves ...]".
func PositionCommand(pos Position) string {
	var b strings.Builder
	if pos.IsStart() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + pos.FEN)
	}
	if len(pos.Moves) > 0 {
		b.WriteString(" moves " + strings.Join(pos.Moves, " "))
	}
	return b.String()
}

// GoCommand is UCI's "go" command for l: "go wtime 9500 winc 100 btime
// 8200 binc 100", "go depth 4 movetime 5000", "go infinite".
func GoCommand(l Limits) string {
	parts := []string{"go"}
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
	for side, prefix := range []string{"w", "b"} {
		c := l.Clock[side]
		if !c.On {
			continue
		}
		parts = append(parts, prefix+"time", ms(c.Left))
		if c.Inc > 0 {
			parts = append(parts, prefix+"inc", ms(c.Inc))
		}
	}
	if l.MovesToGo > 0 && (l.Clock[0].On || l.Clock[1].On) {
		parts = append(parts, "movestogo", strconv.Itoa(l.MovesToGo))
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

// Line is one principal variation of an engine's report: the best line
// (MultiPV 1) or, with the MultiPV option, the next best ones.
type Line struct {
	MultiPV int    // 1 for the best line
	Depth   int    // the depth it was searched to
	Score   int    // centipawns from the mover's point of view (0 with Mate)
	Mate    int    // mate in n moves (negative: being mated); 0 if none
	Bound   string // "lowerbound" or "upperbound" for a score that is only a bound; "" when exact
	Nodes   uint64
	PV      []string // the moves, UCI notation
}

// ParseLine reads a UCI "info" line that reports a scored line with its
// principal variation ("info depth 20 multipv 2 score cp -436 nodes 748775
// pv e1e6 g1g2"); ok is false for any other info line (no score, or no
// pv: currmove updates, strings).
func ParseLine(info string) (l Line, ok bool) {
	f := strings.Fields(info)
	if len(f) == 0 || f[0] != "info" {
		return Line{}, false
	}
	l.MultiPV = 1
	scored := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			return Line{}, false
		case "pv":
			l.PV = append([]string(nil), f[i+1:]...)
			i = len(f)
		case "depth", "multipv", "nodes":
			if i+1 < len(f) {
				n, err := strconv.ParseUint(f[i+1], 10, 64)
				if err != nil {
					return Line{}, false
				}
				switch f[i] {
				case "depth":
					l.Depth = int(n)
				case "multipv":
					l.MultiPV = int(n)
				default:
					l.Nodes = n
				}
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err != nil {
					return Line{}, false
				}
				scored = true
				if f[i+1] == "mate" {
					l.Mate = v
					if v == 0 {
						l.Mate = -1
					}
				} else {
					l.Score = v
				}
				i += 2
			}
		case "lowerbound", "upperbound":
			l.Bound = f[i]
		}
	}
	return l, scored && len(l.PV) > 0
}

// ParseInfo reads depth, score and nodes from a UCI "info" line into r
// (lines without a score, such as "info string" or currmove updates, are
// skipped; bound scores are taken as they come).
func ParseInfo(line string, r *Result) {
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
