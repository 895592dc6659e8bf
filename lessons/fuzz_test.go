package lessons

import (
	"errors"
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
