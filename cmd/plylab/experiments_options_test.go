package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

// Flags -> options for the experiment commands (compare, scores, perft,
// bench, search), apart from their runs (tested through engine/app/lab and
// the goldens).

func algoNames(os []engine.Options) []string {
	var out []string
	for _, o := range os {
		out = append(out, o.Name)
	}
	return out
}

func TestCompareOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args          []string
		positions     int
		algos         []string
		lo, hi        int
		noMinimal     bool
		plot, format  string
		force         bool
		firstPosition string
	}{
		{[]string{"compare"}, 1, []string{"minimax", "alphabeta", "engine"}, 1, 4, false, "", "table", false, "start"},
		{[]string{"compare", "-p", "kiwipete", "-d", "3", "-a", "alphabeta,engine-without-null", "--no-minimal", "-f", "csv"}, 1, []string{"alphabeta", "engine-without-null"}, 3, 3, true, "", "csv", false, "kiwipete"},
		{[]string{"compare", "--suite", "bk", "--depth", "2-5", "--algo", "engine", "--plot", "g.svg", "--force"}, 24, []string{"engine"}, 2, 5, false, "g.svg", "table", true, "BK.01"},
	} {
		o, msg := parseOptions(t, newCompareCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if len(o.Positions) != tt.positions || o.Positions[0].Name != tt.firstPosition || !slices.Equal(algoNames(o.Algos), tt.algos) ||
			o.MinDepth != tt.lo || o.MaxDepth != tt.hi || o.NoMinimal != tt.noMinimal || o.Plot != tt.plot ||
			o.Format != tt.format || o.Force != tt.force {
			t.Errorf("%v: got %d positions from %s, algos %v, depths %d-%d, no-minimal %v, plot %q, format %s, force %v",
				tt.args, len(o.Positions), o.Positions[0].Name, algoNames(o.Algos), o.MinDepth, o.MaxDepth, o.NoMinimal, o.Plot, o.Format, o.Force)
		}
	}
	o, _ := parseOptions(t, newCompareCommand, "compare", "--algo", "alphabeta", "--eval", "pesto", "--hash", "32", "--with", "mvvlva")
	if o == nil || o.Algos[0].Eval != eval.PeSTO || o.Algos[0].TTSizeMB != 32 || !o.Algos[0].Enabled("mvvlva") {
		t.Errorf("--eval/--hash/--with not applied: %+v", o)
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{`--depth "0"`, []string{"compare", "--depth", "0"}},
		{"must end in .svg or .png", []string{"compare", "--plot", "x.jpg"}},
		{`unknown algorithm "negamax"`, []string{"compare", "--algo", "negamax"}},
		{"use only one of --position, --fen and --suite", []string{"compare", "-p", "start", "--suite", "bk"}},
		{`unknown format "xml"`, []string{"compare", "-f", "xml"}},
	} {
		wantParseError(t, newCompareCommand, tt.want, tt.args...)
	}
}

func TestScoresOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newScoresCommand, "scores", "-p", "paper-mate2", "-d", "4", "-a", "paper-minimax", "-f", "markdown", "--force")
	if o == nil {
		t.Fatal(msg)
	}
	if o.Position.Name != "paper-mate2" || o.Algo.Name != "paper-minimax" || o.Depth != 4 || o.Format != "markdown" || !o.Force {
		t.Errorf("got %s, %s, depth %d, %s, force %v", o.Position.Name, o.Algo.Name, o.Depth, o.Format, o.Force)
	}
	if o, _ := parseOptions(t, newScoresCommand, "scores"); o == nil || o.Position.Name != "start" || o.Algo.Name != "alphabeta" || o.Depth != 3 {
		t.Errorf("defaults: %+v", o)
	}
	wantParseError(t, newScoresCommand, "--depth must be between 1 and 30, got 31", "scores", "-d", "31")
	wantParseError(t, newScoresCommand, "scores takes one --algo, got 2", "scores", "-a", "minimax,alphabeta")
}

func TestPerftOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args                     []string
		positions, depth         int
		divide, reference, force bool
		stockfish, format        string
	}{
		{[]string{"perft"}, 1, 5, false, false, false, "", "table"},
		{[]string{"perft", "-p", "kiwipete", "-d", "3", "--divide", "--reference", "-f", "json"}, 1, 3, true, true, false, "", "json"},
		{[]string{"perft", "--suite", "perft", "--depth", "2", "--stockfish", "/usr/games/stockfish", "--force"}, 132, 2, false, false, true, "/usr/games/stockfish", "table"},
	} {
		o, msg := parseOptions(t, newPerftCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if len(o.Positions) != tt.positions || o.Depth != tt.depth || o.Divide != tt.divide || o.Reference != tt.reference ||
			o.Force != tt.force || o.Stockfish != tt.stockfish || o.Format != tt.format {
			t.Errorf("%v: got %+v", tt.args, *o)
		}
	}
	wantParseError(t, newPerftCommand, "--depth must be between 1 and 12, got 13", "perft", "-d", "13")
	wantParseError(t, newPerftCommand, "--divide works on one position", "perft", "--suite", "perft", "--divide")
}

func TestBenchOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args          []string
		depth, hashMB int
		eval          eval.Kind
		format        string
	}{
		{[]string{"bench"}, 8, 16, engine.EngineOptions().Eval, "table"},
		{[]string{"bench", "32", "1", "5"}, 5, 32, engine.EngineOptions().Eval, "table"},
		{[]string{"bench", "--depth", "6", "--hash", "8", "--eval", "material", "-f", "json"}, 6, 8, eval.Material, "json"},
	} {
		o, msg := parseOptions(t, newBenchCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if o.Depth != tt.depth || o.HashMB != tt.hashMB || o.Engine.TTSizeMB != tt.hashMB || o.Engine.Eval != tt.eval || o.Format != tt.format || o.Engine.Name != "engine" {
			t.Errorf("%v: depth %d, hash %d (%d), eval %v, format %s, engine %s", tt.args, o.Depth, o.HashMB, o.Engine.TTSizeMB, o.Engine.Eval, o.Format, o.Engine.Name)
		}
	}
	wantParseError(t, newBenchCommand, "depth given twice", "bench", "16", "1", "5", "--depth", "6")
	wantParseError(t, newBenchCommand, `--eval: unknown evaluation "fancy"`, "bench", "--eval", "fancy")
}

func TestSearchOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args         []string
		positions    int
		algo         string
		limits       engine.Limits
		stats, force bool
		format       string
	}{
		{[]string{"search"}, 1, "engine", engine.Limits{Depth: 10}, false, false, "table"},
		{[]string{"search", "-p", "kiwipete", "-d", "8", "--stats"}, 1, "engine", engine.Limits{Depth: 8}, true, false, "table"},
		{[]string{"search", "--movetime", "1500", "--nodes", "5000", "-f", "csv"}, 1, "engine", engine.Limits{MoveTime: 1500 * time.Millisecond, Nodes: 5000}, false, false, "csv"},
		{[]string{"search", "--suite", "wac", "-t", "1s"}, 300, "engine", engine.Limits{MoveTime: time.Second}, false, false, "table"},
		{[]string{"search", "-a", "minimax", "-d", "9", "--force"}, 1, "minimax", engine.Limits{Depth: 9}, false, true, "table"},
		{[]string{"search", "-p", "kiwipete", "-d", "8", "--multipv", "3"}, 1, "engine", engine.Limits{Depth: 8, MultiPV: 3}, false, false, "table"},
		{[]string{"search", "-a", "alphabeta", "-d", "4", "--multipv", "1"}, 1, "alphabeta", engine.Limits{Depth: 4, MultiPV: 1}, false, false, "table"},
	} {
		o, msg := parseOptions(t, newSearchCommand, tt.args...)
		if o == nil {
			t.Errorf("%v: %s", tt.args, msg)
			continue
		}
		if len(o.Positions) != tt.positions || o.Algo.Name != tt.algo || !reflect.DeepEqual(o.Limits, tt.limits) || o.Stats != tt.stats || o.Force != tt.force || o.Format != tt.format {
			t.Errorf("%v: got %d positions, %s, %+v, stats %v, force %v, %s", tt.args, len(o.Positions), o.Algo.Name, o.Limits, o.Stats, o.Force, o.Format)
		}
	}
	wantParseError(t, newSearchCommand, "minimax needs --depth", "search", "-a", "minimax")
	wantParseError(t, newSearchCommand, "search takes one --algo", "search", "-a", "minimax,alphabeta")
	wantParseError(t, newSearchCommand, "--depth must be between 1 and", "search", "-d", "0")
	wantParseError(t, newSearchCommand, "--multipv must be between 1 and 256, got 0", "search", "--multipv", "0")
	wantParseError(t, newSearchCommand, "--multipv must be between 1 and 256, got 300", "search", "--multipv", "300")
	wantParseError(t, newSearchCommand, "--multipv 2 needs --algo engine or ramz", "search", "-a", "minimax", "-d", "3", "--multipv", "2")
	wantParseError(t, newSearchCommand, "--multipv shows the lines of one position", "search", "--suite", "wac", "--multipv", "2")
}

// The run functions on their own, without flags: the same bytes as the
// goldens the CLI writes.
func TestExperimentRuns(t *testing.T) {
	t.Parallel()
	pos := func(name string) []positions.Position {
		p, err := positions.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return []positions.Position{p}
	}
	bk, err := positions.LookupSuite("bk")
	if err != nil {
		t.Fatal(err)
	}
	alphabeta, _ := engine.ParseAlgo("alphabeta")
	eng, _ := engine.ParseAlgo("engine")
	for _, tt := range []struct {
		golden string
		run    func(io.Writer) error
	}{
		{"scores_horizon", func(w io.Writer) error {
			return scoresRun(t.Context(), &ScoresOptions{Position: pos("horizon")[0], Algo: alphabeta, Depth: 1, Format: "csv"}, w, io.Discard)
		}},
		{"compare_suite_bk", func(w io.Writer) error {
			return compareRun(t.Context(), &CompareOptions{Positions: bk.Positions, Algos: []engine.Options{eng}, MinDepth: 1, MaxDepth: 4,
				NoMinimal: true, Format: "csv"}, w, io.Discard)
		}},
		{"perft_cpw", func(w io.Writer) error {
			return perftRun(t.Context(), &PerftOptions{Positions: pos("cpw4"), Depth: 3, Reference: true, Format: "csv"}, w, io.Discard)
		}},
	} {
		var out bytes.Buffer
		if err := tt.run(&out); err != nil {
			t.Fatalf("%s: %v", tt.golden, err)
		}
		want, err := os.ReadFile(filepath.Join("testdata", tt.golden+".golden"))
		if err != nil {
			t.Fatal(err)
		}
		if got := maskCSV(t, out.String()); got != string(want) {
			t.Errorf("%s: the run wrote\n%s\nwant\n%s", tt.golden, got, want)
		}
	}
}
