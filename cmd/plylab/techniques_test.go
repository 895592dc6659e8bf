package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/lab"
)

func TestTechniquesOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args   []string
		format string
	}{
		{[]string{"techniques"}, "table"},
		{[]string{"techniques", "-f", "markdown"}, "markdown"},
		{[]string{"techniques", "--format", "json"}, "json"},
		{[]string{"techniques", "--elo", "-f", "csv"}, "csv"},
	} {
		o, msg := parseOptions(t, newTechniquesCommand, tt.args...)
		if o == nil || o.Format != tt.format || o.Elo != slices.Contains(tt.args, "--elo") {
			t.Errorf("%v: got %+v (%s), want format %s", tt.args, o, msg, tt.format)
		}
	}
	wantParseError(t, newTechniquesCommand, `unknown format "xml"`, "techniques", "-f", "xml")
}

// techniques --elo: the stored ablation results, one row each, as lab
// stores them.
func TestTechniquesElo(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	if err := techniquesRun(t.Context(), &TechniquesOptions{Format: "csv", Elo: true}, &out, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := lab.TechniqueElos()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(rows) || lines[0] != "technique,elo,elo_low,elo_high,games,wins,draws,losses,score_pct,limit" {
		t.Fatalf("%d lines for %d rows, header %q", len(lines), len(rows), lines[0])
	}
	r := rows[0]
	want := fmt.Sprintf("%s,%v,%v,%v,%d,%d,%d,%d,%v,%s", r.Technique, r.Elo, r.Low, r.High, r.Games, r.Wins, r.Draws, r.Losses, r.Score(), r.Limit)
	if lines[1] != want {
		t.Errorf("first row %q, want %q", lines[1], want)
	}
}

// TestTechniquesRun: one row a technique, with the presets that use it.
func TestTechniquesRun(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	if err := techniquesRun(t.Context(), &TechniquesOptions{Format: "csv"}, &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(engine.Techniques()) {
		t.Errorf("%d lines for %d techniques", len(lines), len(engine.Techniques()))
	}
	for i, want := range []string{
		"name,summary,needs,minimax,alphabeta,engine",
		"alphabeta,alpha-beta pruning: skip moves that cannot change the result,,false,true,true",
		"id,\"iterative deepening: search depth 1, 2, ... and reuse each iteration's best move\",,false,false,true",
	} {
		if lines[i] != want {
			t.Errorf("line %d: %q, want %q", i, lines[i], want)
		}
	}
}
