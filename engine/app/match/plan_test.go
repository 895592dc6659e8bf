package match

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/param"
)

// planSetup is a valid Setup: alpha-beta at depth 1 against a random
// mover, the built-in openings.
func planSetup(t *testing.T) Setup {
	t.Helper()
	opts, err := engine.ParseAlgo("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	return Setup{Games: 2, Workers: 1, Seed: 7, Engine: opts, EngineLimit: Limit{Depth: 1},
		Opponent: OpponentSpec{Spec: "random", Limit: Limit{Depth: 1}}}
}

func TestSetupPlanErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.epd")
	if err := os.WriteFile(bad, []byte("not a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.epd")
	tests := []struct {
		name   string
		change func(*Setup)
		check  func(error) bool
		want   string
	}{
		{"no games", func(s *Setup) { s.Games = 0 }, isRange("Games", 0, 1, MaxGames), "Games must be between 1 and 1,000,000, got 0"},
		{"too many workers", func(s *Setup) { s.Workers = 257 }, isRange("Workers", 257, 1, MaxWorkers), "Workers must be between 1 and 256, got 257"},
		{"plain engine without depth", func(s *Setup) {
			s.Engine, _ = engine.ParseAlgo("minimax")
			s.EngineLimit = Limit{Nodes: 1000}
		}, func(err error) bool { return errors.Is(err, ErrEngineNeedsDepth) }, "the engine searches to a fixed depth only: minimax"},
		{"empty opponent", func(s *Setup) { s.Opponent.Spec = " " }, func(err error) bool { return errors.Is(err, ErrNoOpponent) }, ""},
		{"book and file", func(s *Setup) { s.Openings = OpeningSource{Book: "a.bin", File: "b.epd"} }, func(err error) bool { return errors.Is(err, ErrBothOpenings) }, "openings from both a book and a file"},
		{"opening plies", func(s *Setup) { s.Openings = OpeningSource{File: bad, Plies: 201} }, isRange("Openings.Plies", 201, 0, MaxOpeningPlies), ""},
		{"missing book", func(s *Setup) { s.Openings = OpeningSource{Book: missing, Plies: 8} }, isOpenings(true, true, fs.ErrNotExist), ""},
		{"missing file", func(s *Setup) { s.Openings = OpeningSource{File: missing, Plies: 8} }, isOpenings(false, true, fs.ErrNotExist), ""},
		{"bad file", func(s *Setup) { s.Openings = OpeningSource{File: bad, Plies: 8} }, isOpenings(false, false, nil), ""},
		{"sprt order", func(s *Setup) { s.SPRT = "10,0" }, func(err error) bool { return errors.Is(err, ErrSPRTOrder) }, ""},
		{"sprt form", func(s *Setup) { s.SPRT = "ten" }, func(err error) bool { return errors.Is(err, ErrSPRTForm) }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := planSetup(t)
			tt.change(&s)
			p, err := s.Plan()
			if p != nil || err == nil || !tt.check(err) {
				t.Fatalf("Plan() = %v, %v; want the %s error", p, err, tt.name)
			}
			if tt.want != "" && err.Error() != tt.want {
				t.Errorf("error %q, want %q", err, tt.want)
			}
		})
	}
}

func isRange(field string, got, lo, hi int) func(error) bool {
	return func(err error) bool {
		var re *param.RangeError
		return errors.As(err, &re) && *re == param.RangeError{Param: field, Got: int64(got), Min: int64(lo), Max: int64(hi)}
	}
}

func isOpenings(book, read bool, cause error) func(error) bool {
	return func(err error) bool {
		var oe *OpeningsError
		return errors.As(err, &oe) && oe.Book == book && oe.Read == read && (cause == nil || errors.Is(err, cause))
	}
}

func TestSetupPlan(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.epd")
	epd := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
	if err := os.WriteFile(file, []byte(epd), 0o644); err != nil {
		t.Fatal(err)
	}
	s := planSetup(t)
	s.Games, s.Workers, s.SPRT = 4, 2, "0,10"
	s.Openings = OpeningSource{File: file, Plies: 8}
	p, err := s.Plan()
	if err != nil {
		t.Fatal(err)
	}
	got := []string{p.EngineName, p.OpponentName, p.Openings, p.Config.Event}
	want := []string{"plylab alphabeta (depth 1)", "random", file + " (2 openings, in order)", "plylab match: plylab alphabeta (depth 1) vs random"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("plan names[%d] = %q, want %q", i, got[i], want[i])
		}
	}
	c := p.Config
	if c.Games != 4 || c.Workers != 2 || c.Seed != 7 || p.SPRT == nil || *p.SPRT != (SPRT{Elo0: 0, Elo1: 10}) || c.SPRT != p.SPRT {
		t.Errorf("config games %d workers %d seed %d sprt %v (plan %v); want 4, 2, 7, {0 10}", c.Games, c.Workers, c.Seed, c.SPRT, p.SPRT)
	}

	// Without openings: the built-in set; seed 0 takes one from the clock.
	s = planSetup(t)
	s.Seed = 0
	if p, err = s.Plan(); err != nil {
		t.Fatal(err)
	}
	if p.Openings != Builtin().Describe() || p.Config.Seed == 0 || p.SPRT != nil {
		t.Errorf("openings %q seed %d sprt %v; want the built-in set, a new seed, no SPRT", p.Openings, p.Config.Seed, p.SPRT)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestPlanPlay(t *testing.T) {
	p, err := planSetup(t).Plan()
	if err != nil {
		t.Fatal(err)
	}
	var pgn bytes.Buffer
	calls := 0
	res, err := p.Play(context.Background(), &pgn, func(_ *Game, r *Result) {
		calls++
		if len(r.Games) != calls {
			t.Errorf("call %d saw %d games", calls, len(r.Games))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 || len(res.Games) != 2 {
		t.Fatalf("%d calls, %d games; want 2 and 2", calls, len(res.Games))
	}
	event := `[Event "plylab match: plylab alphabeta (depth 1) vs random"]`
	if n := strings.Count(pgn.String(), event); n != 2 {
		t.Errorf("the PGN has %d games with %s, want 2:\n%s", n, event, pgn.String())
	}
	if res.Total != (WDL{W: 1, D: 1, L: 0}) {
		t.Errorf("total %v, want +1 =1 -0 (alpha-beta at depth 1 against random, seed 7)", res.Total)
	}

	// A failing writer: the match is played, the error comes after.
	res, err = p.Play(context.Background(), failWriter{}, nil)
	var pe *PGNError
	if !errors.As(err, &pe) || pe.Error() != "writing PGN: disk full" || res == nil || len(res.Games) != 2 {
		t.Errorf("Play to a failing writer = %v games, %v; want 2 games and writing PGN: disk full", res, err)
	}
}

// Setup's limits: none set is depth DefaultDepth for the engine, and an
// opponent without a limit takes the engine's.
func TestSetupPlanLimits(t *testing.T) {
	tests := []struct {
		name          string
		engine, opp   Limit
		wantEng, want string
	}{
		{"none", Limit{}, Limit{}, "depth 4", "depth 4"},
		{"engine's only", Limit{Depth: 3, Nodes: 500}, Limit{}, "depth 3, 500 nodes", "depth 3, 500 nodes"},
		{"both", Limit{Depth: 2}, Limit{MoveTime: 100 * time.Millisecond}, "depth 2", "100ms/move"},
		{"opponent's only", Limit{}, Limit{Depth: 1}, "depth 4", "depth 1"},
	}
	for _, tt := range tests {
		s := planSetup(t)
		s.EngineLimit, s.Opponent.Limit = tt.engine, tt.opp
		p, err := s.Plan()
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Config.Engine.Limit.String(); got != tt.wantEng || p.EngineName != "plylab alphabeta ("+tt.wantEng+")" {
			t.Errorf("%s: engine limit %q (%q), want %q", tt.name, got, p.EngineName, tt.wantEng)
		}
		if got := p.Config.Opponent.Limit.String(); got != tt.want {
			t.Errorf("%s: opponent limit %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Plan.Run writes the games to Setup.PGN and Report names the file; a
// file that cannot be created is a *PGNError with Create set, before any
// game.
func TestPlanRun(t *testing.T) {
	dir := t.TempDir()
	s := planSetup(t)
	s.PGN = filepath.Join(dir, "games.pgn")
	p, err := s.Plan()
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.PGN)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `[Event "plylab match: plylab alphabeta (depth 1) vs random"]`); n != 2 || len(res.Games) != 2 {
		t.Errorf("%d games played, %d in the PGN; want 2 and 2", len(res.Games), n)
	}
	rep := p.Report(res, func(time.Duration) string { return "T" })
	wantNote := "games written to " + s.PGN
	found := false
	for _, n := range rep.Notes {
		found = found || strings.Contains(n, wantNote)
	}
	if rep.Title != NewReport(res, ReportInfo{Engine: p.EngineName, Opponent: p.OpponentName}).Title || !found {
		t.Errorf("report title %q notes %q; want the plan's names and %q", rep.Title, rep.Notes, wantNote)
	}

	s.PGN = filepath.Join(dir, "no", "such", "dir.pgn")
	if p, err = s.Plan(); err != nil {
		t.Fatal(err)
	}
	calls := 0
	res, err = p.Run(context.Background(), func(*Game, *Result) { calls++ })
	var pe *PGNError
	if !errors.As(err, &pe) || !pe.Create || pe.Path != s.PGN || !errors.Is(err, fs.ErrNotExist) || res != nil || calls != 0 {
		t.Errorf("Run to %s = %v, %v after %d games; want a *PGNError with Create and no game", s.PGN, res, err, calls)
	}
}

// Two plylab engines without a clock replay the same games once a match
// outgrows its list of openings: Plan refuses such a match with a
// *RepeatError, and allows it with a clock, a random opponent, random book
// lines or at most two games an opening.
func TestSetupPlanRepeats(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "three.epd")
	three := board.StartFEN + "\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n" +
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
	if err := os.WriteFile(epd, []byte(three), 0o644); err != nil {
		t.Fatal(err)
	}
	clock := &Clock{Base: time.Second, Inc: 10 * time.Millisecond}
	tests := []struct {
		name     string
		games    int
		opponent string
		engine   Limit
		opp      Limit
		openings OpeningSource
		want     string // the error, or "" for a plan
	}{
		{"built-in, 100 games", 100, "engine", Limit{Depth: 1, Nodes: 1000}, Limit{}, OpeningSource{}, ""},
		{"built-in, 101 games", 101, "engine", Limit{Depth: 1, Nodes: 1000}, Limit{}, OpeningSource{},
			"101 games from 50 openings would repeat games: two plylab engines without a clock play each opening the same way every time, so only the first 100 games differ"},
		{"file, 7 games", 7, "alphabeta", Limit{Depth: 1}, Limit{}, OpeningSource{File: epd},
			"7 games from 3 openings would repeat games: two plylab engines without a clock play each opening the same way every time, so only the first 6 games differ"},
		{"file, 6 games", 6, "alphabeta", Limit{Depth: 1}, Limit{}, OpeningSource{File: epd}, ""},
		{"a clock for the engine", 7, "alphabeta", Limit{Depth: 1, Clock: clock}, Limit{Depth: 1}, OpeningSource{File: epd}, ""},
		{"a time per move for the opponent", 7, "alphabeta", Limit{Depth: 1}, Limit{Depth: 1, MoveTime: time.Second}, OpeningSource{File: epd}, ""},
		{"a random opponent", 7, "random", Limit{Depth: 1}, Limit{}, OpeningSource{File: epd}, ""},
		{"random book lines", 7, "alphabeta", Limit{Depth: 1}, Limit{}, OpeningSource{Book: filepath.Join("..", "book", "testdata", "grandswiss2019_20_polyglot.bin"), Plies: 4}, ""},
	}
	for _, tt := range tests {
		s := planSetup(t)
		s.Games, s.Opponent.Spec, s.EngineLimit, s.Opponent.Limit, s.Openings = tt.games, tt.opponent, tt.engine, tt.opp, tt.openings
		_, err := s.Plan()
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: error %q, want %q", tt.name, got, tt.want)
		}
		var re *RepeatError
		if tt.want != "" && (!errors.As(err, &re) || re.Max() != 2*re.Openings || re.Games != tt.games) {
			t.Errorf("%s: %v is not a *RepeatError for %d games", tt.name, err, tt.games)
		}
	}
}
