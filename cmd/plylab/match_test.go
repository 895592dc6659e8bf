package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"github.com/plylab/plylab/cmd/internal/cliapp"
)

// matchJSON is `plylab match --format json`.
type matchJSON struct {
	Title string `json:"title"`
	Rows  []struct {
		Group    string   `json:"group"`
		Category string   `json:"category"`
		Games    int      `json:"games"`
		Wins     int      `json:"wins"`
		Draws    int      `json:"draws"`
		Losses   int      `json:"losses"`
		ScorePct *float64 `json:"score_pct"`
		Elo      *float64 `json:"elo"`
		EloLow   *float64 `json:"elo_low"`
		EloHigh  *float64 `json:"elo_high"`
	} `json:"rows"`
	Notes []string `json:"notes"`
}

func parseMatchJSON(t *testing.T, out string) matchJSON {
	t.Helper()
	var m matchJSON
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return m
}

// readPGN parses a PGN file with notnil/chess (which checks every move)
// and returns its games.
func readPGN(t *testing.T, path string) []*chess.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*chess.Game
	sc := chess.NewScanner(f)
	for sc.Scan() {
		g := sc.Next()
		if len(g.TagPairs()) == 0 && len(g.Moves()) == 0 {
			continue // notnil reads the blank line after the last game as a game
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	return games
}

// Against the random mover at depth 2 the result is fixed by the seed.
func TestMatchRandom(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	r := runCLI(t, "match", "--games", "6", "--depth", "2", "--seed", "42", "-j", "2", "--hash", "1", "--pgn", pgn, "--format", "json")
	wantOK(t, r)
	m := parseMatchJSON(t, r.stdout)
	total := m.Rows[0]
	if total.Group != "total" || total.Games != 6 || total.Wins != 6 || total.Draws != 0 || total.Losses != 0 {
		t.Errorf("total row %+v, want +6 =0 -0", total)
	}
	// A perfect score: infinite estimate (null) with a finite lower bound.
	if total.Elo != nil || total.EloLow == nil || *total.EloLow <= 0 || total.EloHigh != nil {
		t.Errorf("Elo %v, low %v", total.Elo, total.EloLow)
	}
	if m.Rows[1].Category != "engine White" || m.Rows[1].Games != 3 || m.Rows[2].Games != 3 {
		t.Errorf("color rows %+v %+v", m.Rows[1], m.Rows[2])
	}
	phases := 0
	for _, row := range m.Rows {
		if row.Group == "phase" {
			phases += row.Games
		}
	}
	if phases != 6 {
		t.Errorf("phase rows count %d games, want 6", phases)
	}
	games := readPGN(t, pgn)
	if len(games) != 6 {
		t.Fatalf("%d games in the PGN file, want 6", len(games))
	}
	for _, g := range games {
		if g.Outcome() == chess.NoOutcome && g.GetTagPair("Result").Value == "*" {
			t.Errorf("unfinished game in PGN")
		}
	}
	if !strings.Contains(strings.Join(m.Notes, "\n"), "seed 42") {
		t.Errorf("notes %q lack the seed", m.Notes)
	}
}

// The table report: the result line with percentages, Elo interval and LOS.
func TestMatchTableAndSPRT(t *testing.T) {
	r := runCLI(t, "match", "--games", "40", "--depth", "2", "--seed", "42", "--hash", "1", "--sprt", "0,400")
	wantOK(t, r)
	for _, want := range []string{
		"match: plylab engine (depth 2) vs random, 5 of 40 games",
		"plylab engine vs random: +5 =0 -0 (100.0% wins, 0.0% draws, 0.0% losses), score 100.0%; Elo difference +inf, 95% interval +",
		"SPRT elo0 0, elo1 400 (alpha = beta = 0.05): LLR 2.99, bounds [-2.94, 2.94]: H1 accepted",
		"stopped by the SPRT after 5 of 40 games",
		"engine White", "ended in middlegame", "checkmate",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
}

// Self-play ablation: the engine against itself without null move.
func TestMatchSelfPlay(t *testing.T) {
	r := runCLI(t, "match", "--opponent", "engine-without-null", "--games", "2", "--depth", "2", "--hash", "1", "--format", "csv")
	wantOK(t, r)
	if !strings.HasPrefix(r.stdout, "group,category,games,wins,draws,losses,") || !strings.Contains(r.stdout, "\ntotal,all,2,") {
		t.Errorf("csv:\n%s", r.stdout)
	}
}

// Fixed-node games do not depend on the clock: two runs with the same seed
// play the same games, to the same result.
func TestMatchFixedNodes(t *testing.T) {
	args := []string{"match", "--opponent", "engine-without-null", "--nodes", "3000", "--games", "4",
		"--hash", "1", "--seed", "5", "--format", "csv"}
	r1 := runCLI(t, args...)
	wantOK(t, r1)
	r2 := runCLI(t, args...)
	wantOK(t, r2)
	if r1.stdout != r2.stdout {
		t.Errorf("two fixed-node runs differ:\n%s\n%s", r1.stdout, r2.stdout)
	}
	if !strings.Contains(r1.stdout, "\ntotal,all,4,") {
		t.Errorf("csv:\n%s", r1.stdout)
	}
}

func TestMatchUsageErrors(t *testing.T) {
	dir := t.TempDir()
	badOpenings := filepath.Join(dir, "bad.epd")
	if err := os.WriteFile(badOpenings, []byte("not a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--tc", "10+x"}, "--tc: bad time control"},
		{[]string{"--tc", ""}, "--tc: bad time control"},
		{[]string{"--opponent-tc", "fast"}, "--opponent-tc: bad time control"},
		{[]string{"--opponent-option", "UCI_Elo"}, "is not NAME=VALUE"},
		{[]string{"--opponent-option", "UCI_Elo=1500"}, "--opponent-option sets options of a UCI engine"},
		{[]string{"--opponent", "/no/such/stockfish"}, "install Stockfish"},
		{[]string{"--opponent", "nosuchengine"}, "is not random, a plylab algorithm"},
		{[]string{"--games", "0"}, "--games must be between 1"},
		{[]string{"-j", "0"}, "--concurrency must be between 1"},
		{[]string{"--depth", "0"}, "--depth must be between 1"},
		{[]string{"--movetime", "0s"}, `--movetime "0s": expected a positive duration like 500ms`},
		{[]string{"--time-margin", "-1s"}, `--time-margin "-1s": expected a positive duration`},
		{[]string{"--sprt", "10"}, "bad --sprt"},
		{[]string{"--sprt", "10,0"}, "ELO0 must be less than ELO1"},
		{[]string{"--engine", "minimax", "--movetime", "1s"}, "searches to a fixed depth only"},
		{[]string{"--engine", "nosuch"}, "--engine: unknown algorithm"},
		{[]string{"--without", "nosuch"}, "nosuch"},
		{[]string{"--eval", "neural"}, "--eval"},
		{[]string{"--book", "x.bin", "--openings", "y.epd"}, "use --book or --openings, not both"},
		{[]string{"--openings", filepath.Join(dir, "missing.epd")}, "does not exist"},
		{[]string{"--book", filepath.Join(dir, "missing.bin")}, "does not exist"},
		{[]string{"--openings", badOpenings}, "plylab: --openings: "},
		{[]string{"--openings", badOpenings, "--opening-plies", "201"}, "plylab: --opening-plies must be between 0 and 200, got 201"},
		{[]string{"-j", "257"}, "plylab: --concurrency must be between 1 and 256, got 257"},
		{[]string{"--opponent", "minimax", "--opponent-nodes", "100"}, "the opponent minimax searches to a fixed depth only"},
		{[]string{"--format", "xml"}, "unknown format"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"--opponent", "engine", "--nodes", "500", "--games", "101"}, "plylab: --games 101: 101 games from 50 openings would repeat games: two plylab engines without a clock play each opening the same way every time, so only the first 100 games differ; play at most --games 100, or draw random lines with --book FILE, give more openings with --openings FILE, or use a clock (--tc)"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runCLI(t, append([]string{"match", "--games", "2"}, tt.args...)...)
			line := wantUsageError(t, r)
			if !strings.Contains(line, tt.want) {
				t.Errorf("error %q lacks %q", line, tt.want)
			}
		})
	}
}

// stockfishPath finds Stockfish. Without it the test is skipped, except
// in CI, where the test command (./test.sh) installs it: there its
// absence is a failure.
func stockfishPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/games/stockfish", "stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("Stockfish is not installed (no /usr/games/stockfish, none in PATH), but CI is set: " +
			"the test command ./test.sh should have installed it (apt-get install -y stockfish)")
	}
	t.Skip("Stockfish not installed (apt-get install stockfish); ./test.sh installs it")
	return ""
}

// A short match against Stockfish at its weakest: both games finish by the
// rules with legal moves, and the report has its result line.
func TestMatchStockfish(t *testing.T) {
	sf := stockfishPath(t)
	pgn := filepath.Join(t.TempDir(), "sf.pgn")
	r := runCLI(t, "match", "--opponent", sf,
		"--opponent-option", "UCI_LimitStrength=true", "--opponent-option", "UCI_Elo=1500", "--opponent-option", "Threads=1",
		"--movetime", "50ms", "--games", "2", "-j", "2", "--hash", "1", "--seed", "1", "--pgn", pgn)
	wantOK(t, r)
	for _, want := range []string{"of 2 games", "total  all", "Elo difference", "vs Stockfish"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	games := readPGN(t, pgn)
	if len(games) != 2 {
		t.Fatalf("%d games in %s, want 2", len(games), pgn)
	}
	for _, g := range games {
		res := g.GetTagPair("Result").Value
		term := g.GetTagPair("Termination").Value
		if res != "1-0" && res != "0-1" && res != "1/2-1/2" {
			t.Errorf("result %q", res)
		}
		// The moves parsed (notnil checks legality); a normal ending must
		// agree with the rules.
		if term == "normal" && res != "1/2-1/2" && g.Method() != chess.Checkmate {
			t.Errorf("decisive normal game without checkmate: %v", g.Method())
		}
		if term == "abandoned" || term == "rules infraction" {
			t.Errorf("game ended by %s", term)
		}
	}

	// Stockfish's options are checked against what it announces.
	r = runCLI(t, "match", "--opponent", sf, "--opponent-option", "UCI_Elo=100", "--games", "1", "--depth", "1")
	if line := wantUsageError(t, r); !strings.Contains(line, "UCI_Elo goes from") {
		t.Errorf("error %q", line)
	}
	r = runCLI(t, "match", "--opponent", sf, "--opponent-option", "Strength=3", "--games", "1", "--depth", "1")
	if line := wantUsageError(t, r); !strings.Contains(line, `has no option "Strength"`) {
		t.Errorf("error %q", line)
	}
}

// Ctrl-C (a cancelled context) reports the games finished and exits 1.
func TestMatchInterrupted(t *testing.T) {
	env := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	r := runIn(t, env, "match", "--games", "4", "--depth", "1")
	if r.code != cliapp.ExitFailure || !strings.Contains(r.stderr, "interrupted") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "interrupted: 0 of 4 games finished") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
}

// Openings from a Polyglot book: each line is played twice, colors reversed.
func TestMatchBookOpenings(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "book.pgn")
	r := runCLI(t, "match", "--book", filepath.Join("testdata", "book_gs20.bin"), "--opening-plies", "4",
		"--games", "4", "--depth", "1", "--hash", "1", "--seed", "3", "--pgn", pgn)
	wantOK(t, r)
	if !strings.Contains(r.stdout, "random lines of up to 4 plies, seed 3") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	games := readPGN(t, pgn)
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	byRound := map[string][]string{}
	for _, g := range games {
		var moves []string
		for _, m := range g.Moves()[:4] {
			moves = append(moves, m.String())
		}
		byRound[g.GetTagPair("Round").Value] = moves
	}
	if strings.Join(byRound["1"], " ") != strings.Join(byRound["2"], " ") || strings.Join(byRound["3"], " ") != strings.Join(byRound["4"], " ") {
		t.Errorf("pairs do not share their opening: %v", byRound)
	}
}

// On a terminal, stderr shows a progress bar, cleared at the end.
func TestMatchProgressBar(t *testing.T) {
	env := testEnv()
	env.IsTerminal = func(w io.Writer) bool { return w == env.Stderr }
	r := runIn(t, env, "match", "--games", "2", "--depth", "1", "--hash", "1", "--seed", "1")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "] 2/2 games  +2 =0 -0  score 100.0%") || !strings.HasSuffix(r.stderr, "\r\x1b[K") {
		t.Errorf("stderr %q", r.stderr)
	}
}
