package lab

import (
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// One search as `plylab search` shows it: an iteration per row with its
// speed and principal variation in SAN, the best move in SAN, and the
// statistics as named counters with their meaning.

// IterationRow is one iteration of iterative deepening, ready to print;
// under MultiPV, one of its lines.
type IterationRow struct {
	Depth, SelDepth int
	// MultiPV is the line's rank in its iteration, from 1, when the
	// search showed several lines (engine.Limits.MultiPV); 0 otherwise.
	MultiPV int
	Score   int // centipawns from the side to move, or a mate score
	Nodes   uint64
	NPS     float64 // nodes per second, 0 when untimed
	Elapsed time.Duration
	PV      string // the principal variation in SAN, space-separated
}

// NewIterationRow describes it, searched from b: its first line.
func NewIterationRow(b *board.Board, it engine.Iteration) IterationRow {
	return IterationRow{Depth: it.Depth, SelDepth: it.SelDepth, Score: it.Score, Nodes: it.Nodes,
		NPS: PerSecond(it.Nodes, it.Elapsed), Elapsed: it.Elapsed, PV: strings.Join(b.SANLine(it.PV), " ")}
}

// NewIterationRows describes it, searched from b: one row, or one per
// line under MultiPV, best first, numbered from 1.
func NewIterationRows(b *board.Board, it engine.Iteration) []IterationRow {
	if it.Lines == nil {
		return []IterationRow{NewIterationRow(b, it)}
	}
	out := make([]IterationRow, len(it.Lines))
	for k, l := range it.Lines {
		r := NewIterationRow(b, it)
		r.MultiPV, r.Score, r.PV = k+1, l.Score, strings.Join(b.SANLine(l.PV), " ")
		out[k] = r
	}
	return out
}

// IterationRows describes every iteration of res, searched from b (every
// line of each under MultiPV).
func IterationRows(b *board.Board, res engine.Result) []IterationRow {
	out := make([]IterationRow, 0, len(res.Iters))
	for _, it := range res.Iters {
		out = append(out, NewIterationRows(b, it)...)
	}
	return out
}

// BestSAN is res's best move in SAN, or "(none)" when it has none.
func BestSAN(b *board.Board, res engine.Result) string {
	if res.BestMove == board.NoMove {
		return "(none)"
	}
	return b.SAN(res.BestMove)
}

// CounterKind says how a Counter's value reads.
type CounterKind uint8

// The kinds of Counter.
const (
	Count    CounterKind = iota // N, a whole number
	Share                       // N out of Of, a percentage ("-" when Of is 0)
	Plies                       // N plies
	Duration                    // Time
	Rate                        // PerSecond, per second (N in Time)
)

// Counter is one statistic of a search with a one-line meaning.
type Counter struct {
	Name, Meaning string
	Kind          CounterKind
	N, Of         uint64
	Time          time.Duration
	PerSecond     float64
}

// Counters lists every counter of s, in the order `plylab search --stats`
// prints them; the counters of the singular, histlmr and seeprune candidates only
// when they are not zero.
func Counters(s engine.Stats) []Counter {
	c := func(name string, n uint64, meaning string) Counter {
		return Counter{Name: name, Kind: Count, N: n, Meaning: meaning}
	}
	share := func(name string, n, of uint64, meaning string) Counter {
		return Counter{Name: name, Kind: Share, N: n, Of: of, Meaning: meaning}
	}
	cs := []Counter{
		c("nodes", s.Nodes, "positions visited in the main search, root included"),
		c("leaves", s.Leaves, "depth-0 positions evaluated or handed to quiescence"),
		c("qnodes", s.QNodes, "positions visited by quiescence search"),
		c("terminal", s.Terminal, "checkmates, stalemates and draws met"),
		c("beta cutoffs", s.BetaCutoffs, "nodes where a move reached beta"),
		share("first-move cutoffs", s.FirstCutoffs, s.BetaCutoffs, "share of cutoffs made by the first move (ordering quality)"),
		c("tt probes", s.TTProbes, "transposition table look-ups"),
		share("tt hits", s.TTHits, s.TTProbes, "look-ups that found the position"),
		c("tt cutoffs", s.TTCutoffs, "nodes ended at once by a stored bound"),
		c("null-move tries", s.NullTries, "null-move searches"),
		c("null-move cutoffs", s.NullCutoffs, "... that pruned the node"),
		c("null verifications", s.NullVerifications, "null-move cutoffs re-checked by a normal search"),
		c("delta prunes", s.DeltaPrunes, "quiescence captures or nodes skipped by delta pruning"),
		c("SEE prunes", s.SEEPrunes, "quiescence captures skipped as losing"),
		c("stand-pat cutoffs", s.StandPatCuts, "quiescence nodes ended by the static score"),
		c("LMR reductions", s.LMRReductions, "late moves searched shallower"),
		c("LMR re-searches", s.LMRResearches, "... searched again at full depth"),
		c("PVS re-searches", s.PVSResearches, "null-window searches that had to be repeated"),
		c("aspiration fails", s.AspirationFail, "aspiration windows widened"),
		c("check extensions", s.CheckExts, "nodes searched one ply deeper for check"),
	}
	// The candidates' counters are listed only when the switch acted, so
	// the tables of searches without them stay as they were.
	if s.SingularTries > 0 {
		cs = append(cs, c("singular tries", s.SingularTries, "searches without the hash move, to test it for a singular extension"),
			share("singular extensions", s.SingularExts, s.SingularTries, "... that found it singular and searched it one ply deeper"),
			share("multi-cuts", s.MultiCuts, s.SingularTries, "... that found another move reaching beta too and ended the node"))
	}
	if s.HistLMRLess+s.HistLMRMore > 0 {
		cs = append(cs, c("history LMR less", s.HistLMRLess, "late moves reduced one ply less for a good history"),
			c("history LMR more", s.HistLMRMore, "late moves reduced one ply more for a bad history"))
	}
	if s.SEEPrunesMain > 0 {
		cs = append(cs, c("SEE prunes (main)", s.SEEPrunesMain, "moves near the horizon skipped for losing material by static exchange"))
	}
	if s.TTEvals > 0 {
		cs = append(cs, c("table-sharpened evals", s.TTEvals, "static evaluations replaced by the table's score bound before pruning"))
	}
	if s.ProbCutTries > 0 {
		cs = append(cs, c("ProbCut tries", s.ProbCutTries, "captures searched shallow with a window far above beta"),
			share("ProbCut cutoffs", s.ProbCuts, s.ProbCutTries, "... that reached it and ended the node"))
	}
	if s.Razors > 0 {
		cs = append(cs, c("razored nodes", s.Razors, "nodes near the horizon far below alpha settled by quiescence search"))
	}
	if s.QEvasionPrunes > 0 {
		cs = append(cs, c("quiet evasions pruned", s.QEvasionPrunes, "quiet check evasions skipped in quiescence after the first two"))
	}
	return append(cs, []Counter{
		{Name: "seldepth", Kind: Plies, N: uint64(s.SelDepth), Meaning: "deepest ply reached, quiescence included"},
		{Name: "time", Kind: Duration, Time: s.Elapsed},
		{Name: "nodes/s", Kind: Rate, N: s.TotalNodes(), Time: s.Elapsed, PerSecond: s.NPS(), Meaning: "nodes and qnodes per second"},
	}...)
}
