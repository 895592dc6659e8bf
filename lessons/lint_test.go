package lessons

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/sandbox"
)

// The prose linter: numbers and moves with and without a source.

// TestLintProse: which numbers and moves of prose have a source. Each case
// is prose after a compare cell (--depth 1-3) and a search cell (--depth
// 4); want lists "line token" of each number or move without a source.
func TestLintProse(t *testing.T) {
	tests := []struct {
		name, prose string
		want        []string
	}{
		{"a typed count", "Alpha-beta visits 497 nodes.", []string{"11 497"}},
		{"a quoted count", "Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes.", nil},
		{"a condition in the sentence", "It plays {{cell 1: best | depth=2, algo=minimax}} at depth 2.", nil},
		{"a condition in another sentence", "It plays {{cell 1: best | depth=2, algo=minimax}}. That is at depth 2.", []string{"11 2"}},
		{"the command just before", "At depth 4 the search.", nil},
		{"a command further up", "At depth 3 the table.", []string{"11 3"}},
		{"a move", "Then Re6 is best.", []string{"11 Re6"}},
		{"a move in a condition", "{{cell 1: score | best=Ra6}} for Ra6.", nil},
		{"a numbered move and its reply", "After 1.d4 d5 the game goes on.", []string{"11 1.d4", "11 d5"}},
		{"moves of several kinds", "Nxd5, exd5, O-O, e8=Q and 2...Kb7 are moves.", []string{"11 Nxd5", "11 exd5", "11 O-O", "11 e8=Q", "11 2...Kb7"}},
		{"a square is not a move", "The pawn on d5 is attacked; the b6 pawn guards a7.", nil},
		{"a rule fact", "After 1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4 the board of 64 squares is the same.", nil},
		{"written-out numbers", "Some twenty-five plies deep, one ply later, three positions.", []string{"11 twenty-five", "11 one", "11 three"}},
		{"small numbers without a unit", "Two players, one move at a time, three moves each.", nil},
		{"code, links and lesson numbers", "Run `search --depth 14`, see [lesson 9](09-whole-engine.md) and Tables 4 and 5, Appendix V-A 4, reference [3].", nil},
		{"years in citations", "Zobrist (1970) and *Basic Chess Endings*, 1941, since 2020.", nil},
		{"a date", "It joined on 2026-11-23.", []string{"11 2026", "11 -11", "11 -23"}},
		{"a citation", "The paper says {{cite game-trees paper, Table 4: 988 at depth 3}}.", nil},
		{"an assertion states its number", "More than three times{{assert: 3 * [cell 1: nodes | depth=1, algo=minimax] < [cell 1: nodes | depth=3, algo=minimax]}} as many.", nil},
		{"a heading and a list", "## 1. Material\n\n1. first\n2. second", nil},
		{"a lead-in reads its list", "At depth 3:\n\n- minimax: {{cell 1: nodes | depth=3, algo=minimax}};\n- alpha-beta: {{cell 1: nodes | depth=3, algo=alphabeta}}.", nil},
		{"an interval's confidence", "Its 95% interval, and 95% of the time.", []string{"11 95"}},
		{"indented code", "The formula:\n\n    score = (mg × phase + eg × (24 − phase)) / 24\n\nis tapered.", nil},
		{"the line of each", "First 12 nodes.\n\nThen\nRe6 and 13.", []string{"11 12", "14 Re6", "14 13"}},
	}
	for _, tt := range tests {
		l, err := Parse("lessons/01-prose.md", []byte(proseLesson(tt.prose)), nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, i := range LintProse(l) {
			got = append(got, fmt.Sprintf("%d %s", i.Line, i.Token))
			if want := fmt.Sprintf("lessons/01-prose.md:%d: the ", i.Line); !strings.HasPrefix(i.Error(), want) {
				t.Errorf("%s: message %q does not start with %q", tt.name, i.Error(), want)
			}
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: issues %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestLintNamedMoves: a move a name holds may be written after the name
// is bound, and only the move it holds.
func TestLintNamedMoves(t *testing.T) {
	tests := []struct {
		prose string
		want  []string
	}{
		{"Best: {{mate = cell 1: best | depth=3, algo=minimax}}.\n\nSo 1.Ra6 is best.", nil},
		{"So 1.Ra6 is best.\n\nBest: {{mate = cell 1: best | depth=3, algo=minimax}}.", []string{"11 1.Ra6"}},
		{"Best: {{mate = cell 1: best | depth=3, algo=minimax}}.\n\nSo 1.Kd7 is best.", []string{"13 1.Kd7"}},
		{"It plays {{kb1 = best_move}}: 1.Kb1!", nil},
		{"Move 1.{{kb1 = best_move}} is best.", nil},
	}
	for _, tt := range tests {
		res, err := runProse(t, tt.prose)
		if err != nil {
			t.Fatalf("%q: %v", tt.prose, err)
		}
		var got []string
		for _, i := range LintResult(res) {
			got = append(got, fmt.Sprintf("%d %s", i.Line, i.Token))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%q: issues %q, want %q", tt.prose, got, tt.want)
		}
	}
}

// TestCheckProse: a lesson whose prose fails is a failed check, and an
// update writes no transcript for it; one whose assertion fails stops,
// and is not written either.
func TestCheckProse(t *testing.T) {
	dir := t.TempDir()
	var runs []LessonRun
	for i, prose := range []string{
		"Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes.",
		"Alpha-beta visits 497 nodes, and Re6 is best.",
		"Fewer{{assert: [cell 1: nodes | depth=3, algo=alphabeta] > [cell 1: nodes | depth=3, algo=minimax]}}.",
	} {
		l, err := Parse(fmt.Sprintf("lessons/0%d-prose.md", i+1), []byte(proseLesson(prose)), nil)
		if err != nil {
			t.Fatal(err)
		}
		r := LessonRun{Lesson: l}
		r.Result, r.Err = NewSession(l, proseRun, sandbox.NewMemory(sandbox.Quota{})).RunAll()
		runs = append(runs, r)
	}
	res, err := Check(runs, CheckOptions{GoldenDir: dir, Update: true})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != CheckWrote || res[0].Failed() {
		t.Errorf("a lesson whose prose passes: %+v, want CheckWrote", res[0])
	}
	if res[1].Status != CheckProse || !res[1].Failed() || len(res[1].Prose) != 2 {
		t.Errorf("a number and a move without a source: %+v, want CheckProse with 2 issues", res[1])
	}
	if res[2].Status != CheckRunError || !res[2].Failed() || !strings.Contains(res[2].Err.Error(), "lessons/03-prose.md:11: the prose states") {
		t.Errorf("an assertion that does not hold: %+v, want CheckRunError at line 11", res[2])
	}
	for i, name := range []string{"01-prose.golden", "02-prose.golden", "03-prose.golden"} {
		_, err := os.Stat(filepath.Join(dir, name))
		if written := err == nil; written != (i == 0) {
			t.Errorf("%s written: %v, want %v", name, written, i == 0)
		}
	}
	var b strings.Builder
	res[1].Report(&b, textfmt.PlainPaint)
	for _, want := range []string{
		"FAIL 02-prose\n",
		`  lessons/02-prose.md:11: the number "497" has no source` + "\n",
		`  lessons/02-prose.md:11: the move "Re6" has no source` + "\n",
		"  " + ProseHint + "\n",
		"02-prose.golden was not compared or written: the prose must pass first\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report %q lacks %q", b.String(), want)
		}
	}
	// Checking (not updating) fails the same way.
	res, _ = Check(runs[1:2], CheckOptions{GoldenDir: dir, ReadGoldenDir: true})
	if res[0].Status != CheckProse {
		t.Errorf("check: status %d, want CheckProse", res[0].Status)
	}
}

// TestBuiltinProseMutations: in a copy of each built-in lesson, a number
// typed in place of a reference, a number added to a sentence, and a
// number changed beside the reference that reads it are each reported at
// their line. The lessons as they are have no number without a source.
func TestBuiltinProseMutations(t *testing.T) {
	ls, err := Builtin(sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		src, err := lessonFiles.ReadFile(l.Slug + ".md")
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range LintProse(l) {
			if !i.Move {
				t.Errorf("%v", i)
			}
		}
		lint := func(what string, mutated string, line int) {
			t.Helper()
			m, err := Parse(l.File, []byte(mutated), sandbox.Cells)
			if err != nil {
				t.Errorf("%s, %s: %v", l.Slug, what, err)
				return
			}
			for _, i := range LintProse(m) {
				if !i.Move && i.Line == line {
					if !strings.HasPrefix(i.Error(), fmt.Sprintf("%s:%d: ", l.File, line)) {
						t.Errorf("%s, %s: %q does not name the file and line", l.Slug, what, i.Error())
					}
					return
				}
			}
			t.Errorf("%s, %s: no number reported at line %d", l.Slug, what, line)
		}
		// A number typed in place of each of the first references that
		// read a value.
		n := 0
		for _, b := range l.Blocks {
			for _, r := range b.Refs {
				if r.Kind != RefSelect || r.Name != "" || n >= 3 {
					continue
				}
				n++
				off := blockOffset(string(src), b) + r.Start
				mutated := string(src[:off]) + "12,345" + string(src[off+r.End-r.Start:])
				lint(fmt.Sprintf("{{%s}} typed as a number", r.Text), mutated, r.Line)
			}
		}
		if n == 0 {
			t.Errorf("%s: no reference to replace", l.Slug)
		}
		// A number added to the first prose after the first cell.
		for _, b := range l.Blocks {
			if b.Kind == Prose && len(l.Cells) > 0 && b.Line > l.Cells[0].Line {
				off := blockOffset(string(src), b)
				end := off + strings.Index(string(src[off:]), "\n")
				mutated := string(src[:end]) + " It took 4,321 nodes." + string(src[end:])
				lint("a sentence with a number added", mutated, b.Line)
				break
			}
		}
		// A depth beside a reference that reads it, changed.
		depthRe := regexp.MustCompile(`(\{\{[^}]*depth=(\d+)[^}]*\}\}[^.;:{]*? at depth )(\d+)\b`)
		if m := depthRe.FindStringSubmatchIndex(string(src)); m != nil && string(src[m[4]:m[5]]) == string(src[m[6]:m[7]]) {
			mutated := string(src[:m[6]]) + "987" + string(src[m[7]:])
			lint("a depth beside its reference changed", mutated, 1+strings.Count(string(src[:m[6]]), "\n"))
		}
	}
}

// blockOffset is the byte offset of prose block b's text in src.
func blockOffset(src string, b *Block) int {
	off := 0
	for i := 1; i < b.Line; i++ {
		off += strings.Index(src[off:], "\n") + 1
	}
	return off
}

// TestCitedFiles: every number a lesson cites from a file of plylab's
// source or documentation is in that file.
func TestCitedFiles(t *testing.T) {
	ls, err := Builtin(sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	file := regexp.MustCompile(`[\w/.-]+\.(go|md|json)\b`)
	number := regexp.MustCompile(`\d[\d,]*(\.\d+)?`)
	checked := 0
	for _, l := range ls {
		for _, b := range l.Blocks {
			for _, r := range b.Refs {
				if r.Kind != RefCite {
					continue
				}
				path := file.FindString(r.Cite.Where)
				if path == "" {
					continue
				}
				data, err := os.ReadFile(filepath.Join("..", path))
				if err != nil {
					t.Errorf("%s:%d: {{cite %s: ...}}: %v", l.File, r.Line, r.Cite.Where, err)
					continue
				}
				text := strings.ReplaceAll(string(data), ",", "")
				for _, n := range number.FindAllString(r.Cite.Text, -1) {
					checked++
					if !regexp.MustCompile(`(^|[^\d.])` + regexp.QuoteMeta(strings.ReplaceAll(n, ",", "")) + `([^\d]|$)`).MatchString(text) {
						t.Errorf("%s:%d: {{cite %s: %s}}: %s is not in %s", l.File, r.Line, r.Cite.Where, r.Cite.Text, n, path)
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d cited numbers checked", checked)
	}
}

// TestProseTokens: a page that is not a lesson is read like lesson prose.
func TestProseTokens(t *testing.T) {
	page := "# Title\n\nIt visits 1,080 nodes (lesson 3, Table 4).\n\n```sh\nplylab compare --depth 5\n```\n\nThen Re6 and `--depth 9`.\n"
	var got []string
	for _, tk := range ProseTokens(page) {
		got = append(got, fmt.Sprintf("%d %s %v", tk.Line, tk.Text, tk.Move))
	}
	if want := "3 1,080 false|9 Re6 true"; strings.Join(got, "|") != want {
		t.Errorf("ProseTokens = %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestFieldList: a list value reads as its items.
func TestFieldList(t *testing.T) {
	if got := (Field{Value: []any{"Rf1"}}).String(); got != "Rf1" {
		t.Errorf("one item: %q", got)
	}
	if got := (Field{Value: []any{"e4", json.Number("1200")}}).String(); got != "e4, 1,200" {
		t.Errorf("two items: %q", got)
	}
}

// TestWordIssues: the sentences whose words need a check they do not
// carry. Each case is prose after a compare cell (1), a search cell (2),
// a `positions reference` cell (3) and a `reproduce` cell (4); want lists
// "line kind words" of each issue.
func TestWordIssues(t *testing.T) {
	lesson := func(prose string) string {
		return "# Words\n\n```plylab\ncompare --depth 1-3\n```\n\n```plylab\nsearch --depth 4\n```\n\n" +
			"```plylab\npositions reference zugzwang\n```\n\n```plylab\nreproduce\n```\n\n" + prose + "\n"
	}
	const line = 19
	tests := []struct {
		name, prose string
		want        []string
	}{
		{"a comparison without its assertion", "Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, far fewer.",
			[]string{"19 comparison fewer"}},
		{"asserted over the value shown", "Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, far fewer{{assert: [cell 1: nodes | depth=3, algo=alphabeta] < [cell 1: nodes | depth=3, algo=minimax]}}.", nil},
		{"asserted over other values", "Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, far fewer{{assert: [cell 2: depth | depth=1] < 2}}.",
			[]string{"19 comparison fewer"}},
		{"a name shown and asserted", "Alpha-beta visits {{ab = cell 1: nodes | depth=3, algo=alphabeta}} nodes, far fewer{{assert: ab < 1000}}.", nil},
		{"a comparative without values", "Alpha-beta visits fewer nodes than minimax.", nil},
		{"a proportion without values", "The table saves them at most depths.", []string{"19 comparison at most depths"}},
		{"a proportion asserted", "The table saves them at most depths{{assert: [cell 1: nodes | depth=3, algo=alphabeta] < [cell 1: nodes | depth=3, algo=minimax]}}.", nil},
		{"a bound, not a proportion", "Alpha-beta visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, the target at most 1,000.", nil},
		{"a proportion after a bound", "It visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, at most 1,000, most of them leaves.", []string{"19 comparison most"}},
		{"an ordinal, not a proportion", "It visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes in a third match.", nil},
		{"a third as a proportion", "It visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, fewer by a third.", []string{"19 comparison a third"}},
		{"a third of", "It visits {{cell 1: nodes | depth=3, algo=alphabeta}} nodes, a third of minimax's.", []string{"19 comparison a third"}},
		{"a deliberate exception", "The table saves them at most depths{{unchecked: the depths are the reader's to try}}.", nil},
		{"a chess fact", "After 1.Rf1 the position is a draw.", []string{"19 chess fact a draw"}},
		{"a chess fact read from the reference", "1.Rf1 wins{{assert: [cell 3: move | rank=1] == \"Rf1\"}}.", nil},
		{"a chess fact read from the search", "1.Rf1 wins{{assert: [cell 2: best_move] == \"Kb1\"}}.", []string{"19 chess fact wins"}},
		{"a chess fact in a citation", "The paper calls it {{cite game-trees paper, Section IV: a forced mate in 2}}.", nil},
		{"a verdict", "Verdict: the claim holds.", []string{"19 verdict Verdict:"}},
		{"the word verdict in passing", "The ledger computes a verdict by a rule.", nil},
		{"a verdict read from the ledger", "Verdict: {{cell 4: verdict | where=Move ordering}}.", nil},
		{"a count named by its words", "The {{= count([cell 1: nodes | depth=3])}} rows at depth 3.", nil},
		{"a count named by other words", "The {{= count([cell 1: nodes | depth=3])}} deepest rows.", []string{"19 count [cell 1: nodes | depth=3]"}},
		{"a count asserted", "The {{= count([cell 1: nodes | depth=3])}} deepest rows{{assert: count([cell 1: nodes | depth=3]) == count([cell 1: best | best=Ra6])}}.", nil},
		{"words in another sentence", "The search is over. It is a draw.", []string{"19 chess fact a draw"}},
		{"an outcome of games", "The engine wins the games and loses none on time.", nil},
		{"a mate in a sentence about games", "In those games it finds a mate in two.", []string{"19 chess fact mate in"}},
	}
	for _, tt := range tests {
		l, err := Parse("lessons/01-words.md", []byte(lesson(tt.prose)), nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []string
		for _, i := range WordIssues(l) {
			got = append(got, fmt.Sprintf("%d %s %s", i.Line, i.Kind, i.Token))
			if !strings.HasPrefix(i.Error(), fmt.Sprintf("lessons/01-words.md:%d: ", i.Line)) {
				t.Errorf("%s: %q", tt.name, i.Error())
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: %q\n  got  %q\n  want %q", tt.name, tt.prose, got, tt.want)
		}
	}
	_ = line
	if _, err := Parse("x.md", []byte(lesson("Words{{unchecked: no}}.")), nil); err == nil || !strings.Contains(err.Error(), "must say why") {
		t.Errorf("an exception without a reason: %v", err)
	}
}

// TestWordLists: the documented lists are the ones the check uses, and
// each word is found as a whole word.
func TestWordLists(t *testing.T) {
	doc, err := os.ReadFile("../docs/lessons.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, list := range map[string][]string{"ProportionWords": ProportionWords, "ComparisonWords": ComparisonWords,
		"ChessFactWords": ChessFactWords, "VerdictWords": VerdictWords, "GameWords": GameWords} {
		for _, w := range list {
			if !strings.Contains(string(doc), `"`+w+`"`) {
				t.Errorf("docs/lessons.md does not list %q of %s", w, name)
			}
		}
	}
	for _, tc := range []struct {
		re   *regexp.Regexp
		text string
		want string
	}{
		{proportionRe, "It costs nearly as much.", "nearly"},
		{proportionRe, "The utmost care.", ""},
		{comparisonRe, "Far FEWER nodes.", "FEWER"},
		{comparisonRe, "Furthermore,", ""},
		{chessFactRe, "White wins a pawn.", "wins"},
		{chessFactRe, "a mate  in two", "mate  in"},
		{verdictRe, "as the tutorial\nsays", "as the tutorial\nsays"},
	} {
		if got := tc.re.FindString(tc.text); got != tc.want {
			t.Errorf("%q finds %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestRunEnds: an assertion over a run of depths must not hold just
// outside the run it states.
func TestRunEnds(t *testing.T) {
	for _, tt := range []struct{ prose, err string }{
		// Fewer nodes at depths 2-3; at depth 1 both visit 17.
		{"At depths 2-3 alpha-beta visits fewer{{assert: [cell 1: nodes | depth=2, algo=alphabeta] < [cell 1: nodes | depth=2, algo=minimax] and " +
			"[cell 1: nodes | depth=3, algo=alphabeta] < [cell 1: nodes | depth=3, algo=minimax]}}.", ""},
		// The same best move at depths 1-2, and at depth 3 too.
		{"At depths 1-2 both play the same{{assert: [cell 1: best | depth=1, algo=minimax] == [cell 1: best | depth=1, algo=alphabeta] and " +
			"[cell 1: best | depth=2, algo=minimax] == [cell 1: best | depth=2, algo=alphabeta]}}.",
			"it holds for depth 1 to 2, and at depth 3 too"},
		// A claim of two comparisons at each depth, tried together.
		{"At depths 2-3 they agree, and alpha-beta visits fewer{{assert: [cell 1: best | depth=2, algo=minimax] == [cell 1: best | depth=2, algo=alphabeta] and " +
			"[cell 1: nodes | depth=2, algo=alphabeta] < [cell 1: nodes | depth=2, algo=minimax] and " +
			"[cell 1: best | depth=3, algo=minimax] == [cell 1: best | depth=3, algo=alphabeta] and " +
			"[cell 1: nodes | depth=3, algo=alphabeta] < [cell 1: nodes | depth=3, algo=minimax]}}.", ""},
		{"At depths 2-3 they agree, and alpha-beta visits no more{{assert: [cell 1: best | depth=2, algo=minimax] == [cell 1: best | depth=2, algo=alphabeta] and " +
			"[cell 1: nodes | depth=2, algo=alphabeta] <= [cell 1: nodes | depth=2, algo=minimax] and " +
			"[cell 1: best | depth=3, algo=minimax] == [cell 1: best | depth=3, algo=alphabeta] and " +
			"[cell 1: nodes | depth=3, algo=alphabeta] <= [cell 1: nodes | depth=3, algo=minimax]}}.",
			"it holds for depth 2 to 3, and at depth 1 too"},
		// One depth states no run.
		{"At depth 2 both play the same{{assert: [cell 1: best | depth=2, algo=minimax] == [cell 1: best | depth=2, algo=alphabeta]}}.", ""},
	} {
		_, err := runProse(t, tt.prose)
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%q: %v, want %q", tt.prose, err, tt.err)
		}
	}
}

// TestOldTextsCaught: the sentences issue 43 found wrong in the lessons,
// as they were written, each after the cells it read; the check reports
// every one (the cite's garbling is TestCitePlaces' and TestLessons').
func TestOldTextsCaught(t *testing.T) {
	for _, tc := range []struct {
		name, cells, prose, kind string
	}{
		{"lesson 2: the rook moves along the first rank", "scores --position paper-mate2 --depth 4 --algo paper-minimax",
			`Ra6 is {{score | move=Ra6}}, Rxa7+ {{score | move=Rxa7+}}, the
{{= count([score | score=0])}} rook moves along the first rank
{{score | move=Rc1}}, and the {{= count([score | score=+100])}} others
{{score | move=Kd7}}: all {{= count([move])}} scores are those of the
paper's Table 1.`, IssueCount},
		{"lesson 4: only part of the story", "compare --position start --depth 1-5 --algo alphabeta,alphabeta-with-mvvlva",
			`MVV-LVA alone took plain alpha-beta from {{cell 1: nodes | depth=5, algo=alphabeta}} to
{{cell 1: nodes | depth=5, algo=alphabeta-with-mvvlva}} nodes at depth 5:
there, captures first is only part of the story, because the opening has
few captures.`, IssueComparison},
		{"lesson 5: nearly as much", "search --position kiwipete --depth 8 --stats",
			`the engine's effective branching factor on this search is
{{= round(sqrt([nodes | depth=8] / [nodes | depth=6]), 2)}} (the square
root of the growth from depth 6 to depth 8), and then the shallower
iterations cost nearly as much as the last one.`, IssueComparison},
		{"lesson 5: as the tutorial says", "search --position kiwipete --nodes 500000",
			`Verdict: the table is worth whole
plies{{assert: [depth_reached] >= 2}} at an
equal budget, as the tutorial says.`, IssueVerdict},
		{"lesson 5: at most depths", "search --depth 1",
			`- Iterative deepening alone costs nodes; with the table's hash move, killers
  and history it saves them at most depths (not every one), and it always
  has a move ready.`, IssueComparison},
		{"lesson 7: what the move is worth", "compare --position zugzwang --depth 11-16 --algo engine-without-null",
			`The engine without null-move pruning plays 1.Rf1 from depth
{{nn = since([depth | algo=engine-without-null], best=Rf1)}} on, and its
score says what the move is worth: {{= last([score | algo=engine-without-null])}}
at depth 16.`, IssueChessFact},
		{"lesson 7: sees the draw", "compare --position zugzwang --depth 11-16 --algo engine-without-verify",
			`It sees the draw only from depth
{{uz = since([depth | algo=engine-without-verify], score=0)}}.`, IssueChessFact},
		{"lesson 9: the claim holds", "compare --suite bk --depth 7-8 --algo engine --no-minimal",
			`Depth 8 on all the positions took {{time_s | depth=8}}. Verdict: the
claim holds, with room to spare.`, IssueVerdict},
	} {
		src := "# Old\n\n```plylab\n" + tc.cells + "\n```\n\n" + tc.prose + "\n"
		l, err := Parse("lessons/01-old.md", []byte(src), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		found := false
		for _, i := range LintProse(l) {
			found = found || i.Kind == tc.kind
		}
		if !found {
			t.Errorf("%s: the check does not report the old text (%s): %v", tc.name, tc.kind, LintProse(l))
		}
	}
}
