package eval

import "github.com/plylab/plylab/engine/board"

// Describing an evaluation for people: each kind's breakdown of a
// position, and the classical terms one row each, as `plylab eval` prints
// them.

// Describe explains b under each of kinds, in order (see Explain); the
// classical evaluation counts only the terms in terms.
func Describe(b *board.Board, kinds []Kind, terms Terms) []Breakdown {
	out := make([]Breakdown, 0, len(kinds))
	for _, k := range kinds {
		x := Explain(b, k)
		if k == Classical && terms != AllTerms {
			x = ExplainTerms(b, terms)
		}
		out = append(out, x)
	}
	return out
}

// Diff is a per-side pair's White value minus its Black value.
func Diff(pair [2]int) int { return pair[board.White] - pair[board.Black] }

// TermRow is one classical feature of a breakdown: its count (White's
// minus Black's), its default weights and what it adds to each score.
type TermRow struct {
	Feature      Feature
	Count        int
	WeightMG     int
	WeightEG     int
	AddMG, AddEG int
}

// TermRows lists x's classical features in order with the default
// weights (DefaultWeights).
func (x Breakdown) TermRows() []TermRow {
	rows := make([]TermRow, len(x.Features))
	for i, n := range x.Features {
		w := DefaultWeights[i]
		rows[i] = TermRow{Feature: Feature(i), Count: int(n), WeightMG: int(w[0]), WeightEG: int(w[1]),
			AddMG: int(n) * int(w[0]), AddEG: int(n) * int(w[1])}
	}
	return rows
}
