package main

import (
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
	if strings.Contains(r.stdout, "game-trees") || !strings.Contains(r.stdout, "blog,") {
		t.Errorf("--source blog printed other sources or none:\n%s", r.stdout)
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
