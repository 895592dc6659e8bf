package lessons

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkRuns runs lessons parsed from srcs (as built-in lessons) with
// fakeRun.
func checkRuns(t *testing.T, srcs ...string) []LessonRun {
	t.Helper()
	var ls []*Lesson
	for i, src := range srcs {
		l, err := Parse(filepath.Join("lessons", []string{"01-one.md", "02-two.md"}[i]), []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	runs, err := RunMany(context.Background(), ls, func(context.Context) RunFunc { return fakeRun }, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return runs
}

func TestCheck(t *testing.T) {
	runs := checkRuns(t, "# One\n\n```plylab\ncompare --depth 3\n```\n", "# Two\n\n```plylab\nnosuch\n```\n")
	dir := t.TempDir()

	// Update writes the transcript of the lesson that ran; the failed run
	// is reported, not written.
	res, err := Check(runs, CheckOptions{GoldenDir: dir, Update: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 {
		t.Fatalf("%d results, want 2", len(res))
	}
	one := filepath.Join(dir, "01-one.golden")
	if res[0].Status != CheckWrote || res[0].Path != one || res[0].Failed() {
		t.Errorf("update: result %+v, want CheckWrote at %s", res[0], one)
	}
	if b, err := os.ReadFile(one); err != nil || string(b) != runs[0].Result.Transcript() {
		t.Errorf("written transcript %q (%v), want %q", b, err, runs[0].Result.Transcript())
	}
	wantErr := "lessons/02-two.md:4: 'plylab nosuch' failed (exit 2): plylab: unknown command"
	if res[1].Status != CheckRunError || !res[1].Failed() || res[1].Err == nil || res[1].Err.Error() != wantErr {
		t.Errorf("failed run: status %d, err %v; want CheckRunError, %q", res[1].Status, res[1].Err, wantErr)
	}
	if _, err := os.Stat(filepath.Join(dir, "02-two.golden")); !os.IsNotExist(err) {
		t.Errorf("a failed run wrote a transcript (stat: %v)", err)
	}

	// Compared with what was written: ok.
	opt := CheckOptions{GoldenDir: dir, ReadGoldenDir: true}
	if res, err = Check(runs[:1], opt); err != nil || res[0].Status != CheckOK || res[0].Failed() {
		t.Errorf("check against the written transcript: %+v, %v; want CheckOK", res, err)
	}

	// Another node count: the difference names cell 1 at line 3.
	stale := strings.Replace(runs[0].Result.Transcript(), "1,234", "1,235", 1)
	if err := os.WriteFile(one, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _ = Check(runs[:1], opt)
	if d := res[0].Diff; res[0].Status != CheckDiffers || !res[0].Failed() || d == nil || d.Cell != 1 || d.Line != 3 || d.Section != "cell 1" {
		t.Errorf("stale transcript: %+v (diff %+v); want CheckDiffers at cell 1, line 3", res[0], d)
	}

	// No transcript at all.
	os.Remove(one)
	if res, _ = Check(runs[:1], opt); res[0].Status != CheckNoGolden || res[0].Path != one || !res[0].Failed() {
		t.Errorf("missing transcript: %+v; want CheckNoGolden at %s", res[0], one)
	}

	// Without ReadGoldenDir a built-in lesson compares with the compiled-in
	// copy, which this test lesson has none of.
	if res, _ = Check(runs[:1], CheckOptions{GoldenDir: dir}); res[0].Status != CheckNoGolden {
		t.Errorf("compiled-in transcript of a test lesson: status %d, want CheckNoGolden", res[0].Status)
	}

	// A folder that is not there: Update cannot write.
	if _, err := Check(runs[:1], CheckOptions{GoldenDir: filepath.Join(dir, "none"), Update: true}); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}

func TestUpdateFolderError(t *testing.T) {
	dir := t.TempDir()
	ls := []*Lesson{{Slug: "01-one"}}
	if err := UpdateFolderError(ls, dir); err != nil {
		t.Errorf("existing folder: %v", err)
	}
	missing := filepath.Join(dir, "none")
	var ge *GoldenFolderError
	err := UpdateFolderError(ls, missing)
	if !errors.As(err, &ge) || ge.Path != filepath.Join(missing, "01-one.golden") || ge.Folder != missing {
		t.Errorf("missing folder: %#v, want a *GoldenFolderError for %s", err, filepath.Join(missing, "01-one.golden"))
	}
}

func TestLessonRef(t *testing.T) {
	if got := LessonRef(&Lesson{Number: 7}); got != "7" {
		t.Errorf("built-in: %q, want 7", got)
	}
	if got := LessonRef(&Lesson{Number: 0, Path: "my/lesson.md"}); got != "my/lesson.md" {
		t.Errorf("file: %q, want my/lesson.md", got)
	}
}

func TestExportFormat(t *testing.T) {
	for in, want := range map[string]string{"html": "html", "md": "md", "markdown": "md", "pdf": "", "HTML": ""} {
		got, ok := ExportFormat(in)
		if got != want || ok != (want != "") {
			t.Errorf("ExportFormat(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestExportRuns(t *testing.T) {
	runs := checkRuns(t, "# One\n\n```plylab\ncompare --depth 3\n```\n", "# Two\n\n```plylab\nnosuch\n```\n")
	for _, format := range []string{"html", "md"} {
		dir := t.TempDir()
		files, index, err := ExportRuns(dir, format, runs[:1], ExportOptions{Generator: "test"})
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(dir, "index."+format); index != want {
			t.Errorf("%s: index %q, want %q", format, index, want)
		}
		if len(files) != 2 {
			t.Errorf("%s: wrote %q, want a page and the index", format, files)
		}
		if _, err := os.Stat(filepath.Join(dir, "01-one."+format)); err != nil {
			t.Errorf("%s: %v", format, err)
		}
	}
	dir := t.TempDir()
	_, _, err := ExportRuns(dir, "html", runs, ExportOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), "lesson 02-two did not run to the end: lessons/02-two.md:4:") {
		t.Errorf("a failed run: %v", err)
	}
	if _, _, err := ExportRuns(dir, "pdf", runs[:1], ExportOptions{}); err == nil || err.Error() != `unknown export format "pdf"; use html or md` {
		t.Errorf("unknown format: %v", err)
	}
}

func TestSelect(t *testing.T) {
	all, err := Select(nil, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 10 || all[0].Number != 1 || all[9].Number != 10 {
		t.Fatalf("Select(all): %d lessons", len(all))
	}
	if none, err := Select(nil, false, nil); err != nil || len(none) != 0 {
		t.Errorf("Select(nothing) = %d lessons, %v; want none", len(none), err)
	}
	file := filepath.Join(t.TempDir(), "mine.md")
	if err := os.WriteFile(file, []byte("# Mine\n\nProse.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Select([]string{"3", "all", "alphabeta", file}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range got {
		names = append(names, l.Slug)
	}
	want := "03-alphabeta 01-game-trees 02-negamax 03-alphabeta 04-move-ordering 05-iterative-deepening 06-quiescence 07-null-move 08-evaluation 09-whole-engine 10-reproducing 03-alphabeta mine"
	if strings.Join(names, " ") != want || got[len(got)-1].Path != file {
		t.Errorf("Select = %s\nwant %s", strings.Join(names, " "), want)
	}
	for _, ref := range []string{"nosuch", "42", filepath.Join(t.TempDir(), "none.md")} {
		if _, err := Select([]string{"1", ref}, false, nil); !errors.Is(err, ErrUnknown) || errors.Is(err, ErrBroken) {
			t.Errorf("Select(%q): %v, want ErrUnknown", ref, err)
		}
	}
}
