package main

import (
	"bytes"
	"slices"
	"testing"

	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

func TestEvalOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args     []string
		position string
		kinds    []eval.Kind
		terms    eval.Terms
		format   string
	}{
		{[]string{"eval"}, "start", eval.Kinds(), eval.AllTerms, "table"},
		{[]string{"eval", "-p", "kiwipete", "--eval", "pesto", "-f", "json"}, "kiwipete", []eval.Kind{eval.PeSTO}, eval.AllTerms, "json"},
		{[]string{"eval", "--eval", "classical", "--without", "mobility,tempo"}, "start", []eval.Kind{eval.Classical}, eval.AllTerms &^ (eval.TermMobility | eval.TermTempo), "table"},
		{[]string{"eval", "--suite", "bk", "--id", "BK.01"}, "BK.01", eval.Kinds(), eval.AllTerms, "table"},
	} {
		o, msg := parseOptions(t, newEvalCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if o.Position.Name != tt.position || !slices.Equal(o.Kinds, tt.kinds) || o.Terms != tt.terms || o.Format != tt.format {
			t.Errorf("%v: got position %s, kinds %v, terms %b, format %s; want %s, %v, %b, %s",
				tt.args, o.Position.Name, o.Kinds, o.Terms, o.Format, tt.position, tt.kinds, tt.terms, tt.format)
		}
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{`unknown evaluation "fancy"`, []string{"eval", "--eval", "fancy"}},
		{"eval explains one position; add --id", []string{"eval", "--suite", "bk"}},
		{`--terms: unknown term "mobilty" (did you mean "mobility"?)`, []string{"eval", "--without", "mobilty"}},
		{`unknown format "xml"`, []string{"eval", "-f", "xml"}},
	} {
		wantParseError(t, newEvalCommand, tt.want, tt.args...)
	}
}

// TestEvalRun runs the command's work without the CLI: material only, on
// a king-and-pawn ending, as CSV.
func TestEvalRun(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	opts := &EvalOptions{Position: positions.Position{Name: "fen", FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
		Kinds: []eval.Kind{eval.Material}, Terms: eval.AllTerms, Format: "csv"}
	if err := evalRun(t.Context(), opts, &out, nil); err != nil {
		t.Fatal(err)
	}
	const want = "eval,phase,material_mg,squares_mg,material_eg,squares_eg,mg,eg,white,side_to_move\nmaterial,24,100,0,100,0,100,100,100,100\n"
	if out.String() != want {
		t.Errorf("evalRun wrote\n%s\nwant\n%s", out.String(), want)
	}
}
