package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	goldenfile "github.com/plylab/plylab/engine/kit/golden"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// update is the -update flag (see engine/kit/golden).
var update = goldenfile.Update

// result is what one in-process run of plylab produced.
type result struct {
	stdout, stderr string
	code           int
}

// testEnv is an appEnv with an empty environment (no NO_COLOR, TERM) and
// a non-terminal stdout, so output is deterministic and colorless.
func testEnv() *appEnv {
	return &appEnv{Env: cliapp.Env{
		Getenv:     func(string) string { return "" },
		IsTerminal: func(io.Writer) bool { return false },
	}}
}

// runIn runs `plylab args...` in env, capturing its output.
func runIn(t testing.TB, env *appEnv, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	env.Stdout, env.Stderr = &out, &errb
	code := runWith(env, append([]string{"plylab"}, args...))
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// runCLI runs `plylab args...` in a fresh test environment.
func runCLI(t testing.TB, args ...string) result {
	t.Helper()
	return runIn(t, testEnv(), args...)
}

// wantOK checks a successful run with nothing on stderr.
func wantOK(t *testing.T, r result) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and no stderr", r.code, r.stderr)
	}
}

// wantUsageError checks exit status 2, nothing on stdout and exactly one
// line on stderr starting with "plylab: "; it returns that line.
func wantUsageError(t *testing.T, r result) string {
	t.Helper()
	if r.code != cliapp.ExitUsage {
		t.Errorf("exit %d, want %d (stderr %q)", r.code, cliapp.ExitUsage, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout = %q, want nothing", r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "plylab: ") || !strings.HasSuffix(r.stderr, "\n") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr = %q, want one line starting with \"plylab: \"", r.stderr)
	}
	return strings.TrimSuffix(r.stderr, "\n")
}

// golden compares got with testdata/name.golden (rewritten by -update).
func golden(t *testing.T, name, got string) { t.Helper(); goldenfile.Check(t, name, got) }
