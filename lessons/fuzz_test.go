package lessons

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse feeds lesson Markdown to Parse. Properties: no panic; an error
// is a one-line *Error whose line lies in the file; a lesson that parses
// parses again to the same lesson (its cells and commands are stable), its
// cells are numbered 1, 2, ... in file order, every command and reference
// lies in the file, and every reference's offsets enclose a "{{...}}" of
// its block.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("*.md")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"# T\n\n```plylab\ncompare --position start --depth 1-2\n```\n\nSee {{cell 1: /(\\d+) nodes/}}.\n",
		"---\ntitle: x\nminutes: y\n---\n",
		"```plylab quiz\npredict: how many?\nanswer: nodes | depth=2\ncompare --depth 2 \\\n",
		"{{nodes | depth=}}\n```\n",
		"# X\n\n```plylab\nlesson run 1\n```\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 20000 {
			return
		}
		lines := strings.Count(string(src), "\n") + 1
		l, err := Parse("lessons/05-fuzz.md", src, testCommands)
		if err != nil {
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("error %T %q, want *Error", err, err)
			}
			if le.Line < 0 || le.Line > lines {
				t.Fatalf("error at line %d of a %d-line file: %v", le.Line, lines, err)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error has several lines: %q", err)
			}
			return
		}
		again, err := Parse("lessons/05-fuzz.md", src, testCommands)
		if err != nil || !reflect.DeepEqual(l, again) {
			t.Fatalf("parsing twice differs: %v", err)
		}
		for i, c := range l.Cells {
			if c.N != i+1 || c.Line < 1 || c.Line > lines || (i > 0 && c.Line <= l.Cells[i-1].Line) {
				t.Fatalf("cell %d: number %d at line %d", i+1, c.N, c.Line)
			}
			for _, cmd := range c.Commands {
				if cmd.Line < c.Line || cmd.Line > lines || len(cmd.Args) == 0 {
					t.Fatalf("cell %d: command %q at line %d", c.N, cmd.Text, cmd.Line)
				}
			}
		}
		for _, b := range l.Blocks {
			for _, r := range b.Refs {
				if r.Start < 0 || r.End > len(b.Text) || r.Start >= r.End ||
					!strings.HasPrefix(b.Text[r.Start:r.End], "{{") || !strings.HasSuffix(b.Text[r.Start:r.End], "}}") {
					t.Fatalf("reference [%d:%d] in %q", r.Start, r.End, b.Text)
				}
				// A value read from a cell names one that ran; a citation or
				// a computation of names and numbers may come before any.
				if r.Line < b.Line || r.Line > lines || r.Cell < 0 || r.Cell > len(l.Cells) || r.Kind == RefSelect && r.Cell < 1 {
					t.Fatalf("reference at line %d to cell %d of %d", r.Line, r.Cell, len(l.Cells))
				}
			}
		}
	})
}

// FuzzExpr feeds the prose's expression language, in {{= ...}} and
// {{assert: ...}}, to a lesson whose cells have run (proseLesson's compare
// table and search). Properties: no panic; an error is one line at the
// expression's file:line; a value renders on one line; an expression that
// evaluates once evaluates again to the same text.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{
		"[cell 1: nodes | depth=3, algo=minimax] / [cell 1: nodes | depth=3, algo=alphabeta]",
		"round(100 * [cell 1: nodes | depth=3, algo=alphabeta] / [cell 1: nodes | depth=3, algo=minimax], 1)",
		"count([cell 1: best | best=Ra6]) == 2 and not (1 > 2)",
		"since([cell 1: depth | algo=alphabeta], best=Ra6)",
		"argmax([cell 1: nodes | algo=minimax], depth)",
		"sqrt(pow(2, 10)) - abs(floor(-2.5)) + ceil(0.1)",
		"first([cell 1: best]) == \"Rxa7+\" or last([best_move]) != \"x\"",
		"1 / ([cell 1: nodes | depth=1, algo=minimax] - 17)",
		"min([cell 1: nodes]) <= max([cell 1: nodes | algo!=minimax])",
		"-(-(1e308 * 10))",
	} {
		f.Add(s)
	}
	at := fmt.Sprintf("lessons/01-prose.md:%d", proseLine)
	f.Fuzz(func(t *testing.T, expr string) {
		if len(expr) > 500 || strings.ContainsAny(expr, "\n\r{}") {
			return // one reference, on one line
		}
		for _, form := range []string{"{{= %s}}", "{{assert: %s}}"} {
			prose := "The value: " + fmt.Sprintf(form, expr) + "."
			res, err := runProse(t, prose)
			if err != nil {
				if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, at) {
					t.Fatalf("%s: error %q, want one line at %s", prose, msg, at)
				}
				continue
			}
			last := res.Lesson.Blocks[len(res.Lesson.Blocks)-1]
			got := strings.TrimSpace(res.Prose[last])
			if strings.ContainsAny(got, "\n\r") {
				t.Fatalf("%s renders on several lines: %q", prose, got)
			}
			again, err := runProse(t, prose)
			if err != nil || strings.TrimSpace(again.Prose[again.Lesson.Blocks[len(again.Lesson.Blocks)-1]]) != got {
				t.Fatalf("%s: a second run differs (%v)", prose, err)
			}
		}
	})
}
