// Package play is a game of chess between a person and plylab's engine,
// apart from any terminal: the Session reads one command line at a time
// (a move in SAN or UCI, or undo, hint, show thinking, flip, board, save,
// fen, moves, resign, draw, help, quit), plays the engine's replies from
// a Polyglot book or a search at a Level, and writes what happens to an
// io.Writer. The game itself is an engine/app/game record. The command line
// wires it to a pipe (RunLines) or to the raw-mode board of
// cmd/internal/termui, which reads the same Session through View
// snapshots.
package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/param"
)

// Level is a named strength: a search limit and an evaluation.
type Level struct {
	Name     string
	Depth    int           // fixed depth, or 0
	MoveTime time.Duration // time per move when Depth is 0
	Eval     eval.Kind
}

// Levels go from weakest to strongest. Fixed-depth levels play the same
// moves on every machine; timed levels get stronger on faster ones.
var Levels = []Level{
	{Name: "beginner", Depth: 2, Eval: eval.Material},
	{Name: "casual", Depth: 3, Eval: eval.PST},
	{Name: "club", Depth: 4, Eval: eval.PST},
	{Name: "strong", MoveTime: time.Second, Eval: eval.NNUE},
	{Name: "max", MoveTime: 5 * time.Second, Eval: eval.NNUE},
}

// Describe describes the level, "club: depth 4, pst evaluation" or
// "strong: 1.00 s a move, nnue evaluation", with times written by dur.
func (l Level) Describe(dur func(time.Duration) string) string {
	if l.Depth > 0 {
		return fmt.Sprintf("%s: depth %d, %s evaluation", l.Name, l.Depth, l.Eval)
	}
	return fmt.Sprintf("%s: %s a move, %s evaluation", l.Name, dur(l.MoveTime), l.Eval)
}

// LevelNames are the levels' names, weakest first.
func LevelNames() []string {
	var out []string
	for _, l := range Levels {
		out = append(out, l.Name)
	}
	return out
}

// FindLevel looks a level up by name, ignoring case.
func FindLevel(name string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(l.Name, name) {
			return l, nil
		}
	}
	return Level{}, param.Errorf("unknown {Level} %q; use %s", name, strings.Join(LevelNames(), ", "))
}

// ErrNeedsDepth is Level.Setup's error for a plain textbook algorithm,
// which searches to a fixed depth only, left without a depth (a timed
// level and no depth given).
var ErrNeedsDepth = errors.New("the algorithm searches to a fixed depth only")

// Setup is the engine's search for a game at level l: its limits, its
// options (the level's evaluation unless evalSet), and the description
// the banner and PGN show (times written by dur). A depth or a time per move (zero: not given)
// replaces the level's limit; a time limit stops starting new
// iterations after half the time, as one would rarely finish. A plain
// algorithm without a depth is ErrNeedsDepth (the options are still
// returned, to name it).
func (l Level) Setup(depth int, moveTime time.Duration, opts engine.Options, evalSet bool, dur func(time.Duration) string) (engine.Options, engine.Limits, string, error) {
	if !evalSet {
		opts.Eval = l.Eval
	}
	desc := Level{Name: l.Name, Depth: l.Depth, MoveTime: l.MoveTime, Eval: opts.Eval}.Describe(dur)
	limits := engine.Limits{Depth: l.Depth, MoveTime: l.MoveTime, SoftTime: l.MoveTime / 2}
	override := depth > 0 || moveTime > 0
	if override {
		limits = engine.Limits{Depth: depth, MoveTime: moveTime, SoftTime: moveTime / 2}
		var parts []string
		if depth > 0 {
			parts = append(parts, fmt.Sprintf("depth %d", depth))
		}
		if moveTime > 0 {
			parts = append(parts, dur(moveTime)+" a move")
		}
		desc = strings.Join(parts, ", ")
	}
	if override {
		desc += fmt.Sprintf(", %s evaluation", opts.Eval)
	}
	if opts.Name != "engine" {
		desc += ", algorithm " + opts.Name
	}
	if opts.IsPlain() && limits.Depth == 0 {
		return opts, limits, desc, ErrNeedsDepth
	}
	return opts, limits, desc, nil
}
