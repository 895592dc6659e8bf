package eval

import (
	"fmt"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// DescribeTable is `plylab eval`'s first table: a row per breakdown of xs
// (Describe) with the phase, material and square terms of each side's
// difference, the middlegame and endgame scores, and the score from
// White's and the side to move's view. title is the table's title;
// termsHow, if not "", says in the notes how to see the classical terms
// one by one (the command line names its flag that does).
func DescribeTable(title string, xs []Breakdown, termsHow string) *textfmt.Table {
	t := &textfmt.Table{Title: title}
	t.Columns = []textfmt.Column{{Key: "eval", Header: "eval"}, {Key: "phase", Header: "phase", Right: true},
		{Key: "material_mg", Header: "material mg (W-B)", Right: true}, {Key: "squares_mg", Header: "squares mg (W-B)", Right: true},
		{Key: "material_eg", Header: "material eg (W-B)", Right: true}, {Key: "squares_eg", Header: "squares eg (W-B)", Right: true},
		{Key: "mg", Header: "mg", Right: true}, {Key: "eg", Header: "eg", Right: true},
		{Key: "white", Header: "white's view", Right: true}, {Key: "side_to_move", Header: "side to move", Right: true}}
	diff := func(a [2]int) textfmt.Cell { return textfmt.IntCell(int64(Diff(a))) }
	none := textfmt.NullCell("-")
	for _, x := range xs {
		row := []textfmt.Cell{textfmt.TextCell(x.Kind.String()).Styled(textfmt.StyleAccent), textfmt.IntCell(int64(x.Phase)),
			diff(x.MaterialMG), diff(x.SquaresMG), diff(x.MaterialEG), diff(x.SquaresEG),
			textfmt.IntCell(int64(x.MG)), textfmt.IntCell(int64(x.EG)), textfmt.IntCell(int64(x.White)).Styled(textfmt.StyleBold), textfmt.IntCell(int64(x.STM))}
		if x.Kind == NNUE {
			// A network has no material, squares or phases to show.
			row[2], row[3], row[4], row[5], row[6], row[7] = none, none, none, none, none, none
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []string{"W-B: White's term minus Black's; pesto blends mg and eg by phase, the others use one table",
		"material: P 100 N 300 B 300 R 500 Q 900 (the game-trees paper); pst: simplified evaluation tables; pesto: Ronald Friederich's tapered tables; classical: pesto plus the classical terms" + parens(termsHow) + "; nnue: the built-in network, which has no terms to show (plylab nnue show)"}
	return t
}

// TermsTable lists the classical evaluation's terms of x (ExplainTerms)
// one by one: the count of each feature, its weights and what it adds to
// the middlegame and endgame scores.
func (x Breakdown) TermsTable() *textfmt.Table {
	t := &textfmt.Table{Title: fmt.Sprintf("classical terms (endgame scale %d/%d)", x.Scale, ScaleNormal)}
	t.Columns = []textfmt.Column{{Key: "feature", Header: "feature"}, {Key: "term", Header: "term"},
		{Key: "count", Header: "count (W-B)", Right: true}, {Key: "weight_mg", Header: "weight mg", Right: true},
		{Key: "weight_eg", Header: "weight eg", Right: true}, {Key: "mg", Header: "adds mg", Right: true}, {Key: "eg", Header: "adds eg", Right: true}}
	for _, r := range x.TermRows() {
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(r.Feature.String()), textfmt.TextCell(r.Feature.Term().Name()), textfmt.IntCell(int64(r.Count)),
			textfmt.IntCell(int64(r.WeightMG)), textfmt.IntCell(int64(r.WeightEG)), textfmt.IntCell(int64(r.AddMG)), textfmt.IntCell(int64(r.AddEG))})
	}
	t.Notes = []string{fmt.Sprintf("the terms add %d to the middlegame and %d to the endgame score (White's view)", x.TermsMG, x.TermsEG)}
	return t
}

// Report is what `plylab eval` prints for b, named label, in format: the
// table of the kinds' breakdowns (DescribeTable, with termsHow) and, when
// the one kind is Classical, a gap and the table of its terms (with terms
// switched on).
func Report(b *board.Board, label string, kinds []Kind, terms Terms, format, termsHow string) textfmt.Report {
	rep := textfmt.Report{textfmt.TablePart(DescribeTable(fmt.Sprintf("eval: %s (%s to move)", label, b.Side()), Describe(b, kinds, terms), termsHow))}
	if len(kinds) == 1 && kinds[0] == Classical {
		rep = append(rep, textfmt.GapPart(format), textfmt.TablePart(ExplainTerms(b, terms).TermsTable()))
	}
	return rep
}

// parens is " (s)", or "" for no s.
func parens(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
