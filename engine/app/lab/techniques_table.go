package lab

import (
	"math"
	"slices"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// TechniquesTable lists the engine's switches (engine.Techniques): each
// one's name, what it does, what it needs, and a tick under each preset
// (minimax, alphabeta, engine) that has it on; its note names the
// presets' evaluations.
func TechniquesTable() *textfmt.Table {
	t := &textfmt.Table{Title: "techniques", Columns: []textfmt.Column{{Key: "name", Header: "name"}, {Key: "summary", Header: "what it does"},
		{Key: "needs", Header: "needs"}, {Key: "minimax", Header: "minimax"}, {Key: "alphabeta", Header: "alphabeta"}, {Key: "engine", Header: "engine"}}}
	presets := []engine.Options{engine.MinimaxOptions(), engine.AlphaBetaOptions(), engine.EngineOptions()}
	for _, tech := range engine.Techniques() {
		row := []textfmt.Cell{textfmt.TextCell(tech.Name).Styled(textfmt.StyleAccent), textfmt.TextCell(tech.Summary), textfmt.TextCell(tech.Needs)}
		for _, p := range presets {
			if p.Enabled(tech.Name) {
				row = append(row, textfmt.Cell{Text: "✓", Value: true, Style: textfmt.StyleGood})
			} else {
				row = append(row, textfmt.Cell{Text: "", Value: false})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	// The evaluations come from the presets themselves, so the note cannot
	// fall behind when a preset's evaluation changes.
	t.Notes = []string{"presets: minimax and alphabeta use the " + presets[0].Eval.String() + " evaluation, engine uses " + presets[2].Eval.String()}
	return t
}

// EloTable lists the stored self-play matches (TechniqueElos): per
// technique its Elo with the 95% interval (the Elo in StyleGood or
// StyleBad when the interval is on one side of zero), the games, W/D/L,
// the score and the limit; the notes end with each distinct command, the
// technique's name written NAME.
func EloTable(rows []TechniqueElo) *textfmt.Table {
	t := &textfmt.Table{Title: "techniques: Elo in self-play (the full engine against itself with the switch off)",
		Columns: []textfmt.Column{{Key: "technique", Header: "technique"}, {Key: "elo", Header: "Elo", Right: true},
			{Key: "elo_low", Header: "95% low", Right: true}, {Key: "elo_high", Header: "95% high", Right: true},
			{Key: "games", Header: "games", Right: true}, {Key: "wins", Header: "W", Right: true}, {Key: "draws", Header: "D", Right: true},
			{Key: "losses", Header: "L", Right: true}, {Key: "score_pct", Header: "score", Right: true}, {Key: "limit", Header: "limit"}}}
	var patterns []string // the commands, with the technique's name as NAME
	for _, r := range rows {
		elo := eloCell(r.Elo)
		if r.Significant() {
			if r.Elo > 0 {
				elo = elo.Styled(textfmt.StyleGood)
			} else {
				elo = elo.Styled(textfmt.StyleBad)
			}
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(r.Technique).Styled(textfmt.StyleAccent), elo,
			eloCell(r.Low), eloCell(r.High), textfmt.IntCell(int64(r.Games)),
			textfmt.IntCell(int64(r.Wins)), textfmt.IntCell(int64(r.Draws)), textfmt.IntCell(int64(r.Losses)),
			textfmt.FloatCell(r.Score(), "%.1f%%"), textfmt.TextCell(r.Limit)})
		p := strings.Replace(r.Command, "engine-without-"+r.Technique+" ", "engine-without-NAME ", 1)
		if !slices.Contains(patterns, p) {
			patterns = append(patterns, p)
		}
	}
	t.Notes = []string{"Elo is the full engine's: positive means the technique gains; colored when the whole 95% interval is on one side of zero",
		"fixed nodes do not charge a technique for its cost in time; docs/strength.md has the time-control matches"}
	for _, p := range patterns {
		t.Notes = append(t.Notes, "command: "+p)
	}
	return t
}

// eloCell shows an Elo difference ("+42"); an infinite one (a match won or
// lost every game) reads "+inf" or "-inf" and exports null.
func eloCell(e float64) textfmt.Cell {
	switch {
	case math.IsInf(e, 1):
		return textfmt.NullCell("+inf")
	case math.IsInf(e, -1):
		return textfmt.NullCell("-inf")
	}
	return textfmt.FloatCell(e, "%+.0f")
}
