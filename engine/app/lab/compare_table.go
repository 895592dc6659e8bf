package lab

import (
	"fmt"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/positions"
)

// Table is compare's printed result: one row per depth and algorithm that
// ran (nodes, leaves, quiescence nodes, time, speed, the best move and
// score on one position or the best moves found on several, the share of
// minimax, the EBF and the minimal tree), and notes naming the algorithms
// and explaining the columns. list and algos are the comparison's input.
func (r *CompareResult) Table(list []positions.Position, algos []engine.Options) *textfmt.Table {
	single := len(list) == 1
	t := &textfmt.Table{Title: CompareTitle(list)}
	t.Columns = []textfmt.Column{
		{Key: "depth", Header: "depth", Right: true},
		{Key: "algo", Header: "algorithm"},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "leaves", Header: "leaves", Right: true},
		{Key: "qnodes", Header: "qnodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "nodes_per_s", Header: "nodes/s", Right: true},
	}
	if single {
		t.Columns = append(t.Columns, textfmt.Column{Key: "best", Header: "best"}, textfmt.Column{Key: "score", Header: "score", Right: true})
	} else {
		t.Columns = append(t.Columns, textfmt.Column{Key: "solved", Header: "best move found", Right: true})
	}
	t.Columns = append(t.Columns,
		textfmt.Column{Key: "pct_of_minimax", Header: "% minimax", Right: true},
		textfmt.Column{Key: "ebf", Header: "EBF", Right: true},
		textfmt.Column{Key: "minimal_tree", Header: "minimal", Right: true},
		textfmt.Column{Key: "pct_over_minimal", Header: "vs minimal", Right: true},
	)
	for _, row := range r.Done() {
		t.Rows = append(t.Rows, row.cells(single))
	}
	t.Notes = append(t.Notes, "algorithms: "+AlgoList(algos))
	t.Notes = append(t.Notes, "scores are from the side to move's point of view; EBF = sqrt(nodes(d) / nodes(d-2)), quiescence included")
	t.Notes = append(t.Notes, "minimal = the smallest tree proving the minimax value (same evaluation, no quiescence); vs minimal = nodes / minimal")
	if r.Blanked > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("\"-\" under minimal and vs minimal (and %% minimax without a minimax row): on some positions of that row the minimal tree needs more than %s nodes of work (or a full tree estimated above %s nodes), and a sum over fewer positions is never divided into one over all", textfmt.Thousands(MinimalBudget), textfmt.Thousands(MinimalFullLimit)))
	}
	if r.Interrupted {
		t.Notes = append(t.Notes, "interrupted: only the rows above finished")
	}
	return t
}

// cells is r as a row of compare's table; single selects the best-move
// and score columns of a one-position comparison.
func (r CompareRow) cells(single bool) []textfmt.Cell {
	row := []textfmt.Cell{textfmt.IntCell(int64(r.Depth)), textfmt.TextCell(r.Algo).Styled(textfmt.StyleAccent), textfmt.UintCell(r.Stats.Nodes),
		textfmt.UintCell(r.Stats.Leaves), textfmt.UintCell(r.Stats.QNodes), textfmt.DurationCell(r.Stats.Elapsed), textfmt.RateOfCell(float64(r.Stats.TotalNodes()), r.Stats.Elapsed)}
	switch {
	case single:
		st := textfmt.StyleNone
		if engine.IsMate(r.Score) {
			st = textfmt.StyleGood
		}
		row = append(row, textfmt.TextCell(r.Best), textfmt.Cell{Text: engine.FormatScore(r.Score), Value: int64(r.Score), Style: st})
	case r.WithBM > 0:
		row = append(row, textfmt.Cell{Text: fmt.Sprintf("%d/%d", r.Solved, r.WithBM), Value: int64(r.Solved)})
	default:
		row = append(row, textfmt.NullCell("-"))
	}
	if r.Minimax > 0 {
		pct, format := r.PctOfMinimax(), "%.2f%%"
		if pct < 0.1 {
			format = "%.2g%%" // two significant figures, not 0.00%
		}
		row = append(row, textfmt.FloatCell(pct, format))
	} else {
		row = append(row, textfmt.NullCell("-"))
	}
	if r.EBF > 0 {
		row = append(row, textfmt.FloatCell(r.EBF, "%.2f"))
	} else {
		row = append(row, textfmt.NullCell("-"))
	}
	if r.Minimal > 0 {
		row = append(row, textfmt.UintCell(r.Minimal), textfmt.FloatCell(r.VsMinimal(), "%.2f×"))
	} else {
		row = append(row, textfmt.NullCell("-"), textfmt.NullCell("-"))
	}
	return row
}
