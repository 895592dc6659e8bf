package engine

import (
	"fmt"
	"math"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Score bounds. A mate found at ply p scores MateScore-p for the winner, so
// a shorter mate scores higher and a longer defence scores higher for the
// loser: the search prefers the fastest win and the slowest loss.
const (
	MateScore = 32000
	Infinity  = 32001
	// MaxPly bounds the search depth including extensions and quiescence.
	MaxPly = 128
	// mateBound: scores beyond it are mate scores.
	mateBound = MateScore - MaxPly
)

// IsMate reports whether a score is a forced mate for either side.
func IsMate(score int) bool { return score > mateBound || score < -mateBound }

// MateIn returns the number of moves to mate, positive when the side to
// move mates, negative when it is mated, 0 when score is not a mate score.
func MateIn(score int) int {
	switch {
	case score > mateBound:
		return (MateScore - score + 1) / 2
	case score < -mateBound:
		return -(MateScore + score) / 2
	}
	return 0
}

// FormatScore renders a score as centipawns ("+35", "-120", "0") or as a
// mate ("mate in 2", "mated in 3"; "mated in 0" is the mated side at the
// root), or as +∞ / -∞ for the paper-faithful searches' undistanced mate.
func FormatScore(score int) string {
	// The paper-faithful searches score mate as infinity, without distance.
	if score >= Infinity {
		return "+∞"
	} else if score <= -Infinity {
		return "-∞"
	}
	if n := MateIn(score); n > 0 {
		return fmt.Sprintf("mate in %d", n)
	} else if IsMate(score) {
		return fmt.Sprintf("mated in %d", -n)
	}
	if score > 0 {
		return fmt.Sprintf("+%d", score)
	}
	return fmt.Sprintf("%d", score)
}

// Stats are the counters of one search, one per technique, so a table can
// show what each technique did.
type Stats struct {
	Nodes             uint64 // positions visited in the main search (root included)
	Leaves            uint64 // depth-0 positions given a static evaluation (or handed to quiescence)
	QNodes            uint64 // positions visited inside quiescence search beyond the depth-0 position
	Terminal          uint64 // checkmates, stalemates and draws met in the tree
	BetaCutoffs       uint64 // nodes that failed high (a move reached beta)
	FirstCutoffs      uint64 // ... of which on the first move searched: ordering quality
	TTProbes          uint64
	TTHits            uint64 // probes that found the position
	TTCutoffs         uint64 // hits whose stored bound ended the node at once
	NullTries         uint64
	NullCutoffs       uint64
	NullVerifications uint64 // null-move cutoffs re-checked by a verification search
	DeltaPrunes       uint64
	SEEPrunes         uint64
	StandPatCuts      uint64 // quiescence nodes ended by the stand-pat score >= beta
	LMRReductions     uint64
	RFPCuts           uint64 // nodes cut by reverse futility pruning
	FutilityPrunes    uint64 // quiet moves skipped by futility pruning (counted when set aside: skipQuiets)
	LMPPrunes         uint64 // quiet moves skipped by late move pruning (likewise)
	IIRReductions     uint64 // nodes searched one ply less for lack of a hash move
	LMRResearches     uint64
	PVSResearches     uint64
	AspirationFail    uint64 // aspiration windows that failed and were widened
	CheckExts         uint64
	SingularTries     uint64 // singular-extension searches (the hash move left out)
	SingularExts      uint64 // ... that found the hash move singular and extended it
	MultiCuts         uint64 // ... that found another move reaching beta too and ended the node (multi-cut)
	HistLMRLess       uint64 // late moves reduced one ply less for a good history (histlmr)
	HistLMRMore       uint64 // late moves reduced one ply more for a bad history (histlmr)
	SEEPrunesMain     uint64 // moves skipped by SEE pruning in the main search (seeprune), other than quiet moves futility or LMP skips
	TTEvals           uint64 // static evaluations replaced by the table's bound (tteval)
	ProbCutTries      uint64 // captures tried by ProbCut's shallow search (probcut)
	ProbCuts          uint64 // ... that proved the node far above beta and ended it
	QEvasionPrunes    uint64 // quiet check evasions skipped in quiescence (qevasions)
	Razors            uint64 // nodes settled by quiescence search (razor)
	SelDepth          int    // deepest ply reached, quiescence included
	Elapsed           time.Duration
}

// Add accumulates o into s (for suites and iterations). SelDepth takes
// the maximum.
func (s *Stats) Add(o Stats) {
	s.Nodes += o.Nodes
	s.Leaves += o.Leaves
	s.QNodes += o.QNodes
	s.Terminal += o.Terminal
	s.BetaCutoffs += o.BetaCutoffs
	s.FirstCutoffs += o.FirstCutoffs
	s.TTProbes += o.TTProbes
	s.TTHits += o.TTHits
	s.TTCutoffs += o.TTCutoffs
	s.NullTries += o.NullTries
	s.NullCutoffs += o.NullCutoffs
	s.NullVerifications += o.NullVerifications
	s.DeltaPrunes += o.DeltaPrunes
	s.SEEPrunes += o.SEEPrunes
	s.StandPatCuts += o.StandPatCuts
	s.LMRReductions += o.LMRReductions
	s.RFPCuts += o.RFPCuts
	s.FutilityPrunes += o.FutilityPrunes
	s.LMPPrunes += o.LMPPrunes
	s.IIRReductions += o.IIRReductions
	s.LMRResearches += o.LMRResearches
	s.PVSResearches += o.PVSResearches
	s.AspirationFail += o.AspirationFail
	s.CheckExts += o.CheckExts
	s.SingularTries += o.SingularTries
	s.SingularExts += o.SingularExts
	s.HistLMRLess += o.HistLMRLess
	s.HistLMRMore += o.HistLMRMore
	s.SEEPrunesMain += o.SEEPrunesMain
	s.TTEvals += o.TTEvals
	s.ProbCutTries += o.ProbCutTries
	s.ProbCuts += o.ProbCuts
	s.QEvasionPrunes += o.QEvasionPrunes
	s.MultiCuts += o.MultiCuts
	s.Razors += o.Razors
	if o.SelDepth > s.SelDepth {
		s.SelDepth = o.SelDepth
	}
	s.Elapsed += o.Elapsed
}

// TotalNodes returns main-search nodes plus quiescence nodes.
func (s Stats) TotalNodes() uint64 { return s.Nodes + s.QNodes }

// NPS returns total nodes per second (0 when no time was measured).
func (s Stats) NPS() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.TotalNodes()) / s.Elapsed.Seconds()
}

// FirstCutoffRate returns the share of beta cutoffs made by the first move
// searched, in [0,1]: the usual measure of move-ordering quality.
func (s Stats) FirstCutoffRate() float64 {
	if s.BetaCutoffs == 0 {
		return 0
	}
	return float64(s.FirstCutoffs) / float64(s.BetaCutoffs)
}

// EBF returns the effective branching factor sqrt(n / nMinus2) between two
// depths two plies apart, which cancels alpha-beta's odd/even effect; 0 if
// either count is zero.
func EBF(n, nMinus2 uint64) float64 {
	if n == 0 || nMinus2 == 0 {
		return 0
	}
	return math.Sqrt(float64(n) / float64(nMinus2))
}

// Iteration reports one completed iteration of iterative deepening (or
// the single search without it).
type Iteration struct {
	Depth    int
	SelDepth int
	Score    int
	Bound    Bound // Exact unless the iteration ended on an aspiration fail
	// Nodes counts the nodes and qnodes searched so far: with several
	// threads, the main thread's and the helpers' (as they last published
	// them, every 2048 nodes). Stats are the main thread's alone.
	Nodes   uint64
	Elapsed time.Duration
	PV      []board.Move
	Stats   Stats // cumulative statistics so far
	// Lines are the iteration's best lines, best first, when the search
	// was asked for several (Limits.MultiPV) or restricted to some root
	// moves (Limits.RootMoves); Lines[0] is Score, Bound and PV. Nil for
	// an ordinary search: see PVLines.
	Lines []Line
}

// Line is one of an iteration's best lines: its score (from the side to
// move's point of view), whether the score is exact, and the line itself.
type Line struct {
	Score int
	Bound Bound
	PV    []board.Move
}

// PVLines returns the iteration's best lines, best first: Lines, or the
// one line of an ordinary search.
func (it Iteration) PVLines() []Line {
	if it.Lines != nil {
		return it.Lines
	}
	return []Line{{Score: it.Score, Bound: it.Bound, PV: it.PV}}
}

// Result is what a search returns.
type Result struct {
	Algo      string
	Depth     int // deepest completed depth
	Score     int // from the side to move's point of view
	BestMove  board.Move
	PV        []board.Move
	Stats     Stats
	Iters     []Iteration
	Stopped   bool // stopped by cancellation or a limit before finishing
	TTHashful int  // permille of the transposition table in use (engine only)
	// HelperNodes counts the nodes and qnodes of the helper threads of a
	// Lazy SMP search (Options.Threads above 1), 0 with one thread: Stats
	// are the main thread's alone.
	HelperNodes uint64
}

// AllNodes returns the nodes and qnodes of every thread of the search.
func (r Result) AllNodes() uint64 { return r.Stats.TotalNodes() + r.HelperNodes }
