package play

import "github.com/plylab/plylab/engine/kit/textfmt"

// LevelsTable lists Levels, weakest first: each level's name, its depth or
// time a move ("-" for the other), its evaluation and what it plays like.
func LevelsTable() *textfmt.Table {
	t := &textfmt.Table{Title: "play: levels, weakest first", Columns: []textfmt.Column{
		{Key: "level", Header: "level"}, {Key: "depth", Header: "depth", Right: true},
		{Key: "movetime_s", Header: "time a move", Right: true}, {Key: "eval", Header: "evaluation"},
		{Key: "summary", Header: "summary"}}}
	for _, l := range Levels {
		depth, mt := textfmt.NullCell("-"), textfmt.NullCell("-")
		if l.Depth > 0 {
			depth = textfmt.IntCell(int64(l.Depth))
		} else {
			mt = textfmt.DurationCell(l.MoveTime)
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(l.Name), depth, mt, textfmt.TextCell(l.Eval.String()),
			textfmt.TextCell(l.Describe(textfmt.Duration))})
	}
	return t
}
