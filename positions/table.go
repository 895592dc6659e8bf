package positions

import (
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// ListTable is `plylab positions list`: every named position (its side
// to move) and every suite (its size), each with its description.
func ListTable() *textfmt.Table {
	t := &textfmt.Table{
		Title: "Positions and test suites",
		Columns: []textfmt.Column{
			{Key: "name", Header: "Name"},
			{Key: "kind", Header: "Kind"},
			{Key: "to_move", Header: "To move"},
			{Key: "count", Header: "Positions", Right: true},
			{Key: "description", Header: "Description"},
		},
	}
	for _, p := range Named() {
		t.Rows = append(t.Rows, []textfmt.Cell{
			textfmt.TextCell(p.Name).Styled(textfmt.StyleAccent),
			textfmt.TextCell("position"),
			sideToMoveCell(p.FEN),
			textfmt.NullCell(""),
			textfmt.TextCell(p.Description),
		})
	}
	for _, s := range Suites() {
		t.Rows = append(t.Rows, []textfmt.Cell{
			textfmt.TextCell(s.Name).Styled(textfmt.StyleAccent),
			textfmt.TextCell("suite"),
			textfmt.NullCell(""),
			textfmt.IntCell(int64(len(s.Positions))),
			textfmt.TextCell(s.Description),
		})
	}
	return t
}

// sideToMoveCell is "white" or "black" from fen, or a null "?".
func sideToMoveCell(fen string) textfmt.Cell {
	if s := SideToMove(fen); s != "" {
		return textfmt.TextCell(s)
	}
	return textfmt.NullCell("?")
}

// Table lists the positions of s (`plylab positions show SUITE`): id, side
// to move, and the best moves, moves to avoid and perft depths only when
// some position has them, then the description; notes give the source,
// the licence and how to show one position.
func (s *Suite) Table() *textfmt.Table {
	hasBest, hasAvoid, hasPerft := s.Annotations()
	t := &textfmt.Table{
		Title:   fmt.Sprintf("Suite %s (%s): %s", s.Name, textfmt.Plural(len(s.Positions), "position"), s.Description),
		Columns: []textfmt.Column{{Key: "id", Header: "Id"}, {Key: "to_move", Header: "To move"}},
	}
	if hasBest {
		t.Columns = append(t.Columns, textfmt.Column{Key: "best", Header: "Best"})
	}
	if hasAvoid {
		t.Columns = append(t.Columns, textfmt.Column{Key: "avoid", Header: "Avoid"})
	}
	if hasPerft {
		t.Columns = append(t.Columns, textfmt.Column{Key: "perft_depth", Header: "Perft depths", Right: true})
	}
	t.Columns = append(t.Columns, textfmt.Column{Key: "description", Header: "Description"})
	for _, p := range s.Positions {
		row := []textfmt.Cell{textfmt.TextCell(p.Name).Styled(textfmt.StyleAccent), sideToMoveCell(p.FEN)}
		if hasBest {
			row = append(row, textfmt.TextCell(strings.Join(p.BestMoves, " ")).Styled(textfmt.StyleGood))
		}
		if hasAvoid {
			row = append(row, textfmt.TextCell(strings.Join(p.AvoidMoves, " ")).Styled(textfmt.StyleBad))
		}
		if hasPerft {
			row = append(row, textfmt.IntCell(int64(len(p.Perft))))
		}
		t.Rows = append(t.Rows, append(row, textfmt.TextCell(p.Description)))
	}
	if s.Source != "" {
		t.Notes = append(t.Notes, "Source: "+s.Source)
	}
	if s.Licence != "" {
		t.Notes = append(t.Notes, "Licence: "+s.Licence)
	}
	return t
}
