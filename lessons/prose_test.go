package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/sandbox"
)

// proseRun hands over fixed results through Invocation.Results: a compare
// table of minimax and alpha-beta at depths 1 to 3, and a search with four
// iterations.
func proseRun(inv Invocation) Outcome {
	row := func(fields ...any) {
		var fs []textfmt.Field
		for i := 0; i < len(fields); i += 2 {
			v := fields[i+1]
			text := fmt.Sprint(v)
			if n, ok := v.(int); ok {
				v, text = json.Number(fmt.Sprint(n)), textfmt.Thousands(int64(n))
			}
			fs = append(fs, textfmt.Field{Key: fields[i].(string), Value: v, Text: text})
		}
		inv.Results(NewRecord("table", fs))
	}
	switch inv.Args[0] {
	case "compare":
		fmt.Fprintln(inv.Stdout, "a compare table")
		row("depth", 1, "algo", "minimax", "nodes", 17, "best", "Rxa7+", "score", "+200", "time_s", "0.001")
		row("depth", 1, "algo", "alphabeta", "nodes", 17, "best", "Rxa7+", "score", "+200", "time_s", "0.001")
		row("depth", 2, "algo", "minimax", "nodes", 144, "best", "Kd7", "score", "+100", "time_s", "0.002")
		row("depth", 2, "algo", "alphabeta", "nodes", 40, "best", "Kd7", "score", "+100", "time_s", "0.001")
		row("depth", 3, "algo", "minimax", "nodes", 2096, "best", "Ra6", "score", "mate in 2", "time_s", "0.01")
		row("depth", 3, "algo", "alphabeta", "nodes", 497, "best", "Ra6", "score", "mate in 2", "time_s", "0.002")
	case "search":
		fmt.Fprintln(inv.Stdout, "a search")
		row("depth", 1, "pv", "Kb2 Ka6")
		row("depth", 2, "pv", "Kb2")
		row("depth", 3, "pv", "Kb1 Kb7")
		row("depth", 4, "pv", "Kb1 Kb7 Kc1")
		inv.Results(NewRecord("search", []textfmt.Field{{Key: "best_move", Value: "Kb1", Text: "Kb1"}}))
	default:
		fmt.Fprintln(inv.Stderr, "plylab: unknown command")
		return Outcome{Code: 2}
	}
	return Outcome{}
}

// proseLesson is a lesson with a compare cell (--depth 1-3), a search
// cell (--depth 4) and the prose given after them.
func proseLesson(prose string) string {
	return "# Prose\n\n```plylab\ncompare --depth 1-3\n```\n\n```plylab\nsearch --depth 4\n```\n\n" + prose + "\n"
}

// proseLine is the line of the first line of proseLesson's prose.
const proseLine = 11

func runProse(t *testing.T, prose string) (*Result, error) {
	t.Helper()
	l, err := Parse("lessons/01-prose.md", []byte(proseLesson(prose)), nil)
	if err != nil {
		return nil, err
	}
	return NewSession(l, proseRun, sandbox.NewMemory(sandbox.Quota{})).RunAll()
}

// TestExpressions: computed values, with the cell just before being the
// search (cell 2) and cell 1 the compare table.
func TestExpressions(t *testing.T) {
	tests := []struct {
		expr, want, err string
	}{
		{"[cell 1: nodes | depth=3, algo=minimax] / [cell 1: nodes | depth=3, algo=alphabeta]", "4.22", ""},
		{"round(100 * [cell 1: nodes | depth=3, algo=alphabeta] / [cell 1: nodes | depth=3, algo=minimax], 1)", "23.7", ""},
		{"round(100 * [cell 1: nodes | depth=3, algo=alphabeta] / [cell 1: nodes | depth=3, algo=minimax])", "24", ""},
		{"[cell 1: nodes | depth=3, algo=minimax] - [cell 1: nodes | depth=3, algo=alphabeta]", "1,599", ""},
		{"-[cell 1: nodes | depth=1, algo=minimax] + 20", "3", ""},
		{"count([cell 1: best | best=Ra6])", "2", ""},
		{"count([cell 1: best | best=Nf3])", "0", ""},
		{"count([cell 1: best | algo!=minimax])", "3", ""},
		{"min([cell 1: nodes | algo=alphabeta])", "17", ""},
		{"max([cell 1: nodes | algo=alphabeta])", "497", ""},
		{"sum([cell 1: nodes | algo=alphabeta])", "554", ""},
		{"first([cell 1: best])", "Rxa7+", ""},
		{"last([cell 1: best])", "Ra6", ""},
		{"since([cell 1: depth | algo=alphabeta], best=Ra6)", "3", ""},
		{"since([depth], pv^=Kb1)", "3", ""},
		{"since([depth], pv^=Kb)", "", "the last result does not have pv^=Kb"},
		{"argmax([cell 1: nodes | algo=minimax], depth)", "3", ""},
		{"argmin([cell 1: nodes], algo)", "minimax", ""},
		{"pow(3, 2) + pow(3, 1) - 1", "11", ""},
		{"sqrt([cell 1: nodes | depth=3, algo=minimax] / [cell 1: nodes | depth=1, algo=minimax])", "11.1", ""},
		{"abs(floor(-2.5)) + ceil(0.1)", "4", ""},
		{"[best_move]", "Kb1", ""},
		{"[cell 1: score | depth=3, algo=minimax] + 1", "", "both sides must be numbers"},
		{"[cell 1: nodes | depth=9]", "", `no result with "nodes" has depth=9`},
		{"[nosuch]", "", `no result has the key "nosuch"`},
		{"count([cell 1: nosuch])", "", `no result has the key "nosuch"`},
		{"1 / ([cell 1: nodes | depth=1, algo=minimax] - 17)", "", "division by zero"},
		{"[cell 1: nodes | depth=1] < 3", "", "is a comparison: write it as {{assert:"},
	}
	for _, tt := range tests {
		res, err := runProse(t, "The value: {{= "+tt.expr+"}}.")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("{{= %s}}: error %v, want one with %q", tt.expr, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("{{= %s}}: %v", tt.expr, err)
			continue
		}
		last := res.Lesson.Blocks[len(res.Lesson.Blocks)-1]
		if got := strings.TrimSpace(res.Prose[last]); got != "The value: "+tt.want+"." {
			t.Errorf("{{= %s}} renders %q, want %q", tt.expr, got, "The value: "+tt.want+".")
		}
	}
}

// TestAssertions: an assertion shows nothing when it holds and stops the
// lesson at its line when it does not, or when a value it needs is not
// there.
func TestAssertions(t *testing.T) {
	tests := []struct {
		prose, want, err string
	}{
		{"Fewer{{assert: [cell 1: nodes | depth=3, algo=alphabeta] < [cell 1: nodes | depth=3, algo=minimax]}} nodes.", "Fewer nodes.", ""},
		{"The same{{assert: same([cell 1: best | algo=minimax], [cell 1: best | algo=alphabeta])}}.", "The same.", ""},
		{"{{assert: not ([cell 1: nodes | depth=1, algo=minimax] != 17) or 1 > 2}}Ok.", "Ok.", ""},
		{"{{assert: [cell 1: best | depth=3, algo=minimax] == \"Ra6\"}}Ok.", "Ok.", ""},
		{"{{ab = cell 1: nodes | depth=3, algo=alphabeta}} and\n{{mm = cell 1: nodes | depth=3, algo=minimax}}: more{{assert: ab > mm}}.", "",
			"lessons/01-prose.md:12: the prose states {{assert: ab > mm}}, which no longer holds: ab = 497, mm = 2,096"},
		{"Later{{assert: since([cell 1: depth | algo=minimax], best=Ra6) < 3}}.", "",
			"lessons/01-prose.md:11: the prose states {{assert: since([cell 1: depth | algo=minimax], best=Ra6) < 3}}, which no longer holds: [cell 1: depth | algo=minimax] = 1"},
		{"Missing{{assert: [cell 1: nodes | depth=9] > 0}}.", "", `lessons/01-prose.md:11: {{assert: [cell 1: nodes | depth=9] > 0}}: [cell 1: nodes | depth=9]: no result with "nodes" has depth=9`},
		{"Not a comparison{{assert: [cell 1: nodes | depth=1, algo=minimax]}}.", "", "is not a comparison"},
		{"Mixed{{assert: [cell 1: nodes | depth=1, algo=minimax] > 2 and 3}}.", "", "and needs comparisons on both sides"},
	}
	for _, tt := range tests {
		res, err := runProse(t, tt.prose)
		if tt.err != "" {
			var le *Error
			if err == nil || !errors.As(err, &le) || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want an *Error with %q", tt.prose, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.prose, err)
			continue
		}
		last := res.Lesson.Blocks[len(res.Lesson.Blocks)-1]
		if got := strings.TrimSpace(res.Prose[last]); got != tt.want {
			t.Errorf("%q renders %q, want %q", tt.prose, got, tt.want)
		}
		if tr := res.Transcript(); strings.Contains(tt.prose, "assert") && !strings.Contains(tr, "= true\n") {
			t.Errorf("%q: the transcript records no assertion:\n%s", tt.prose, tr)
		}
	}
}

// TestCitePlaces: a citation's place may name a section with colons and
// quotation marks; the quotation starts after the first colon outside
// them.
func TestCitePlaces(t *testing.T) {
	tests := []struct{ inner, where, text string }{
		{"cite game-trees paper, Table 4: 988", "game-trees paper, Table 4", "988"},
		{`cite C++ engine tutorial, section "Putting it together: how strong?": "~7-8 ply in a few seconds per move"`,
			`C++ engine tutorial, section "Putting it together: how strong?"`, `"~7-8 ply in a few seconds per move"`},
		{"cite C++ engine tutorial, section “Putting it together: how strong?”: Approximate Elo: 1800–2000",
			"C++ engine tutorial, section “Putting it together: how strong?”", "Approximate Elo: 1800–2000"},
		{"cite RAM-Z paper, Appendix V-A.5: 1050", "RAM-Z paper, Appendix V-A.5", "1050"},
		{"cite Ruby README, section \"The Challenge\", ratio 1:2: 35^2", `Ruby README, section "The Challenge", ratio 1:2`, "35^2"},
		{"cite\nRAM-Z paper, Table I:\n58%", "RAM-Z paper, Table I", "58%"},
	}
	for _, tt := range tests {
		where, text, err := splitCite(tt.inner)
		if err != nil || where != tt.where || text != tt.text {
			t.Errorf("splitCite(%q) = %q, %q, %v; want %q, %q", tt.inner, where, text, err, tt.where, tt.text)
		}
	}
	res, err := runProse(t, `It searches {{cite C++ engine tutorial, section "Putting it together: how strong?": "~7-8 ply in a few seconds per move"}}.`)
	if err != nil {
		t.Fatal(err)
	}
	last := res.Lesson.Blocks[len(res.Lesson.Blocks)-1]
	if got, want := strings.TrimSpace(res.Prose[last]), `It searches "~7-8 ply in a few seconds per move".`; got != want {
		t.Errorf("rendered %q, want %q", got, want)
	}
}

// TestRefErrors: references that cannot be parsed are errors at their
// line.
func TestRefErrors(t *testing.T) {
	tests := []struct{ prose, err string }{
		{"{{= nosuch + 1}}", `lessons/01-prose.md:11: unknown name "nosuch"`},
		{"{{x = cell 1: nodes | depth=1}} {{x = cell 1: nodes | depth=2}}", "x is already bound at line 11"},
		{"{{count = cell 1: nodes | depth=1}}", `"count" cannot be a name`},
		{"{{cite somewhere: 5}}", "names no place"},
		{`{{cite C++ engine tutorial, section "Putting it together: how strong?: ~7-8 ply}}`, "opens a quotation mark that never closes"},
		{"{{cite game-trees paper, Table 2}}", "has no colon after its place"},
		{"{{cite game-trees paper, Table 2:  }}", "quotes nothing"},
		{"{{t = cite game-trees paper, Table 2: about five seconds}}", "must begin with one"},
		{"{{assert: [cell 1: nodes | depth=1] = 17}}", "write == to compare"},
		{"{{assert: 1 < 2 < 3}}", "chained comparison"},
		{"{{= [cell 1: time_s | depth=1] * 2}}", "reads a time"},
		{"{{= [cell 3: nodes]}}", "refers to a cell that has not run yet here"},
		{"{{= foo(1)}}", "unknown function foo"},
		{"{{= round(1, 2, 3)}}", "round takes 2 arguments, got 3"},
		{"{{= count(3)}}", "count needs a [SELECTOR]"},
		{"{{= since([cell 1: depth], 3)}}", "is not KEY=VALUE"},
		{"{{= [cell 1: nodes | depth]}}", `condition "depth" in "nodes | depth" is not KEY=VALUE`},
		{"{{=   }}", "empty expression"},
	}
	for _, tt := range tests {
		_, err := runProse(t, tt.prose)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%q: error %v, want one with %q", tt.prose, err, tt.err)
		}
	}
}
