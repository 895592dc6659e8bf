package lab

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestLedgerHelpers(t *testing.T) {
	if got, want := SourceNames(), []string{"ramz", "blog", "game-trees", "ruby", "tutorial"}; !reflect.DeepEqual(got, want) {
		t.Errorf("SourceNames = %v, want %v", got, want)
	}
	cs := []Claim{
		{Verdict: Reproduced, Why: "same counts"},
		{Verdict: Differs, Why: "  ", Slow: true, Command: "plylab match --games 100", Date: "2026-11-01"},
		{Verdict: Reproduced, Slow: true, Command: "stockfish bench"},
		{Verdict: NotCheckable, Slow: true, Command: "plylab"},
		{Verdict: Refuted, Slow: true, Why: "no command"},
	}
	for i, want := range []string{"same counts", "(stored: plylab match --games 100, 2026-11-01)", "(stored: stockfish bench, )", "(stored: plylab, )", "no command"} {
		if got := cs[i].Note(); got != want {
			t.Errorf("claim %d: Note = %q, want %q", i, got, want)
		}
	}
	if got, want := SummaryLine(cs), "5 claims: 1 differs, 1 not checkable, 1 refuted, 2 reproduced"; got != want {
		t.Errorf("SummaryLine = %q, want %q", got, want)
	}
	want := []Rerun{{"plylab match --games 100", []string{"plylab", "match", "--games", "100"}}}
	if got := SlowCommands(cs); !reflect.DeepEqual(got, want) {
		t.Errorf("SlowCommands = %+v, want %+v", got, want)
	}
	two := []Claim{{Slow: true, Command: "plylab compare --depth 1-6 && plylab compare  --depth 1-8 && make"}}
	want = []Rerun{{"plylab compare --depth 1-6", []string{"plylab", "compare", "--depth", "1-6"}}, {"plylab compare --depth 1-8", []string{"plylab", "compare", "--depth", "1-8"}}}
	if got := SlowCommands(two); !reflect.DeepEqual(got, want) {
		t.Errorf("SlowCommands of two commands = %+v, want %+v", got, want)
	}
}

func TestParseSource(t *testing.T) {
	for typed, want := range map[string]string{"": "", "ramz": "ramz", "Game-Trees": "game-trees", "TUTORIAL": "tutorial"} {
		if got, err := ParseSource(typed); got != want || err != nil {
			t.Errorf("ParseSource(%q) = %q, %v; want %q", typed, got, err, want)
		}
	}
	_, err := ParseSource("NoSuch")
	if want := `unknown source "nosuch"; choose one of ramz, blog, game-trees, ruby, tutorial`; err == nil || err.Error() != want {
		t.Errorf("ParseSource(NoSuch) = %v, want %q", err, want)
	}
}

func TestLedgerResultAndRerun(t *testing.T) {
	cs := []Claim{
		{Verdict: Reproduced},
		{Verdict: Differs, Slow: true, Command: "plylab match --games 100"},
		{Verdict: Reproduced, Slow: true, Command: "stockfish bench"},
		{Verdict: NotCheckable, Slow: true, Command: "plylab bench --depth 9", Kind: KindContradiction},
	}
	data, err := json.Marshal(NewLedgerResult(cs))
	want := `{"claims":4,"verdicts":{"differs":1,"not checkable":1,"reproduced":2},"contradictions":1,"reproduced_pct":50,` +
		`"summary":"4 claims: 1 differs, 1 not checkable, 2 reproduced",` +
		`"headline":"` + "`plylab reproduce`" + ` lists 4 claims of the five source documents, 1 of them contradictions within a source; verdicts: 2 reproduced by measuring (50 %), 0 adds up (the source's own numbers, nothing measured), 1 differs, 0 refuted, 1 not checkable"}`
	if err != nil || string(data) != want {
		t.Errorf("NewLedgerResult as JSON = %s (%v), want %s", data, err, want)
	}
	var b strings.Builder
	var ran [][]string
	if err := RerunSlow(&b, cs, func(args []string) int { ran = append(ran, args); return 0 }); err != nil {
		t.Fatal(err)
	}
	if want := "\n$ plylab match --games 100\n\n$ plylab bench --depth 9\n"; b.String() != want ||
		!reflect.DeepEqual(ran, [][]string{{"plylab", "match", "--games", "100"}, {"plylab", "bench", "--depth", "9"}}) {
		t.Errorf("RerunSlow wrote %q and ran %q", b.String(), ran)
	}
	b.Reset()
	err = RerunSlow(&b, cs, func(args []string) int { return 2 })
	if want := "plylab match --games 100: exit status 2"; err == nil || err.Error() != want || b.String() != "\n$ plylab match --games 100\n" {
		t.Errorf("a failing rerun: %v after %q, want %q after the first command", err, b.String(), want)
	}
}
