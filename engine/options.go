// Package engine is plylab's strong search: the full engine (iterative
// deepening, transposition table, null move, move ordering, quiescence,
// PVS, LMR, aspiration windows, check extension and the rest), with the
// Options every search shares and the Result and Stats every search
// returns. The textbook searches (plain minimax and alpha-beta, the
// game-trees paper's own, the minimal tree, toy trees) are apart in
// engine/textbook, which also runs any Options (textbook.Run).
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
	"github.com/plylab/plylab/engine/nnue"
)

// Options selects the algorithm and each technique of the search. The zero
// value is plain minimax with the material evaluation.
type Options struct {
	// Name is shown in tables, e.g. "engine-without-null". Set by ParseAlgo.
	Name string
	// Eval is the static evaluation used at leaves.
	Eval eval.Kind
	// Net, if not nil, is the network Eval: nnue evaluates with, in place
	// of the built-in one (a network file being tried, say).
	Net *nnue.Network
	// Threads is the number of search threads (Lazy SMP, engine/smp.go):
	// 0 or 1 is one thread, the deterministic search; at most MaxThreads.
	// It is no technique: the presets leave it at 0.
	Threads int

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
	AspirationWindow   int  // half-width of the first aspiration window (default 20 cp)
	CheckExtension     bool // search one ply deeper when the side to move is in check
	TimeManagement     bool // under a clock: stop early on a stable best move that took most of the nodes, think longer when it changed or the score drops
	SEEOrder           bool // order captures that lose material (by SEE) after the quiet moves
	CounterMove        bool // try the quiet move that last refuted the opponent's previous move early
	ContHist           bool // order quiet moves by their history after the previous move and the one before it too
	HistLMR            bool // late move reductions by history: reduce moves with a good history less, a negative one more
	Singular           bool // singular extensions: search the hash move deeper when every other move falls short of it
	NullAdapt          bool // adaptive null move: reduce more at greater depth and further above beta
	SEEPrune           bool // near the horizon, skip moves that lose material by static exchange
	Improving          bool // prune and reduce more when the static eval fell since the side's last move
	HistMalus          bool // history malus: quiet moves searched before a cutoff lose history; scores kept in bounds by gravity
	TTEval             bool // the transposition table's score sharpens the static eval the pruning decisions read
	CorrHist           bool // correction history: the static eval is corrected by what searches found for the same pawns
	ProbCut            bool // ProbCut: a capture whose shallow search beats beta by a margin ends the node
	CorrPieces         bool // correction history also by each side's pieces other than pawns
	LMRBad             bool // late move reductions also reduce captures that lose material by static exchange
	QEvasions          bool // in quiescence, in check: at most two quiet evasions once the side is not being mated
	CaptHist           bool // capture history: captures ordered by victim, then by how often the same capture refuted
	CutNode            bool // late move reductions reduce one ply more at nodes expected to fail high (cut nodes)
	Razor              bool // razoring: near the horizon, a node far below alpha is settled by quiescence search

	// RepetitionDraw scores a position that repeats one seen earlier (in the
	// search or the game since the last irreversible move) as a draw at
	// once, instead of waiting for the third occurrence the rules require.
	// An engine wants this: if the position was worth playing for, it was
	// worth it the first time, and cutting the cycle short saves the nodes
	// of searching it again. It changes the tree, so the plain presets keep
	// it off and follow the rules (threefold repetition), which makes plain
	// minimax visit exactly the sum of perft counts.
	RepetitionDraw bool
	// NullMajorGuard replaces the null-move guard with RAM-Z's (Appendix
	// V-A.4: no null move "in cases where there are no major pieces on the
	// board"). "On the board" is read as both sides: null move is tried only
	// while at least one rook or queen of either colour remains. The default
	// guard (off) is plylab's: the side to move has a piece other than king
	// and pawns. RAM-Z's guard allows null move with only minor pieces of
	// the mover when the opponent keeps a rook, and forbids it in every
	// minor-piece ending. Set by the ramz preset.
	NullMajorGuard bool
	// DeltaNodeOnly keeps RAM-Z's delta pruning only (Appendix V-A.5: a
	// margin of 1050 centipawns on the node: stand pat + margin below alpha
	// gives the node up) and drops plylab's per-capture test (captured
	// piece + 200 below alpha skips that capture), which the paper does not
	// describe. Set by the ramz preset.
	DeltaNodeOnly bool
	// Paper selects the game-trees paper's own minimax or alpha-beta
	// (engine/textbook/paper.go) instead of plylab's; AlphaBeta picks which, and
	// PaperOpts holds its switches. Set by the paper-minimax and
	// paper-alphabeta presets.
	Paper     bool
	PaperOpts PaperOptions

	// The classical evaluation's terms (engine/eval/classical.go explains
	// each). They count only with Eval: classical; the other evaluations
	// have no such terms.
	Mobility      bool // squares each piece can move to
	KingSafety    bool // attacks on the enemy king's zone, own pawn shield, open files at the king
	PawnStructure bool // doubled, isolated and backward pawns; pawns defended by pawns
	PassedPawns   bool // passed pawns by rank, king proximity, the unstoppable pawn race
	BishopPair    bool // both bishops
	RookFiles     bool // rooks on open and half-open files
	Threats       bool // enemy pieces attacked by cheaper pieces
	Tempo         bool // a bonus for the side to move
	Scaling       bool // drawish endings (opposite bishops, too little to mate) scaled down
}

// EvalTerms returns the classical evaluation terms switched on in o.
func (o Options) EvalTerms() eval.Terms {
	var t eval.Terms
	for _, x := range []struct {
		on   bool
		term eval.Terms
	}{{o.Mobility, eval.TermMobility}, {o.KingSafety, eval.TermKingSafety}, {o.PawnStructure, eval.TermPawnStructure},
		{o.PassedPawns, eval.TermPassedPawns}, {o.BishopPair, eval.TermBishopPair}, {o.RookFiles, eval.TermRookFiles},
		{o.Threats, eval.TermThreats}, {o.Tempo, eval.TermTempo}, {o.Scaling, eval.TermScaling}} {
		if x.on {
			t |= x.term
		}
	}
	return t
}

// Technique describes one switchable technique.
type Technique struct {
	// Name is the switch's name on the command line and in UCI options.
	Name string
	// Summary is a one-line explanation.
	Summary string
	// Needs names another technique without which this one has no effect.
	Needs string
	// EvalTerm marks a term of the classical evaluation rather than a
	// search technique: it counts only with Eval: classical.
	EvalTerm bool
	field    func(*Options) *bool
}

// Techniques lists every switch, in the order the full engine applies them.
var techniques = []Technique{
	{"alphabeta", "alpha-beta pruning: skip moves that cannot change the result", "", false, func(o *Options) *bool { return &o.AlphaBeta }},
	{"id", "iterative deepening: search depth 1, 2, ... and reuse each iteration's best move", "", false, func(o *Options) *bool { return &o.IterativeDeepening }},
	{"tt", "transposition table: remember scores and best moves by Zobrist key", "", false, func(o *Options) *bool { return &o.TT }},
	{"hashmove", "move ordering stage 1: the transposition table's best move first", "tt", false, func(o *Options) *bool { return &o.HashMove }},
	{"mvvlva", "move ordering stage 2: captures by most valuable victim, least valuable attacker", "", false, func(o *Options) *bool { return &o.MVVLVA }},
	{"killers", "move ordering stage 3: two quiet moves per ply that caused a cutoff", "alphabeta", false, func(o *Options) *bool { return &o.Killers }},
	{"history", "move ordering stage 4: quiet moves by cutoff history, weighted by depth²", "alphabeta", false, func(o *Options) *bool { return &o.History }},
	{"null", "null-move pruning: give a free move; if still >= beta, prune (not in check or pawn endings)", "alphabeta", false, func(o *Options) *bool { return &o.NullMove }},
	{"verify", "null-move verification: confirm each null-move cutoff with a reduced normal search", "null", false, func(o *Options) *bool { return &o.NullVerify }},
	{"quiescence", "quiescence search: resolve captures and promotions before evaluating", "", false, func(o *Options) *bool { return &o.Quiescence }},
	{"delta", "delta pruning: in quiescence, skip captures that cannot raise alpha", "quiescence", false, func(o *Options) *bool { return &o.Delta }},
	{"see", "SEE pruning: in quiescence, skip captures that lose material", "quiescence", false, func(o *Options) *bool { return &o.SEE }},
	{"pvs", "principal variation search: null-window searches after the first move", "alphabeta", false, func(o *Options) *bool { return &o.PVS }},
	{"lmr", "late move reductions: search late quiet moves one or more plies shallower", "alphabeta", false, func(o *Options) *bool { return &o.LMR }},
	{"rfp", "reverse futility pruning: return when the static eval beats beta by a margin per ply", "alphabeta", false, func(o *Options) *bool { return &o.RFP }},
	{"futility", "futility pruning: near the horizon, skip quiet moves when eval + margin < alpha", "alphabeta", false, func(o *Options) *bool { return &o.Futility }},
	{"lmp", "late move pruning: near the horizon, skip quiet moves after the first few", "alphabeta", false, func(o *Options) *bool { return &o.LMP }},
	{"iir", "internal iterative reduction: search one ply less at nodes without a hash move", "tt", false, func(o *Options) *bool { return &o.IIR }},
	{"aspiration", "aspiration windows: start each iteration with a narrow window", "id", false, func(o *Options) *bool { return &o.Aspiration }},
	{"checkext", "check extension: search one ply deeper when in check", "", false, func(o *Options) *bool { return &o.CheckExtension }},
	{"seeorder", "SEE ordering: captures that lose material by static exchange go after the quiet moves", "mvvlva", false, func(o *Options) *bool { return &o.SEEOrder }},
	{"countermove", "counter-move heuristic: the quiet move that last refuted the opponent's move, right after the killers", "alphabeta", false, func(o *Options) *bool { return &o.CounterMove }},
	{"conthist", "continuation history: quiet moves also ordered by their history after the last two moves", "history", false, func(o *Options) *bool { return &o.ContHist }},
	{"histlmr", "history-based LMR: one ply less reduction for a good history score, one more for a negative one", "lmr", false, func(o *Options) *bool { return &o.HistLMR }},
	{"singular", "singular extensions: the hash move one ply deeper when no other move comes close to it; multi-cut when another move beats beta too", "hashmove", false, func(o *Options) *bool { return &o.Singular }},
	{"nulladapt", "adaptive null move: the reduction grows with depth and with how far the static eval beats beta", "null", false, func(o *Options) *bool { return &o.NullAdapt }},
	{"seeprune", "SEE pruning in the main search: near the horizon, skip moves that lose material by static exchange", "alphabeta", false, func(o *Options) *bool { return &o.SEEPrune }},
	{"improving", "improving: prune and reduce more where the static eval is no better than two plies before", "alphabeta", false, func(o *Options) *bool { return &o.Improving }},
	{"histmalus", "history malus: the quiet moves tried before a cutoff lose what the cutoff move gains, within fixed bounds", "history", false, func(o *Options) *bool { return &o.HistMalus }},
	{"tteval", "table-sharpened eval: a table bound beyond the static eval replaces it in pruning decisions", "tt", false, func(o *Options) *bool { return &o.TTEval }},
	{"corrhist", "correction history: the static eval corrected by what earlier searches found for the same pawn structure", "alphabeta", false, func(o *Options) *bool { return &o.CorrHist }},
	{"corrpieces", "correction history also kept per placement of each side's pieces other than pawns", "corrhist", false, func(o *Options) *bool { return &o.CorrPieces }},
	{"lmrbad", "late move reductions also for captures that lose material by static exchange (ordered after the quiet moves by seeorder)", "lmr", false, func(o *Options) *bool { return &o.LMRBad }},
	{"qevasions", "quiescence evasions: in check in quiescence, at most two quiet evasions once a move saved the king from mate", "quiescence", false, func(o *Options) *bool { return &o.QEvasions }},
	{"capthist", "capture history: captures ordered by victim value, then by how often the same capture caused a cutoff", "mvvlva", false, func(o *Options) *bool { return &o.CaptHist }},
	{"cutnode", "cut-node reductions: late move reductions one ply deeper at nodes expected to fail high", "lmr", false, func(o *Options) *bool { return &o.CutNode }},
	{"razor", "razoring: a node near the horizon whose static eval is far below alpha returns its quiescence search", "quiescence", false, func(o *Options) *bool { return &o.Razor }},
	{"probcut", "ProbCut: a capture whose shallow search beats beta by a wide margin ends the node", "alphabeta", false, func(o *Options) *bool { return &o.ProbCut }},
	{"timeman", "time management: under a clock, stop early when the best move is stable and took most of the nodes, think longer when it changed or the score drops", "id", false, func(o *Options) *bool { return &o.TimeManagement }},
	{"repdraw", "repetition draw: a position repeated once (not three times) ends the line as a draw", "", false, func(o *Options) *bool { return &o.RepetitionDraw }},
	{"mobility", "classical eval: squares each knight, bishop, rook and queen can safely move to", "", true, func(o *Options) *bool { return &o.Mobility }},
	{"kingsafety", "classical eval: attacks on the enemy king's zone, own pawn shield, open files at the king", "", true, func(o *Options) *bool { return &o.KingSafety }},
	{"pawnstructure", "classical eval: doubled, isolated and backward pawns; pawns defended by pawns", "", true, func(o *Options) *bool { return &o.PawnStructure }},
	{"passedpawns", "classical eval: passed pawns by rank, king proximity, the unstoppable pawn race", "", true, func(o *Options) *bool { return &o.PassedPawns }},
	{"bishoppair", "classical eval: a bonus for both bishops", "", true, func(o *Options) *bool { return &o.BishopPair }},
	{"rookfiles", "classical eval: rooks on open and half-open files", "", true, func(o *Options) *bool { return &o.RookFiles }},
	{"threats", "classical eval: enemy pieces attacked by pawns or cheaper pieces", "", true, func(o *Options) *bool { return &o.Threats }},
	{"tempo", "classical eval: a small bonus for the side to move", "", true, func(o *Options) *bool { return &o.Tempo }},
	{"scaling", "classical eval: scale down drawish endings (opposite bishops, too little to mate)", "", true, func(o *Options) *bool { return &o.Scaling }},
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

// EnabledNames returns the names of the search techniques switched on
// (the classical evaluation's terms are not listed: see EvalTerms).
func (o Options) EnabledNames() []string {
	var out []string
	for _, t := range techniques {
		if !t.EvalTerm && *t.field(&o) {
			out = append(out, t.Name)
		}
	}
	return out
}

// MinimaxOptions returns the plain minimax preset: no search technique at
// all (the classical evaluation's terms are on, so that --eval classical
// means the whole classical evaluation here too).
func MinimaxOptions() Options {
	o := Options{Name: "minimax", Eval: eval.Material}
	o.setEvalTerms(eval.AllTerms)
	return o.withDefaults()
}

// setEvalTerms switches the classical terms in t on and the others off.
func (o *Options) setEvalTerms(t eval.Terms) {
	o.Mobility, o.KingSafety, o.PawnStructure = t&eval.TermMobility != 0, t&eval.TermKingSafety != 0, t&eval.TermPawnStructure != 0
	o.PassedPawns, o.BishopPair, o.RookFiles = t&eval.TermPassedPawns != 0, t&eval.TermBishopPair != 0, t&eval.TermRookFiles != 0
	o.Threats, o.Tempo, o.Scaling = t&eval.TermThreats != 0, t&eval.TermTempo != 0, t&eval.TermScaling != 0
}

// AlphaBetaOptions returns the plain alpha-beta preset: moves in generation
// order, nothing else.
func AlphaBetaOptions() Options {
	o := MinimaxOptions()
	o.Name = "alphabeta"
	o.AlphaBeta = true
	return o
}

// candidates are techniques that are built and tested but not yet in the
// engine preset: a technique joins the preset only when a match shows it
// gains (docs/strength.md). Switch one on with engine-with-NAME.
var candidates = map[string]bool{"conthist": true, "histlmr": true, "tteval": true, "probcut": true, "corrpieces": true, "lmrbad": true, "qevasions": true, "capthist": true, "cutnode": true, "razor": true}

// EngineOptions returns the full engine preset: every technique on, the
// network evaluation (engine/nnue's built-in network; it measured about
// +180 Elo over the classical evaluation, docs/evaluation.md). Classical
// evaluation stays one flag away: --eval classical.
func EngineOptions() Options {
	o := Options{Name: "engine", Eval: eval.NNUE}
	for _, t := range techniques {
		*t.field(&o) = !candidates[t.Name]
	}
	return o.withDefaults()
}

// RamzOptions returns the ramz preset: the techniques RAM-Z's paper lists
// (Sections I and V-A), each as the paper describes it: negamax alpha-beta,
// iterative deepening, a transposition table, the four-stage ordering
// (hash move, MVV-LVA, killers, history weighted by depth²), null-move
// pruning without verification and with RAM-Z's guard (no rook or queen on
// the board: no null move), quiescence with stand pat and the node-level
// delta test only (margin 1050), PeSTO. Nothing the paper does not list:
// no PVS, LMR, RFP, futility, LMP, IIR, aspiration windows, SEE or check
// extension. The repetition-draw shortcut stays on as in engine (python-
// chess engines commonly score a repeated position as a draw; the paper
// does not say).
func RamzOptions() Options {
	o := Options{Name: "ramz", Eval: eval.PeSTO}
	o.AlphaBeta, o.IterativeDeepening, o.TT, o.HashMove = true, true, true, true
	o.MVVLVA, o.Killers, o.History = true, true, true
	o.NullMove, o.NullMajorGuard = true, true
	o.Quiescence, o.Delta, o.DeltaNodeOnly = true, true, true
	o.RepetitionDraw = true
	return o.withDefaults()
}

// Presets lists the preset names accepted by ParseAlgo.
func Presets() []string {
	return []string{"minimax", "alphabeta", "engine", "ramz", "paper-minimax", "paper-alphabeta"}
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
		o.AspirationWindow = 20
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
	case "ramz", "ram-z":
		return RamzOptions(), nil
	case "paper-minimax", "paper-alphabeta":
		o, _, err := paperPreset(strings.ToLower(name))
		return o, err
	}
	return Options{}, fmt.Errorf("unknown algorithm %q (choose minimax, alphabeta, engine, ramz, paper-minimax or paper-alphabeta, optionally with -with-X or -without-X)", name)
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

// IsPlain reports whether opts asks for a textbook algorithm (plain minimax
// or plain alpha-beta, with no other technique than the repetition-draw
// rule), which Run hands to the Minimax and AlphaBeta functions.
func (o Options) IsPlain() bool {
	for _, n := range o.EnabledNames() {
		if n != "alphabeta" && n != "repdraw" {
			return false
		}
	}
	return true
}
