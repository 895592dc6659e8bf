package cliapp

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/positions"
)

func TestExitStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  error
		code int
		line string
	}{
		{nil, 0, ""},
		{ErrStop, 0, ""},
		{Usagef("bad depth 0; use --depth 1 or more"), 2, "plylab: bad depth 0; use --depth 1 or more"},
		{Usagef("bad depth 0"), 2, "plylab: bad depth 0; run 'plylab --help' for usage"},
		{fmt.Errorf("perft: %w", Usagef("bad depth")), 2, "plylab: perft: bad depth; run 'plylab --help' for usage"},
		{NewUsage("bad name", "try --name x", nil), 2, "plylab: bad name; try --name x"},
		{CompleteUsage("no lesson foo", nil), 2, "plylab: no lesson foo"},
		{fmt.Errorf("lookup: %w", positions.ErrUnknown), 2, "plylab: lookup: unknown position or suite; run 'plylab positions list' to see what is available"},
		{errors.New("disk full\nsecond line"), 1, "plylab: disk full second line"},
		{context.Canceled, 1, "plylab: interrupted; the command was stopped before it finished"},
		{context.DeadlineExceeded, 1, "plylab: stopped at its time limit before it finished"},
		{fmt.Errorf("tree: %w", context.DeadlineExceeded), 1, "plylab: stopped at its time limit before it finished"},
	}
	for _, tt := range tests {
		code, line := ExitStatus(tt.err)
		if code != tt.code || line != tt.line {
			t.Errorf("ExitStatus(%v) = %d, %q; want %d, %q", tt.err, code, line, tt.code, tt.line)
		}
	}
}

func TestWithHintAndLookup(t *testing.T) {
	t.Parallel()
	inner := errors.New("inner")
	unknown := fmt.Errorf("no suite %q: %w", "x", positions.ErrUnknown)
	tests := []struct {
		name  string
		err   error
		want  string // "" for a nil error
		usage bool
	}{
		{"nil", WithHint(nil, "h"), "", false},
		{"plain error kept", WithHint(inner, "h"), "inner", false},
		{"hint added", WithHint(Usagef("bad"), "do h"), "bad; do h", true},
		{"what to do kept", WithHint(Usagef("bad; do x"), "do h"), "bad; do x", true},
		{"complete kept", WithHint(CompleteUsage("bad", inner), "do h"), "bad", true},
		{"hint kept", WithHint(NewUsage("bad", "do x", nil), "do h"), "bad; do x", true},
		{"unknown", WithHint(unknown, "do h"), `no suite "x": unknown position or suite; run 'plylab positions list' to see what is available`, true},
		{"lookup other", LookupError(inner), "inner", false},
		{"suite id", SuiteIDError(unknown, "wac"), `no suite "x": unknown position or suite; run 'plylab positions show wac' to list its ids`, true},
	}
	for _, tt := range tests {
		if tt.want == "" {
			if tt.err != nil {
				t.Errorf("%s: got %v, want nil", tt.name, tt.err)
			}
			continue
		}
		if tt.err.Error() != tt.want || IsUsageError(tt.err) != tt.usage {
			t.Errorf("%s: got %q (usage %v), want %q (usage %v)", tt.name, tt.err, IsUsageError(tt.err), tt.want, tt.usage)
		}
	}
	if !errors.Is(NewUsage("m", "", inner), inner) || !errors.Is(CompleteUsage("m", inner), inner) {
		t.Error("usage errors do not wrap their cause")
	}
}

// ReadError: a missing file is a usage error with the hint; any other
// error says the file cannot be read, without the os package's "open
// PATH:" prefix.
func TestReadError(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pgn")
	_, errMissing := os.Open(missing)
	errDenied := &fs.PathError{Op: "open", Path: "/root/x.epd", Err: fs.ErrPermission}
	tests := []struct {
		flag, path string
		err        error
		hint       string
		want       string
		usage      bool
	}{
		{"load", missing, errMissing, " (save games with the 'save FILE' command)",
			`--load: file "` + missing + `" does not exist; check the path (save games with the 'save FILE' command)`, true},
		{"openings", "/root/x.epd", errDenied, "", "--openings: cannot read /root/x.epd: permission denied", false},
	}
	for _, tt := range tests {
		err := ReadError(tt.flag, tt.path, tt.err, tt.hint)
		// The read error wraps the cause; the usage error is its own.
		if err.Error() != tt.want || IsUsageError(err) != tt.usage || errors.Is(err, fs.ErrPermission) == tt.usage {
			t.Errorf("ReadError(%s) = %q (usage %v), want %q (usage %v)", tt.flag, err, IsUsageError(err), tt.want, tt.usage)
		}
	}
}

// TestParamErrors: a domain package's input error is worded with flags, a
// usage error (FlagError, ParamUsage) or a plain one (Worded).
func TestParamErrors(t *testing.T) {
	rng := &param.RangeError{Param: "MaxPly", Got: 0, Min: 1, Max: 1000, Try: "20"}
	other := errors.New("disk on fire")
	for _, tc := range []struct {
		name  string
		err   error
		usage bool
		want  string
	}{
		{"FlagError range", FlagError(rng), true, "--max-ply must be between 1 and 1000, got 0; try --max-ply 20"},
		{"FlagError renamed", FlagError(param.Errorf("{Depth} %d is too deep", 9), "Depth", "--opponent-depth"), true, "--opponent-depth 9 is too deep"},
		{"FlagError other", FlagError(other), false, "disk on fire"},
		{"ParamUsage other", ParamUsage(other), true, "disk on fire"},
		{"Worded", Worded(param.Errorf("{Load}: %s is empty", "g.pgn")), false, "--load: g.pgn is empty"},
	} {
		if IsUsageError(tc.err) != tc.usage || tc.err.Error() != tc.want {
			t.Errorf("%s: %q (usage %t), want %q (usage %t)", tc.name, tc.err, IsUsageError(tc.err), tc.want, tc.usage)
		}
	}
	if !errors.Is(Worded(param.Errorf("{X}: %w", other)), other) {
		t.Error("Worded does not wrap the original error")
	}
}
