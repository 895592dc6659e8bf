//go:build !js

package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestGettingStartedLesson replays the walkthrough of
// docs/getting-started.md ("Your own lesson, to a class") in a folder of
// its own: the lesson file as the page prints it, each command of its
// output blocks run in order, its output what the page shows (times
// aside), the one edit the page asks for made where it asks for it.
func TestGettingStartedLesson(t *testing.T) {
	data, err := os.ReadFile("../../docs/getting-started.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	m := regexp.MustCompile("(?s)<!-- walkthrough lesson: backrank.md -->\n````markdown\n(.*?)\n````\n").FindStringSubmatch(page)
	if m == nil {
		t.Fatal("docs/getting-started.md has no walkthrough lesson")
	}
	const typed, read = "visits 450 nodes", "visits {{nodes | depth=3, algo=alphabeta}} nodes"
	if !strings.Contains(m[1], typed) || !strings.Contains(page, "write\n`{{nodes | depth=3, algo=alphabeta}}` for `450`") {
		t.Fatal("the walkthrough's lesson or its edit changed; update this test with it")
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("backrank.md", []byte(m[1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	times := regexp.MustCompile(`\d+(\.\d+)? ?(ns|µs|ms|s)\b`)
	blocks := regexp.MustCompile("(?s)```text\n(\\$ plylab .*?)\n```").FindAllStringSubmatch(page, -1)
	if len(blocks) != 2 {
		t.Fatalf("%d output blocks, want 2", len(blocks))
	}
	for i, b := range blocks {
		if i == 1 { // the page's edit, between the two blocks
			os.WriteFile("backrank.md", []byte(strings.Replace(m[1], typed, read, 1)+"\n"), 0o644)
		}
		for _, step := range strings.Split("\n"+b[1], "\n$ plylab ")[1:] {
			cmd, want, _ := strings.Cut(step, "\n")
			r := runCLI(t, strings.Fields(cmd)...)
			got := strings.TrimRight(r.stdout+r.stderr, "\n")
			if times.ReplaceAllString(got, "T") != times.ReplaceAllString(want, "T") {
				t.Errorf("plylab %s prints (exit %d):\n%s\nthe page shows:\n%s", cmd, r.code, got, want)
			}
		}
	}
}

// TestLessonsDocErrors: the error lines docs/lessons.md shows (section
// "Errors") are what plylab prints for such lesson files.
func TestLessonsDocErrors(t *testing.T) {
	data, err := os.ReadFile("../../docs/lessons.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	pad := func(n int) string { return strings.Repeat("Some prose.\n", n) }
	for _, tc := range []struct {
		file string // my-lesson.md's text
		line string // what lesson run prints
	}{
		{"# T\n\n" + pad(3) + "\n```plylab\ncompar --depth 3\n```\n", `plylab: my-lesson.md:8: "compar" is not a plylab command a lesson cell can run; did you mean "compare"?`},
		{"# T\n\n" + pad(13) + "\n```plylab\ncompare --depth 3\n", "plylab: my-lesson.md:17: unterminated code block: the ``` opened here is never closed"},
		{"# T\n\n```plylab\ncompare --depth 3\n```\n\n" + pad(23) + "It had {{nodes | depth}} nodes.\n", `plylab: my-lesson.md:30: bad reference {{nodes | depth}}: condition "depth" in "nodes | depth" is not KEY=VALUE`},
	} {
		os.WriteFile("my-lesson.md", []byte(tc.file), 0o644)
		r := runCLI(t, "lesson", "run", "my-lesson.md")
		if r.code != 2 || strings.TrimSpace(r.stderr) != tc.line {
			t.Errorf("plylab lesson run my-lesson.md: exit %d, %q; want 2 and %q", r.code, r.stderr, tc.line)
		}
		if !strings.Contains(string(data), tc.line+"\n") {
			t.Errorf("docs/lessons.md does not show %q", tc.line)
		}
	}
}
