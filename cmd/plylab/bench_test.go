package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

var (
	benchDurationRe = regexp.MustCompile(`\d+(\.\d+)? (ns|µs|ms|s|min|h)\b`)
	benchRateRe     = regexp.MustCompile(`\d+(\.\d+)? [kMGT]?/s`)
	benchLastLineRe = regexp.MustCompile(`^(\d+) nodes (\d+) nps$`)
	benchSpacesRe   = regexp.MustCompile(` {2,}`)
)

// maskBench makes bench output comparable across runs and machines: times
// and speeds become T and R, column padding (which depends on their
// widths) one space, and the nps of the last line N. Node counts, best
// moves and scores stay: they are deterministic.
func maskBench(t *testing.T, out string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	m := benchLastLineRe.FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("last line %q is not \"<nodes> nodes <nps> nps\"", last)
	}
	for i, l := range lines[:len(lines)-1] {
		l = benchDurationRe.ReplaceAllString(l, "T")
		l = benchRateRe.ReplaceAllString(l, "R")
		l = strings.ReplaceAll(l, "─", "-")
		lines[i] = benchSpacesRe.ReplaceAllString(strings.TrimSpace(l), " ")
	}
	lines[len(lines)-1] = m[1] + " nodes N nps"
	return strings.Join(lines, "\n") + "\n"
}

// The node counts at a fixed depth are the engine's signature: exact.
// (Depth 2 keeps the test short; bench position 37, a board full of minor
// pieces, dominates the time through its quiescence searches.)
func TestBenchGolden(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "bench", "--depth", "2")
	wantOK(t, r)
	golden(t, "bench_depth2", maskBench(t, r.stdout))
	if !strings.Contains(r.stdout, "stalemate") || !strings.Contains(r.stdout, "checkmate") {
		t.Errorf("positions without legal moves are not listed:\n%s", r.stdout)
	}
}

// The frameworks' positional form: HASH THREADS DEPTH; json keeps the
// totals in its notes.
func TestBenchPositionalJSON(t *testing.T) {
	t.Parallel()
	r := runCLI(t, "bench", "16", "1", "1", "--format", "json")
	wantOK(t, r)
	var doc struct {
		Title string
		Rows  []map[string]any
		Notes []string
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, r.stdout)
	}
	if !strings.Contains(doc.Title, "depth 1, 16 MB") || len(doc.Rows) != 49 {
		t.Errorf("title %q, %d rows", doc.Title, len(doc.Rows))
	}
	if len(doc.Notes) == 0 || !benchLastLineRe.MatchString(doc.Notes[len(doc.Notes)-1]) {
		t.Errorf("notes %q: the last should be the totals line", doc.Notes)
	}
}

// bench on two threads: the frameworks' THREADS argument or --threads;
// the title and a note say so, and every position is searched.
func TestBenchThreads(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"bench", "--depth", "3", "--threads", "2"}, {"bench", "16", "2", "3"}} {
		r := runCLI(t, args...)
		wantOK(t, r)
		if !strings.Contains(r.stdout, "fresh tables per position, 2 threads") || !strings.Contains(r.stdout, "2 threads: the nodes are every thread's") {
			t.Errorf("%v: no word of the threads:\n%s", args, r.stdout)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if !strings.Contains(r.stdout, "47 positions searched") || !benchLastLineRe.MatchString(lines[len(lines)-1]) {
			t.Errorf("%v: not a whole bench:\n%s", args, r.stdout)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--depth", "0"}, "depth must be between 1 and 64, got 0"},
		{[]string{"bench", "--hash", "0"}, "hash must be between 1 and 4096 MB"},
		{[]string{"bench", "16", "1", "x"}, `bench DEPTH must be a whole number, got "x"`},
		{[]string{"bench", "16", "0", "5"}, "THREADS must be at least 1"},
		{[]string{"bench", "1", "2", "3", "4"}, "at most three arguments"},
		{[]string{"bench", "16", "1", "5", "--depth", "6"}, "depth given twice"},
		{[]string{"bench", "--format", "xml"}, `unknown format "xml"`},
		{[]string{"bench", "--with", "nosuch"}, `unknown technique "nosuch"`},
		{[]string{"bench", "--without", "lmr,nosuch"}, `unknown technique "nosuch"`},
		{[]string{"bench", "--threads", "0"}, "threads must be between 1 and 64, got 0; try --threads 1"},
		{[]string{"bench", "16", "2", "--threads", "3"}, "threads given twice (--threads 3 and THREADS 2); give one"},
	} {
		line := wantUsageError(t, runCLI(t, tt.args...))
		if !strings.Contains(line, tt.want) {
			t.Errorf("%v: %q does not contain %q", tt.args, line, tt.want)
		}
	}
}

// --with and --without change the engine, so the signature: a candidate
// switched on, a technique switched off (depth 4).
func TestBenchSwitches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args  []string
		nodes string
	}{
		{nil, "217769"},
		// The engine before correction history joined it, and before
		// history malus did too.
		{[]string{"--without", "corrhist"}, "282190"},
		{[]string{"--without", "histmalus,corrhist"}, "285011"},
		{[]string{"--without", "histmalus"}, "219086"},
		// histlmr reduces more at a negative history score, which the
		// malus gives; without the malus only conthist gives one, and
		// histlmr alone changed nothing at depth 4
		// with the classical evaluation (it does with the network).
		{[]string{"--with", "histlmr"}, "217661"},
		{[]string{"--with", "histlmr", "--without", "histmalus"}, "219086"},
		{[]string{"--with", "histlmr,conthist"}, "218116"},
		{[]string{"--with", "conthist"}, "218227"},
		{[]string{"--with", " histlmr, ", "--without", "lmr"}, "220866"},
	} {
		r := runCLI(t, append([]string{"bench", "--depth", "4"}, tc.args...)...)
		wantOK(t, r)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if m := benchLastLineRe.FindStringSubmatch(lines[len(lines)-1]); m == nil || m[1] != tc.nodes {
			t.Errorf("bench --depth 4 %v: last line %q, want %s nodes", tc.args, lines[len(lines)-1], tc.nodes)
		}
	}
}

// Ctrl-C prints the rows so far, and no totals line.
func TestBenchInterrupted(t *testing.T) {
	t.Parallel()
	env := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	r := runIn(t, env, "bench")
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, "interrupted") {
		t.Errorf("exit %d, stderr %q; want 1 and interrupted", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "interrupted") || strings.Contains(r.stdout, " nps\n") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}
