package main

import (
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
)

// TestReproduceGolden pins the whole ledger: a regression in any
// reproduced number changes the golden file and fails the build.
func TestReproduceGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("the ledger runs depth-5 searches (about 2 s)")
	}
	r := runCLI(t, "reproduce", "--format", "csv")
	wantOK(t, r)
	golden(t, "reproduce", r.stdout)
}

func TestReproduceSource(t *testing.T) {
	r := runCLI(t, "reproduce", "--source", "blog", "--format", "csv")
	wantOK(t, r)
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("--source blog: %v, %d lines:\n%s", err, len(rows), r.stdout)
	}
	for _, row := range rows[1:] {
		if row[0] != "blog" {
			t.Errorf("--source blog printed a row of %q: %v", row[0], row)
		}
	}
	bad := runCLI(t, "reproduce", "--source", "nosuch")
	if bad.code != 2 || !strings.Contains(bad.stderr, "unknown source") {
		t.Errorf("--source nosuch: exit %d, stderr %q; want 2 and a one-line error", bad.code, bad.stderr)
	}
}

func TestReproduceOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want ReproduceOptions
	}{
		{[]string{"reproduce"}, ReproduceOptions{Format: "table"}},
		{[]string{"reproduce", "--source", "Game-Trees", "-f", "json"}, ReproduceOptions{Source: "game-trees", Format: "json"}},
		{[]string{"reproduce", "--source", "ramz", "--run-slow"}, ReproduceOptions{Source: "ramz", Format: "table", RunSlow: true}},
	} {
		o, msg := parseOptions(t, newReproduceCommand, tt.args...)
		if o == nil || !reflect.DeepEqual(*o, tt.want) {
			t.Errorf("%v: got %+v (%s), want %+v", tt.args, o, msg, tt.want)
		}
	}
	wantParseError(t, newReproduceCommand, `--source: unknown source "nosuch"; choose one of`, "reproduce", "--source", "nosuch")
	wantParseError(t, newReproduceCommand, `unknown format "yaml"`, "reproduce", "-f", "yaml")
}
