//go:build !js

package tune

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunCheck(t *testing.T) {
	ok := Run{Training: Training{Skip: 16, Every: 1, Holdout: 5}, From: "default", Options: Options{Epochs: 200, Rate: 1}}
	tests := []struct {
		name string
		edit func(r *Run)
		want string
	}{
		{"defaults", func(*Run) {}, ""},
		{"zero start, K given, L2", func(r *Run) { r.From, r.K, r.L2 = "zero", 1.2, 0.01 }, ""},
		{"epochs 0", func(r *Run) { r.Epochs = 0 }, "Epochs 0 is out of range; give 1 to 100000"},
		{"epochs 100001", func(r *Run) { r.Epochs = 100001 }, "Epochs 100001 is out of range; give 1 to 100000"},
		{"skip -1", func(r *Run) { r.Skip = -1 }, "Skip, Holdout and L2 must be 0 or more, Every 1 or more"},
		{"every 0", func(r *Run) { r.Every = 0 }, "Skip, Holdout and L2 must be 0 or more, Every 1 or more"},
		{"holdout -1", func(r *Run) { r.Holdout = -1 }, "Skip, Holdout and L2 must be 0 or more, Every 1 or more"},
		{"l2 -1", func(r *Run) { r.L2 = -1 }, "Skip, Holdout and L2 must be 0 or more, Every 1 or more"},
		{"rate 0", func(r *Run) { r.Rate = 0 }, "Rate must be positive and K positive (or 0 to fit it)"},
		{"k -1", func(r *Run) { r.K = -1 }, "Rate must be positive and K positive (or 0 to fit it)"},
		{"from one", func(r *Run) { r.From = "one" }, `From "one": start from 'default' or 'zero'`},
	}
	for _, tt := range tests {
		r := ok
		tt.edit(&r)
		got := ""
		if err := r.Check(); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestRunDo(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(games, []byte(testPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Run{Training: Training{PGN: []string{games}, Skip: 2, Every: 1}, From: "default", Options: Options{Epochs: 3, Rate: 1}}

	var epochs []int
	r.Progress = func(epoch int, _ float64) { epochs = append(epochs, epoch) }
	set, res, err := r.Do(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// The same set as reading the games directly, and the same fit.
	want, _ := ReadPGN(strings.NewReader(testPGN), "test", ExtractOptions{SkipPlies: 2})
	if len(set.Samples) != len(want.Samples) || set.Games != want.Games || res.Epochs != 3 || len(epochs) != 3 || epochs[2] != 3 {
		t.Errorf("set %d samples, %d games (want %d, %d); %d epochs, progress %v", len(set.Samples), set.Games, len(want.Samples), want.Games, res.Epochs, epochs)
	}
	start, _ := StartWeights("default")
	direct, err := Tune(context.Background(), want, start, Options{Epochs: 3, Rate: 1})
	if err != nil || direct.Weights != res.Weights || direct.ErrorNow != res.ErrorNow {
		t.Errorf("Do's fit differs from Tune's: %v", err)
	}

	// The report: the errors, then a gap and the weights.
	if got := len(res.Report(set, "table", 1, 3, true)); got != 3 {
		t.Errorf("report with weights has %d parts, want 3", got)
	}
	rep := res.Report(set, "csv", 1, 3, false)
	if len(rep) != 1 || rep[0].Table == nil || rep[0].Table.Title != res.ErrorTable(set, 1, 3).Title {
		t.Errorf("report without weights: %+v", rep)
	}

	// The Go file and its report line.
	path := filepath.Join(dir, "weights_tuned.go")
	line, err := r.WriteFile(path, "plylab tune --epochs 3", set, res)
	if err != nil || line != "tune: wrote "+path+"\n" {
		t.Fatalf("WriteFile: %q, %v", line, err)
	}
	src, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(src), "Made by: plylab tune --epochs 3") || !strings.Contains(string(src), "rate 1, L2 0") {
		t.Errorf("weights file %q, %v", src, err)
	}
}

func TestRunDoErrors(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.pgn")
	if err := os.WriteFile(short, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Run{Training: Training{PGN: []string{short}, Skip: 16, Every: 1}, From: "default", Options: Options{Epochs: 1, Rate: 1}}
	_, _, err := r.Do(context.Background())
	if !errors.Is(err, ErrNoSamples) || err.Error() != "the games have no quiet positions after 16 plies; give longer games or a smaller Skip" {
		t.Errorf("no samples: %v", err)
	}
	r.PGN = []string{filepath.Join(dir, "missing.pgn")}
	var fe *FilesError
	if _, _, err := r.Do(context.Background()); !errors.As(err, &fe) {
		t.Errorf("missing file: %v, want a *FilesError", err)
	}
	r.From = "one"
	if _, _, err := r.Do(context.Background()); err == nil || err.Error() != `From "one": start from 'default' or 'zero'` {
		t.Errorf("bad start: %v", err)
	}
}

func TestEpochStatus(t *testing.T) {
	if got, want := EpochStatus(7, 200, 0.0812345678), "tune: epoch 7/200, error 0.081235"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
