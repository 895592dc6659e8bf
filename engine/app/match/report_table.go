package match

import (
	"fmt"
	"math"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Table is r as a table: per row the group, which games, their number,
// wins, draws and losses with their percentages, the score, and the Elo
// difference with its 95% interval ("-" where a row has no Elo or no
// games); the title and notes are r's.
func (r *Report) Table() *textfmt.Table {
	t := &textfmt.Table{Title: r.Title, Notes: r.Notes}
	t.Columns = []textfmt.Column{
		{Key: "group", Header: "group"}, {Key: "category", Header: "which"}, {Key: "games", Header: "games", Right: true},
		{Key: "wins", Header: "W", Right: true}, {Key: "draws", Header: "D", Right: true}, {Key: "losses", Header: "L", Right: true},
		{Key: "win_pct", Header: "W%", Right: true}, {Key: "draw_pct", Header: "D%", Right: true}, {Key: "loss_pct", Header: "L%", Right: true},
		{Key: "score_pct", Header: "score", Right: true}, {Key: "elo", Header: "Elo", Right: true},
		{Key: "elo_low", Header: "95% low", Right: true}, {Key: "elo_high", Header: "95% high", Right: true},
	}
	pct := func(v float64) textfmt.Cell {
		if math.IsNaN(v) {
			return textfmt.NullCell("-")
		}
		return textfmt.Cell{Text: fmt.Sprintf("%.1f%%", v), Value: v}
	}
	elo := func(v float64) textfmt.Cell { return textfmt.Cell{Text: EloText(v), Value: v} }
	for _, rr := range r.Rows {
		s := rr.WDL
		w, d, l := s.Percent()
		row := []textfmt.Cell{textfmt.TextCell(rr.Group), textfmt.TextCell(rr.Category), textfmt.IntCell(int64(s.N())), textfmt.IntCell(int64(s.W)),
			textfmt.IntCell(int64(s.D)), textfmt.IntCell(int64(s.L)), pct(w), pct(d), pct(l), pct(100 * s.Score())}
		if rr.Elo {
			e, lo, hi := s.Elo()
			row = append(row, elo(e), elo(lo), elo(hi))
		} else {
			row = append(row, textfmt.NullCell("-"), textfmt.NullCell("-"), textfmt.NullCell("-"))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
