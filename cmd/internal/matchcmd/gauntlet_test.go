package matchcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// Flags to GauntletOptions: the modes that only print, and the games to
// play with their engines, limit, openings, seed, margin and folder.
func TestGauntletOptions(t *testing.T) {
	dir := t.TempDir()
	// The parser checks that each engine's executable exists; these
	// stand-ins (never started here) make the test independent of which
	// engines the machine has installed.
	bin := t.TempDir()
	for _, name := range []string{"ethereal-chess", "toga2", "glaurung", "gnuchess", "phalanx"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	tests := []struct {
		args    []string
		mode    string // "play", "list", "stored", "from-pgn"
		engines string // the keys played, comma-separated
		limit   string
		games   int
		seed    uint64
		margin  time.Duration
		hash    int
		pgn     string // the PGN file of the first engine
	}{
		{[]string{"gauntlet", "--dir", dir, "--seed", "7"}, "play", "ethereal,toga2,glaurung,gnuchess,phalanx", "10+0.1", 20, 7, 500 * time.Millisecond, 16,
			filepath.Join(dir, "ethereal-10+0.1.pgn")},
		{[]string{"gauntlet", "--dir", dir, "--engines", " phalanx, glaurung ", "--tc", "60+0.6", "-n", "4", "--seed", "3", "--time-margin", "0", "--hash", "64"},
			"play", "phalanx,glaurung", "60+0.6", 4, 3, 0, 64, filepath.Join(dir, "phalanx-60+0.6.pgn")},
		{[]string{"gauntlet", "--dir", dir, "--engines", "gnuchess", "--depth", "3", "--seed", "1", "--time-margin", "2s"}, "play", "gnuchess", "depth 3", 20, 1, 2 * time.Second, 16,
			filepath.Join(dir, "gnuchess-depth3.pgn")},
		{[]string{"gauntlet", "--list"}, "list", "", "", 0, 0, 0, 0, ""},
		{[]string{"gauntlet", "--stored", "--engines", "glaurung"}, "stored", "", "", 0, 0, 0, 0, ""},
		{[]string{"gauntlet", "--from-pgn", dir}, "from-pgn", "", "", 0, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		o, err := cliapp.ParseOnly(NewGauntlet, tt.args...)
		if err != nil {
			t.Errorf("%v: %v", tt.args, err)
			continue
		}
		mode := "play"
		switch {
		case o.ShowList:
			mode = "list"
		case o.Stored:
			mode = "stored"
		case o.FromPGN != "":
			mode = "from-pgn"
		}
		if mode != tt.mode || (mode == "play") != (o.Gauntlet != nil) || len(o.List) != 5 {
			t.Errorf("%v: mode %s (games %v, list of %d), want %s", tt.args, mode, o.Gauntlet != nil, len(o.List), tt.mode)
			continue
		}
		if o.Gauntlet == nil {
			continue
		}
		g := o.Gauntlet
		var keys []string
		for _, e := range g.Engines {
			keys = append(keys, e.Key)
		}
		got := []any{strings.Join(keys, ","), g.Limit.String(), g.Games, g.Seed, g.TimeMargin, g.Engine.TTSizeMB, g.PGNFile(g.Engines[0]), g.Workers}
		want := []any{tt.engines, tt.limit, tt.games, tt.seed, tt.margin, tt.hash, tt.pgn, 1}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%v: field %d = %v, want %v", tt.args, i, got[i], want[i])
			}
		}
	}
}
