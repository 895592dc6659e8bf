package lessons

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons/sandbox"
)

// bracketPaint shows each style as [SGR]text, so tests see what is coloured.
func bracketPaint(s textfmt.Style, text string) string { return "[" + s.SGR() + "]" + text }

func TestCheckResultReport(t *testing.T) {
	t.Parallel()
	l, err := Parse(filepath.Join("lessons", "03-three.md"), []byte("# Three\n\n```plylab\ncompare --depth 3\n```\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	l.Number = 3
	diff := &Difference{Section: "cell 1", Cell: 1, Line: 3, Got: []string{"a", "b"}, Want: []string{"a", "c"}, At: 1}
	for _, tt := range []struct {
		name  string
		r     CheckResult
		paint textfmt.Paint
		want  string
	}{
		{"ok", CheckResult{Lesson: l, Status: CheckOK, Elapsed: 1500 * time.Millisecond}, textfmt.PlainPaint,
			"ok   03-three (1 cell, 1.50 s)\n"},
		{"ok coloured", CheckResult{Lesson: l, Status: CheckOK, Elapsed: 45600 * time.Microsecond}, bracketPaint,
			"[32]ok   03-three (1 cell, 45.6 ms)\n"},
		{"wrote", CheckResult{Lesson: l, Status: CheckWrote, Path: "g/03-three.golden", Elapsed: 2 * time.Second}, bracketPaint,
			"[33]wrote g/03-three.golden (1 cell, 2.00 s)\n"},
		{"run error", CheckResult{Lesson: l, Status: CheckRunError, Err: errors.New("  cell 1 failed:\n  exit 2  ")}, bracketPaint,
			"[31]FAIL 03-three\n  cell 1 failed: exit 2\n"},
		{"no golden", CheckResult{Lesson: l, Status: CheckNoGolden, Path: "g/03-three.golden"}, textfmt.PlainPaint,
			"FAIL 03-three\n  no golden transcript g/03-three.golden; record one with: plylab lesson check 3 --update\n"},
		{"differs", CheckResult{Lesson: l, Status: CheckDiffers, Diff: diff}, textfmt.PlainPaint,
			"FAIL 03-three\n" + textfmt.Indent(diff.Summary(l.File), "  ") + "\n"},
	} {
		var b bytes.Buffer
		tt.r.Report(&b, tt.paint)
		if b.String() != tt.want {
			t.Errorf("%s: Report wrote %q, want %q", tt.name, b.String(), tt.want)
		}
	}
	if s := diff.Summary(l.File); !strings.HasPrefix(s, filepath.Join("lessons", "03-three.md")+":3: cell 1 differs") {
		t.Errorf("Summary = %q", s)
	}
}

// fakeProgress records what a Batch shows on its progress line.
type fakeProgress struct {
	lines []string
	done  int
}

func (p *fakeProgress) Update(format string, args ...any) {
	p.lines = append(p.lines, fmt.Sprintf(format, args...))
}
func (p *fakeProgress) Done() { p.done++ }

// times matches the durations check prints: "(1 cell, 12.3 ms)", "(2.00 s)".
var times = regexp.MustCompile(`(, |\()[0-9.]+ [a-zµ]+\)`)

// maskTimes replaces the durations in a check's output by TIME.
func maskTimes(s string) string { return times.ReplaceAllString(s, "${1}TIME)") }

func TestBatchCheck(t *testing.T) {
	var ls []*Lesson
	for i, src := range []string{"# One\n\n```plylab\ncompare --depth 3\n```\n", "# Two\n\n```plylab\ncompare --depth 3\n```\n\n```plylab\ncompare --depth 3\n```\n"} {
		l, err := Parse(filepath.Join("lessons", []string{"01-one.md", "02-two.md"}[i]), []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		l.Number = i + 1
		ls = append(ls, l)
	}
	dir := t.TempDir()
	prog := &fakeProgress{}
	plain := Batch{Lessons: ls, NewRun: func(context.Context) RunFunc { return fakeRun }, Jobs: 1}
	b := plain.WithProgress(prog) // as the CLI adds its progress line
	if plain.Progress != nil || b.Progress != prog || len(b.Lessons) != 2 || b.Jobs != 1 {
		t.Fatalf("WithProgress: %+v from %+v", b, plain)
	}
	var out bytes.Buffer
	if err := b.Check(context.Background(), &out, CheckOptions{GoldenDir: dir, Update: true}, textfmt.PlainPaint); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("wrote %s (1 cell, TIME)\nwrote %s (2 cells, TIME)\n", filepath.Join(dir, "01-one.golden"), filepath.Join(dir, "02-two.golden"))
	if got := maskTimes(out.String()); got != want {
		t.Errorf("update printed %q, want %q", got, want)
	}
	if want := "checking lessons: 1 of 2 done (01-one)|checking lessons: 2 of 2 done (02-two)"; strings.Join(prog.lines, "|") != want || prog.done != 1 {
		t.Errorf("progress %q, done %d times; want %q, once", prog.lines, prog.done, want)
	}

	out.Reset()
	b.Progress = nil
	if err := b.Check(context.Background(), &out, CheckOptions{GoldenDir: dir, ReadGoldenDir: true}, textfmt.PlainPaint); err != nil {
		t.Fatal(err)
	}
	want = "ok   01-one (1 cell, TIME)\nok   02-two (2 cells, TIME)\nall 2 lessons match their golden transcripts (TIME)\n"
	if got := maskTimes(out.String()); got != want {
		t.Errorf("check printed %q, want %q", got, want)
	}

	out.Reset()
	b.Lessons = []*Lesson{ls[0], {File: "lessons/09-none.md", Slug: "09-none", Number: 9}}
	err := b.Check(context.Background(), &out, CheckOptions{GoldenDir: dir, ReadGoldenDir: true}, textfmt.PlainPaint)
	if err == nil || err.Error() != CheckFailed(1, 2).Error() {
		t.Errorf("a missing golden: error %v, want CheckFailed(1, 2)", err)
	}
	want = "ok   01-one (1 cell, TIME)\nFAIL 09-none\n  no golden transcript " + filepath.Join(dir, "09-none.golden") + "; record one with: plylab lesson check 9 --update\n"
	if got := maskTimes(out.String()); got != want {
		t.Errorf("failing check printed %q, want %q", got, want)
	}
}

func TestBatchExport(t *testing.T) {
	l, err := Parse("lessons/01-one.md", []byte("# One\n\n```plylab\ncompare --depth 3\n```\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		format, want string
	}{
		{"md", "wrote 1 lesson and DIR/index.md (2 files in DIR)\n"},
		{"html", "wrote 1 lesson and DIR/index.html (2 files in DIR)\nopen DIR/index.html in a browser; the pages work offline\n"},
	} {
		dir := t.TempDir()
		prog := &fakeProgress{}
		b := Batch{Lessons: []*Lesson{l}, NewRun: func(context.Context) RunFunc { return fakeRun }, Jobs: 1, Progress: prog}
		var out bytes.Buffer
		if err := b.Export(context.Background(), &out, dir, tt.format, ExportOptions{Generator: "test"}); err != nil {
			t.Fatal(err)
		}
		if got := strings.ReplaceAll(out.String(), dir, "DIR"); got != tt.want {
			t.Errorf("%s: printed %q, want %q", tt.format, got, tt.want)
		}
		if len(prog.lines) != 1 || prog.lines[0] != "running lessons: 1 of 1 done (01-one)" || prog.done != 1 {
			t.Errorf("%s: progress %q, done %d times", tt.format, prog.lines, prog.done)
		}
	}
}

func TestRunInTerminal(t *testing.T) {
	parse := func(src string) *Lesson {
		l, err := Parse("lessons/01-one.md", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		l.Number = 1
		return l
	}
	good := parse("# One\n\n```plylab\ncompare --depth 3\n```\n")
	bad := parse("# One\n\n```plylab\nnosuch\n```\n")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	keep := filepath.Join(t.TempDir(), "pictures")
	for _, tt := range []struct {
		name    string
		ctx     context.Context
		l       *Lesson
		in      string
		files   string
		wantErr string
		wantEnd string
	}{
		{"quit", context.Background(), good, "q\n", "", "", "Stopped. Continue another time with: plylab lesson run one\n"},
		{"to the end", context.Background(), good, "\n", keep, "", "End of \"One\": 1 cells run.\n"},
		{"failing cell", context.Background(), bad, "\n", "", "lessons/01-one.md:4: 'plylab nosuch' failed (exit 2): plylab: unknown command", ""},
		{"cancelled", cancelled, bad, "\n", "", "context canceled", ""},
	} {
		var out bytes.Buffer
		term := &Terminal{Out: &out, In: strings.NewReader(tt.in), Step: true}
		err := RunInTerminal(tt.ctx, term, RunOptions{Lesson: tt.l, Ref: "one", Files: tt.files, Run: fakeRun})
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || err.Error() != tt.wantErr) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
		}
		if !strings.HasSuffix(out.String(), tt.wantEnd) {
			t.Errorf("%s: output ends %q, want %q", tt.name, out.String()[max(0, out.Len()-80):], tt.wantEnd)
		}
		if term.KeepDir != tt.files || term.ExportHint != "plylab lesson export one --format html -o site" {
			t.Errorf("%s: KeepDir %q, ExportHint %q", tt.name, term.KeepDir, term.ExportHint)
		}
	}
	var le *Error
	if err := RunInTerminal(context.Background(), &Terminal{Out: &bytes.Buffer{}}, RunOptions{Lesson: bad, Ref: "1", Run: fakeRun}); !errors.As(err, &le) || le.Line != 4 {
		t.Errorf("a failing cell: %v, want an *Error at line 4", err)
	}
}

// A RunFunc hands a command's results to Invocation.Results as they
// come; results it returns in Outcome.Records follow them.
func TestInvocationResults(t *testing.T) {
	t.Parallel()
	run := func(inv Invocation) Outcome {
		fmt.Fprint(inv.Stdout, "printed")
		inv.Results(NewRecord("table", []textfmt.Field{{Key: "nodes", Value: "1234", Text: "1,234"}, {Key: "depth", Value: 3}}))
		inv.Results(NewRecord("summary", nil))
		return Outcome{Records: []Record{{Kind: "late"}}}
	}
	l, err := Parse("one.md", []byte("# One\n\n```plylab\ncompare --depth 3\n```\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewSession(l, run, sandbox.NewMemory(sandbox.Quota{})).RunCell(l.Cells[0])
	if err != nil {
		t.Fatal(err)
	}
	cr := res.Commands[0]
	want := []Record{
		{Kind: "table", Fields: []Field{{Key: "nodes", Value: "1234", Text: "1,234"}, {Key: "depth", Value: 3}}},
		{Kind: "summary", Fields: []Field{}},
		{Kind: "late"},
	}
	if cr.Stdout != "printed" || fmt.Sprint(cr.Records) != fmt.Sprint(want) {
		t.Errorf("text %q, records %v; want %q, %v", cr.Stdout, cr.Records, "printed", want)
	}
}
