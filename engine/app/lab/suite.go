package lab

import (
	"context"
	"strings"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/positions"
)

// Suite runs: a test suite's positions searched with the same limits, the
// best move checked against each position's bm (best moves) and am
// (moves to avoid), as engine authors run WAC or Bratko-Kopec.

// SuiteOptions is the input of Suite.
type SuiteOptions struct {
	Positions []positions.Position
	Algo      engine.Options
	Limits    engine.Limits
	// Progress, when set, receives a one-line status before each search.
	Progress func(status string)
}

// SuiteRow is one position's search.
type SuiteRow struct {
	ID       string // the position's name (its EPD id)
	Found    string // the best move found, SAN
	Expected string // the bm moves, or "not " and the am moves
	Checked  bool   // the position has a bm or am to check against
	OK       bool   // found is a bm and not an am (true when unchecked)
	Score    int    // side to move's view
	Depth    int    // deepest completed depth
	Stats    engine.Stats
}

// SuiteResult is the output of Suite.
type SuiteResult struct {
	Rows            []SuiteRow
	Solved, Checked int
	Total           engine.Stats  // summed over the rows
	Elapsed         time.Duration // wall time of the whole run
	Interrupted     bool
}

// Suite searches every position with one searcher, cleared before each
// position, so each count equals a fresh search's. When ctx is cancelled it
// returns the rows finished so far with Interrupted set and ctx's error.
func Suite(ctx context.Context, o SuiteOptions) (*SuiteResult, error) {
	boards, err := Boards(o.Positions)
	if err != nil {
		return nil, err
	}
	status := statusFunc(o.Progress)
	res := &SuiteResult{}
	start := time.Now()
	searcher := engine.NewSearcher(o.Algo)
	for i, p := range o.Positions {
		if ctx.Err() != nil {
			break
		}
		status("search %s: %d/%d, %d solved", p.Suite, i+1, len(o.Positions), res.Solved)
		b := boards[i]
		searcher.Clear()
		run := searcher.Search(ctx, b, o.Limits, nil, nil)
		if run.Stopped && ctx.Err() != nil {
			break
		}
		res.Total.Add(run.Stats)
		row := SuiteRow{ID: p.Name, Found: b.SAN(run.BestMove), Expected: strings.Join(p.BestMoves, " "),
			Score: run.Score, Depth: run.Depth, Stats: run.Stats}
		row.OK = len(p.BestMoves) == 0 || MatchesBest(b, run.BestMove, p.BestMoves)
		if len(p.AvoidMoves) > 0 {
			if len(p.BestMoves) == 0 {
				row.Expected = "not " + strings.Join(p.AvoidMoves, " ")
			}
			row.OK = row.OK && !MatchesBest(b, run.BestMove, p.AvoidMoves)
		}
		if len(p.BestMoves) > 0 || len(p.AvoidMoves) > 0 {
			row.Checked = true
			res.Checked++
			if row.OK {
				res.Solved++
			}
		}
		res.Rows = append(res.Rows, row)
	}
	res.Elapsed = time.Since(start)
	if err := ctx.Err(); err != nil {
		res.Interrupted = true
		return res, err
	}
	return res, nil
}
