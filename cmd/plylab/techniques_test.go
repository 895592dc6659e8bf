package main

import (
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
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
	} {
		o, msg := parseOptions(t, newTechniquesCommand, tt.args...)
		if o == nil || o.Format != tt.format {
			t.Errorf("%v: got %+v (%s), want format %s", tt.args, o, msg, tt.format)
		}
	}
	wantParseError(t, newTechniquesCommand, `unknown format "xml"`, "techniques", "-f", "xml")
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
