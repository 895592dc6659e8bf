package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/app/match"
)

const gauntletTestdata = "../../engine/app/match/testdata/gauntlet"

func TestGauntletUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"key": "a"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gauntlet", "--engines", "glaurung,crafty"}, `plylab: --engines: no such engine in the gauntlet list: "crafty" (the list has ethereal, toga2, glaurung, gnuchess, phalanx); run 'plylab gauntlet --help' for usage`},
		{[]string{"gauntlet", "--games", "0", "--engines", "glaurung"}, "plylab: --games must be between 1 and 1,000,000, got 0; run 'plylab gauntlet --help' for usage"},
		{[]string{"gauntlet", "-j", "0", "--engines", "glaurung"}, "plylab: --concurrency must be between 1 and 256, got 0; run 'plylab gauntlet --help' for usage"},
		{[]string{"gauntlet", "--list", "--stored"}, "plylab: use one of --list, --from-pgn and --stored; run 'plylab gauntlet --help' for usage"},
		{[]string{"gauntlet", "--save", filepath.Join(dir, "r.json")}, "plylab: --save writes the results read by --from-pgn; add --from-pgn DIR"},
		{[]string{"gauntlet", "--from-pgn", filepath.Join(dir, "none")}, "plylab: --from-pgn " + filepath.Join(dir, "none") + " is not a folder; give the folder of the gauntlet's PGN files (its --dir)"},
		{[]string{"gauntlet", "--engines-file", bad}, "plylab: --engines-file " + bad + ": engine 1: key, name and command are required; see 'plylab gauntlet --list --format json' for the fields"},
		{[]string{"gauntlet", "--tc", "10+x"}, `plylab: --tc: bad time control "10+x": the increment "x" is not a number of seconds; write BASE+INC in seconds, e.g. 10+0.1, 60, 1:30+1 or 40/60`},
		{[]string{"gauntlet", "extra"}, `plylab: unexpected argument "extra"; options are flags, e.g. plylab gauntlet --engines glaurung --games 20`},
	} {
		r := runCLI(t, tc.args...)
		if got := wantUsageError(t, r); got != tc.want {
			t.Errorf("%v:\n got %s\nwant %s", tc.args, got, tc.want)
		}
	}
}

func TestGauntletList(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "gauntlet", "--list", "--format", "csv")
	wantOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[0], "key,name,package,protocol,setup,published,list,entry,date,source,note") ||
		!strings.HasPrefix(lines[3], "glaurung,Glaurung 2.2,glaurung,uci,") || !strings.HasPrefix(lines[5], "phalanx,Phalanx XXV,phalanx,cecp,") {
		t.Errorf("--list:\n%s", r.stdout)
	}
}

// --from-pgn rebuilds the table from PGN files; --save writes what it
// read, which --stored's file is made of.
func TestGauntletFromPGN(t *testing.T) {
	t.Parallel()
	save := filepath.Join(t.TempDir(), "results.json")
	r := runCLI(t, "gauntlet", "--from-pgn", gauntletTestdata, "--save", save)
	wantOK(t, r)
	golden(t, "gauntlet_from_pgn", r.stdout)
	data, err := os.ReadFile(save)
	if err != nil || !strings.Contains(string(data), `"engine": "glaurung"`) || !strings.Contains(string(data), `"uci_elo": 2500`) {
		t.Errorf("--save wrote %s (%v)", data, err)
	}
}

// The stored results give docs/strength.md's table (the block between
// <!-- gauntlet-table --> and <!-- /gauntlet-table -->); -update rewrites
// the block.
func TestGauntletDocTable(t *testing.T) {
	r := runCLI(t, "gauntlet", "--stored", "--format", "markdown")
	wantOK(t, r)
	docBlock(t, "gauntlet-table", r.stdout, "GauntletDocTable")
}

// docBlock checks that docs/strength.md's block between <!-- NAME -->
// and <!-- /NAME --> is content (-update rewrites it) and returns the
// page before the block. test names the test that rewrites it.
func docBlock(t *testing.T, name, content, test string) (before string) {
	t.Helper()
	const path = "../../docs/strength.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	open, end := "<!-- "+name+" -->\n", "<!-- /"+name+" -->"
	before, rest, ok := strings.Cut(string(doc), open)
	_, after, ok2 := strings.Cut(rest, end)
	if !ok || !ok2 {
		t.Fatalf("%s has no %q ... %q block", path, open, end)
	}
	want := before + open + content + end + after
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return before
	}
	if want != string(doc) {
		t.Errorf("docs/strength.md's %s is not the stored results' table; run go test ./cmd/plylab -run %s -update\nwant:\n%s", name, test, content)
	}
	return before
}

// Ctrl-C before the first game ends: no game is counted, the table of
// the folder's files is printed, and the run reports that it was
// stopped. Needs Phalanx (the executable is looked up before any game).
func TestGauntletInterrupted(t *testing.T) {
	t.Parallel()
	if _, err := extengine.Find("phalanx"); err != nil {
		t.Skip("phalanx is not installed")
	}
	env := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	dir := t.TempDir()
	r := runIn(t, env, "gauntlet", "--engines", "phalanx", "--depth", "1", "--games", "2", "--dir", dir, "--format", "csv")
	if r.code == 0 || !strings.Contains(r.stdout, "opponent,tc,published") || !strings.Contains(r.stderr, "Phalanx XXV, 0 games") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "phalanx-depth1.pgn")); err != nil {
		t.Errorf("the PGN file: %v", err)
	}
}

func TestGauntletStoredResults(t *testing.T) {
	res, err := match.StoredGauntlet()
	if err != nil {
		t.Fatal(err)
	}
	if res.Build == "" || res.Command == "" || res.Rebuild == "" || len(res.Tallies) == 0 {
		t.Errorf("stored results without build, commands or tallies: %+v", res)
	}
}

// The stored clock matches of each build against the reference build
// (engine/app/match/progress.json) give docs/strength.md's table of the
// one-thread goal (the block between <!-- progress-table --> and
// <!-- /progress-table -->); -update rewrites the block.
func TestProgressDocTable(t *testing.T) {
	ms, err := match.StoredProgress()
	if err != nil {
		t.Fatal(err)
	}
	before := docBlock(t, "progress-table", match.ProgressMarkdown(ms), "ProgressDocTable")
	// The page's "Current figures" quote the newest search's pooled
	// result.
	newest := ms[len(ms)-1]
	pool, _ := match.ProgressPooled(ms, newest.Bench, newest.Clock)
	if quote := match.EloInterval(pool); !strings.Contains(before, quote) {
		t.Errorf("docs/strength.md does not quote the pooled result of bench %d %s against 0.11.3, %s, before its table", newest.Bench, newest.Clock, quote)
	}
}

// The stored technique matches (engine/app/lab/elo.json) give
// docs/strength.md's table "What each technique is worth" (the block
// between <!-- elo-table --> and <!-- /elo-table -->); -update rewrites
// the block.
func TestEloDocTable(t *testing.T) {
	rows, err := lab.TechniqueElos()
	if err != nil {
		t.Fatal(err)
	}
	docBlock(t, "elo-table", lab.TechniqueElosMarkdown(rows), "EloDocTable")
}
