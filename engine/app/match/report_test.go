package match

import (
	"math"
	"reflect"
	"testing"
	"time"
)

func TestEloText(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{35.4, "+35"}, {-120.2, "-120"}, {0, "+0"}, {math.Inf(1), "+inf"}, {math.Inf(-1), "-inf"}, {math.NaN(), "-"},
	}
	for _, tt := range tests {
		if got := EloText(tt.v); got != tt.want {
			t.Errorf("EloText(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestNewReport(t *testing.T) {
	res := &Result{
		Engine: "plylab engine", Opponent: "random", Planned: 4, Games: make([]*Game, 3),
		Total:         WDL{W: 2, D: 1},
		ByColor:       [2]WDL{{W: 1, D: 1}, {W: 1}},
		ByPhase:       [3]WDL{{}, {W: 1}, {W: 1, D: 1}},
		ByTermination: map[Termination]WDL{Checkmate: {W: 2}, Threefold: {D: 1}},
		LLR:           3.1, Verdict: AcceptH1, Elapsed: 90 * time.Second,
	}
	rep := NewReport(res, ReportInfo{Engine: "plylab engine (depth 4)", Opponent: "random (depth 4)", Openings: "built-in", Seed: 7,
		SPRT: &SPRT{Elo0: 0, Elo1: 10}, PGNPath: "g.pgn"})
	if want := "match: plylab engine (depth 4) vs random (depth 4), 3 of 4 games"; rep.Title != want {
		t.Errorf("title %q, want %q", rep.Title, want)
	}
	wantRows := []ReportRow{
		{"total", "all", WDL{W: 2, D: 1}, true},
		{"color", "engine White", WDL{W: 1, D: 1}, true},
		{"color", "engine Black", WDL{W: 1}, true},
		{"phase", "ended in opening", WDL{}, false},
		{"phase", "ended in middlegame", WDL{W: 1}, false},
		{"phase", "ended in endgame", WDL{W: 1, D: 1}, false},
		{"end", "checkmate", WDL{W: 2}, false},
		{"end", "threefold repetition", WDL{D: 1}, false},
	}
	if !reflect.DeepEqual(rep.Rows, wantRows) {
		t.Errorf("rows\n%+v\nwant\n%+v", rep.Rows, wantRows)
	}
	wantNotes := []string{
		"plylab engine vs random: +2 =1 -0 (66.7% wins, 33.3% draws, 0.0% losses), score 83.3%; Elo difference +280, 95% interval -79 to +389; LOS 92.1%",
		"SPRT elo0 0, elo1 10 (alpha = beta = 0.05): LLR 3.10, bounds [-2.94, 2.94]: H1 accepted",
		"openings: built-in; seed 7",
		"phase of the final position: endgame when pieces are worth at most 8 (knight, bishop 1, rook 2, queen 4; 24 at the start), opening when also by move 15 and worth at least 20, else middlegame",
		"played in 1m30s",
		"games written to g.pgn",
		"stopped by the SPRT after 3 of 4 games",
	}
	if !reflect.DeepEqual(rep.Notes, wantNotes) {
		t.Errorf("notes\n%q\nwant\n%q", rep.Notes, wantNotes)
	}

	// No games: no Elo on any row, no summary; an interrupted match says so.
	empty := NewReport(&Result{Planned: 2, Interrupted: true}, ReportInfo{Duration: func(time.Duration) string { return "no time" }})
	for _, r := range empty.Rows {
		if r.Elo {
			t.Errorf("row %+v of an empty match has Elo", r)
		}
	}
	if len(empty.Rows) != 6 {
		t.Errorf("an empty match has %d rows, want 6 (total, 2 colours, 3 phases)", len(empty.Rows))
	}
	wantEmpty := []string{"openings: ; seed 0", empty.Notes[1], "played in no time",
		"interrupted: 0 of 2 games finished; the games in progress are not counted"}
	if !reflect.DeepEqual(empty.Notes, wantEmpty) {
		t.Errorf("empty notes\n%q\nwant\n%q", empty.Notes, wantEmpty)
	}
}

func TestResultProgress(t *testing.T) {
	for _, tt := range []struct {
		r    Result
		want string
	}{
		{Result{Total: WDL{W: 3, D: 1}}, "+3 =1 -0  score 87.5%  Elo +338"},
		{Result{Total: WDL{W: 1, L: 1}}, "+1 =0 -1  score 50.0%  Elo +0"},
		{Result{Total: WDL{L: 2}}, "+0 =0 -2  score 0.0%  Elo -inf"},
	} {
		if got := tt.r.Progress(); got != tt.want {
			t.Errorf("Progress() of %v = %q, want %q", tt.r.Total, got, tt.want)
		}
	}
}
