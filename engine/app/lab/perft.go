package lab

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/positions"
)

// Perft against a reference: the leaves of the legal move tree counted by
// the engine's board, and optionally by notnil/chess (plylab's rules
// library) and by Stockfish's "go perft", each timed, and checked against
// the published counts where a position has them.

// PerftOptions is the input of Perft.
type PerftOptions struct {
	Positions []positions.Position
	// Depth in plies; with several positions, one with fewer published
	// counts is counted only as deep as its counts go.
	Depth     int
	Reference bool   // also count with notnil/chess
	Stockfish string // also count with the Stockfish program at this path
	// Progress, when set, receives a one-line status as root moves finish.
	Progress func(status string)
}

// PerftRow is one position's count.
type PerftRow struct {
	Position    positions.Position
	Depth       int
	Expected    uint64 // the published count, 0 when unknown
	Nodes       uint64 // leaves counted by the engine's board
	Elapsed     time.Duration
	Divide      []board.DivideEntry // per root move, UCI order
	RefNodes    uint64              // notnil/chess's count (with Reference)
	RefElapsed  time.Duration
	RefDivide   []board.DivideEntry
	SFNodes     uint64 // Stockfish's count (with Stockfish)
	SFElapsed   time.Duration
	Reference   bool // RefNodes was counted
	Stockfish   bool // SFNodes was counted
	Interrupted bool // the count stopped part-way
}

// OK reports whether the count finished and agrees with every reference
// counted and with the published count.
func (r PerftRow) OK() bool {
	return !r.Interrupted && (!r.Reference || r.RefNodes == r.Nodes) &&
		(!r.Stockfish || r.SFNodes == r.Nodes) && (r.Expected == 0 || r.Expected == r.Nodes)
}

// PerftResult is the output of Perft.
type PerftResult struct {
	Rows        []PerftRow
	Interrupted bool
}

// Total sums the rows: leaves and time for the engine, notnil/chess and
// Stockfish, and the rows that are not OK.
func (r *PerftResult) Total() (total PerftRow, bad int) {
	for _, row := range r.Rows {
		total.Nodes += row.Nodes
		total.Elapsed += row.Elapsed
		total.RefNodes += row.RefNodes
		total.RefElapsed += row.RefElapsed
		total.SFNodes += row.SFNodes
		total.SFElapsed += row.SFElapsed
		if !row.OK() && !row.Interrupted {
			bad++
		}
	}
	return total, bad
}

// perftPlan lays out the rows (depths and published counts) and the
// boards, without counting.
func perftPlan(o PerftOptions) ([]PerftRow, []*board.Board, error) {
	boards, err := Boards(o.Positions)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]PerftRow, len(o.Positions))
	for i, p := range o.Positions {
		d := o.Depth
		if len(o.Positions) > 1 && len(p.Perft) > 0 && len(p.Perft) < d {
			d = len(p.Perft) // suites: go as deep as the published counts
		}
		rows[i] = PerftRow{Position: p, Depth: d, Reference: o.Reference, Stockfish: o.Stockfish != ""}
		if d <= len(p.Perft) {
			rows[i].Expected = p.Perft[d-1]
		}
	}
	return rows, boards, nil
}

// Speeds used only to predict run time.
const (
	perftOurSpeed = 150e6
	perftRefSpeed = 3e6
)

// PredictPerft estimates how long Perft takes with o, from the first two
// plies' branching of each position.
func PredictPerft(o PerftOptions) (time.Duration, error) {
	rows, boards, err := perftPlan(o)
	if err != nil {
		return 0, err
	}
	var secs float64
	for i, r := range rows {
		if r.Depth <= 3 {
			continue
		}
		b := boards[i]
		p1, p2 := float64(b.Perft(1)), float64(b.Perft(2))
		if p1 == 0 {
			continue
		}
		leaves := p1 * math.Pow(p2/p1, float64(r.Depth-1))
		s := leaves / perftOurSpeed
		if o.Reference {
			s += leaves / perftRefSpeed
		}
		secs += s
	}
	return time.Duration(secs * float64(time.Second)), nil
}

// Perft counts every position. When ctx is cancelled it returns the rows
// so far, the last one partial and Interrupted, with ctx's error. A
// Stockfish that cannot be started or answers wrongly is an error with no
// result (a *StockfishStartError when it did not start).
func Perft(ctx context.Context, o PerftOptions) (*PerftResult, error) {
	rows, boards, err := perftPlan(o)
	if err != nil {
		return nil, err
	}
	status := statusFunc(o.Progress)
	res := &PerftResult{}
	// interrupted ends the run at row i, which stopped part-way.
	interrupted := func(i int, err error) (*PerftResult, error) {
		rows[i].Interrupted = true
		res.Rows, res.Interrupted = rows[:i+1], true
		return res, err
	}
	for i := range rows {
		r, b := &rows[i], boards[i]
		start := time.Now()
		entries, err := b.Divide(ctx, r.Depth, func(done, total int) {
			status("perft %s depth %d: %d/%d root moves (%d/%d positions)", r.Position.Name, r.Depth, done, total, i+1, len(rows))
		})
		r.Elapsed = time.Since(start)
		r.Divide = entries
		r.Nodes = sumDivide(entries)
		if err != nil {
			return interrupted(i, err)
		}
		if o.Reference {
			start = time.Now()
			refEntries, err := board.ReferenceDivide(ctx, b.FEN(), r.Depth)
			r.RefElapsed = time.Since(start)
			r.RefDivide = refEntries
			r.RefNodes = sumDivide(refEntries)
			if err != nil {
				return interrupted(i, err)
			}
		}
		if o.Stockfish != "" {
			status("perft %s depth %d: Stockfish", r.Position.Name, r.Depth)
			r.SFNodes, r.SFElapsed, err = StockfishPerft(ctx, o.Stockfish, b.FEN(), r.Depth)
			if err != nil {
				return nil, err
			}
		}
	}
	res.Rows = rows
	return res, nil
}

// RootDifference is a root move whose counts differ between two divides.
type RootDifference struct {
	UCI          string
	Ours, Theirs uint64 // the counts below the move
	OnlyOurs     bool   // only the first divide has the move
	OnlyTheirs   bool   // only the second divide has the move
}

// FirstDifference returns the first root move, in ours' order and then
// theirs', whose counts differ or that only one side generated; false when
// the two divides agree.
func FirstDifference(ours, theirs []board.DivideEntry) (RootDifference, bool) {
	theirMap := map[string]uint64{}
	for _, e := range theirs {
		theirMap[e.UCI] = e.Nodes
	}
	ourMap := map[string]bool{}
	for _, e := range ours {
		ourMap[e.UCI] = true
		if n, ok := theirMap[e.UCI]; !ok {
			return RootDifference{UCI: e.UCI, Ours: e.Nodes, OnlyOurs: true}, true
		} else if n != e.Nodes {
			return RootDifference{UCI: e.UCI, Ours: e.Nodes, Theirs: n}, true
		}
	}
	for _, e := range theirs {
		if !ourMap[e.UCI] {
			return RootDifference{UCI: e.UCI, Theirs: e.Nodes, OnlyTheirs: true}, true
		}
	}
	return RootDifference{}, false
}

func sumDivide(entries []board.DivideEntry) uint64 {
	var n uint64
	for _, e := range entries {
		n += e.Nodes
	}
	return n
}

// StockfishStartError reports a Stockfish program that could not be
// started.
type StockfishStartError struct {
	Path string
	Err  error
}

func (e *StockfishStartError) Error() string {
	return fmt.Sprintf("cannot start Stockfish at %q: %v", e.Path, e.Err)
}

// Unwrap returns the cause.
func (e *StockfishStartError) Unwrap() error { return e.Err }

// StockfishPerft runs "go perft depth" in a Stockfish process (one
// thread) and times it from the command to the "Nodes searched" line
// (start-up excluded).
func StockfishPerft(ctx context.Context, path, fen string, depth int) (uint64, time.Duration, error) {
	exe, err := extengine.Find(path)
	if err != nil {
		return 0, 0, &StockfishStartError{Path: path, Err: err}
	}
	sf, err := extengine.StartUCI(ctx, extengine.UCIConfig{Path: exe, Setup: []string{"setoption name Threads value 1"}})
	if err != nil {
		if ctx.Err() != nil {
			return 0, 0, ctx.Err()
		}
		return 0, 0, &StockfishStartError{Path: path, Err: err}
	}
	defer sf.Close()
	start := time.Now()
	for _, c := range []string{"position fen " + fen, "go perft " + strconv.Itoa(depth)} {
		if err := sf.Send(c); err != nil {
			return 0, 0, err
		}
	}
	line, err := sf.ReadUntil(ctx, 0, "Nodes searched:", nil)
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		return 0, 0, ctx.Err()
	}
	if err != nil {
		return 0, 0, fmt.Errorf("stockfish at %q gave no perft result: %w", path, err)
	}
	v, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("stockfish: bad perft line %q", line)
	}
	return v, elapsed, nil
}

// PerSecond is n per second of d, 0 for a zero duration.
func PerSecond(n uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// rateText is how n per d reads (textfmt.RateOf): "> 170 k/s" for a time
// below the clock's resolution.
func rateText(n float64, d time.Duration) string {
	_, text, _ := textfmt.RateOf(n, d)
	return text
}

// rateField is the field key of n per d (textfmt.RateOf), null below the
// clock's resolution, where the rate is not known.
func rateField(key string, n float64, d time.Duration) textfmt.Field {
	v, text, ok := textfmt.RateOf(n, d)
	if !ok {
		return textfmt.Field{Key: key, Text: text}
	}
	return textfmt.Field{Key: key, Value: v, Text: text}
}

// Rate is the engine board's leaves per second.
func (r PerftRow) Rate() float64 { return PerSecond(r.Nodes, r.Elapsed) }

// RefRate is notnil/chess's leaves per second.
func (r PerftRow) RefRate() float64 { return PerSecond(r.RefNodes, r.RefElapsed) }

// SFRate is Stockfish's leaves per second.
func (r PerftRow) SFRate() float64 { return PerSecond(r.SFNodes, r.SFElapsed) }

// RefRatio is how many times as fast as notnil/chess the engine's board
// counted, 0 when either was not timed.
func (r PerftRow) RefRatio() float64 {
	if r.RefElapsed <= 0 || r.Elapsed <= 0 {
		return 0
	}
	return r.Rate() / r.RefRate()
}

// SFRatio is the engine board's speed as a multiple of Stockfish's, 0
// when either was not timed.
func (r PerftRow) SFRatio() float64 {
	if r.SFElapsed <= 0 || r.Elapsed <= 0 {
		return 0
	}
	return r.Rate() / r.SFRate()
}

// DivideRow is one root move of a divide with notnil/chess's count beside
// the engine's.
type DivideRow struct {
	UCI      string
	Nodes    uint64 // the engine board's count below the move
	RefNodes uint64 // notnil/chess's, 0 when it lacks the move
	Match    bool   // notnil/chess has the move with the same count
}

// DivideRows pairs the row's divide with notnil/chess's, in the engine's
// (UCI) order; without Reference RefNodes is 0 and Match false.
func (r PerftRow) DivideRows() []DivideRow {
	theirs := map[string]uint64{}
	for _, e := range r.RefDivide {
		theirs[e.UCI] = e.Nodes
	}
	out := make([]DivideRow, len(r.Divide))
	for i, e := range r.Divide {
		n, ok := theirs[e.UCI]
		out[i] = DivideRow{UCI: e.UCI, Nodes: e.Nodes, RefNodes: n, Match: ok && n == e.Nodes}
	}
	return out
}

// DescribeFirstDifference words FirstDifference of two divides (plylab's
// and notnil/chess's) for a message: "none", "e1g1 (generated only by
// plylab)", or "b2b3 (plylab 20, notnil/chess 21)".
func DescribeFirstDifference(ours, theirs []board.DivideEntry) string {
	d, ok := FirstDifference(ours, theirs)
	switch {
	case !ok:
		return "none"
	case d.OnlyOurs:
		return d.UCI + " (generated only by plylab)"
	case d.OnlyTheirs:
		return d.UCI + " (generated only by notnil/chess)"
	}
	return fmt.Sprintf("%s (plylab %s, notnil/chess %s)", d.UCI, textfmt.Thousands(d.Ours), textfmt.Thousands(d.Theirs))
}

// Mismatch returns an error for the first row whose count differs from
// the published one, Stockfish's or notnil/chess's (checked in that
// order), naming the position by name; nil when every count agrees.
func (r *PerftResult) Mismatch() error {
	for _, row := range r.Rows {
		label, n := row.Position.Name, textfmt.Thousands(row.Nodes)
		if row.Expected != 0 && row.Nodes != row.Expected {
			return fmt.Errorf("perft mismatch for %s at depth %d: counted %s, published %s", label, row.Depth, n, textfmt.Thousands(row.Expected))
		}
		if row.Stockfish && row.Nodes != row.SFNodes {
			return fmt.Errorf("perft mismatch for %s at depth %d: plylab %s, Stockfish %s", label, row.Depth, n, textfmt.Thousands(row.SFNodes))
		}
		if row.Reference && row.Nodes != row.RefNodes {
			return fmt.Errorf("perft mismatch for %s at depth %d: plylab %s, notnil/chess %s; first differing root move %s",
				label, row.Depth, n, textfmt.Thousands(row.RefNodes), DescribeFirstDifference(row.Divide, row.RefDivide))
		}
	}
	return nil
}
