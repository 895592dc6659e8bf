package main

import (
	"fmt"
	"math"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/match"
)

// matchTable prints the match report (match.NewReport) as a table.
func matchTable(mc *matchConfig, res *match.Result) *output.Table {
	rep := match.NewReport(res, match.ReportInfo{Engine: mc.engineDesc, Opponent: mc.oppDesc, Openings: mc.openings,
		Seed: mc.seed, SPRT: mc.sprt, PGNPath: mc.pgnPath, Duration: output.FormatDuration})
	t := &output.Table{Title: rep.Title, Notes: rep.Notes}
	t.Columns = []output.Column{
		{Key: "group", Header: "group"}, {Key: "category", Header: "which"}, {Key: "games", Header: "games", Right: true},
		{Key: "wins", Header: "W", Right: true}, {Key: "draws", Header: "D", Right: true}, {Key: "losses", Header: "L", Right: true},
		{Key: "win_pct", Header: "W%", Right: true}, {Key: "draw_pct", Header: "D%", Right: true}, {Key: "loss_pct", Header: "L%", Right: true},
		{Key: "score_pct", Header: "score", Right: true}, {Key: "elo", Header: "Elo", Right: true},
		{Key: "elo_low", Header: "95% low", Right: true}, {Key: "elo_high", Header: "95% high", Right: true},
	}
	pct := func(v float64) output.Cell {
		if math.IsNaN(v) {
			return output.NullCell("-")
		}
		return output.Cell{Text: fmt.Sprintf("%.1f%%", v), Value: v}
	}
	elo := func(v float64) output.Cell { return output.Cell{Text: match.EloText(v), Value: v} }
	for _, r := range rep.Rows {
		s := r.WDL
		w, d, l := s.Percent()
		row := []output.Cell{output.TextCell(r.Group), output.TextCell(r.Category), output.IntCell(int64(s.N())), output.IntCell(int64(s.W)),
			output.IntCell(int64(s.D)), output.IntCell(int64(s.L)), pct(w), pct(d), pct(l), pct(100 * s.Score())}
		if r.Elo {
			e, lo, hi := s.Elo()
			row = append(row, elo(e), elo(lo), elo(hi))
		} else {
			row = append(row, output.NullCell("-"), output.NullCell("-"), output.NullCell("-"))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
