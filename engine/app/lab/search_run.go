package lab

import (
	"context"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
)

// One search as `plylab search` runs it: its limits checked and defaulted,
// the search run, and what it prints composed as report parts, emitted as
// the search goes (live) or after it (a table).

// DefaultSearchDepth is the depth of a search given no limit at all.
const DefaultSearchDepth = 10

// MaxMultiPV is the most lines --multipv asks for: more than any
// position has legal moves (218).
const MaxMultiPV = 256

// SearchLimits checks l for searching with o and fills in the default:
// depthGiven says a depth was asked for (then it must be 1 to
// engine.MaxDepth); a plain algorithm (no iterative deepening) needs a
// depth; with no limit at all the search goes to DefaultSearchDepth.
// MultiPV must be 0 or 1 to MaxMultiPV, and more than one line needs
// the full engine: the textbook searches find one line. The errors are
// package param's (parameters Depth, MultiPV, Algo).
func SearchLimits(o engine.Options, l engine.Limits, depthGiven bool) (engine.Limits, error) {
	if depthGiven {
		if err := engine.CheckDepth(l.Depth, engine.MaxDepth, 0); err != nil {
			return l, err
		}
	}
	if l.MultiPV < 0 || l.MultiPV > MaxMultiPV {
		return l, &param.RangeError{Param: "MultiPV", Got: int64(l.MultiPV), Min: 1, Max: MaxMultiPV}
	}
	if l.MultiPV > 1 && (o.IsPlain() || o.Paper) {
		return l, param.Errorf("{MultiPV} %d needs {Algo} engine or ramz (the engine's search); %s searches one line", l.MultiPV, o.Name)
	}
	if o.IsPlain() && l.Depth == 0 {
		return l, param.Errorf("%s needs {Depth} (it has no iterative deepening to stop in time)", o.Name)
	}
	if l.Depth == 0 && l.MoveTime == 0 && l.Nodes == 0 {
		l.Depth = DefaultSearchDepth
	}
	return l, nil
}

// SearchRun is the input of RunSearch.
type SearchRun struct {
	Board  *board.Board
	Label  string // the position's name
	Algo   engine.Options
	Limits engine.Limits
	Stats  bool // add the counters of every technique
	// Live prints each iteration as it completes (LiveHeader, LiveLine,
	// LiveBest) instead of one table after the search.
	Live  bool
	Paint textfmt.Paint // styles the live lines
}

// RunSearch searches o.Board and emits what the search prints, in order.
// Live: the header; a line and an "iteration" result per iteration; the
// best move and the "search" result; a warning when ctx stopped the
// search; with Stats a blank line and the statistics table (always as
// text). Otherwise: the iterations table, with the counters in its notes
// when Stats. It returns emit's first error, else ctx's error.
func RunSearch(ctx context.Context, o SearchRun, emit func(textfmt.Part) error) error {
	var werr error
	put := func(parts ...textfmt.Part) {
		for _, p := range parts {
			if werr == nil {
				werr = emit(p)
			}
		}
	}
	if o.Live {
		put(textfmt.TextPart(LiveHeader(o.Board, o.Label, o.Algo, o.Limits.MultiPV > 1, o.Paint)))
	}
	info := func(it engine.Iteration) {
		if o.Live {
			for _, r := range NewIterationRows(o.Board, it) {
				put(textfmt.TextPart(r.LiveLine(o.Paint)), textfmt.ResultPart("iteration", r.Fields()))
			}
		}
	}
	res := textbook.Run(ctx, o.Board, o.Algo, o.Limits, nil, info)
	if !o.Live {
		t := IterationsTable(o.Board, o.Label, o.Algo, res)
		if o.Stats {
			t.Notes = append(t.Notes, StatsNotes(res.Stats)...)
		}
		put(textfmt.TablePart(t))
	} else {
		put(textfmt.TextPart(LiveBest(o.Board, res, o.Paint)), textfmt.ResultPart("search", SearchSummary(o.Board, res)))
		if res.Stopped && ctx.Err() != nil {
			put(textfmt.Part{Text: "interrupted: the last completed iteration stands", Style: textfmt.StyleWarn}, textfmt.TextPart("\n"))
		}
		if o.Stats {
			put(textfmt.TextPart("\n"), textfmt.Part{Table: StatsTable(res.Stats), Format: "table"})
		}
	}
	if werr != nil {
		return werr
	}
	return ctx.Err()
}

// Report is what a suite run prints: the table of o's positions and the
// "search" summary under it, for a lesson.
func (r *SuiteResult) Report(o SuiteOptions) textfmt.Report {
	return textfmt.Report{textfmt.TablePart(r.Table(o)), textfmt.ResultPart("search", r.Summary())}
}
