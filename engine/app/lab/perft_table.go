package lab

import (
	"fmt"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// okCell is the ok column of perft and divide: a green tick, or a red
// cross followed by bad.
func okCell(ok bool, bad string) textfmt.Cell {
	if ok {
		return textfmt.Cell{Text: "✓", Value: true, Style: textfmt.StyleGood}
	}
	return textfmt.Cell{Text: bad, Value: false, Style: textfmt.StyleBad}
}

// Table is perft's printed result: one row per position (leaves, time,
// speed, notnil/chess's and Stockfish's counts and speeds when they were
// counted, the published count and whether all agree), and notes with the
// totals and the speed ratios.
func (r *PerftResult) Table() *textfmt.Table {
	runs := r.Rows
	ref := len(runs) > 0 && runs[0].Reference
	sf := len(runs) > 0 && runs[0].Stockfish
	t := &textfmt.Table{Title: "perft"}
	t.Columns = []textfmt.Column{
		{Key: "position", Header: "position"},
		{Key: "depth", Header: "depth", Right: true},
		{Key: "nodes", Header: "nodes", Right: true},
		{Key: "time_s", Header: "time", Right: true},
		{Key: "leaves_per_s", Header: "leaves/s", Right: true},
	}
	if ref {
		t.Columns = append(t.Columns,
			textfmt.Column{Key: "notnil_nodes", Header: "notnil nodes", Right: true},
			textfmt.Column{Key: "notnil_time_s", Header: "notnil time", Right: true},
			textfmt.Column{Key: "notnil_leaves_per_s", Header: "notnil leaves/s", Right: true},
			textfmt.Column{Key: "speed_ratio", Header: "ratio", Right: true},
		)
	}
	if sf {
		t.Columns = append(t.Columns,
			textfmt.Column{Key: "stockfish_nodes", Header: "stockfish nodes", Right: true},
			textfmt.Column{Key: "stockfish_time_s", Header: "stockfish time", Right: true},
			textfmt.Column{Key: "stockfish_leaves_per_s", Header: "stockfish leaves/s", Right: true},
			textfmt.Column{Key: "stockfish_ratio", Header: "vs stockfish", Right: true},
		)
	}
	t.Columns = append(t.Columns, textfmt.Column{Key: "published", Header: "published", Right: true}, textfmt.Column{Key: "ok", Header: "ok"})
	for _, row := range runs {
		cells := []textfmt.Cell{textfmt.TextCell(row.Position.Name), textfmt.IntCell(int64(row.Depth)), textfmt.UintCell(row.Nodes),
			textfmt.DurationCell(row.Elapsed), textfmt.RateOfCell(float64(row.Nodes), row.Elapsed)}
		if ref {
			cells = append(cells, textfmt.UintCell(row.RefNodes), textfmt.DurationCell(row.RefElapsed),
				textfmt.RateOfCell(float64(row.RefNodes), row.RefElapsed), textfmt.FloatCell(row.RefRatio(), "%.1f×").Styled(textfmt.StyleAccent))
		}
		if sf {
			cells = append(cells, textfmt.UintCell(row.SFNodes), textfmt.DurationCell(row.SFElapsed), textfmt.RateOfCell(float64(row.SFNodes), row.SFElapsed),
				textfmt.FloatCell(row.SFRatio(), "%.2f×").Styled(textfmt.StyleAccent))
		}
		if row.Expected != 0 {
			cells = append(cells, textfmt.UintCell(row.Expected))
		} else {
			cells = append(cells, textfmt.NullCell("-"))
		}
		if row.Interrupted {
			cells = append(cells, textfmt.Cell{Text: "interrupted", Value: false, Style: textfmt.StyleWarn})
		} else {
			cells = append(cells, okCell(row.OK(), "✗ MISMATCH"))
		}
		t.Rows = append(t.Rows, cells)
	}
	sum, bad := r.Total()
	if len(runs) > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d positions, %s leaves in %s (%s); %d mismatches",
			len(runs), textfmt.Thousands(sum.Nodes), textfmt.Duration(sum.Elapsed), textfmt.Rate(sum.Rate()), bad))
	}
	if ref && sum.RefElapsed > 0 && sum.Elapsed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("plylab is %.1f× as fast as notnil/chess here (%s vs %s leaves/s)",
			sum.RefRatio(), textfmt.Rate(sum.Rate()), textfmt.Rate(sum.RefRate())))
	}
	if sf && sum.SFElapsed > 0 && sum.Elapsed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("plylab runs at %.2f× Stockfish's single-thread perft speed here (%s vs %s leaves/s)",
			sum.SFRatio(), textfmt.Rate(sum.Rate()), textfmt.Rate(sum.SFRate())))
	}
	if len(runs) > 0 && runs[len(runs)-1].Interrupted {
		t.Notes = append(t.Notes, "interrupted: the last count is partial")
	}
	return t
}

// DivideTable is perft --divide's printed result for r: one row per root
// move (UCI order) with the leaves below it, notnil/chess's count and
// whether they agree when it was counted, and a note with the total.
func (r PerftRow) DivideTable() *textfmt.Table {
	t := &textfmt.Table{Title: fmt.Sprintf("perft divide: %s, depth %d", r.Position.Name, r.Depth)}
	t.Columns = []textfmt.Column{{Key: "move", Header: "move"}, {Key: "nodes", Header: "nodes", Right: true}}
	if r.Reference {
		t.Columns = append(t.Columns, textfmt.Column{Key: "notnil_nodes", Header: "notnil/chess", Right: true}, textfmt.Column{Key: "ok", Header: "ok"})
	}
	for _, e := range r.DivideRows() {
		cells := []textfmt.Cell{textfmt.TextCell(e.UCI), textfmt.UintCell(e.Nodes)}
		if r.Reference {
			cells = append(cells, textfmt.UintCell(e.RefNodes), okCell(e.Match, "✗"))
		}
		t.Rows = append(t.Rows, cells)
	}
	note := fmt.Sprintf("%d moves, %s leaves in %s (%s)", len(r.Divide), textfmt.Thousands(r.Nodes), textfmt.Duration(r.Elapsed), textfmt.Rate(r.Rate()))
	if r.Expected != 0 {
		if r.Expected == r.Nodes {
			note += "; matches the published count"
		} else {
			note += "; published count " + textfmt.Thousands(r.Expected)
		}
	}
	t.Notes = append(t.Notes, note)
	if r.Interrupted {
		t.Notes = append(t.Notes, "interrupted: only the moves above were counted")
	}
	return t
}

// Summary is perft's result for a lesson (kind "perft"): positions,
// total_nodes, total_time_s, total_leaves_per_s, mismatches and
// interrupted, each with the text printed for it.
func (r *PerftResult) Summary() []textfmt.Field {
	total, bad := r.Total()
	return []textfmt.Field{
		{Key: "positions", Value: len(r.Rows), Text: fmt.Sprint(len(r.Rows))},
		{Key: "total_nodes", Value: total.Nodes, Text: textfmt.Thousands(total.Nodes)},
		{Key: "total_time_s", Value: total.Elapsed, Text: textfmt.Duration(total.Elapsed)},
		rateField("total_leaves_per_s", float64(total.Nodes), total.Elapsed),
		{Key: "mismatches", Value: bad, Text: fmt.Sprint(bad)},
		{Key: "interrupted", Value: r.Interrupted}}
}

// Report is what perft prints: the counts table (with divide, the first
// row's divide table instead) and the summary a lesson reads.
func (r *PerftResult) Report(divide bool) textfmt.Report {
	t := r.Table()
	if divide {
		t = r.Rows[0].DivideTable()
	}
	return textfmt.Report{textfmt.TablePart(t), textfmt.ResultPart("perft", r.Summary())}
}
