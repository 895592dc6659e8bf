package match

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// GauntletRow is plylab's result against one opponent at one time
// control, and the rating it gives plylab.
type GauntletRow struct {
	// Engine is the opponent, or nil for a rung of the Stockfish ladder
	// (Tally.UCIElo).
	Engine *GauntletEngine
	Tally  GauntletTally
	// Anchor is the rating the opponent is held at (its published rating,
	// or the rung's UCI_Elo), 0 for an opponent without one.
	Anchor float64
	// Perf is plylab's rating from these games alone (FitRating with this
	// one opponent), when Anchor is set.
	Perf RatingFit
}

// GauntletFit is plylab's rating from every anchored opponent at one time
// control (TC "" for all time controls together), with the consistency
// of the anchors (Consistency).
type GauntletFit struct {
	TC      string
	Fit     RatingFit
	Anchors int
	G       float64
	DF      int
	P       float64
}

// GauntletReport is a gauntlet's table: a row per opponent and time
// control, the maximum-likelihood fits, and the Stockfish ladder as a
// second scale.
type GauntletReport struct {
	Title   string
	Rows    []GauntletRow // the list's engines, by time control, strongest first
	Fits    []GauntletFit // per time control, then all together when there are several
	Ladder  []GauntletRow // the Stockfish UCI_Elo rungs, by time control
	Notes   []string
	Results *GauntletResults
}

// NewGauntletReport rates plylab from res, the opponents' ratings taken
// from list (a tally of an engine not in list is left out).
func NewGauntletReport(res *GauntletResults, list []GauntletEngine) *GauntletReport {
	r := &GauntletReport{Title: "gauntlet: plylab against engines with published ratings", Results: res}
	byKey := map[string]*GauntletEngine{}
	for i := range list {
		byKey[list[i].Key] = &list[i]
	}
	var tcs []string
	for _, t := range res.Tallies {
		row := GauntletRow{Tally: t}
		if t.Engine == "" {
			row.Anchor = float64(t.UCIElo)
		} else if e := byKey[t.Engine]; e != nil {
			row.Engine = e
			row.Anchor = e.Rating.Elo
		} else {
			continue
		}
		if row.Anchor > 0 && t.WDL().N() > 0 {
			row.Perf, _ = FitRating([]AnchorResult{{Rating: row.Anchor, WDL: t.WDL()}})
		}
		if row.Engine == nil {
			r.Ladder = append(r.Ladder, row)
		} else {
			r.Rows = append(r.Rows, row)
			if !slices.Contains(tcs, t.TC) {
				tcs = append(tcs, t.TC)
			}
		}
	}
	slices.SortStableFunc(r.Rows, func(a, b GauntletRow) int {
		return cmp.Or(compareTC(a.Tally.TC, b.Tally.TC), cmp.Compare(b.Anchor, a.Anchor), cmp.Compare(a.Tally.Engine, b.Tally.Engine))
	})
	slices.SortStableFunc(r.Ladder, func(a, b GauntletRow) int {
		return cmp.Or(compareTC(a.Tally.TC, b.Tally.TC), cmp.Compare(b.Anchor, a.Anchor))
	})
	slices.SortFunc(tcs, compareTC)
	fit := func(tc string, rows []GauntletRow) {
		var anchors []AnchorResult
		for _, row := range rows {
			if row.Anchor > 0 && (tc == "" || row.Tally.TC == tc) {
				anchors = append(anchors, AnchorResult{Rating: row.Anchor, WDL: row.Tally.WDL()})
			}
		}
		f, err := FitRating(anchors)
		if err != nil {
			return
		}
		g, df, p := Consistency(anchors, f)
		r.Fits = append(r.Fits, GauntletFit{TC: tc, Fit: f, Anchors: len(anchors), G: g, DF: df, P: p})
	}
	for _, tc := range tcs {
		fit(tc, r.Rows)
	}
	if len(tcs) > 1 {
		fit("", r.Rows)
	}
	r.Notes = r.notes()
	return r
}

// compareTC orders time controls by their base time ("10+0.1" before
// "60+0.6"), non-clocks first.
func compareTC(a, b string) int {
	ca, ea := ParseClock(a)
	cb, eb := ParseClock(b)
	switch {
	case ea != nil && eb != nil:
		return strings.Compare(a, b)
	case ea != nil:
		return -1
	case eb != nil:
		return 1
	}
	return cmp.Or(cmp.Compare(ca.Base, cb.Base), cmp.Compare(ca.Inc, cb.Inc), strings.Compare(a, b))
}

// plural is "1 engine", "2 engines"; "degree of freedom" becomes
// "degrees of freedom".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if w, rest, ok := strings.Cut(what, " of "); ok {
		return fmt.Sprintf("%d %ss of %s", n, w, rest)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// tcLabel is a PGN TimeControl tag in prose: "at 10+0.1", "without a
// clock" for "-", "over all time controls" for "".
func tcLabel(tc string) string {
	switch tc {
	case "":
		return "over all time controls"
	case "-", "?":
		return "without a clock"
	}
	return "at " + tc
}

// FitAt is the fit at time control tc ("" for all together), if any.
func (r *GauntletReport) FitAt(tc string) (GauntletFit, bool) {
	for _, f := range r.Fits {
		if f.TC == tc {
			return f, true
		}
	}
	return GauntletFit{}, false
}

// ratingText is an Elo rating rounded, or "+∞"/"−∞".
func ratingText(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	}
	return fmt.Sprintf("%.0f", v)
}

// intervalText is "2790 (2710 to 2880)".
func intervalText(f RatingFit) string {
	return fmt.Sprintf("%s (%s to %s)", ratingText(f.Rating), ratingText(f.Low), ratingText(f.High))
}

// notes explains the fits, the opponents without a rating, the forfeits
// and the second scale.
func (r *GauntletReport) notes() []string {
	var notes []string
	for _, f := range r.Fits {
		s := fmt.Sprintf("plylab %s: %s by maximum likelihood over %d games against %s (95%% likelihood-ratio interval)",
			tcLabel(f.TC), intervalText(f.Fit), f.Fit.Games, plural(f.Anchors, "anchored engine"))
		if f.DF > 0 {
			verdict := "one rating fits every anchor"
			if f.P < 0.05 {
				verdict = "one rating does not fit every anchor: the published ratings and these games disagree about the engines' distances"
			}
			s += fmt.Sprintf("; consistency G = %.1f on %s, p = %.2g: %s", f.G, plural(f.DF, "degree of freedom"), f.P, verdict)
		}
		notes = append(notes, s)
	}
	for _, row := range r.Rows {
		if row.Anchor > 0 {
			continue
		}
		f, ok := r.FitAt(row.Tally.TC)
		if !ok || math.IsInf(f.Fit.Rating, 0) || row.Tally.WDL().N() == 0 {
			continue
		}
		// The opponent's rating implied by its score against plylab at
		// the fitted rating.
		wdl := row.Tally.WDL()
		opp, _ := FitRating([]AnchorResult{{Rating: f.Fit.Rating, WDL: WDL{W: wdl.L, D: wdl.D, L: wdl.W}}})
		notes = append(notes, fmt.Sprintf("%s has no published rating: not an anchor; scoring %.1f%% against plylab's rating %s it performs at %s",
			row.Engine.Name, 100-100*wdl.Score(), tcLabel(row.Tally.TC), intervalText(opp)))
	}
	var forfeits, oppForfeits, faults int
	for _, row := range append(slices.Clone(r.Rows), r.Ladder...) {
		forfeits += row.Tally.Forfeits
		oppForfeits += row.Tally.OpponentForfeits
		faults += row.Tally.Faults
	}
	notes = append(notes, fmt.Sprintf("games lost on time: plylab %d, its opponents %d; games ended by an illegal move or a failed engine: %d", forfeits, oppForfeits, faults))
	for _, rung := range r.Ladder {
		f, ok := r.FitAt(rung.Tally.TC)
		if !ok || math.IsInf(f.Fit.Rating, 0) || math.IsInf(rung.Perf.Rating, 0) {
			continue
		}
		notes = append(notes, fmt.Sprintf("second scale: against Stockfish's UCI_Elo %d %s plylab reads %s on Stockfish's scale; the gauntlet's rating %s is %+.0f from it",
			rung.Tally.UCIElo, tcLabel(rung.Tally.TC), intervalText(rung.Perf), tcLabel(rung.Tally.TC), f.Fit.Rating-rung.Perf.Rating))
	}
	if res := r.Results; res != nil {
		for _, n := range [][2]string{{"build", res.Build}, {"machine", res.Machine}, {"openings", res.Openings},
			{"played with", res.Command}, {"rebuilt with", res.Rebuild}} {
			if n[1] != "" {
				notes = append(notes, n[0]+": "+n[1])
			}
		}
	}
	if res := r.Results; res != nil && res.Files > 0 {
		notes = append(notes, fmt.Sprintf("read %d PGN files: %d games, %d of them not between plylab and a listed engine or unfinished", res.Files, res.Games, res.Skipped))
	}
	return notes
}

// Table is the report as a table: a row per opponent and time control
// (its published rating and list, games, wins, draws, losses, plylab's
// score, the rating these games alone give plylab, and each side's mean
// depth and seconds a searched move, plylab's first), a row per fit, and
// the Stockfish ladder's rungs.
func (r *GauntletReport) Table() *textfmt.Table {
	t := &textfmt.Table{Title: r.Title, Notes: r.Notes}
	t.Columns = []textfmt.Column{
		{Key: "opponent", Header: "opponent"}, {Key: "tc", Header: "tc"},
		{Key: "published", Header: "published", Right: true}, {Key: "list", Header: "list"},
		{Key: "games", Header: "games", Right: true}, {Key: "wins", Header: "W", Right: true},
		{Key: "draws", Header: "D", Right: true}, {Key: "losses", Header: "L", Right: true},
		{Key: "score_pct", Header: "score", Right: true},
		{Key: "rating", Header: "plylab", Right: true}, {Key: "rating_low", Header: "95% low", Right: true},
		{Key: "rating_high", Header: "95% high", Right: true},
		{Key: "depth", Header: "depth", Right: true}, {Key: "seconds", Header: "s/move", Right: true},
	}
	num := func(v float64) textfmt.Cell {
		if math.IsInf(v, 0) {
			return textfmt.Cell{Text: ratingText(v), Value: nil}
		}
		return textfmt.Cell{Text: ratingText(v), Value: math.Round(v)}
	}
	dash := textfmt.NullCell("-")
	pair := func(a, b float64, format string) textfmt.Cell {
		if math.IsNaN(a) || math.IsNaN(b) {
			return dash
		}
		return textfmt.TextCell(fmt.Sprintf(format+"/"+format, a, b))
	}
	row := func(name, tc string, published textfmt.Cell, list string, wdl WDL, fit *RatingFit, tally *GauntletTally) []textfmt.Cell {
		cells := []textfmt.Cell{textfmt.TextCell(name), textfmt.TextCell(tc), published, textfmt.TextCell(list),
			textfmt.IntCell(int64(wdl.N())), textfmt.IntCell(int64(wdl.W)), textfmt.IntCell(int64(wdl.D)), textfmt.IntCell(int64(wdl.L)),
			{Text: fmt.Sprintf("%.1f%%", 100*wdl.Score()), Value: math.Round(1000*wdl.Score()) / 10}}
		if fit == nil {
			cells = append(cells, dash, dash, dash)
		} else {
			cells = append(cells, num(fit.Rating), num(fit.Low), num(fit.High))
		}
		if tally == nil {
			return append(cells, dash, dash)
		}
		pd, od := tally.MeanDepth()
		ps, os := tally.MeanSeconds()
		return append(cells, pair(pd, od, "%.1f"), pair(ps, os, "%.2f"))
	}
	fitRow := func(f GauntletFit) {
		tc := f.TC
		name := "plylab, maximum likelihood over " + plural(f.Anchors, "anchor")
		if tc == "" {
			tc = "all"
		}
		var wdl WDL
		for _, rr := range r.Rows {
			if rr.Anchor > 0 && (f.TC == "" || rr.Tally.TC == f.TC) {
				wdl = wdl.Plus(rr.Tally.WDL())
			}
		}
		t.Rows = append(t.Rows, row(name, tc, dash, "-", wdl, &f.Fit, nil))
	}
	for i, rr := range r.Rows {
		e := rr.Engine
		if rr.Anchor > 0 {
			list := e.Rating.List
			if e.Rating.Date != "" {
				list += ", " + e.Rating.Date
			}
			if e.Rating.Entry != e.Name {
				list += " (" + e.Rating.Entry + ")"
			}
			t.Rows = append(t.Rows, row(e.Name, rr.Tally.TC, num(rr.Anchor), list, rr.Tally.WDL(), &rr.Perf, &rr.Tally))
		} else {
			t.Rows = append(t.Rows, row(e.Name, rr.Tally.TC, dash, "none found", rr.Tally.WDL(), nil, &rr.Tally))
		}
		if i+1 == len(r.Rows) || r.Rows[i+1].Tally.TC != rr.Tally.TC {
			if f, ok := r.FitAt(rr.Tally.TC); ok {
				fitRow(f)
			}
		}
	}
	if f, ok := r.FitAt(""); ok {
		fitRow(f)
	}
	for _, rung := range r.Ladder {
		t.Rows = append(t.Rows, row(fmt.Sprintf("Stockfish UCI_Elo %d (second scale)", rung.Tally.UCIElo), rung.Tally.TC,
			num(rung.Anchor), "Stockfish's UCI_Elo", rung.Tally.WDL(), &rung.Perf, &rung.Tally))
	}
	return t
}

// GauntletListTable is list as a table: each engine's package, protocol,
// set-up and published rating with its list, date and source.
func GauntletListTable(list []GauntletEngine) *textfmt.Table {
	t := &textfmt.Table{Title: "gauntlet engines"}
	t.Columns = []textfmt.Column{
		{Key: "key", Header: "key"}, {Key: "name", Header: "engine"}, {Key: "package", Header: "package"},
		{Key: "protocol", Header: "protocol"}, {Key: "setup", Header: "set-up"},
		{Key: "published", Header: "published", Right: true}, {Key: "list", Header: "list"}, {Key: "entry", Header: "entry"},
		{Key: "date", Header: "date"}, {Key: "source", Header: "source"}, {Key: "note", Header: "caveat"},
	}
	for _, e := range list {
		setup := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(e.Player(), e.Name), " ("), ")")
		pub := textfmt.NullCell("-")
		if e.Rating.Anchored() {
			pub = textfmt.Cell{Text: ratingText(e.Rating.Elo), Value: e.Rating.Elo}
		}
		t.Rows = append(t.Rows, []textfmt.Cell{textfmt.TextCell(e.Key), textfmt.TextCell(e.Name), textfmt.TextCell(e.Package),
			textfmt.TextCell(e.Protocol), textfmt.TextCell(setup), pub, textfmt.TextCell(e.Rating.List), textfmt.TextCell(e.Rating.Entry),
			textfmt.TextCell(e.Rating.Date), textfmt.TextCell(e.Rating.Source), textfmt.TextCell(e.Rating.Note)})
	}
	return t
}
