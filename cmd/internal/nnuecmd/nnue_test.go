package nnuecmd

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/nnue/train"
	"github.com/urfave/cli/v2"
)

// parse parses args with New and returns the options of the subcommand
// whose options are O.
func parse[O any](args ...string) (*O, error) {
	return cliapp.ParseOnly(func(env *cliapp.Env, run func(context.Context, *O) error) *cli.Command {
		return New(env, slot[DatagenOptions](run), slot[LabelOptions](run), slot[TrainOptions](run), slot[ShowOptions](run))
	}, args...)
}

// slot is run in the place of a subcommand whose options are T: it
// passes them on when T is O.
func slot[T, O any](run func(context.Context, *O) error) func(context.Context, *T) error {
	return func(ctx context.Context, t *T) error {
		if o, ok := any(t).(*O); ok {
			return run(ctx, o)
		}
		return errors.New("another subcommand ran")
	}
}

// Flags to the options of each subcommand, with the defaults the help
// promises and the zero values that mean "none" (λ 0, --holdout 0).
func TestOptions(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.bin")
	if err := os.WriteFile(data, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.bin")

	g, err := parse[DatagenOptions]("nnue", "datagen", "-o", out, "--games", "12", "--nodes", "700", "--seed", "5", "-j", "2", "--eval", "classical")
	if err != nil {
		t.Fatal(err)
	}
	gotG := []any{g.Output, g.Append, g.Gen.Games, g.Gen.Nodes, g.Gen.RandomPlies, g.Gen.MaxOpening, g.Gen.WinScore, g.Gen.MaxPlies, g.Gen.Seed, g.Gen.Concurrency, g.Gen.Engine.Eval, g.Format}
	wantG := []any{out, false, 12, uint64(700), 8, 400, 2000, 400, uint64(5), 2, eval.Classical, "table"}
	for i := range wantG {
		if gotG[i] != wantG[i] {
			t.Errorf("datagen field %d = %v, want %v", i, gotG[i], wantG[i])
		}
	}

	tr, err := parse[TrainOptions]("nnue", "train", "--data", data, "-o", filepath.Join(dir, "my.nnue"), "--hidden", "32", "--lambda", "0", "--holdout", "0", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	gotT := []any{tr.Train.Hidden, tr.Train.Buckets, tr.Train.Epochs, tr.Train.BatchSize, tr.Train.Lambda, tr.Train.Holdout, tr.Train.Workers, tr.Format, len(tr.Data)}
	wantT := []any{32, 8, 10, 16384, float64(train.NoLambda), -1, 1, "csv", 1}
	for i := range wantT {
		if gotT[i] != wantT[i] {
			t.Errorf("train field %d = %v, want %v", i, gotT[i], wantT[i])
		}
	}
	if !strings.HasPrefix(tr.Provenance, "plylab nnue train --data "+data) || strings.Contains(tr.Provenance, "--format") {
		t.Errorf("train provenance %q: want the command line without --format", tr.Provenance)
	}

	l, err := parse[LabelOptions]("nnue", "label", "--data", data, "--teacher", "/bin/sh", "--depth", "3", "-j", "2", "-o", out)
	if err != nil {
		t.Fatal(err)
	}
	if l.Label.Engine != "/bin/sh" || l.Label.Depth != 3 || l.Label.Concurrency != 2 || l.Output != out {
		t.Errorf("label options %+v", l.Label)
	}

	s, err := parse[ShowOptions]("nnue", "show")
	if err != nil {
		t.Fatal(err)
	}
	if s.Path != "" || s.Net == nil || s.Size < 1000 {
		t.Errorf("show without a file: path %q, size %d; want the built-in network", s.Path, s.Size)
	}
}

// Each bad flag is a usage error that says what was wrong and what to
// do.
func TestOptionErrors(t *testing.T) {
	dir := t.TempDir()
	exists := filepath.Join(dir, "data.bin")
	if err := os.WriteFile(exists, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"datagen", "-o", exists}, "-o " + exists + ": the file exists; add --append to add positions to it, or give another name"},
		{[]string{"datagen", "-o", filepath.Join(dir, "d.bin"), "--nodes", "0"}, "--nodes 0: expected 1 to"},
		{[]string{"datagen", "-o", filepath.Join(dir, "d.bin"), "--engine", "minimax"}, `--engine "minimax": datagen plays one full engine`},
		{[]string{"datagen", "-o", filepath.Join(dir, "d.bin"), "--net", exists}, "--net " + exists + ": "},
		{[]string{"train", "--data", exists, "-o", filepath.Join(dir, "n.nnue"), "--epochs", "0"}, "--hidden, --buckets, --epochs, --batch and -j must be at least 1"},
		{[]string{"train", "--data", exists, "-o", filepath.Join(dir, "n.nnue"), "--lambda", "1.5"}, "1.5"},
		{[]string{"label", "--data", exists, "--teacher", "/no/such/engine", "-o", filepath.Join(dir, "t.bin")}, `--teacher "/no/such/engine": no such program`},
		{[]string{"label", "--data", exists, "--teacher", "/bin/sh", "--depth", "41", "-o", filepath.Join(dir, "t.bin")}, "--depth 41: expected 0 (static evaluation) to 40"},
		{[]string{"label", "--data", exists, "--teacher", "/bin/sh", "-j", "65", "-o", filepath.Join(dir, "t.bin")}, "-j 65: expected 1 to 64"},
		{[]string{"show", "a.nnue", "b.nnue"}, "nnue show takes one network file at most, got 2 arguments"},
		{[]string{"show", exists}, "network " + exists + ": "},
	}
	for _, tt := range tests {
		_, err := parse[DatagenOptions](append([]string{"nnue"}, tt.args...)...)
		if err == nil || !cliapp.IsUsageError(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("nnue %v: %v (usage %v), want a usage error containing %q", tt.args, err, cliapp.IsUsageError(err), tt.want)
		}
	}
}
