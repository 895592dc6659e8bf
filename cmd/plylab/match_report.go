package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine/match"
)

// The match report: the table of results (all games, by color, by phase,
// by ending) with its notes, and the progress bar while games run.

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

func eloCell(v float64) cell {
	return cell{Text: eloText(v), Value: v}
}

func pctCell(v float64) cell {
	if math.IsNaN(v) {
		return nullCell("-")
	}
	return cell{Text: fmt.Sprintf("%.1f%%", v), Value: v}
}

// matchTable is the report: one row for all games, then by color, by
// phase and by termination.
func matchTable(mc *matchConfig, res *match.Result) *table {
	done := len(res.Games)
	t := &table{Title: fmt.Sprintf("match: %s vs %s, %d of %d games", mc.engineDesc, mc.oppDesc, done, res.Planned)}
	t.Columns = []column{
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
		r := []cell{textCell(group), textCell(cat), intCell(int64(s.N())), intCell(int64(s.W)), intCell(int64(s.D)), intCell(int64(s.L)),
			pctCell(w), pctCell(d), pctCell(l), pctCell(100 * s.Score())}
		if withElo && s.N() > 0 {
			elo, lo, hi := s.Elo()
			r = append(r, eloCell(elo), eloCell(lo), eloCell(hi))
		} else {
			r = append(r, nullCell("-"), nullCell("-"), nullCell("-"))
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
		fmt.Sprintf("played in %s", fmtDuration(res.Elapsed)))
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

// matchBar is the progress bar on stderr (only when stderr is a
// terminal): games done, W/D/L, score and Elo so far, elapsed time and an
// estimate of the time left. It is redrawn after each game and every
// second.
type matchBar struct {
	w      io.Writer
	on     bool
	total  int
	start  time.Time
	mu     sync.Mutex
	quit   chan struct{}
	once   sync.Once
	done   int
	status string
	closed bool // stop has cleared the line: draw no more
}

func (e *appEnv) newMatchBar(total int) *matchBar {
	b := &matchBar{w: e.Stderr, on: e.isTerminal(e.Stderr), total: total, start: time.Now(), quit: make(chan struct{})}
	if !b.on {
		return b
	}
	b.draw()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				b.draw()
			case <-b.quit:
				return
			}
		}
	}()
	return b
}

func (b *matchBar) update(r *match.Result) {
	if !b.on {
		return
	}
	b.mu.Lock()
	b.done = len(r.Games)
	elo, _, _ := r.Total.Elo()
	b.status = fmt.Sprintf("%s  score %.1f%%  Elo %s", r.Total, 100*r.Total.Score(), eloText(elo))
	b.mu.Unlock()
	b.draw()
}

func (b *matchBar) draw() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	const width = 24
	filled := 0
	if b.total > 0 {
		filled = width * b.done / b.total
	}
	elapsed := time.Since(b.start)
	eta := ""
	if b.done > 0 && b.done < b.total {
		left := time.Duration(float64(elapsed) / float64(b.done) * float64(b.total-b.done))
		eta = "  ~" + clockText(left) + " left"
	}
	fmt.Fprintf(b.w, "\r\x1b[K[%s%s] %d/%d games  %s  %s%s", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
		b.done, b.total, b.status, clockText(elapsed), eta)
}

// clockText is a duration as a clock shows it: "0:07", "12:34", "1:02:03".
func clockText(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// stop ends the bar and clears its line.
func (b *matchBar) stop() {
	b.once.Do(func() {
		close(b.quit)
		if b.on {
			b.mu.Lock()
			b.closed = true
			fmt.Fprint(b.w, "\r\x1b[K")
			b.mu.Unlock()
		}
	})
}
