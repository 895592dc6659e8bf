package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/app/tune"
	"github.com/plylab/plylab/engine/eval"
)

// A small PGN for the tune command's tests: two finished games.
const tuneTestPGN = `[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 1-0

[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5
9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 1/2-1/2
`

func TestTuneCommand(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgn, []byte(tuneTestPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	r := runCLI(t, "tune", "--pgn", pgn, "--skip", "4", "--holdout", "0", "--epochs", "3", "--no-weights", "--format", "csv", "-o", out)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v\n%s", err, r.stdout)
	}
	if strings.Join(rows[0], ",") != "epoch,error,change,held_out_error,held_out_change" || len(rows) != 1+4 {
		t.Errorf("csv rows %v", rows)
	}
	if rows[1][0] != "0" || rows[4][0] != "3" || rows[1][3] != "" {
		t.Errorf("epochs 0..3 without held-out errors expected, got %v", rows)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package eval", "Made by: plylab tune --pgn " + pgn + " --skip 4 --epochs 3 --holdout 0 --no-weights\n", "var tunedWeights"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("weights file lacks %q:\n%s", want, src)
		}
	}
	// Runs are deterministic.
	again := runCLI(t, "tune", "--pgn", pgn, "--skip", "4", "--holdout", "0", "--epochs", "3", "--no-weights", "--format", "csv")
	if again.stdout != r.stdout {
		t.Errorf("second run differs:\n%s\n%s", again.stdout, r.stdout)
	}
}

// TestTuneSquaresCommand runs --squares end to end: the Go file it
// writes carries fitted piece-square tables and says so, its training
// error after the same epochs is lower than the terms-only fit's (768
// more values to fit the same games), and --from zero starts the
// corrections from PeSTO's tables.
func TestTuneSquaresCommand(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgn, []byte(tuneTestPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	finalError := func(args ...string) float64 {
		r := runCLI(t, append([]string{"tune", "--pgn", pgn, "--skip", "4", "--holdout", "0", "--epochs", "20", "--no-weights", "--format", "csv"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Fatalf("%v: csv %v: %q", args, err, r.stdout)
		}
		var e float64
		fmt.Sscan(rows[len(rows)-1][1], &e)
		return e
	}
	out := filepath.Join(dir, "weights.go")
	terms, squares := finalError(), finalError("--squares", "-o", out)
	if !(squares < terms) {
		t.Errorf("error after 20 epochs: %.6f with --squares, %.6f without; want lower with", squares, terms)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"var tunedSquares = Squares{", "2: { // knight", "// rank 1", "term weights and piece-square corrections, 20 epochs"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("weights file lacks %q:\n%s", want, src)
		}
	}
	if e := finalError("--squares", "--from", "zero"); !(e > 0) {
		t.Errorf("--squares --from zero: error %v", e)
	}
}

func TestTuneCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "--terms", "mobilty"}, `unknown term "mobilty" (did you mean "mobility"?)`},
		{[]string{"tune", "--epochs", "0"}, "--epochs 0 is out of range"},
		{[]string{"tune", "--from", "random"}, `--from "random": start from 'default' or 'zero'`},
		{[]string{"tune", "--pgn", "/no/such/file.pgn"}, "--pgn: open /no/such/file.pgn"},
		{[]string{"tune", "--label-engine", "/bin/true", "--epochs", "1"}, "--label-engine: /bin/true does not answer as a UCI engine"},
	} {
		line := wantUsageError(t, runCLI(t, tc.args...))
		if !strings.Contains(line, tc.want) {
			t.Errorf("%v: %q, want it to contain %q", tc.args, line, tc.want)
		}
	}
}

func TestTuneOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newTuneCommand, "tune")
	if o == nil {
		t.Fatal(msg)
	}
	want := TuneOptions{Run: tune.Run{From: "default", Training: tune.Training{Skip: 16, Every: 1, Holdout: 5, LabelDepth: 8, LabelWeight: 1},
		Options: tune.Options{Epochs: 200, Rate: 1, Terms: eval.AllTerms}}, Format: "table", Provenance: "plylab tune"}
	o.PGN = nil
	if !reflect.DeepEqual(*o, want) {
		t.Errorf("defaults:\n got %+v\nwant %+v", *o, want)
	}
	o, msg = parseOptions(t, newTuneCommand, "tune", "--pgn", "a.pgn", "--pgn", "b.pgn", "--skip", "4", "--every", "2", "--epochs", "30",
		"--rate", "0.5", "--k", "1.2", "--from", "zero", "--terms", "mobility,tempo", "--holdout", "0", "--l2", "0.01", "--report", "5",
		"-o", "w.go", "--no-weights", "-f", "csv", "--label-engine", "/bin/sh", "--label-depth", "6", "--label-weight", "0.5", "--label-cache", "l.tsv", "--squares")
	if o == nil {
		t.Fatal(msg)
	}
	want = TuneOptions{Run: tune.Run{From: "zero", Training: tune.Training{PGN: []string{"a.pgn", "b.pgn"}, Skip: 4, Every: 2,
		LabelEngine: "/bin/sh", LabelDepth: 6, LabelWeight: 0.5, LabelCache: "l.tsv"},
		Options: tune.Options{Epochs: 30, Rate: 0.5, K: 1.2, Terms: eval.TermMobility | eval.TermTempo, L2: 0.01, Squares: true}},
		Report: 5, Output: "w.go", NoWeights: true, Format: "csv",
		Provenance: "plylab tune --pgn a.pgn --pgn b.pgn --skip 4 --every 2 --epochs 30 --rate 0.5 --k 1.2 --from zero --squares --terms mobility,tempo --holdout 0 --l2 0.01 --report 5 --label-engine /bin/sh --label-depth 6 --label-weight 0.5 --no-weights"}
	if !reflect.DeepEqual(*o, want) {
		t.Errorf("flags:\n got %+v\nwant %+v", *o, want)
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"--epochs 0 is out of range", []string{"tune", "--epochs", "0"}},
		{"--skip, --holdout and --l2 must be 0 or more", []string{"tune", "--every", "0"}},
		{"--rate must be positive", []string{"tune", "--rate", "0"}},
		{`--from "random"`, []string{"tune", "--from", "random"}},
		{"--label-depth must be 1 to 40", []string{"tune", "--label-engine", "/bin/sh", "--label-depth", "0"}},
		{"--label-depth must be 1 to 40 and --label-weight 0 to 1", []string{"tune", "--label-engine", "/bin/sh", "--label-weight", "1.5"}},
		{"--label-cache needs --label-engine", []string{"tune", "--label-cache", "l.tsv"}},
		{`--label-engine "/no/such/engine": no such program`, []string{"tune", "--label-engine", "/no/such/engine"}},
		{`--terms: unknown term "mobilty"`, []string{"tune", "--terms", "mobilty"}},
	} {
		wantParseError(t, newTuneCommand, tt.want, tt.args...)
	}
}
