package datagen

import (
	"fmt"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Table is what `plylab nnue label` prints after labelling n records by
// the teacher engine at depth (0: its static evaluation) into the file
// out: the records, those labelled and dropped, the time and the rate.
func (s LabelSummary) Table(teacher string, depth int, out string, n int) *textfmt.Table {
	how := "static evaluation"
	if depth > 0 {
		how = fmt.Sprintf("depth %d", depth)
	}
	t := &textfmt.Table{Title: fmt.Sprintf("nnue label: %s, %s → %s", teacher, how, out), Columns: []textfmt.Column{
		{Key: "positions", Header: "positions", Right: true}, {Key: "labelled", Header: "labelled", Right: true},
		{Key: "dropped", Header: "dropped", Right: true}, {Key: "time_s", Header: "time", Right: true},
		{Key: "positions_per_s", Header: "positions/s", Right: true}}}
	t.Rows = [][]textfmt.Cell{{textfmt.IntCell(int64(n)), textfmt.IntCell(int64(s.Labelled)), textfmt.IntCell(int64(s.Dropped)),
		textfmt.DurationCell(s.Elapsed), textfmt.RateCell(float64(s.Labelled+s.Dropped) / max(s.Elapsed.Seconds(), 1e-9))}}
	return t
}
