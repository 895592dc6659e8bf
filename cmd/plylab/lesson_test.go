package main

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/plylab/plylab/trace"
)

// goldenLessonDir holds the built-in lessons' golden transcripts.
var goldenLessonDir = filepath.Join("..", "..", "lessons", "testdata")

// TestLessons is the CI lesson check: it runs every cell of every built-in
// lesson, compares each transcript with lessons/testdata/SLUG.golden
// (rewritten with -update), then exports all lessons as HTML and checks the
// pages: well-formed, every cell's output present, no external URL.
func TestLessons(t *testing.T) {
	env := testEnv()
	ls, err := lessons.Builtin(env.lessonRules())
	if err != nil {
		t.Fatal(err)
	}
	results := make([]*lessons.Result, len(ls))
	t.Run("check", func(t *testing.T) {
		for i, l := range ls {
			t.Run(l.Slug, func(t *testing.T) {
				t.Parallel()
				s := lessons.NewSession(l, testEnv().lessonRunner(context.Background(), false), sandbox.NewMemory(sandbox.Quota{}))
				r, err := s.RunAll()
				if err != nil {
					t.Fatal(err)
				}
				results[i] = r
				got := r.Transcript()
				path := filepath.Join(goldenLessonDir, l.Slug+".golden")
				if *update {
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./cmd/plylab -run TestLessons -update to create it)", err)
				}
				if d := lessons.CompareTranscripts(l, got, string(want)); d != nil {
					t.Errorf("%s\n(if the change is intended: go test ./cmd/plylab -run TestLessons -update, then check the prose)", d.Summary(l.File))
				}
			})
		}
	})
	for _, r := range results {
		if r == nil {
			t.Skip("not every lesson ran (failed, or filtered out by -run); skipping the export check")
		}
	}
	for _, r := range results {
		checkOutputValues(t, r)
	}
	dir := t.TempDir()
	files, err := lessons.ExportHTML(dir, results, lessons.ExportOptions{Generator: "plylab test"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(ls)+1 {
		t.Errorf("exported %d files, want %d", len(files), len(ls)+1)
	}
	index := readFile(t, filepath.Join(dir, "index.html"))
	checkPage(t, "index.html", index)
	norm := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "─", "")), " ") }
	for _, r := range results {
		name := lessons.HTMLName(r.Lesson)
		if !strings.Contains(index, `href="`+name+`"`) {
			t.Errorf("index.html does not link %s", name)
		}
		page := readFile(t, filepath.Join(dir, name))
		pres, text := checkPage(t, name, page)
		text = norm(text)
		checkCites(t, name, r.Lesson, text, norm)
		for _, c := range r.Cells {
			for _, cr := range c.Commands {
				out := strings.TrimRight(lessons.StripANSI(cr.Output()), "\n")
				if out == "" || pres[out] {
					continue
				}
				// Tables are HTML tables: every line of the output is
				// still on the page, cell by cell.
				for _, line := range strings.Split(out, "\n") {
					if l := norm(line); l != "" && !strings.Contains(text, l) {
						t.Errorf("%s: the output of cell %d (%s line %d) is not on the page: %q", name, c.Cell.N, r.Lesson.File, cr.Command.Line, l)
						break
					}
				}
			}
			for _, cr := range c.Commands {
				for _, f := range cr.Files {
					if f.Ext() == "svg" && strings.Count(page, "<svg") == 0 {
						t.Errorf("%s: picture %s is not inlined", name, f.Name)
					}
				}
			}
		}
	}
}

// checkCites checks that every citation of l reads on its page as a
// quotation: its text is on the page, and neither its text nor its place
// holds a quotation mark that does not close (a section name with a colon
// once split the place and garbled the text: 'how strong?": "~7-8 ply').
func checkCites(t *testing.T, page string, l *lessons.Lesson, text string, norm func(string) string) {
	t.Helper()
	for _, b := range l.Blocks {
		for _, r := range b.Refs {
			if r.Kind != lessons.RefCite {
				continue
			}
			c := r.Cite
			switch {
			case !strings.Contains(straightQuotes(text), straightQuotes(norm(c.Text))):
				t.Errorf("%s: the citation at %s:%d (%s) is not on the page as %q", page, l.File, r.Line, c.Where, c.Text)
			case !balancedQuotes(c.Text) || !balancedQuotes(c.Where):
				t.Errorf("%s: the citation at %s:%d reads %q (place %q): a quotation mark does not close", page, l.File, r.Line, c.Text, c.Where)
			}
		}
	}
}

// straightQuotes is s with typographic quotation marks (which the HTML
// export sets for straight ones) made straight.
func straightQuotes(s string) string {
	return strings.NewReplacer("“", `"`, "”", `"`, "‘", "'", "’", "'").Replace(s)
}

// balancedQuotes reports whether s's straight double quotes pair up and
// each curly or angle quotation mark is closed.
func balancedQuotes(s string) bool {
	return strings.Count(s, `"`)%2 == 0 && strings.Count(s, "“") == strings.Count(s, "”") && strings.Count(s, "«") == strings.Count(s, "»")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var externalRef = regexp.MustCompile(`^\s*([a-zA-Z][a-zA-Z0-9+.-]*:|//)`)

// checkPage parses an exported page as XML (it is written as XHTML, SVG
// inlined), checks that no src, href or CSS url() leaves the page (data:
// URIs and relative links are fine) and that there are no scripts,
// stylesheets or frames to fetch, and returns the text of its <pre>
// elements and all of its text, one space between elements.
func checkPage(t *testing.T, name, page string) (map[string]bool, string) {
	t.Helper()
	if !strings.HasPrefix(page, "<!DOCTYPE html>") {
		t.Errorf("%s does not start with <!DOCTYPE html>", name)
	}
	// The one script an exported page may carry is the replay of its
	// traced trees, inline (TestExportReplays checks the policy allows it
	// by its hash); it is taken out before the page is read as XML, its
	// text being JavaScript.
	if replay := "<script>" + string(trace.ReplayScript()) + "</script>"; strings.Contains(page, replay) {
		page = strings.Replace(page, replay, "", 1)
	}
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	pres := map[string]bool{}
	var pre *strings.Builder
	var all strings.Builder
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Errorf("%s is not well-formed: %v", name, err)
			return pres, all.String()
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			switch strings.ToLower(tok.Name.Local) {
			case "script", "link", "iframe", "object", "embed":
				t.Errorf("%s has a <%s> element", name, tok.Name.Local)
			case "pre":
				if pre == nil {
					pre, depth = &strings.Builder{}, 0
				}
			}
			if pre != nil {
				depth++
			}
			for _, a := range tok.Attr {
				switch strings.ToLower(a.Name.Local) {
				case "src", "href":
					if externalRef.MatchString(a.Value) && !strings.HasPrefix(strings.TrimSpace(a.Value), "data:") {
						t.Errorf("%s: <%s %s=%q> refers outside the page", name, tok.Name.Local, a.Name.Local, a.Value)
					}
				case "style":
					checkCSS(t, name, a.Value)
				}
			}
		case xml.EndElement:
			if pre != nil {
				depth--
				if depth == 0 {
					pres[strings.TrimRight(pre.String(), "\n")] = true
					pre = nil
				}
			}
		case xml.CharData:
			if pre != nil {
				pre.Write(tok)
			}
			all.Write(tok)
			all.WriteByte(' ')
		}
	}
	for _, m := range regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindAllStringSubmatch(page, -1) {
		checkCSS(t, name, m[1])
	}
	return pres, all.String()
}

var cssURL = regexp.MustCompile(`url\(\s*['"]?([^'")]*)|@import`)

func checkCSS(t *testing.T, name, css string) {
	t.Helper()
	for _, m := range cssURL.FindAllStringSubmatch(css, -1) {
		if m[0] == "@import" || (externalRef.MatchString(m[1]) && !strings.HasPrefix(m[1], "data:")) {
			t.Errorf("%s: CSS %q refers outside the page", name, m[0])
		}
	}
}

// TestLessonRunStep runs lesson 3 at classroom pace with a scripted
// student: Enter before each cell and a guess in the quiz.
func TestLessonRunStep(t *testing.T) {
	env := testEnv()
	// Cells 1 and 2, the quiz (a guess), cells 4 to 8.
	env.Stdin = strings.NewReader("\n\n2000\n\n\n\n\n\n")
	r := runIn(t, env, "lesson", "run", "3", "--step", "--width", "80")
	wantOK(t, r)
	for _, s := range []string{
		"Press Enter to run each cell; type q and Enter to stop.",
		"── cell 1 of 8 ",
		"$ plylab tree --toy russell-norvig --algo alphabeta --window\n$ plylab tree --toy russell-norvig --algo alphabeta --window -o alphabeta.svg\n[Enter: run, q: stop] ",
		"── quiz, cell 3 of 8 ",
		"Predict: how many nodes does alpha-beta visit on paper-mate2 at depth 4?\nYour guess (a number, or Enter to skip): ",
		"Answer: 1,080 — you guessed 2,000: 85% too high",
		"End of \"Alpha-beta pruning: same answer, fewer nodes\": 8 cells run.",
		"plylab lesson export 3 --format html -o site",
	} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if n := strings.Count(r.stdout, "[Enter: run, q: stop]"); n != 7 {
		t.Errorf("%d pauses, want 7 (every cell but the quiz, which asks for a guess instead)", n)
	}
}

// TestLessonRunStepGolden steps through a small lesson file: the prompts,
// a guess that is not a number, a guess, and quitting with q.
func TestLessonRunStepGolden(t *testing.T) {
	env := testEnv()
	env.Stdin = strings.NewReader("\nseven\n7\nq\n")
	r := runIn(t, env, "lesson", "run", filepath.Join("testdata", "lesson_step.md"), "--step", "--width", "72")
	wantOK(t, r)
	golden(t, "lesson_step_run", lessons.Mask(r.stdout))
}

func TestLessonList(t *testing.T) {
	r := runCLI(t, "lesson", "list")
	wantOK(t, r)
	golden(t, "lesson_list", r.stdout)
}

func TestLessonRunFile(t *testing.T) {
	r := runCLI(t, "lesson", "run", filepath.Join("testdata", "lesson_check.md"))
	wantOK(t, r)
	for _, s := range []string{"A small lesson", "$ plylab tree --toy binary-3 --algo alphabeta", "alpha-beta visits 11 nodes", "Answer: 15"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q", s)
		}
	}
}

func TestLessonCheckFile(t *testing.T) {
	r := runCLI(t, "lesson", "check", filepath.Join("testdata", "lesson_check.md"))
	wantOK(t, r)
	if !strings.Contains(r.stdout, "ok   lesson_check (3 cells") {
		t.Errorf("stdout = %q", r.stdout)
	}
	// A golden transcript with another node count: exit 1, naming the cell.
	r = runCLI(t, "lesson", "check", filepath.Join("testdata", "lesson_stale.md"))
	if r.code != cliapp.ExitFailure {
		t.Errorf("exit %d, want %d", r.code, cliapp.ExitFailure)
	}
	for _, s := range []string{
		"FAIL lesson_stale",
		filepath.Join("testdata", "lesson_stale.md") + ":9: cell 1 differs from the golden transcript",
		"- 12 nodes searched, 2 cutoffs, 2 moves pruned",
		"+ 11 nodes searched, 2 cutoffs, 2 moves pruned",
	} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
	if !strings.HasPrefix(r.stderr, "plylab: 1 of 1 lessons differ") {
		t.Errorf("stderr = %q", r.stderr)
	}
	// --update records a transcript next to a lesson file.
	dir := t.TempDir()
	src := readFile(t, filepath.Join("testdata", "lesson_check.md"))
	file := filepath.Join(dir, "mine.md")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "lesson", "check", file)
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stdout, "no golden transcript") {
		t.Errorf("check without golden: exit %d, stdout %q", r.code, r.stdout)
	}
	wantOK(t, runCLI(t, "lesson", "check", file, "--update"))
	if got, want := readFile(t, filepath.Join(dir, "mine.golden")), readFile(t, filepath.Join("testdata", "lesson_check.golden")); got != strings.Replace(want, "lesson lesson_check:", "lesson mine:", 1) {
		t.Errorf("recorded transcript:\n%s\nwant:\n%s", got, want)
	}
	wantOK(t, runCLI(t, "lesson", "check", file))
}

// TestLessonCheckProse: in a copy of a built-in lesson, a number or a move
// added to the prose without a source fails `lesson check` at its file
// and line (exit 1), and --update refuses to write the transcript.
func TestLessonCheckProse(t *testing.T) {
	dir := t.TempDir()
	orig := readFile(t, filepath.Join("..", "..", "lessons", "02-negamax.md"))
	file := filepath.Join(dir, "02-negamax.md")
	golden := filepath.Join(dir, "02-negamax.golden")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(orig)
	wantOK(t, runCLI(t, "lesson", "check", file, "--update"))
	wantOK(t, runCLI(t, "lesson", "check", file))
	recorded := readFile(t, golden)

	anchor := "White has {{legal_move_count}} legal\nmoves."
	if !strings.Contains(orig, anchor) {
		t.Fatalf("lessons/02-negamax.md no longer has %q", anchor)
	}
	line := 1 + strings.Count(orig[:strings.Index(orig, anchor)], "\n") + 1
	for _, tt := range []struct{ added, msg string }{
		{" Only 1 of them mates.", `the number "1" has no source`},
		{" Then Re6 wins.", `the move "Re6" has no source`},
		{" Some twenty-five plies deep.", `the number "twenty-five" has no source`},
	} {
		write(strings.Replace(orig, anchor, anchor+tt.added, 1))
		for _, update := range []bool{false, true} {
			args := []string{"lesson", "check", file}
			if update {
				args = append(args, "--update")
			}
			r := runCLI(t, args...)
			want := fmt.Sprintf("%s:%d: %s", file, line, tt.msg)
			if r.code != cliapp.ExitFailure || !strings.Contains(r.stdout, want) {
				t.Errorf("%q, update %v: exit %d, stdout %q; want exit %d and %q", tt.added, update, r.code, r.stdout, cliapp.ExitFailure, want)
			}
			if got := readFile(t, golden); got != recorded {
				t.Errorf("%q, update %v: the transcript was rewritten", tt.added, update)
			}
		}
	}
	// An assertion that no longer holds stops the lesson at its line.
	write(strings.Replace(orig, "{{assert: [score | move=Rh1] == [score | move=Rc1]", "{{assert: [score | move=Rh1] != [score | move=Rc1]", 1))
	r := runCLI(t, "lesson", "check", file, "--update")
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stdout, "which no longer holds") || !strings.Contains(r.stdout, file+":") {
		t.Errorf("a false assertion: exit %d, stdout %q", r.code, r.stdout)
	}
	if got := readFile(t, golden); got != recorded {
		t.Error("a false assertion: the transcript was rewritten")
	}
}

func TestLessonMalformed(t *testing.T) {
	tests := []struct{ file, want string }{
		{"lesson_bad_command.md", `lesson_bad_command.md:7: "compar" is not a plylab command a lesson cell can run; did you mean "compare"?`},
		{"lesson_bad_flag.md", `lesson_bad_flag.md:5: --dept is not available in lesson cells for 'plylab tree'; did you mean --depth? (to use another flag, run the command in a terminal; 'plylab tree --help' lists them)`},
		{"lesson_outside.md", `lesson_outside.md:6: -o "../../x.svg" names a folder: ` + sandbox.NameRule},
		{"lesson_program.md", `lesson_program.md:6: --label-engine is not available in lesson cells (it starts another program); run 'plylab tune --label-engine /usr/games/stockfish' in a terminal instead`},
		{"lesson_bad_fence.md", "lesson_bad_fence.md:5: unterminated code block: the ``` opened here is never closed"},
	}
	for _, tc := range tests {
		for _, sub := range []string{"run", "check", "export"} {
			args := []string{"lesson", sub, filepath.Join("testdata", tc.file)}
			if sub == "export" {
				args = append(args, "-o", t.TempDir())
			}
			r := runCLI(t, args...)
			line := wantUsageError(t, r)
			if want := "plylab: " + filepath.Join("testdata", "") + string(filepath.Separator) + tc.want; line != want {
				t.Errorf("%s %s:\n got %s\nwant %s", sub, tc.file, line, want)
			}
		}
	}
}

func TestLessonErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "run", "99"}, "plylab: unknown lesson 99: the lessons are numbered 1 to 10; run 'plylab lesson list' to see the lessons"},
		{[]string{"lesson", "run", "nosuch"}, `plylab: unknown lesson "nosuch"; run 'plylab lesson list' to see the lessons`},
		{[]string{"lesson", "run", "missing.md"}, "plylab: unknown lesson: no lesson file missing.md; run 'plylab lesson list' to see the lessons"},
		{[]string{"lesson", "run"}, "plylab: name one lesson, e.g. 'plylab lesson run 3'; run 'plylab lesson list' to see the lessons"},
		{[]string{"lesson", "export", "1"}, "plylab: missing required flag --output; run 'plylab lesson export --help' for usage"},
		{[]string{"lesson", "export", "1", "-o", "x", "--format", "pdf"}, `plylab: unknown format "pdf"; use --format html, md or site`},
		{[]string{"lesson", "export", "1", "-o", "x", "--wasm", "plylab.wasm"}, "plylab: --wasm is the engine of a live site; add --format site"},
		{[]string{"lesson", "export", "1", "-o", "x", "--format", "site", "--wasm", "no-such.wasm"}, `plylab: --wasm: file "no-such.wasm" does not exist; check the path (build one with GOOS=js GOARCH=wasm go build -o plylab.wasm ./cmd/plylab)`},
		{[]string{"lesson", "export", "-o", "x"}, "plylab: name the lessons to export: a number, a name, a file, or all; e.g. plylab lesson export all -o site"},
		{[]string{"lesson", "list", "3"}, "plylab: 'lesson list' takes no arguments; to run a lesson: plylab lesson run 3"},
		{[]string{"lesson", "check", "1", "--update", "--golden", missing}, "plylab: --update writes " + filepath.Join(missing, "01-game-trees.golden") +
			", but folder " + missing + " does not exist; run it in the plylab source tree or give --golden DIR"},
	}
	for _, tc := range tests {
		r := runCLI(t, tc.args...)
		if got := wantUsageError(t, r); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.args, got, tc.want)
		}
	}
}

// TestLessonFailingCell: a cell whose command fails stops the lesson with
// exit status 1 and the cell's file and line.
func TestLessonFailingCell(t *testing.T) {
	r := runCLI(t, "lesson", "run", filepath.Join("testdata", "lesson_failing_cell.md"))
	if r.code != cliapp.ExitFailure {
		t.Errorf("exit %d, want 1", r.code)
	}
	want := "plylab: " + filepath.Join("testdata", "lesson_failing_cell.md") + ":5: 'plylab tree --toy binary-3 --max-nodes 0' failed (exit 2): plylab: --max-nodes must be between 1 and 1,000,000, got 0; run 'plylab tree --help' for usage\n"
	if r.stderr != want {
		t.Errorf("stderr:\n got %q\nwant %q", r.stderr, want)
	}
}

func TestLessonExport(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join("testdata", "lesson_check.md")
	r := runCLI(t, "lesson", "export", file, "--format", "html", "-o", dir)
	wantOK(t, r)
	if !strings.Contains(r.stdout, "wrote 1 lesson and "+filepath.Join(dir, "index.html")) {
		t.Errorf("stdout = %q", r.stdout)
	}
	page := readFile(t, filepath.Join(dir, "lesson_check.html"))
	checkPage(t, "lesson_check.html", page)
	for _, s := range []string{
		"<h1>A small lesson</h1>",
		`<span class="prompt">$ </span>plylab tree --toy binary-3 --algo alphabeta -o binary.svg`,
		"wrote binary.svg (alphabeta: 11 nodes drawn of 11 searched)",
		`<figcaption>binary.svg</figcaption>`,
		"alpha-beta visits 11 nodes",
		`<span class="cite">the game-trees literature</span> <span class="url">(https://www.chessprogramming.org/Alpha-Beta)</span>`,
		`<p class="predict"><strong>Predict:</strong> how many nodes does minimax visit in binary-3?</p>`,
		`<strong>Answer:</strong> 15`,
		`<figcaption>kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1</figcaption>`,
	} {
		if !strings.Contains(page, s) {
			t.Errorf("page lacks %q", s)
		}
	}
	if strings.Count(page, "<svg") < 2 {
		t.Errorf("page has %d inline SVG pictures, want the tree and the board", strings.Count(page, "<svg"))
	}

	md := t.TempDir()
	wantOK(t, runCLI(t, "lesson", "export", file, "--format", "md", "-o", md))
	text := readFile(t, filepath.Join(md, "lesson_check.md"))
	for _, s := range []string{
		"# A small lesson",
		"$ plylab tree --toy binary-3 --algo alphabeta -o binary.svg\nwrote binary.svg",
		"![binary.svg](lesson_check/binary.svg)",
		"![kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1](lesson_check/cell3-board.svg)",
		"> **Predict:** how many nodes does minimax visit in binary-3?",
		"**Answer:** 15",
		"alpha-beta visits 11 nodes",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("markdown lacks %q", s)
		}
	}
	for _, f := range []string{"index.md", filepath.Join("lesson_check", "binary.svg"), filepath.Join("lesson_check", "cell3-board.svg")} {
		if _, err := os.Stat(filepath.Join(md, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestLessonRunStripsControls: a lesson file's escape sequences (a
// clipboard write, clear-screen, a window title) in prose, a cell comment
// and a quiz never reach the terminal; the lesson's own colours still do.
func TestLessonRunStripsControls(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "esc.md")
	src := "---\ntitle: \"Esc\x1b]0;TITLE\x07apes\"\nsummary: s\x1b[2J\n---\n\n## Prose \x1b]52;c;SGVsbG8=\x07here\n\nText\x1b[H\x1b[2J and \u009b2J more.\n\n" +
		"```plylab\n# a comment \x1b]52;c;Y2xpcA==\x1b\\ends\npositions show --position start\n```\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	env := testEnv()
	env.ColorMode = "always"
	r := runIn(t, env, "lesson", "run", file)
	wantOK(t, r)
	for _, bad := range []string{"\x1b]", "\x1b[2J", "\x1b[H", "\u009b", "\x07", "52;c;"} {
		if i := strings.Index(r.stdout+r.stderr, bad); i >= 0 {
			t.Errorf("the terminal got %q from the lesson file: %q", bad, (r.stdout + r.stderr)[max(0, i-20):min(len(r.stdout+r.stderr), i+20)])
		}
	}
	for _, want := range []string{"Escapes", "Prose here", "Text and more.", "# a comment ends"} {
		if !strings.Contains(lessons.StripANSI(r.stdout), want) {
			t.Errorf("the lesson's text %q is missing:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "\x1b[") {
		t.Error("with --color always the lesson's own styles are gone too")
	}
}

// numberToken is a number as text and pages write them: 1,080, 2.98%,
// -0.5, 353292.
var numberToken = regexp.MustCompile(`[-+]?\d[\d,]*(\.\d+)?`)

// tableRule is the rule under a text table's header: runs of '─', one
// a column, with spaces between.
var tableRule = regexp.MustCompile(`(?m)^─+( +─+)+ *$`)

// htmlTag is one tag of a page, for its text.
var htmlTag = regexp.MustCompile(`<[^>]*>`)

// checkOutputValues renders each command of a lesson run both ways, as
// its text (the terminal's rendering) and as its page part (OutputHTML,
// tables drawn from their values): the numbers must be the same, in the
// same order; and no table may reach the page as text (a rule of '─'
// inside a <pre>), which would mean it was printed without its value.
func checkOutputValues(t *testing.T, r *lessons.Result) {
	t.Helper()
	for _, c := range r.Cells {
		for _, cr := range c.Commands {
			html, err := lessons.OutputHTML(cr, "x")
			if err != nil {
				t.Fatal(err)
			}
			figure := strings.Index(string(html), "<figure>")
			if figure < 0 {
				figure = len(html)
			}
			page := htmlUnescape(htmlTag.ReplaceAllString(string(html)[:figure], " "))
			text := lessons.StripANSI(cr.Output())
			got, want := numberToken.FindAllString(page, -1), numberToken.FindAllString(text, -1)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s:%d (%s): the page shows the numbers\n%v\nthe terminal\n%v", r.Lesson.File, cr.Command.Line, cr.Command.Text, got, want)
			}
			if n := len(tableRule.FindAllString(lessons.StripANSI(cr.Stdout), -1)); n != len(cr.Tables) {
				t.Errorf("%s:%d (%s): %d tables printed, %d handed over as values", r.Lesson.File, cr.Command.Line, cr.Command.Text, n, len(cr.Tables))
			}
			for _, pre := range regexp.MustCompile(`(?s)<pre[^>]*>(.*?)</pre>`).FindAllStringSubmatch(string(html), -1) {
				if tableRule.MatchString(pre[1]) {
					t.Errorf("%s:%d (%s): a table reached the page as text, without its value:\n%s", r.Lesson.File, cr.Command.Line, cr.Command.Text, pre[1])
				}
			}
		}
	}
}

// htmlUnescape undoes the escapes OutputHTML writes.
func htmlUnescape(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'", "&quot;", `"`).Replace(s)
}
