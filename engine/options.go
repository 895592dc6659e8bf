// Package engine holds plylab's searches: plain minimax, plain alpha-beta
// and the full engine (iterative deepening, transposition table, null move,
// move ordering, quiescence, PVS, LMR, aspiration windows, check extension).
//
// Every technique of the full engine is a bool in Options, so a student can
// switch each one off and see what it bought, and an engine author can
// measure each one on its own. There are no global settings: two searches
// with different Options can run side by side.
//
// Node counting convention (the same for every algorithm, so counts can be
// compared): every position the search visits is a node, the root
// included; a terminal position (checkmate, stalemate, draw by repetition,
// fifty moves or insufficient material) is a node and is not expanded;
// leaves are the depth-0 positions that get a static evaluation; positions
// visited inside quiescence search beyond the depth-0 position are counted
// separately as qnodes. Plain minimax to depth d therefore visits
// perft(0) + perft(1) + ... + perft(d) nodes when no game ends earlier.
package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/plylab/plylab/engine/eval"
)

// Options selects the algorithm and each technique of the search. The zero
// value is plain minimax with the material evaluation.
type Options struct {
	// Name is shown in tables, e.g. "engine-without-null". Set by ParseAlgo.
	Name string
	// Eval is the static evaluation used at leaves.
	Eval eval.Kind

	AlphaBeta          bool // cut off branches that cannot change the result
	IterativeDeepening bool // search depth 1, 2, ... d, reusing what each iteration learned
	TT                 bool // transposition table: remember results by Zobrist key
	TTSizeMB           int  // transposition table size in MiB (default 16)
	HashMove           bool // try the transposition table's best move first (needs TT)
	MVVLVA             bool // try captures first: most valuable victim, least valuable attacker
	Killers            bool // try the two quiet moves that last caused a cutoff at this ply early
	History            bool // order the other quiet moves by how often they caused cutoffs (depth²)
	NullMove           bool // pass the move; if the opponent still cannot reach beta, prune
	NullR              int  // null-move depth reduction R (default 2; 3 at depth 7 and more)
	NullVerify         bool // confirm null-move cutoffs with a reduced normal search (zugzwang safety)
	Quiescence         bool // at depth 0, keep searching captures and promotions until quiet
	Delta              bool // in quiescence, skip captures that cannot raise alpha even with a margin
	DeltaMargin        int  // node-level delta margin in centipawns (default 1050)
	SEE                bool // in quiescence, skip captures that lose material by static exchange
	PVS                bool // principal variation search: null windows after the first move
	LMR                bool // late move reductions: search late quiet moves less deep
	RFP                bool // reverse futility pruning: static eval far above beta near the horizon
	Futility           bool // futility pruning: skip quiet moves that cannot lift a hopeless node to alpha
	LMP                bool // late move pruning: skip late quiet moves near the horizon
	IIR                bool // internal iterative reduction: one ply less where the table has no move
	Aspiration         bool // aspiration windows around the previous iteration's score
	AspirationWindow   int  // half-width of the first aspiration window (default 35 cp)
	CheckExtension     bool // search one ply deeper when the side to move is in check
	// RepetitionDraw scores a position that repeats one seen earlier (in the
	// search or the game since the last irreversible move) as a draw at
	// once, instead of waiting for the third occurrence the rules require.
	// An engine wants this: if the position was worth playing for, it was
	// worth it the first time, and cutting the cycle short saves the nodes
	// of searching it again. It changes the tree, so the plain presets keep
	// it off and follow the rules (threefold repetition), which makes plain
	// minimax visit exactly the sum of perft counts.
	RepetitionDraw bool
	// Paper selects the game-trees paper's own minimax or alpha-beta
	// (engine/paper.go) instead of plylab's; AlphaBeta picks which, and
	// PaperOpts holds its switches. Set by the paper-minimax and
	// paper-alphabeta presets.
	Paper     bool
	PaperOpts PaperOptions
}

// Technique describes one switchable technique.
type Technique struct {
	// Name is the switch's name on the command line and in UCI options.
	Name string
	// Summary is a one-line explanation.
	Summary string
	// Needs names another technique without which this one has no effect.
	Needs string
	field func(*Options) *bool
}

// Techniques lists every switch, in the order the full engine applies them.
var techniques = []Technique{
	{"alphabeta", "alpha-beta pruning: skip moves that cannot change the result", "", func(o *Options) *bool { return &o.AlphaBeta }},
	{"id", "iterative deepening: search depth 1, 2, ... and reuse each iteration's best move", "", func(o *Options) *bool { return &o.IterativeDeepening }},
	{"tt", "transposition table: remember scores and best moves by Zobrist key", "", func(o *Options) *bool { return &o.TT }},
	{"hashmove", "move ordering stage 1: the transposition table's best move first", "tt", func(o *Options) *bool { return &o.HashMove }},
	{"mvvlva", "move ordering stage 2: captures by most valuable victim, least valuable attacker", "", func(o *Options) *bool { return &o.MVVLVA }},
	{"killers", "move ordering stage 3: two quiet moves per ply that caused a cutoff", "alphabeta", func(o *Options) *bool { return &o.Killers }},
	{"history", "move ordering stage 4: quiet moves by cutoff history, weighted by depth²", "alphabeta", func(o *Options) *bool { return &o.History }},
	{"null", "null-move pruning: give a free move; if still >= beta, prune (not in check or pawn endings)", "alphabeta", func(o *Options) *bool { return &o.NullMove }},
	{"verify", "null-move verification: confirm each null-move cutoff with a reduced normal search", "null", func(o *Options) *bool { return &o.NullVerify }},
	{"quiescence", "quiescence search: resolve captures and promotions before evaluating", "", func(o *Options) *bool { return &o.Quiescence }},
	{"delta", "delta pruning: in quiescence, skip captures that cannot raise alpha", "quiescence", func(o *Options) *bool { return &o.Delta }},
	{"see", "SEE pruning: in quiescence, skip captures that lose material", "quiescence", func(o *Options) *bool { return &o.SEE }},
	{"pvs", "principal variation search: null-window searches after the first move", "alphabeta", func(o *Options) *bool { return &o.PVS }},
	{"lmr", "late move reductions: search late quiet moves one or more plies shallower", "alphabeta", func(o *Options) *bool { return &o.LMR }},
	{"rfp", "reverse futility pruning: return when the static eval beats beta by a margin per ply", "alphabeta", func(o *Options) *bool { return &o.RFP }},
	{"futility", "futility pruning: near the horizon, skip quiet moves when eval + margin < alpha", "alphabeta", func(o *Options) *bool { return &o.Futility }},
	{"lmp", "late move pruning: near the horizon, skip quiet moves after the first few", "alphabeta", func(o *Options) *bool { return &o.LMP }},
	{"iir", "internal iterative reduction: search one ply less at nodes without a hash move", "tt", func(o *Options) *bool { return &o.IIR }},
	{"aspiration", "aspiration windows: start each iteration with a narrow window", "id", func(o *Options) *bool { return &o.Aspiration }},
	{"checkext", "check extension: search one ply deeper when in check", "", func(o *Options) *bool { return &o.CheckExtension }},
	{"repdraw", "repetition draw: a position repeated once (not three times) ends the line as a draw", "", func(o *Options) *bool { return &o.RepetitionDraw }},
}

// Techniques returns every switchable technique with its explanation.
func Techniques() []Technique { return append([]Technique(nil), techniques...) }

// Enabled reports whether the named technique is switched on in o.
func (o Options) Enabled(name string) bool {
	for _, t := range techniques {
		if t.Name == name {
			return *t.field(&o)
		}
	}
	return false
}

// Set switches the named technique on or off.
func (o *Options) Set(name string, on bool) error {
	for _, t := range techniques {
		if t.Name == name {
			*t.field(o) = on
			return nil
		}
	}
	return fmt.Errorf("unknown technique %q (see \"plylab techniques\"; known: %s)", name, strings.Join(TechniqueNames(), ", "))
}

// TechniqueNames returns the names of all techniques.
func TechniqueNames() []string {
	out := make([]string, len(techniques))
	for i, t := range techniques {
		out[i] = t.Name
	}
	return out
}

// EnabledNames returns the names of the techniques switched on.
func (o Options) EnabledNames() []string {
	var out []string
	for _, t := range techniques {
		if *t.field(&o) {
			out = append(out, t.Name)
		}
	}
	return out
}

// MinimaxOptions returns the plain minimax preset: no technique at all.
func MinimaxOptions() Options { return Options{Name: "minimax", Eval: eval.Material}.withDefaults() }

// AlphaBetaOptions returns the plain alpha-beta preset: moves in generation
// order, nothing else.
func AlphaBetaOptions() Options {
	o := MinimaxOptions()
	o.Name = "alphabeta"
	o.AlphaBeta = true
	return o
}

// EngineOptions returns the full engine preset: every technique on, PeSTO
// evaluation.
func EngineOptions() Options {
	o := Options{Name: "engine", Eval: eval.PeSTO}
	for _, t := range techniques {
		*t.field(&o) = true
	}
	return o.withDefaults()
}

// Presets lists the preset names accepted by ParseAlgo.
func Presets() []string {
	return []string{"minimax", "alphabeta", "engine", "paper-minimax", "paper-alphabeta"}
}

func (o Options) withDefaults() Options {
	if o.TTSizeMB <= 0 {
		o.TTSizeMB = 16
	}
	if o.NullR <= 0 {
		o.NullR = 2
	}
	if o.DeltaMargin <= 0 {
		o.DeltaMargin = 1050
	}
	if o.AspirationWindow <= 0 {
		o.AspirationWindow = 35
	}
	return o
}

// Preset returns the named preset.
func Preset(name string) (Options, error) {
	switch strings.ToLower(name) {
	case "minimax":
		return MinimaxOptions(), nil
	case "alphabeta", "alpha-beta", "ab":
		return AlphaBetaOptions(), nil
	case "engine", "full":
		return EngineOptions(), nil
	case "paper-minimax", "paper-alphabeta":
		o, _, err := paperPreset(strings.ToLower(name))
		return o, err
	}
	return Options{}, fmt.Errorf("unknown algorithm %q (choose minimax, alphabeta, engine, paper-minimax or paper-alphabeta, optionally with -with-X or -without-X)", name)
}

// ParseAlgo reads an algorithm name: a preset optionally followed by
// switches, e.g. "engine-without-null", "alphabeta-with-mvvlva-with-killers",
// "engine-without-null-without-lmr". The result's Name is the input.
func ParseAlgo(spec string) (Options, error) {
	spec = strings.TrimSpace(strings.ToLower(spec))
	if o, ok, err := paperPreset(spec); ok {
		return o, err
	}
	parts := strings.Split(spec, "-with")
	o, err := Preset(parts[0])
	if err != nil {
		return o, err
	}
	for _, p := range parts[1:] {
		on := true
		if strings.HasPrefix(p, "out-") {
			on, p = false, strings.TrimPrefix(p, "out-")
		} else if strings.HasPrefix(p, "-") {
			p = strings.TrimPrefix(p, "-")
		} else {
			return o, fmt.Errorf("bad algorithm %q: after the preset write -with-NAME or -without-NAME", spec)
		}
		if err := o.Set(p, on); err != nil {
			return o, err
		}
	}
	o.Name = spec
	return o, nil
}

// Apply switches techniques on (with) and off (without) by name, as the
// --with and --without flags do, and updates Name to match.
func (o *Options) Apply(with, without []string) error {
	for _, n := range with {
		if err := o.Set(n, true); err != nil {
			return err
		}
		o.Name += "-with-" + n
	}
	for _, n := range without {
		if err := o.Set(n, false); err != nil {
			return err
		}
		o.Name += "-without-" + n
	}
	return nil
}

// Warnings lists switches that are on but have no effect because a
// technique they need is off.
func (o Options) Warnings() []string {
	var out []string
	for _, t := range techniques {
		if t.Needs != "" && *t.field(&o) && !o.Enabled(t.Needs) {
			out = append(out, fmt.Sprintf("%s has no effect without %s", t.Name, t.Needs))
		}
	}
	sort.Strings(out)
	return out
}
