package matchcmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// Flags to Options: the plan's players, limits (the opponent takes
// the engine's unless --opponent-* says otherwise), seed and PGN file.
func TestMatchOptions(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "g.pgn")
	tests := []struct {
		args                 []string
		engine, opponent     string
		engLimit, oppLimit   string
		games, workers, seed int
		pgn, format          string
	}{
		{[]string{"match"}, "plylab engine (depth 4)", "random", "depth 4", "depth 4", 10, 1, 0, "", "table"},
		{[]string{"match", "--games", "4", "-j", "2", "--nodes", "500", "--seed", "5", "--pgn", pgn, "--format", "json"},
			"plylab engine (500 nodes)", "random", "500 nodes", "500 nodes", 4, 2, 5, pgn, "json"},
		{[]string{"match", "--opponent", "alphabeta", "--opponent-depth", "2", "--movetime", "100ms", "--seed", "1"},
			"plylab engine (100ms/move)", "plylab alphabeta (material) (depth 2)", "100ms/move", "depth 2", 10, 1, 1, "", "table"},
	}
	for _, tt := range tests {
		o, err := cliapp.ParseOnly(New, tt.args...)
		if err != nil {
			t.Errorf("%v: %v", tt.args, err)
			continue
		}
		p := o.Plan
		got := []any{p.EngineName, p.OpponentName, p.Config.Engine.Limit.String(), p.Config.Opponent.Limit.String(), p.Config.Games, p.Config.Workers, p.PGNPath, o.Format}
		want := []any{tt.engine, tt.opponent, tt.engLimit, tt.oppLimit, tt.games, tt.workers, tt.pgn, tt.format}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%v: field %d = %v, want %v", tt.args, i, got[i], want[i])
			}
		}
		if tt.seed != 0 && p.Config.Seed != uint64(tt.seed) {
			t.Errorf("%v: seed %d, want %d", tt.args, p.Config.Seed, tt.seed)
		}
	}
	if _, err := cliapp.ParseOnly(New, "match", "--opponent-option", "UCI_Elo"); err == nil || !cliapp.IsUsageError(err) ||
		!strings.Contains(err.Error(), `--opponent-option "UCI_Elo" is not NAME=VALUE`) {
		t.Errorf("--opponent-option UCI_Elo: %v, want a usage error that it is not NAME=VALUE", err)
	}
}
