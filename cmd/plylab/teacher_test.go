//go:build !js

package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons/notebook"
)

// A teacher's own lesson, as a new user writes one: a position, a
// compare cell, prose with a number, a quiz and a tree.
const teacherLesson = `---
title: "Back-rank mates"
summary: A rook on the back rank, a king with no air.
minutes: 10
---

## How deep must we look?

` + "```plylab" + `
compare --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --depth 1-3 --algo minimax,alphabeta
` + "```" + `

At depth 3 alpha-beta visits NODES nodes, and finds {{best | depth=3, algo=alphabeta}}.

` + "```plylab quiz" + `
predict: how many nodes does minimax visit at depth 3?
answer: nodes | depth=3, algo=minimax
compare --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --depth 3 --algo minimax
` + "```" + `

` + "```plylab" + `
tree --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --algo alphabeta --depth 2 -o tree.svg
` + "```" + `
`

// writeTeacherLesson writes the lesson with nodes in its prose ("450":
// unbound; a reference: bound) as dir/backrank.md.
func writeTeacherLesson(t *testing.T, dir, nodes string) string {
	t.Helper()
	path := filepath.Join(dir, "backrank.md")
	if err := os.WriteFile(path, []byte(strings.Replace(teacherLesson, "NODES", nodes, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestProseRefusedEverywhere: run, export (html, md) and check refuse a
// lesson whose prose states an unbound number, each with the same
// file:line line and exit status 1; --draft shows and exports it, marked
// as not checked.
func TestProseRefusedEverywhere(t *testing.T) {
	dir := t.TempDir()
	file := writeTeacherLesson(t, dir, "450")
	const line = "backrank.md:13: the number \"450\" has no source"
	for _, args := range [][]string{
		{"lesson", "check", file},
		{"lesson", "run", file},
		{"lesson", "export", file, "-o", filepath.Join(dir, "html")},
		{"lesson", "export", file, "--format", "md", "-o", filepath.Join(dir, "md")},
	} {
		r := runCLI(t, args...)
		if r.code != 1 || !strings.Contains(r.stdout+r.stderr, line) {
			t.Errorf("plylab %s: exit %d, want 1 with %q\n%s%s", strings.Join(args[:2], " "), r.code, line, r.stdout, r.stderr)
		}
		if args[1] != "check" && !strings.Contains(r.stderr, "preview it as a draft with --draft") {
			t.Errorf("plylab %s: %q does not say how to preview", strings.Join(args[:2], " "), r.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "html")); err == nil {
		t.Error("a refused export wrote its folder")
	}
	r := runCLI(t, "lesson", "run", file, "--draft")
	wantOK(t, r)
	if !strings.HasPrefix(r.stdout, "Draft, not checked") || !strings.Contains(r.stdout, line) {
		t.Errorf("lesson run --draft:\n%s", r.stdout)
	}
	wantOK(t, runCLI(t, "lesson", "export", file, "--draft", "-o", filepath.Join(dir, "html")))
	page, _ := os.ReadFile(filepath.Join(dir, "html", "backrank.html"))
	for _, want := range []string{`<section class="problems" role="alert"`, "Draft, not checked", "backrank.md:13: the number &#34;450&#34; has no source", `class="cell"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the draft's page lacks %s", want)
		}
	}
	// Bound, the same lesson passes everywhere.
	writeTeacherLesson(t, dir, "{{nodes | depth=3, algo=alphabeta}}")
	wantOK(t, runCLI(t, "lesson", "run", file))
	wantOK(t, runCLI(t, "lesson", "export", file, "-o", filepath.Join(dir, "ok")))
}

// TestServeLessonFiles: lesson serve FILE|DIR lists the teacher's lessons
// first, by title; a page whose prose check refuses lists its problems
// instead of its cells (above them with --draft); an edit of the file is
// on the page at the next load; a file that does not parse shows its
// error at file:line; --only leaves the built-in lessons out.
func TestServeLessonFiles(t *testing.T) {
	dir := t.TempDir()
	file := writeTeacherLesson(t, dir, "450")
	srv := func(mod func(*notebook.Config)) (*httptest.Server, string) {
		_, ts, token := newNotebook(t, func(c *notebook.Config) {
			c.Files = []string{dir}
			if mod != nil {
				mod(c)
			}
		})
		return ts, token
	}
	ts, token := srv(nil)
	get := func(path string) string {
		t.Helper()
		status, body := httpGet(t, ts, token, path)
		if status != 200 {
			t.Fatalf("GET %s: %d %s", path, status, body)
		}
		return body
	}
	index := get("/")
	titles := regexp.MustCompile(`<span class="title">([^<]*)</span>`).FindAllStringSubmatch(index, -1)
	if len(titles) != 11 || titles[0][1] != "Back-rank mates" {
		t.Fatalf("index titles %v, want the teacher's lesson first, then the ten built-in ones", titles)
	}
	page := get("/lesson/backrank")
	if !strings.Contains(page, "backrank.md:13: the number &#34;450&#34; has no source") || strings.Contains(page, `class="cell"`) {
		t.Errorf("the refused lesson's page does not list its problem instead of its cells")
	}
	// An edit is on the page at the next load.
	time.Sleep(10 * time.Millisecond) // a later modification time
	writeTeacherLesson(t, dir, "{{nodes | depth=3, algo=alphabeta}}")
	page = get("/lesson/backrank")
	if strings.Contains(page, `class="problems"`) || !strings.Contains(page, `alpha-beta visits <span class="ref"`) || !strings.Contains(page, `class="cell"`) {
		t.Errorf("after the fix, the page still shows the old version")
	}
	// A file that does not parse: its page says where.
	os.WriteFile(filepath.Join(dir, "broken.md"), []byte("# Broken\n\n```plylab\nfrobnicate --depth 3\n```\n"), 0o644)
	if page := get("/lesson/broken"); !strings.Contains(page, "This lesson file does not parse") || !strings.Contains(page, "broken.md:4:") {
		t.Errorf("the broken file's page:\n%s", page)
	}
	if !strings.Contains(get("/"), "broken.md") {
		t.Error("the index does not list the broken file")
	}
	// --draft: problems above the cells; --only: no built-in lessons.
	writeTeacherLesson(t, dir, "450")
	os.Remove(filepath.Join(dir, "broken.md"))
	ts, token = srv(func(c *notebook.Config) { c.Draft, c.Lessons = true, nil })
	index, page = get("/"), get("/lesson/backrank")
	if n := strings.Count(index, `<span class="title">`); n != 1 {
		t.Errorf("--only: the index lists %d lessons, want 1", n)
	}
	if !strings.Contains(page, "Draft, not checked") || !strings.Contains(page, `class="cell"`) {
		t.Errorf("--draft: the page lacks the note or the cells")
	}
	_ = file
}

// TestServeFileArgs: lesson serve's arguments are lesson files and
// folders; a missing one, a folder without lessons, two files of one
// name and --only without files are usage errors.
func TestServeFileArgs(t *testing.T) {
	dir := t.TempDir()
	file := writeTeacherLesson(t, dir, "450")
	other := filepath.Join(dir, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "backrank.md"), []byte("# B\n"), 0o644)
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	o, msg := parseOptions(t, newLessonServeCommand, "serve", file, "--only", "--draft", "--token-file", filepath.Join(dir, "tok"))
	if o == nil || len(o.Files) != 1 || !o.Only || !o.Draft || o.TokenFile == "" {
		t.Fatalf("serve FILE --only --draft --token-file: %+v %s", o, msg)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", filepath.Join(dir, "nosuch.md")}, "no lesson file or folder"},
		{[]string{"serve", empty}, "has no lesson files (*.md)"},
		{[]string{"serve", file, filepath.Join(other, "backrank.md")}, "would both be served as /lesson/backrank; rename one"},
		{[]string{"serve", "--only"}, "--only serves only the lesson files given"},
	} {
		wantParseError(t, newLessonServeCommand, tt.want, tt.args...)
	}
}

// TestServeTokenFile: with --token-file a class keeps one address from
// one start of the server to the next, with the teacher's lesson on it.
func TestServeTokenFile(t *testing.T) {
	dir := t.TempDir()
	file := writeTeacherLesson(t, dir, "{{nodes | depth=3, algo=alphabeta}}")
	tokenFile := filepath.Join(dir, "class.token")
	start := func() (token string, stderr string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		env := testEnv()
		env.Ctx = ctx
		out := &lineWriter{lines: make(chan string, 16)}
		var errb lockedBuffer
		env.Stdout, env.Stderr = out, &errb
		done := make(chan int, 1)
		go func() {
			done <- runWith(env, []string{"plylab", "lesson", "serve", file, "--token-file", tokenFile, "--addr", "127.0.0.1:0"})
		}()
		var first, second string
		select {
		case first = <-out.lines:
			second = <-out.lines
		case <-time.After(20 * time.Second):
			t.Fatal("no address printed")
		}
		if second != "serving 1 lesson file and 10 built-in lessons as live notebooks; press Ctrl-C to stop" {
			t.Errorf("second line %q", second)
		}
		_, token, _ = strings.Cut(first, "?token=")
		cancel()
		<-done
		return token, errb.String()
	}
	t1, e1 := start()
	t2, e2 := start()
	if len(t1) != 32 || t1 != t2 {
		t.Errorf("tokens %q and %q, want one token kept", t1, t2)
	}
	if !strings.Contains(e1, "made a new token in") || strings.Contains(e2, "made a new token") {
		t.Errorf("stderr: first %q, second %q", e1, e2)
	}
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
