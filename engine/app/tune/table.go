package tune

import (
	"fmt"

	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// ErrorTable reports a fit of set that planned epochs: a row for the start
// and every every-th epoch and the last (every <= 0: a tenth of planned)
// with the training error, the held-out error when set has held-out
// positions, and their changes; the notes are r.Notes.
func (r *Result) ErrorTable(set *Set, every, planned int) *textfmt.Table {
	if every <= 0 {
		every = max(1, planned/10)
	}
	t := &textfmt.Table{Title: fmt.Sprintf("tune: %s positions (%s held out) from %s games (%s), K = %.4f",
		textfmt.Thousands(len(set.Samples)), textfmt.Thousands(len(set.Valid)), textfmt.Thousands(set.Games), set.Source, r.K)}
	t.Columns = []textfmt.Column{{Key: "epoch", Header: "epoch", Right: true}, {Key: "error", Header: "training error", Right: true},
		{Key: "change", Header: "change", Right: true}, {Key: "held_out_error", Header: "held-out error", Right: true},
		{Key: "held_out_change", Header: "held-out change", Right: true}}
	for _, row := range r.ReportRows(every, len(set.Valid) > 0) {
		v, vc := textfmt.NullCell("-"), textfmt.NullCell("-")
		if row.HeldOut {
			v, vc = textfmt.FloatCell(row.ValidError, "%.6f"), textfmt.FloatCell(row.ValidChange, "%+.6f")
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.IntCell(int64(row.Epoch)), textfmt.FloatCell(row.Error, "%.6f"), textfmt.FloatCell(row.Change, "%+.6f"), v, vc})
	}
	t.Notes = r.Notes(planned)
	return t
}

// WeightsTable lists every feature's weights, middlegame and endgame,
// where the fit started and where it ended (in bold).
func (r *Result) WeightsTable() *textfmt.Table {
	t := &textfmt.Table{Title: "tuned weights (middlegame, endgame), centipawns per unit"}
	t.Columns = []textfmt.Column{{Key: "feature", Header: "feature"}, {Key: "term", Header: "term"},
		{Key: "mg_start", Header: "mg start", Right: true}, {Key: "mg", Header: "mg", Right: true},
		{Key: "eg_start", Header: "eg start", Right: true}, {Key: "eg", Header: "eg", Right: true}}
	for i := range r.Weights {
		f := eval.Feature(i)
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(f.String()), textfmt.TextCell(f.Term().Name()),
			textfmt.IntCell(int64(r.Start[i][0])), textfmt.IntCell(int64(r.Weights[i][0])).Styled(textfmt.StyleBold),
			textfmt.IntCell(int64(r.Start[i][1])), textfmt.IntCell(int64(r.Weights[i][1])).Styled(textfmt.StyleBold)})
	}
	return t
}
