package lessons

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/plylab/plylab/lessons/sandbox"
)

func TestCheckAll(t *testing.T) {
	var ls []*Lesson
	for i, src := range []string{"# One\n\n```plylab\ncompare --depth 3\n```\n", "# Two\n\n```plylab\nnosuch\n```\n"} {
		l, err := Parse(filepath.Join("lessons", []string{"01-one.md", "02-two.md"}[i]), []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	dir := t.TempDir()
	newRun := func(context.Context) RunFunc { return fakeRun }
	progress := 0
	res, failed, err := CheckAll(context.Background(), ls, newRun, 2, CheckOptions{GoldenDir: dir, Update: true}, func(int, *Lesson) { progress++ })
	if err != nil || len(res) != 2 || failed != 1 || progress != 2 {
		t.Fatalf("update: %d results, %d failed, %d progress calls, %v; want 2, 1, 2", len(res), failed, progress, err)
	}
	if res[0].Status != CheckWrote || res[1].Status != CheckRunError {
		t.Errorf("update: statuses %d, %d; want CheckWrote, CheckRunError", res[0].Status, res[1].Status)
	}
	res, failed, err = CheckAll(context.Background(), ls[:1], newRun, 1, CheckOptions{GoldenDir: dir, ReadGoldenDir: true}, nil)
	if err != nil || failed != 0 || len(res) != 1 || res[0].Status != CheckOK {
		t.Errorf("check: %+v, %d failed, %v; want one CheckOK", res, failed, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := CheckAll(ctx, ls, newRun, 1, CheckOptions{GoldenDir: dir}, nil); err == nil {
		t.Error("a cancelled check has no error")
	}
}

func TestCheckVerdicts(t *testing.T) {
	if got, want := CheckFailed(2, 10).Error(), "2 of 10 lessons differ from their golden transcripts, fail to run, or state numbers or moves without a source"; got != want {
		t.Errorf("CheckFailed = %q", got)
	}
	if got, want := CheckPassed(1, "1.2 s"), "the lesson matches its golden transcript (1.2 s)"; got != want {
		t.Errorf("CheckPassed(1) = %q, want %q", got, want)
	}
	if got, want := CheckPassed(10, "9 s"), "all 10 lessons match their golden transcripts (9 s)"; got != want {
		t.Errorf("CheckPassed(10) = %q, want %q", got, want)
	}
}

func TestExportAll(t *testing.T) {
	l, err := Parse("lessons/01-one.md", []byte("# One\n\n```plylab\ncompare --depth 3\n```\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	newRun := func(context.Context) RunFunc { return fakeRun }
	files, index, err := ExportAll(context.Background(), []*Lesson{l}, newRun, 1, nil, dir, "md", ExportOptions{Generator: "test"})
	if err != nil || index != filepath.Join(dir, "index.md") || len(files) < 2 {
		t.Fatalf("ExportAll: %v, %s, %v", files, index, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "01-one.md")); err != nil {
		t.Errorf("no notebook: %v", err)
	}
	if _, _, err := ExportAll(context.Background(), []*Lesson{l}, newRun, 1, nil, dir, "pdf", ExportOptions{}); err == nil || err.Error() != `unknown export format "pdf"; use html or md` {
		t.Errorf("format pdf: %v", err)
	}
}

func TestPictureFolder(t *testing.T) {
	keep := filepath.Join(t.TempDir(), "pictures", "here")
	files, cleanup, err := PictureFolder(keep)
	if err != nil {
		t.Fatalf("PictureFolder(%s): %v", keep, err)
	}
	if err := files.WriteFile("t.svg", []byte("<svg/>")); err != nil {
		t.Fatal(err)
	}
	cleanup()
	if data, err := os.ReadFile(filepath.Join(keep, "t.svg")); err != nil || string(data) != "<svg/>" {
		t.Errorf("kept picture: %q, %v", data, err)
	}
	mem, cleanup, err := PictureFolder("")
	if _, ok := mem.(*sandbox.Memory); err != nil || !ok {
		t.Fatalf("PictureFolder(\"\") = %T, %v; want a folder in memory", mem, err)
	}
	cleanup()
}
