package lab

import (
	"fmt"
	"slices"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// IterationsTable is a search's printed result when it is not shown live:
// one row per completed iteration of res (searched from b with o) with its
// score, nodes, speed, time and principal variation; under MultiPV one row
// per line, numbered in a "line" column. label names the position in the
// title.
func IterationsTable(b *board.Board, label string, o engine.Options, res engine.Result) *textfmt.Table {
	t := &textfmt.Table{Title: fmt.Sprintf("search %s (%s%s)", label, o.Name, threadsNote(o))}
	rows := IterationRows(b, res)
	multi := slices.ContainsFunc(rows, func(r IterationRow) bool { return r.MultiPV > 0 })
	t.Columns = []textfmt.Column{{Key: "depth", Header: "depth", Right: true}}
	if multi {
		t.Columns = append(t.Columns, textfmt.Column{Key: "multipv", Header: "line", Right: true})
	}
	t.Columns = append(t.Columns, []textfmt.Column{{Key: "seldepth", Header: "sel", Right: true},
		{Key: "score", Header: "score", Right: true}, {Key: "score_cp", Header: "cp", Right: true},
		{Key: "nodes", Header: "nodes", Right: true}, {Key: "nodes_per_s", Header: "nps", Right: true},
		{Key: "time_s", Header: "time", Right: true}, {Key: "pv", Header: "pv"},
	}...)
	for _, r := range rows {
		row := []textfmt.Cell{textfmt.IntCell(int64(r.Depth))}
		if multi {
			row = append(row, textfmt.IntCell(int64(r.MultiPV)))
		}
		t.Rows = append(t.Rows, append(row, textfmt.IntCell(int64(r.SelDepth)),
			textfmt.TextCell(engine.FormatScore(r.Score)), textfmt.IntCell(int64(r.Score)), textfmt.UintCell(r.Nodes), r.rateCell(),
			textfmt.DurationCell(r.Elapsed), textfmt.TextCell(r.PV)))
	}
	return t
}

// rateCell is the row's speed, its NPS unless its time is below the
// clock's resolution (textfmt.RateOfCell).
func (r IterationRow) rateCell() textfmt.Cell {
	if textfmt.BelowResolution(r.Elapsed) {
		return textfmt.RateOfCell(float64(r.Nodes), r.Elapsed)
	}
	return textfmt.RateCell(r.NPS)
}

// rateField is rateCell as the field nodes_per_s.
func (r IterationRow) rateField() textfmt.Field {
	c := r.rateCell()
	return textfmt.Field{Key: "nodes_per_s", Value: c.Value, Text: c.Text}
}

// Text is c's value as `plylab search --stats` prints it: a count with
// thousands separators, a share as a percentage ("-" out of nothing),
// plies, a duration or a rate.
func (c Counter) Text() string {
	switch c.Kind {
	case Share:
		if c.Of == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(c.N)/float64(c.Of))
	case Plies:
		return fmt.Sprint(c.N)
	case Duration:
		return textfmt.Duration(c.Time)
	case Rate:
		if c.N > 0 || c.Time > 0 {
			return rateText(float64(c.N), c.Time)
		}
		return textfmt.Rate(c.PerSecond)
	}
	return textfmt.Thousands(c.N)
}

// StatsTable is `plylab search --stats`: every counter of s (see Counters)
// with its value and meaning.
func StatsTable(s engine.Stats) *textfmt.Table {
	t := &textfmt.Table{Title: "statistics", Columns: []textfmt.Column{{Key: "counter", Header: "counter"},
		{Key: "value", Header: "value", Right: true}, {Key: "meaning", Header: "meaning"}}}
	for _, c := range Counters(s) {
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(c.Name), textfmt.TextCell(c.Text()), textfmt.TextCell(c.Meaning).Styled(textfmt.StyleDim)})
	}
	return t
}

// StatsNotes is every counter of s as a note, "name: value", for a table
// that carries the statistics below its rows.
func StatsNotes(s engine.Stats) []string {
	var out []string
	for _, c := range Counters(s) {
		out = append(out, c.Name+": "+c.Text())
	}
	return out
}

// Table is a suite run's printed result for a run of o: one row per
// position with the move found, the expected one, whether they agree, the
// score, depth, nodes and time, and a note with the totals.
func (r *SuiteResult) Table(o SuiteOptions) *textfmt.Table {
	suite := ""
	if len(o.Positions) > 0 {
		suite = o.Positions[0].Suite
	}
	t := &textfmt.Table{Title: fmt.Sprintf("search: suite %s, %s", suite, o.Algo.Name)}
	t.Columns = []textfmt.Column{{Key: "id", Header: "id"}, {Key: "best", Header: "found"}, {Key: "expected", Header: "expected"},
		{Key: "ok", Header: "ok"}, {Key: "score", Header: "score", Right: true}, {Key: "depth", Header: "depth", Right: true},
		{Key: "nodes", Header: "nodes", Right: true}, {Key: "time_s", Header: "time", Right: true}}
	for _, row := range r.Rows {
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(row.ID), textfmt.TextCell(row.Found).Styled(textfmt.StyleAccent), textfmt.TextCell(row.Expected),
			okCell(row.OK, "✗"), textfmt.TextCell(engine.FormatScore(row.Score)), textfmt.IntCell(int64(row.Depth)),
			textfmt.UintCell(row.Stats.TotalNodes()), textfmt.DurationCell(row.Stats.Elapsed)})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("solved %d of %d (%s, %s nodes, %s)", r.Solved, r.Checked, textfmt.Duration(r.Elapsed),
		textfmt.Thousands(r.Total.TotalNodes()), rateText(float64(r.Total.TotalNodes()), r.Total.Elapsed)))
	if r.Interrupted {
		t.Notes = append(t.Notes, "interrupted: only the positions above were searched")
	}
	return t
}

// Fields is r as a lesson reads a live search's iteration (kind
// "iteration"): depth, seldepth, score, score_cp, nodes, nodes_per_s,
// time_s and pv, each with the text printed for it; under MultiPV also
// multipv, the line's rank, after depth.
func (r IterationRow) Fields() []textfmt.Field {
	sc := engine.FormatScore(r.Score)
	fs := []textfmt.Field{{Key: "depth", Value: r.Depth, Text: fmt.Sprint(r.Depth)}}
	if r.MultiPV > 0 {
		fs = append(fs, textfmt.Field{Key: "multipv", Value: r.MultiPV, Text: fmt.Sprint(r.MultiPV)})
	}
	return append(fs, []textfmt.Field{
		{Key: "seldepth", Value: r.SelDepth, Text: fmt.Sprint(r.SelDepth)},
		{Key: "score", Value: sc, Text: sc}, {Key: "score_cp", Value: r.Score},
		{Key: "nodes", Value: r.Nodes, Text: textfmt.Thousands(r.Nodes)},
		r.rateField(),
		{Key: "time_s", Value: r.Elapsed, Text: textfmt.Duration(r.Elapsed)},
		{Key: "pv", Value: r.PV, Text: r.PV}}...)
}

// SearchSummary is a live search's result for a lesson (kind "search"):
// best_move (SAN, from b), depth_reached, final_score, final_score_cp,
// total_nodes, total_time_s and total_nodes_per_s. Its keys differ from
// the iterations' (depth, nodes), so a lesson can name either.
func SearchSummary(b *board.Board, res engine.Result) []textfmt.Field {
	best, sc := BestSAN(b, res), engine.FormatScore(res.Score)
	return []textfmt.Field{
		{Key: "best_move", Value: best, Text: best}, {Key: "depth_reached", Value: res.Depth, Text: fmt.Sprint(res.Depth)},
		{Key: "final_score", Value: sc, Text: sc}, {Key: "final_score_cp", Value: res.Score},
		{Key: "total_nodes", Value: res.AllNodes(), Text: textfmt.Thousands(res.AllNodes())},
		{Key: "total_time_s", Value: res.Stats.Elapsed, Text: textfmt.Duration(res.Stats.Elapsed)},
		rateField("total_nodes_per_s", float64(res.AllNodes()), res.Stats.Elapsed)}
}

// Summary is a suite run's result for a lesson (kind "search"): solved,
// checked, total_nodes, total_time_s, total_nodes_per_s and interrupted.
func (r *SuiteResult) Summary() []textfmt.Field {
	nodes := r.Total.TotalNodes()
	return []textfmt.Field{
		{Key: "solved", Value: r.Solved, Text: fmt.Sprint(r.Solved)}, {Key: "checked", Value: r.Checked, Text: fmt.Sprint(r.Checked)},
		{Key: "total_nodes", Value: nodes, Text: textfmt.Thousands(nodes)},
		{Key: "total_time_s", Value: r.Elapsed, Text: textfmt.Duration(r.Elapsed)},
		rateField("total_nodes_per_s", float64(nodes), r.Total.Elapsed),
		{Key: "interrupted", Value: r.Interrupted}}
}
