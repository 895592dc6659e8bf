package lessons

import "github.com/plylab/plylab/engine/kit/textfmt"

// ListTable is `plylab lesson list`: each lesson's number, name, title,
// minutes, cell count and summary (shortened to 72 characters for people,
// whole for programs), with a note on how to run or export them.
func ListTable(ls []*Lesson) *textfmt.Table {
	t := &textfmt.Table{
		Title: "Lessons",
		Columns: []textfmt.Column{
			{Key: "number", Header: "#", Right: true},
			{Key: "name", Header: "name"},
			{Key: "title", Header: "title"},
			{Key: "minutes", Header: "min", Right: true},
			{Key: "cells", Header: "cells", Right: true},
			{Key: "summary", Header: "summary"},
		},
		Notes: []string{
			"run one: plylab lesson run N (add --step for classroom pace); all as web pages: plylab lesson export all --format html -o site",
		},
	}
	for _, l := range ls {
		t.Rows = append(t.Rows, []textfmt.Cell{
			textfmt.IntCell(int64(l.Number)),
			textfmt.TextCell(l.Name).Styled(textfmt.StyleAccent),
			textfmt.TextCell(l.Title).Styled(textfmt.StyleBold),
			textfmt.IntCell(int64(l.Minutes)),
			textfmt.IntCell(int64(len(l.Cells))),
			{Text: textfmt.Shorten(l.Summary, 72), Value: l.Summary},
		})
	}
	return t
}
