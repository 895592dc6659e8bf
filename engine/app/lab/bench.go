package lab

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
	"github.com/plylab/plylab/positions"
)

// Bench: the engine-testing frameworks' signature and speed test. A
// fixed-depth search of fixed positions visits the same number of nodes on
// every machine, so the total is a fingerprint of the engine's search (any
// change to pruning or ordering changes it), and nodes per second measure
// the machine and the code's speed.

// BenchOptions is the input of Bench.
type BenchOptions struct {
	Engine    engine.Options       // the engine and its hash size, e.g. engine.EngineOptions()
	Depth     int                  // plies, every position
	Positions []positions.Position // nil: the "bench" suite (Stockfish's bench positions)
	// Progress, when set, receives a one-line status before each search.
	Progress func(status string)
}

// BenchRow is one position's search.
type BenchRow struct {
	Index   int    // 1-based, in suite order
	Skipped string // "checkmate" or "stalemate" for a position without legal moves, not searched
	Nodes   uint64 // nodes and quiescence nodes
	Elapsed time.Duration
	Best    string // the best move in SAN, "" if none
	Score   int    // side to move's view
	Stopped bool   // the search was interrupted
}

// BenchResult is the output of Bench.
type BenchResult struct {
	Rows              []BenchRow
	Nodes             uint64 // the signature: total over the searched rows
	Elapsed           time.Duration
	Searched, Skipped int
	Interrupted       bool // the last row is partial and Nodes is no signature
	// Threads is the number of search threads (engine.Options.Threads).
	// The signature is the one-thread count: with more threads the nodes
	// (every thread's) vary from run to run.
	Threads int
}

// NPS is the frameworks' nps: total nodes over total search time.
func (r *BenchResult) NPS() uint64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Signature is the line engine-testing frameworks (OpenBench, fishtest)
// read: "<nodes> nodes <nps> nps", plain numbers without separators.
func (r *BenchResult) Signature() string {
	return fmt.Sprintf("%d nodes %d nps", r.Nodes, r.NPS())
}

// Bench searches every position to o.Depth with cleared tables, so each
// count is independent of the order and number of positions. When ctx is
// cancelled it returns the rows so far with Interrupted set and ctx's
// error.
func Bench(ctx context.Context, o BenchOptions) (*BenchResult, error) {
	list := o.Positions
	if list == nil {
		suite, err := positions.LookupSuite("bench")
		if err != nil {
			return nil, err
		}
		list = suite.Positions
	}
	boards, err := Boards(list)
	if err != nil {
		return nil, err
	}
	status := statusFunc(o.Progress)
	res := &BenchResult{Threads: max(o.Engine.Threads, 1)}
	// The runner reuses the table's memory, so page faults are paid once.
	runner := textbook.NewRunner(o.Engine)
	for i, b := range boards {
		row := BenchRow{Index: i + 1}
		if !b.HasLegalMove() {
			row.Skipped = "stalemate"
			if b.InCheck() {
				row.Skipped = "checkmate"
			}
			res.Rows = append(res.Rows, row)
			res.Skipped++
			continue
		}
		status("bench depth %d: position %d/%d", o.Depth, i+1, len(boards))
		run := runner.Run(ctx, b, engine.Limits{Depth: o.Depth}, nil, nil)
		row.Nodes, row.Elapsed = run.AllNodes(), run.Stats.Elapsed
		row.Score, row.Stopped = run.Score, run.Stopped
		if run.BestMove != board.NoMove {
			row.Best = b.SAN(run.BestMove)
		}
		res.Rows = append(res.Rows, row)
		res.Searched++
		res.Nodes += row.Nodes
		res.Elapsed += row.Elapsed
		if err := ctx.Err(); err != nil {
			res.Interrupted = true
			return res, err
		}
	}
	return res, nil
}

// Table is bench's printed result: one row per position (nodes, time,
// speed, best move, score; "-" and the reason for a position without legal
// moves), and a note with the totals. depth and hashMB are the run's
// settings, shown in the title.
func (r *BenchResult) Table(depth, hashMB int) *textfmt.Table {
	title := fmt.Sprintf("bench: full engine, depth %d, %d MB hash, fresh tables per position", depth, hashMB)
	if r.Threads > 1 {
		title += fmt.Sprintf(", %d threads", r.Threads)
	}
	t := &textfmt.Table{Title: title}
	t.Columns = []textfmt.Column{
		{Key: "position", Header: "#", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "nps", Header: "nps", Right: true},
		{Key: "best", Header: "best"},
		{Key: "score", Header: "score", Right: true},
	}
	dash := textfmt.NullCell("-")
	for _, row := range r.Rows {
		cells := []textfmt.Cell{textfmt.IntCell(int64(row.Index))}
		if row.Skipped != "" {
			cells = append(cells, dash, dash, dash, dash, textfmt.Cell{Text: row.Skipped, Value: row.Skipped, Style: textfmt.StyleDim})
			t.Rows = append(t.Rows, cells)
			continue
		}
		cells = append(cells, textfmt.UintCell(row.Nodes), textfmt.DurationCell(row.Elapsed), textfmt.RateOfCell(float64(row.Nodes), row.Elapsed))
		if row.Best != "" {
			cells = append(cells, textfmt.TextCell(row.Best).Styled(textfmt.StyleAccent))
		} else {
			cells = append(cells, dash)
		}
		if row.Stopped {
			cells = append(cells, textfmt.Cell{Text: "interrupted", Style: textfmt.StyleWarn})
		} else {
			// Exported as text too: "+35" or "mate in 2", the engine's
			// own mate encoding means nothing outside it.
			cells = append(cells, textfmt.TextCell(engine.FormatScore(row.Score)))
		}
		t.Rows = append(t.Rows, cells)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%d positions searched, %d without legal moves skipped: %s nodes in %s (%s)",
		r.Searched, r.Skipped, textfmt.Thousands(r.Nodes), textfmt.Duration(r.Elapsed), rateText(float64(r.Nodes), r.Elapsed)))
	if r.Interrupted {
		t.Notes = append(t.Notes, "interrupted: the last row is partial and there is no total")
	}
	if r.Threads > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d threads: the nodes are every thread's and vary from run to run; the signature is the count of one thread", r.Threads))
	}
	return t
}

// Summary is bench's result for a lesson (kind "bench"): the signature's
// nodes and nps, as the last line prints them (no separators).
func (r *BenchResult) Summary() []textfmt.Field {
	return []textfmt.Field{
		{Key: "signature_nodes", Value: r.Nodes, Text: fmt.Sprint(r.Nodes)},
		{Key: "nps", Value: r.NPS(), Text: fmt.Sprint(r.NPS())}}
}

// Bench's defaults and bounds, as the frameworks call it: "bench 16 1 8".
const (
	BenchDepth     = 8    // plies, when not given
	BenchHashMB    = 16   // hash size in MB, when not given
	BenchMaxHashMB = 4096 // the largest hash bench accepts
)

// BenchSignature is the node count of `plylab bench` with its defaults
// (the engine preset, its built-in network, BenchDepth, BenchHashMB): the
// fingerprint of this build's search, which `plylab version` prints
// without searching. Any change to pruning, ordering or the evaluation
// changes it; TestBenchSignature runs the bench and fails until this
// constant is the count the search gives.
const BenchSignature = 1068591

// CheckBench checks bench's depth (1 to engine.MaxDepth) and hash size
// (1 to BenchMaxHashMB): a *param.RangeError (parameters Depth and Hash)
// that suggests the default.
func CheckBench(depth, hashMB int) error {
	if err := engine.CheckDepth(depth, engine.MaxDepth, BenchDepth); err != nil {
		return err
	}
	if hashMB < 1 || hashMB > BenchMaxHashMB {
		return &param.RangeError{Param: "Hash", Got: int64(hashMB), Min: 1, Max: BenchMaxHashMB, Unit: "MB", Try: strconv.Itoa(BenchHashMB)}
	}
	return nil
}

// Report is what bench prints after the run of depth with hashMB: the
// table (in JSON with the signature in its notes, so the output stays one
// document); then, only when the run completed, the summary a lesson
// reads and, in the formats read by people, the signature line the
// frameworks parse, plain (no separators, no colour). An incomplete run
// has no signature: a partial count must not pass for one.
func (r *BenchResult) Report(format string, depth, hashMB int, completed bool) textfmt.Report {
	t := r.Table(depth, hashMB)
	if format == "json" && !r.Interrupted {
		t.Notes = append(t.Notes, r.Signature())
	}
	rep := textfmt.Report{textfmt.TablePart(t)}
	if !completed {
		return rep
	}
	rep = append(rep, textfmt.ResultPart("bench", r.Summary()))
	if format == "table" || format == "markdown" {
		rep = append(rep, textfmt.TextPart(r.Signature()+"\n"))
	}
	return rep
}

// BenchSettings are bench's depth, hash size and threads, and whether
// each was given as a flag.
type BenchSettings struct {
	Depth, HashMB, Threads        int
	DepthSet, HashSet, ThreadsSet bool
}

// BenchArgs applies the frameworks' positional form of bench, "HASH
// THREADS DEPTH" (or a prefix of it), to the settings given as flags and
// checks the result (CheckBench; THREADS from 1 to engine.MaxThreads). A
// number given both ways must agree.
func BenchArgs(args []string, set BenchSettings) (BenchSettings, error) {
	if len(args) > 3 {
		return BenchSettings{}, fmt.Errorf("bench takes at most three arguments (HASH THREADS DEPTH), got %d", len(args))
	}
	names := []string{"HASH", "THREADS", "DEPTH"}
	vals := make([]int, len(args))
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return BenchSettings{}, fmt.Errorf("bench %s must be a whole number, got %q; e.g. plylab bench 16 1 8", names[i], a)
		}
		vals[i] = n
	}
	if len(vals) >= 1 {
		if set.HashSet && vals[0] != set.HashMB {
			return BenchSettings{}, param.Errorf("hash given twice ({Hash} %d and HASH %d); give one", set.HashMB, vals[0])
		}
		set.HashMB = vals[0]
	}
	if len(vals) >= 2 {
		if vals[1] < 1 {
			return BenchSettings{}, fmt.Errorf("bench THREADS must be at least 1, got %d", vals[1])
		}
		if set.ThreadsSet && vals[1] != set.Threads {
			return BenchSettings{}, param.Errorf("threads given twice ({Threads} %d and THREADS %d); give one", set.Threads, vals[1])
		}
		set.Threads = vals[1]
	}
	if len(vals) >= 3 {
		if set.DepthSet && vals[2] != set.Depth {
			return BenchSettings{}, param.Errorf("depth given twice ({Depth} %d and DEPTH %d); give one", set.Depth, vals[2])
		}
		set.Depth = vals[2]
	}
	if err := CheckBench(set.Depth, set.HashMB); err != nil {
		return BenchSettings{}, err
	}
	if set.Threads < 1 || set.Threads > engine.MaxThreads {
		return BenchSettings{}, param.Errorf("threads must be between 1 and %d, got %d; try {Threads} 1", engine.MaxThreads, set.Threads)
	}
	return set, nil
}

// BenchEngine is the engine bench searches with: the full engine
// (engine.EngineOptions) with a hashMB transposition table and, unless
// evalKind is "", that evaluation (eval.ParseKind's error otherwise).
func BenchEngine(hashMB int, evalKind string) (engine.Options, error) {
	o := engine.EngineOptions()
	o.TTSizeMB = hashMB
	if evalKind != "" {
		kind, err := eval.ParseKind(evalKind)
		if err != nil {
			return o, err
		}
		o.Eval = kind
	}
	return o, nil
}
