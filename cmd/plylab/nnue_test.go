package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliflags"
	"github.com/plylab/plylab/engine/nnue"
)

// TestNNUEPipeline runs the workshop end to end from the command line:
// datagen writes positions, label relabels them with a (stand-in) teacher,
// train fits a network to them, show describes it, and bench, match and
// search's neighbours play with it.
func TestNNUEPipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "data.bin")
	r := runCLI(t, "nnue", "datagen", "--games", "4", "--nodes", "300", "--max-plies", "160", "--seed", "9", "--eval", "classical", "-j", "2", "-o", data, "--format", "csv")
	wantOK(t, r)
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("datagen csv: %v\n%s", err, r.stdout)
	}
	if got := strings.Join(rows[1][:8], ","); got != "4,2,365,91.25,0,2,2,4" {
		t.Errorf("datagen row %s, want 4 games, 2 skipped, 365 positions (as engine/app/datagen's pinned run)", got)
	}
	if fi, err := os.Stat(data); err != nil || fi.Size() != 365*nnue.RecordSize {
		t.Fatalf("data file: %v, %v", fi, err)
	}
	// The file exists: only --append adds to it.
	line := wantUsageError(t, runCLI(t, "nnue", "datagen", "--games", "1", "-o", data))
	if !strings.Contains(line, "--append") {
		t.Errorf("existing file: %q", line)
	}
	wantOK(t, runCLI(t, "nnue", "datagen", "--games", "1", "--nodes", "200", "--max-plies", "40", "--append", "-o", data))

	taught := filepath.Join(dir, "taught.bin")
	r = runCLI(t, "nnue", "label", "--data", data, "--teacher", "../../engine/app/datagen/testdata/fake-teacher.sh", "-o", taught, "--format", "csv")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "positions,labelled,dropped") {
		t.Errorf("label output:\n%s", r.stdout)
	}

	net := filepath.Join(dir, "my.nnue")
	r = runCLI(t, "nnue", "train", "--data", taught, "--data", data, "--hidden", "32", "--buckets", "2", "--epochs", "2", "--batch", "64", "-o", net, "--format", "csv")
	wantOK(t, r)
	rows, err = csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) != 3 || strings.Join(rows[0], ",") != "epoch,rate,training_error,held_out_error" {
		t.Fatalf("train csv: %v\n%s", err, r.stdout)
	}
	n, _, err := cliflags.Net("--net", net)
	if err != nil {
		t.Fatal(err)
	}
	if n.Hidden != 32 || n.Buckets != 2 || !strings.Contains(n.About, "plylab nnue train --data "+taught) {
		t.Errorf("network: hidden %d, buckets %d, about %q", n.Hidden, n.Buckets, n.About)
	}

	r = runCLI(t, "nnue", "show", net)
	wantOK(t, r)
	for _, want := range []string{"hidden neurons", "32", "output buckets", "score: start"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show lacks %q:\n%s", want, r.stdout)
		}
	}
	wantOK(t, runCLI(t, "bench", "--depth", "2", "--net", net))
	r = runCLI(t, "match", "--net", net, "--opponent", "engine", "--opponent-net", net, "--nodes", "200", "--games", "2")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "(net my.nnue)") {
		t.Errorf("match does not name the network:\n%s", r.stdout)
	}
}

func TestNNUEErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.bin")
	if err := os.WriteFile(junk, []byte("this is not a record file, it is 40 bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nnue", "train", "--data", filepath.Join(dir, "none.bin"), "-o", filepath.Join(dir, "n.nnue")}, "does not exist"},
		{[]string{"nnue", "train", "--data", junk, "-o", filepath.Join(dir, "n.nnue")}, "give a file written by plylab nnue datagen"},
		{[]string{"nnue", "train", "--data", junk, "--hidden", "20", "-o", filepath.Join(dir, "n.nnue")}, "hidden size 20"},
		{[]string{"nnue", "train", "--data", junk, "--lambda", "2", "-o", filepath.Join(dir, "n.nnue")}, "lambda 2"},
		{[]string{"nnue", "show", junk}, "not a plylab network file"},
		{[]string{"nnue", "show", "a", "b"}, "one network file at most"},
		{[]string{"bench", "--net", junk}, "not a plylab network file"},
		{[]string{"match", "--net", filepath.Join(dir, "none.nnue")}, "does not exist"},
		{[]string{"match", "--opponent", "random", "--opponent-net", junk}, "--opponent-net is for a plylab opponent"},
		{[]string{"nnue", "datagen", "--games", "0", "-o", filepath.Join(dir, "d.bin")}, "games 0"},
		{[]string{"nnue", "datagen", "--nodes", "0", "-o", filepath.Join(dir, "d.bin")}, "--nodes 0"},
		{[]string{"nnue", "datagen", "--engine", "minimax", "-o", filepath.Join(dir, "d.bin")}, "one full engine"},
		{[]string{"nnue", "datagen", "-o", dir}, "is a directory"},
		{[]string{"nnue", "label", "--data", junk, "--teacher", filepath.Join(dir, "nope"), "-o", filepath.Join(dir, "t.bin")}, "no such program"},
		{[]string{"nnue", "label", "--data", junk, "--teacher", "/bin/true", "--depth", "41", "-o", filepath.Join(dir, "t.bin")}, "--depth 41"},
	} {
		line := wantUsageError(t, runCLI(t, c.args...))
		if !strings.Contains(line, c.want) {
			t.Errorf("%v: %q, want it to say %q", c.args, line, c.want)
		}
	}
}
