package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/board"
)

func engineEntrant(t *testing.T, algo string, limit Limit) Entrant {
	t.Helper()
	o, err := engine.ParseAlgo(algo)
	if err != nil {
		t.Fatal(err)
	}
	o.TTSizeMB = 1
	return Entrant{New: func(context.Context) (Player, error) { return NewEngine("", o), nil }, Limit: limit}
}

func randomEntrant() Entrant {
	return Entrant{New: func(context.Context) (Player, error) { return NewRandom(0), nil }, Limit: Limit{Depth: 1}}
}

func runMatch(t *testing.T, cfg Config) *Result {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkLegal replays every game with notnil/chess: each move legal, and
// the recorded ending agrees with the rules.
func checkLegal(t *testing.T, games []*Game) {
	t.Helper()
	for _, g := range games {
		opt, err := chess.FEN(g.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		ng := chess.NewGame(opt)
		for i, u := range g.Moves {
			m, err := chess.UCINotation{}.Decode(ng.Position(), u)
			if err == nil {
				err = ng.Move(m)
			}
			if err != nil {
				t.Fatalf("game %d: move %d %s illegal: %v", g.Round, i+1, u, err)
			}
		}
		switch g.Termination {
		case Checkmate:
			if ng.Method() != chess.Checkmate {
				t.Errorf("game %d: recorded mate, notnil says %v", g.Round, ng.Method())
			}
		case Threefold:
			if !slices.Contains(ng.EligibleDraws(), chess.ThreefoldRepetition) && ng.Method() != chess.FivefoldRepetition {
				t.Errorf("game %d: recorded threefold, not eligible", g.Round)
			}
		}
		if g.FinalFEN != "" && g.FinalFEN != ng.Position().String() {
			t.Errorf("game %d: final FEN %s, replay gives %s", g.Round, g.FinalFEN, ng.Position())
		}
	}
}

// The engine at depth 2 against a random mover: the exact result is
// fixed by the seed, and the same at any concurrency.
func TestEngineVsRandomDeterministic(t *testing.T) {
	cfg := Config{Engine: engineEntrant(t, "engine", Limit{Depth: 2}), Opponent: randomEntrant(), Games: 6, Seed: 42}
	cfg.Workers = 1
	one := runMatch(t, cfg)
	cfg.Workers = 3
	three := runMatch(t, cfg)

	if want := (WDL{6, 0, 0}); one.Total != want {
		t.Errorf("W/D/L = %v, want %v", one.Total, want)
	}
	plies := 0
	for i, g := range one.Games {
		plies += len(g.Moves)
		if !slices.Equal(g.Moves, three.Games[i].Moves) {
			t.Errorf("game %d differs between 1 and 3 workers", g.Round)
		}
		if g.Round != i+1 {
			t.Errorf("games out of order: %d at %d", g.Round, i)
		}
		wantColor := board.White
		if i%2 == 1 {
			wantColor = board.Black
		}
		if g.EngineColor != wantColor {
			t.Errorf("game %d: engine color %v, want %v", g.Round, g.EngineColor, wantColor)
		}
		if i%2 == 1 && !slices.Equal(g.Moves[:g.BookPlies], one.Games[i-1].Moves[:g.BookPlies]) {
			t.Errorf("game %d does not repeat game %d's opening", g.Round, g.Round-1)
		}
	}
	if plies != 329 {
		t.Errorf("%d plies in all, want 329 (the games changed)", plies)
	}
	if one.Total != three.Total || one.ByColor != three.ByColor || one.ByPhase != three.ByPhase {
		t.Errorf("1 worker %v, 3 workers %v", one.Total, three.Total)
	}
	if one.ByColor[board.White].W+one.ByColor[board.Black].W != 6 || one.ByColor[board.White].N() != 3 {
		t.Errorf("by color %v", one.ByColor)
	}
	if n := one.ByPhase[0].N() + one.ByPhase[1].N() + one.ByPhase[2].N(); n != 6 {
		t.Errorf("by phase counts %d games", n)
	}
	checkLegal(t, one.Games)
}

// Self-play ablation: the full engine against itself without null move.
func TestSelfPlayAblation(t *testing.T) {
	res := runMatch(t, Config{
		Engine:   engineEntrant(t, "engine", Limit{Depth: 2}),
		Opponent: engineEntrant(t, "engine-without-null", Limit{Depth: 2}),
		Games:    2, Workers: 2, Seed: 1,
	})
	if res.Total.N() != 2 || res.Engine != "plylab engine" || res.Opponent != "plylab engine-without-null" {
		t.Fatalf("got %v, %q vs %q", res.Total, res.Engine, res.Opponent)
	}
	checkLegal(t, res.Games)
}

// Under a clock the engine manages its time and never forfeits.
func TestClockGames(t *testing.T) {
	if testing.Short() {
		t.Skip("timed games")
	}
	clk := &Clock{Base: 500 * time.Millisecond, Inc: 10 * time.Millisecond}
	res := runMatch(t, Config{Engine: engineEntrant(t, "engine", Limit{Clock: clk}), Opponent: randomEntrant(),
		Games: 2, Workers: 2, Seed: 3, TimeMargin: 50 * time.Millisecond})
	for _, g := range res.Games {
		if g.Termination == TimeForfeit {
			t.Errorf("game %d: %s", g.Round, g.Summary())
		}
	}
	checkLegal(t, res.Games)
}

// SPRT 0 against 400 Elo accepts H1 after five straight wins.
func TestSPRTStopsEarly(t *testing.T) {
	res := runMatch(t, Config{Engine: engineEntrant(t, "engine", Limit{Depth: 2}), Opponent: randomEntrant(),
		Games: 40, Workers: 1, Seed: 42, SPRT: &SPRT{Elo0: 0, Elo1: 400}})
	if res.Verdict != AcceptH1 || len(res.Games) != 5 || res.Interrupted {
		t.Errorf("verdict %v after %d games (LLR %.3f), want H1 after 5", res.Verdict, len(res.Games), res.LLR)
	}
}

// Cancelling the context stops the match and keeps the finished games.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := Run(ctx, Config{Engine: engineEntrant(t, "engine", Limit{Depth: 2}), Opponent: randomEntrant(),
		Games: 50, Workers: 1, Seed: 1, OnGame: func(g *Game, r *Result) {
			if len(r.Games) == 2 {
				cancel()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Games) != 2 {
		t.Errorf("interrupted %v with %d games, want true with 2", res.Interrupted, len(res.Games))
	}
}

// scripted plays moves from a list (cycling), slowly or wrongly on demand.
type scripted struct {
	name  string
	moves []string
	i     int
	delay time.Duration
	err   error
}

func (s *scripted) Name() string                             { return s.name }
func (s *scripted) NewGame(context.Context, GameStart) error { s.i = 0; return nil }
func (s *scripted) Close() error                             { return nil }
func (s *scripted) Move(ctx context.Context, _ Position, _ Turn) (Reply, error) {
	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-ctx.Done():
			return Reply{}, ctx.Err()
		}
	}
	if s.err != nil {
		return Reply{}, s.err
	}
	m := s.moves[s.i%len(s.moves)]
	s.i++
	return Reply{Move: m}, nil
}

func entrant(p Player, l Limit) Entrant {
	return Entrant{New: func(context.Context) (Player, error) { return p, nil }, Limit: l}
}

// playOne plays one game of white against black from fen.
func playOne(t *testing.T, fen string, white, black Player, l Limit) *Game {
	t.Helper()
	res := runMatch(t, Config{Engine: entrant(white, l), Opponent: entrant(black, l), Games: 1,
		Openings: &List{Source: "test", Openings: []Opening{{Name: "test", FEN: fen}}}, TimeMargin: 10 * time.Millisecond})
	if len(res.Games) != 1 {
		t.Fatalf("%d games", len(res.Games))
	}
	return res.Games[0]
}

func TestEndings(t *testing.T) {
	depth := Limit{Depth: 1}
	fast := Limit{MoveTime: 20 * time.Millisecond}
	tests := []struct {
		name         string
		fen          string
		white, black *scripted
		limit        Limit
		term         Termination
		result       string
	}{
		{"threefold", board.StartFEN,
			&scripted{moves: []string{"g1f3", "f3g1"}}, &scripted{moves: []string{"g8f6", "f6g8"}},
			depth, Threefold, "1/2-1/2"},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
			&scripted{moves: []string{"a1a2"}}, &scripted{moves: []string{"e8d8"}},
			depth, FiftyMoves, "1/2-1/2"},
		{"insufficient material", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
			&scripted{moves: []string{"e1d2"}}, &scripted{moves: []string{"e8d8"}},
			depth, InsufficientMaterial, "1/2-1/2"},
		{"checkmate", board.StartFEN,
			&scripted{moves: []string{"f2f3", "g2g4"}}, &scripted{moves: []string{"e7e5", "d8h4"}},
			depth, Checkmate, "0-1"},
		{"stalemate", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1",
			&scripted{moves: []string{"g6f7"}}, &scripted{moves: []string{"h8h7"}},
			depth, Stalemate, "1/2-1/2"},
		{"time forfeit", board.StartFEN,
			&scripted{moves: []string{"e2e4"}, delay: 150 * time.Millisecond}, &scripted{moves: []string{"e7e5"}},
			fast, TimeForfeit, "0-1"},
		{"timeout vs insufficient material", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
			&scripted{moves: []string{"a1a2"}, delay: 150 * time.Millisecond}, &scripted{moves: []string{"e8d8"}},
			fast, TimeoutVsMaterial, "1/2-1/2"},
		{"illegal move", board.StartFEN,
			&scripted{moves: []string{"e2e4"}}, &scripted{moves: []string{"e7e4"}},
			depth, IllegalMove, "1-0"},
		{"player error", board.StartFEN,
			&scripted{moves: []string{"e2e4"}, err: errors.New("crashed")}, &scripted{moves: []string{"e7e5"}},
			depth, PlayerError, "0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.white.name, tt.black.name = "white", "black"
			g := playOne(t, tt.fen, tt.white, tt.black, tt.limit)
			if g.Termination != tt.term || g.Result() != tt.result {
				t.Errorf("ended %v %s (%s), want %v %s", g.Termination, g.Result(), g.Summary(), tt.term, tt.result)
			}
			checkLegal(t, []*Game{g})
		})
	}
}

// Every game written as PGN reads back with notnil/chess: same moves, same
// result, and the start position of a game from a FEN (here with Black to
// move, so the movetext starts "1...").
func TestPGNRoundTrip(t *testing.T) {
	epd := "# test openings\n" +
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open game\";\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
	list, err := ReadEPD(strings.NewReader(epd), "test.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Openings) != 2 || list.Openings[0].Name != "open game" || list.Openings[1].Name != "line 3" {
		t.Fatalf("openings %+v", list.Openings)
	}
	res := runMatch(t, Config{Engine: engineEntrant(t, "engine", Limit{Depth: 1}), Opponent: randomEntrant(),
		Games: 4, Workers: 2, Seed: 5, Openings: list, Event: `test "quoted" event`})
	var buf bytes.Buffer
	for _, g := range res.Games {
		if err := WritePGN(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	text := buf.String()
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 80 {
			t.Errorf("line longer than 80: %q", line)
		}
	}
	if !strings.Contains(text, "1... ") || !strings.Contains(text, `[SetUp "1"]`) || !strings.Contains(text, `[Event "test \"quoted\" event"]`) {
		t.Errorf("PGN lacks 1..., SetUp or the escaped event:\n%s", text)
	}
	sc := chess.NewScanner(strings.NewReader(text))
	i := 0
	for sc.Scan() {
		pg := sc.Next()
		if len(pg.TagPairs()) == 0 && len(pg.Moves()) == 0 {
			continue // notnil's scanner reads the blank line after the last game as an empty game
		}
		if i >= len(res.Games) {
			t.Fatal("more games read than written")
		}
		g := res.Games[i]
		var moves []string
		for _, m := range pg.Moves() {
			moves = append(moves, m.String())
		}
		if !slices.Equal(moves, g.Moves) {
			t.Errorf("game %d: read %v, wrote %v", g.Round, moves, g.Moves)
		}
		if tp := pg.GetTagPair("Result"); tp == nil || tp.Value != g.Result() {
			t.Errorf("game %d: Result tag %v, want %s", g.Round, tp, g.Result())
		}
		if tp := pg.GetTagPair("Round"); tp == nil || tp.Value != strconv.Itoa(g.Round) {
			t.Errorf("game %d: Round tag %v", g.Round, tp)
		}
		if got := pg.Positions()[0].String(); got != g.StartFEN {
			t.Errorf("game %d: start %s, want %s", g.Round, got, g.StartFEN)
		}
		i++
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	if i != len(res.Games) {
		t.Errorf("read %d games, wrote %d", i, len(res.Games))
	}
}

func TestOpenings(t *testing.T) {
	b := Builtin()
	if len(b.Openings) != 50 {
		t.Errorf("%d built-in openings, want 50", len(b.Openings))
	}
	seen := map[string]bool{}
	for _, o := range b.Openings {
		key := strings.Join(o.Moves, " ")
		if len(o.Moves) != 8 || seen[key] {
			t.Errorf("opening %s: %d moves, duplicate %v", o.Name, len(o.Moves), seen[key])
		}
		seen[key] = true
	}
	if o, _ := b.Opening(51); o.Name != b.Openings[1].Name {
		t.Errorf("openings do not cycle")
	}

	pgn := `[Event "a"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "b"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 *

[Event "c"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *
`
	l, err := ReadPGN(strings.NewReader(pgn), "t.pgn", 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Openings) != 1 || strings.Join(l.Openings[0].Moves, " ") != "e2e4 e7e5 g1f3 b8c6" {
		t.Errorf("PGN openings: %+v (want one line, duplicates dropped)", l.Openings)
	}

	for _, bad := range []string{"not a fen\n", "8/8/8/8/8/8/8/8 w - -\n", "\n# nothing\n"} {
		if _, err := ReadEPD(strings.NewReader(bad), "bad.epd"); err == nil {
			t.Errorf("ReadEPD(%q) succeeded", bad)
		}
	}

	// Book lines: reproducible per pair and seed, legal, up to Plies long.
	bk, _, err := book.BuildPGN(strings.NewReader(pgn), book.BuildOptions{ByCount: true})
	if err != nil {
		t.Fatal(err)
	}
	bo := &BookOpenings{Book: bk, Plies: 5, Seed: 9, Source: "test"}
	for i := range 4 {
		o1, _ := bo.Opening(i)
		o2, _ := bo.Opening(i)
		if !slices.Equal(o1.Moves, o2.Moves) || len(o1.Moves) != 5 {
			t.Errorf("book line %d: %v then %v", i, o1.Moves, o2.Moves)
		}
		if _, err := o1.validate(); err != nil {
			t.Errorf("book line %d: %v", i, err)
		}
	}
}
