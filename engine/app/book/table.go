package book

import (
	"fmt"
	"math"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// MovesTable lists the moves bk has for b, most played first, with their
// weights and the share of the total weight each has; the first move is
// highlighted. label names the position in the title and path the book
// file in the notes.
func (bk *Book) MovesTable(b *board.Board, label, path string) *textfmt.Table {
	l := bk.List(b)
	t := &textfmt.Table{
		Title: fmt.Sprintf("book moves: %s (key %016x)", label, l.Key),
		Columns: []textfmt.Column{
			{Key: "move", Header: "move"},
			{Key: "uci", Header: "uci"},
			{Key: "weight", Header: "weight", Right: true},
			{Key: "percent", Header: "share", Right: true},
		},
	}
	for i, en := range l.Entries {
		share := en.Percent(l.Total)
		row := []textfmt.Cell{textfmt.TextCell(en.SAN), textfmt.TextCell(en.UCI), textfmt.IntCell(int64(en.Weight)), textfmt.FloatCell(math.Round(share*100)/100, "%.1f%%")}
		if i == 0 {
			row[0] = row[0].Styled(textfmt.StyleAccent)
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, l.Summary())
	t.Notes = append(t.Notes, fmt.Sprintf("book %s: %s", path, bk.Describe()))
	return t
}

// BuildTable reports a book built with opts and written to out: the games
// and plies read (st), and what the book read back from out (back) holds;
// next, if not "", is a command to try next with the book.
func BuildTable(out string, back *Book, st BuildStats, opts BuildOptions, next string) *textfmt.Table {
	t := &textfmt.Table{
		Title: "book build",
		Columns: []textfmt.Column{
			{Key: "file", Header: "file"},
			{Key: "games", Header: "games", Right: true},
			{Key: "plies", Header: "plies", Right: true},
			{Key: "positions", Header: "positions", Right: true},
			{Key: "entries", Header: "entries", Right: true},
			{Key: "bytes", Header: "bytes", Right: true},
		},
		Rows: [][]textfmt.Cell{{textfmt.TextCell(out), textfmt.IntCell(int64(st.Games)), textfmt.IntCell(int64(st.Plies)),
			textfmt.IntCell(int64(back.Positions())), textfmt.IntCell(int64(back.Len())), textfmt.IntCell(int64(back.Len() * RecordSize))}},
	}
	verified := fmt.Sprintf("read back and verified: %s records", textfmt.Thousands(back.Len()))
	if next != "" {
		verified += fmt.Sprintf("; try '%s'", next)
	}
	t.Notes = append(t.Notes, opts.Describe(), verified)
	if st.Skipped > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%d games without moves were skipped", st.Skipped))
	}
	return t
}
