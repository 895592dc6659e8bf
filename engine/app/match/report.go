package match

import (
	"fmt"
	"math"
	"time"
)

// The match report: a match's results arranged as the rows and notes a
// command prints (all games, by colour, by phase, by ending). The report
// holds values; Report.Table lays them out as a textfmt.Table.

// EloText is an Elo difference for people: "+35", "-120", "+inf", and "-"
// for an undefined one (no games).
func EloText(v float64) string {
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

// ReportInfo is what a match report says besides the games themselves.
type ReportInfo struct {
	Engine, Opponent string // the players as the title names them, e.g. "plylab engine (depth 4)"
	Openings         string // where the openings came from (Openings.Describe)
	Seed             uint64 // the match's random seed
	SPRT             *SPRT  // the sequential test, or nil
	PGNPath          string // the file the games were written to, or ""
	// Duration formats the time the match took; nil means
	// time.Duration's String.
	Duration func(time.Duration) string
}

// ReportRow is one row of a match report: a group of games and the
// engine's results in it.
type ReportRow struct {
	Group    string // "total", "color", "phase" or "end"
	Category string // which games of the group, e.g. "engine White"
	WDL      WDL
	// Elo is set when the row's Elo difference and interval are worth
	// printing (the total and the colours, once a game is played).
	Elo bool
}

// Report is a match's results for printing: a title, one row per group
// of games, and notes (summary, SPRT, openings, how phases are defined,
// time, and why the match stopped).
type Report struct {
	Title string
	Rows  []ReportRow
	Notes []string
}

// NewReport arranges res, described by info, as a report.
func NewReport(res *Result, info ReportInfo) *Report {
	done := len(res.Games)
	rep := &Report{Title: fmt.Sprintf("match: %s vs %s, %d of %d games", info.Engine, info.Opponent, done, res.Planned)}
	row := func(group, cat string, s WDL, elo bool) {
		rep.Rows = append(rep.Rows, ReportRow{Group: group, Category: cat, WDL: s, Elo: elo && s.N() > 0})
	}
	row("total", "all", res.Total, true)
	row("color", "engine White", res.ByColor[0], true)
	row("color", "engine Black", res.ByColor[1], true)
	for _, p := range Phases {
		row("phase", "ended in "+p.String(), res.ByPhase[p], false)
	}
	for _, term := range Terminations {
		if s, ok := res.ByTermination[term]; ok {
			row("end", term.String(), s, false)
		}
	}

	if s := res.Total; s.N() > 0 {
		w, d, l := s.Percent()
		elo, lo, hi := s.Elo()
		los := "-"
		if v := s.LOS(); !math.IsNaN(v) {
			los = fmt.Sprintf("%.1f%%", 100*v)
		}
		rep.Notes = append(rep.Notes, fmt.Sprintf("%s vs %s: %s (%.1f%% wins, %.1f%% draws, %.1f%% losses), score %.1f%%; Elo difference %s, 95%% interval %s to %s; LOS %s",
			res.Engine, res.Opponent, s, w, d, l, 100*s.Score(), EloText(elo), EloText(lo), EloText(hi), los))
	}
	if t := info.SPRT; t != nil {
		lower, upper := t.Bounds()
		rep.Notes = append(rep.Notes, fmt.Sprintf("SPRT elo0 %g, elo1 %g (alpha = beta = 0.05): LLR %.2f, bounds [%.2f, %.2f]: %s",
			t.Elo0, t.Elo1, res.LLR, lower, upper, res.Verdict))
	}
	duration := info.Duration
	if duration == nil {
		duration = time.Duration.String
	}
	rep.Notes = append(rep.Notes,
		fmt.Sprintf("openings: %s; seed %d", info.Openings, info.Seed),
		fmt.Sprintf("phase of the final position: endgame when pieces are worth at most %d (knight, bishop 1, rook 2, queen 4; 24 at the start), opening when also by move %d and worth at least %d, else middlegame",
			EndgameMaxMaterial, OpeningMaxMove, OpeningMinMaterial),
		"played in "+duration(res.Elapsed))
	if info.PGNPath != "" {
		rep.Notes = append(rep.Notes, "games written to "+info.PGNPath)
	}
	if res.Interrupted {
		rep.Notes = append(rep.Notes, fmt.Sprintf("interrupted: %d of %d games finished; the games in progress are not counted", done, res.Planned))
	} else if res.Verdict != Continue {
		rep.Notes = append(rep.Notes, fmt.Sprintf("stopped by the SPRT after %d of %d games", done, res.Planned))
	}
	return rep
}

// Progress is the running score of an unfinished match for a progress
// line: "+3 =1 -0  score 87.5%  Elo +338".
func (r *Result) Progress() string {
	elo, _, _ := r.Total.Elo()
	return fmt.Sprintf("%s  score %.1f%%  Elo %s", r.Total, 100*r.Total.Score(), EloText(elo))
}
