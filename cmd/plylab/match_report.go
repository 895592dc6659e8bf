package main

import (
	"fmt"
	"math"

	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/match"
)

// The match report: the table of results (all games, by color, by phase,
// by ending) and its notes.

// eloText is an Elo difference for people: "+35", "-120", "+inf".
func eloText(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", v)
}

func eloCell(v float64) output.Cell {
	return output.Cell{Text: eloText(v), Value: v}
}

func pctCell(v float64) output.Cell {
	if math.IsNaN(v) {
		return output.NullCell("-")
	}
	return output.Cell{Text: fmt.Sprintf("%.1f%%", v), Value: v}
}

// matchTable is the report: one row for all games, then by color, by
// phase and by termination.
func matchTable(mc *matchConfig, res *match.Result) *output.Table {
	done := len(res.Games)
	t := &output.Table{Title: fmt.Sprintf("match: %s vs %s, %d of %d games", mc.engineDesc, mc.oppDesc, done, res.Planned)}
	t.Columns = []output.Column{
		{Key: "group", Header: "group"},
		{Key: "category", Header: "which"},
		{Key: "games", Header: "games", Right: true},
		{Key: "wins", Header: "W", Right: true},
		{Key: "draws", Header: "D", Right: true},
		{Key: "losses", Header: "L", Right: true},
		{Key: "win_pct", Header: "W%", Right: true},
		{Key: "draw_pct", Header: "D%", Right: true},
		{Key: "loss_pct", Header: "L%", Right: true},
		{Key: "score_pct", Header: "score", Right: true},
		{Key: "elo", Header: "Elo", Right: true},
		{Key: "elo_low", Header: "95% low", Right: true},
		{Key: "elo_high", Header: "95% high", Right: true},
	}
	row := func(group, cat string, s match.WDL, withElo bool) {
		w, d, l := s.Percent()
		r := []output.Cell{output.TextCell(group), output.TextCell(cat), output.IntCell(int64(s.N())), output.IntCell(int64(s.W)), output.IntCell(int64(s.D)), output.IntCell(int64(s.L)),
			pctCell(w), pctCell(d), pctCell(l), pctCell(100 * s.Score())}
		if withElo && s.N() > 0 {
			elo, lo, hi := s.Elo()
			r = append(r, eloCell(elo), eloCell(lo), eloCell(hi))
		} else {
			r = append(r, output.NullCell("-"), output.NullCell("-"), output.NullCell("-"))
		}
		t.Rows = append(t.Rows, r)
	}
	row("total", "all", res.Total, true)
	row("color", "engine White", res.ByColor[0], true)
	row("color", "engine Black", res.ByColor[1], true)
	for _, p := range match.Phases {
		row("phase", "ended in "+p.String(), res.ByPhase[p], false)
	}
	for _, term := range match.Terminations {
		if s, ok := res.ByTermination[term]; ok {
			row("end", term.String(), s, false)
		}
	}

	s := res.Total
	if s.N() > 0 {
		w, d, l := s.Percent()
		elo, lo, hi := s.Elo()
		los := "-"
		if v := s.LOS(); !math.IsNaN(v) {
			los = fmt.Sprintf("%.1f%%", 100*v)
		}
		t.Notes = append(t.Notes, fmt.Sprintf("%s vs %s: %s (%.1f%% wins, %.1f%% draws, %.1f%% losses), score %.1f%%; Elo difference %s, 95%% interval %s to %s; LOS %s",
			res.Engine, res.Opponent, s, w, d, l, 100*s.Score(), eloText(elo), eloText(lo), eloText(hi), los))
	}
	if mc.sprt != nil {
		lower, upper := mc.sprt.Bounds()
		t.Notes = append(t.Notes, fmt.Sprintf("SPRT elo0 %g, elo1 %g (alpha = beta = 0.05): LLR %.2f, bounds [%.2f, %.2f]: %s",
			mc.sprt.Elo0, mc.sprt.Elo1, res.LLR, lower, upper, res.Verdict))
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("openings: %s; seed %d", mc.openings, mc.seed),
		fmt.Sprintf("phase of the final position: endgame when pieces are worth at most %d (knight, bishop 1, rook 2, queen 4; 24 at the start), opening when also by move %d and worth at least %d, else middlegame",
			match.EndgameMaxMaterial, match.OpeningMaxMove, match.OpeningMinMaterial),
		fmt.Sprintf("played in %s", output.FormatDuration(res.Elapsed)))
	if mc.pgnPath != "" {
		t.Notes = append(t.Notes, "games written to "+mc.pgnPath)
	}
	if res.Interrupted {
		t.Notes = append(t.Notes, fmt.Sprintf("interrupted: %d of %d games finished; the games in progress are not counted", done, res.Planned))
	} else if res.Verdict != match.Continue {
		t.Notes = append(t.Notes, fmt.Sprintf("stopped by the SPRT after %d of %d games", done, res.Planned))
	}
	return t
}
