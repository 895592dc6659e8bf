package play

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/app/game"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/engine/kit/golden"
)

// testConfig is a game at depth 2 on a fixed date, with no boards drawn.
func testConfig(human board.Color, fen string) Config {
	return Config{
		Human: human, Options: engine.EngineOptions(), Limits: engine.Limits{Depth: 2},
		Level: "depth 2", StartFEN: fen,
		Now: func() time.Time { return time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC) },
	}
}

// script runs lines through a session and returns the transcript.
func script(t *testing.T, cfg Config, lines ...string) (*Session, string) {
	t.Helper()
	var out bytes.Buffer
	s, err := New(cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RunLines(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), true); err != nil {
		t.Fatal(err)
	}
	return s, out.String()
}

// Scripted games: the exact moves played and how each game ends.
func TestSessionScripts(t *testing.T) {
	rep := &Loaded{From: "rep.pgn", StartFEN: board.StartFEN, Moves: strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")}
	tests := []struct {
		name   string
		cfg    Config
		lines  []string
		moves  string // the game's moves in SAN at the end
		result string
		method game.Method
		says   []string // lines the transcript must hold
	}{
		{"two moves and undo", testConfig(board.White, board.StartFEN), []string{"e4", "d4", "undo", "quit"},
			"e4 d5", game.InProgress, game.NoMethod,
			[]string{"You play 1. e4\nplylab plays 1... d5  (depth 2, score -26 cp, 89 nodes)\n", "You play 2. d4\n", "Took back 2. d4 dxe4.\n2. White> "}},
		{"mate in one", testConfig(board.White, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), []string{"Rd8#", "Rd7", "quit"},
			"Rd8#", game.WhiteWins, game.Checkmate,
			[]string{"Game over: checkmate, White wins (1-0). You win!", "game over> Rd7\nThe game is over (1-0)."}},
		{"resign as Black", testConfig(board.Black, board.StartFEN), []string{"resign", "resign", "quit"},
			"d4", game.WhiteWins, game.Resignation,
			[]string{"plylab plays 1. d4  (depth 2, score +38 cp, 65 nodes)\n1... Black> ", "Game over: you resigned, White wins (1-0). plylab wins.", "resign\nThe game is over already."}},
		{"engine claims threefold", Config{Human: board.Black, Options: engine.EngineOptions(), Limits: engine.Limits{Depth: 2}, Level: "depth 2", Load: rep},
			[]string{"Ng8", "quit"},
			"Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", game.Draw, game.ThreefoldRepetition,
			[]string{"Loaded 7 moves from rep.pgn.", "Game over: plylab claimed a draw by threefold repetition (1/2-1/2)."}},
		{"draw offer declined, then illegal moves", testConfig(board.White, board.StartFEN), []string{"draw", "e5", "Ke2", "quit"},
			"", game.InProgress, game.NoMethod,
			[]string{"plylab declines the draw offer (it has not searched yet).", `"e5" is not a legal move`, `"Ke2" is not a legal move`}},
		{"stalemate", testConfig(board.White, "7k/8/6Q1/8/8/8/8/K7 w - - 0 1"), []string{"Qf7", "hint", "quit"},
			"Qf7", game.Draw, game.Stalemate,
			[]string{"Game over: stalemate, a draw (1/2-1/2).", "hint\nThe game is over: no hint."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out := script(t, tt.cfg, tt.lines...)
			g := s.Game()
			if got := strings.Join(g.SAN(), " "); got != tt.moves || g.Result() != tt.result || g.Method() != tt.method {
				t.Errorf("game %q %s %v, want %q %s %v", got, g.Result(), g.Method(), tt.moves, tt.result, tt.method)
			}
			for _, want := range tt.says {
				if !strings.Contains(out, want) {
					t.Errorf("transcript lacks %q", want)
				}
			}
			if t.Failed() {
				t.Logf("transcript:\n%s", out)
			}
		})
	}
}

// A whole transcript, byte for byte: banner, moves, engine replies with
// their search notes, commands, undo and the PGN of the game.
func TestSessionTranscriptGolden(t *testing.T) {
	cfg := testConfig(board.White, board.StartFEN)
	cfg.BoardText = func(pos *chess.Position, flip bool) string {
		return "[board " + strings.Fields(pos.String())[0] + map[bool]string{true: " flipped", false: ""}[flip] + "]"
	}
	cfg.Count = func(n uint64) string { return fmt.Sprintf("n=%d", n) }
	cfg.Duration = func(time.Duration) string { return "T" } // times vary: the format is what is tested
	s, out := script(t, cfg, "help", "moves", "fen", "hint", "e4", "flip", "Nf3", "undo", "show thinking on", "d4", "show thinking off", "show board", "show", "draw", "save", "quit")
	golden.Check(t, "transcript", out+"---\n"+s.PGN())
}

// A saved game is valid PGN that notnil/chess reads back move for move.
func TestSessionPGN(t *testing.T) {
	cfg := testConfig(board.Black, board.StartFEN)
	s, _ := script(t, cfg, "e5", "Nc6", "Nf6", "quit")
	text := s.PGN()
	if !strings.HasPrefix(text, `[Event "plylab game"]
[Site "plylab"]
[Date "2024.03.09"]
[Round "-"]
[White "plylab (depth 2)"]
[Black "Player"]
[Result "*"]

1. `) || !strings.HasSuffix(text, " *\n") {
		t.Errorf("PGN:\n%s", text)
	}
	g := chess.NewGame()
	opt, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("notnil cannot read our PGN: %v\n%s", err, text)
	}
	opt(g)
	// The engine (White) opened and answered each of the three moves.
	if len(g.Moves()) != 7 || g.Position().String() != s.Game().Position().String() {
		t.Errorf("read back %d moves, position %s; want 7, %s", len(g.Moves()), g.Position(), s.Game().Position())
	}
}

// A loaded game keeps its event, site, date, round and other tags, and
// its start position.
func TestSessionLoadedPGN(t *testing.T) {
	l, err := ReadGame(strings.NewReader("[Event \"club night\"]\n[Site \"Leiden\"]\n[Date \"2020.01.02\"]\n[Round \"3\"]\n[White \"x\"]\n[Annotator \"me\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n[SetUp \"1\"]\n\n40. e4 Kd7 *\n"), "saved.pgn")
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(board.White, "")
	cfg.Load, cfg.Player = l, "Ann"
	s, err := New(cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Event "club night"]
[Site "Leiden"]
[Date "2020.01.02"]
[Round "3"]
[White "Ann"]
[Black "plylab (depth 2)"]
[Result "*"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40"]
[SetUp "1"]
[Annotator "me"]

40. e4 Kd7 *
`
	if got := s.PGN(); got != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", got, want)
	}
}

func TestSessionBook(t *testing.T) {
	bk, err := book.Open("../../../cmd/plylab/testdata/book_gs20.bin")
	if err != nil {
		t.Skip(err)
	}
	cfg := testConfig(board.Black, board.StartFEN)
	cfg.Book, cfg.Rand = bk, rand.New(rand.NewPCG(3, 0))
	_, a := script(t, cfg, "quit")
	cfg.Rand = rand.New(rand.NewPCG(3, 0))
	_, b := script(t, cfg, "quit")
	if !strings.Contains(a, "(book move)") || a != b {
		t.Errorf("book games:\n%s\n%s", a, b)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(testConfig(board.White, "8/8/8/8/8/8/8/8 w - - 0 1"), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "invalid start position") {
		t.Errorf("bad FEN: %v", err)
	}
	cfg := testConfig(board.White, "")
	cfg.Load = &Loaded{From: "x.pgn", StartFEN: board.StartFEN, Moves: []string{"e2e4", "e2e4"}}
	if _, err := New(cfg, &bytes.Buffer{}); err == nil || err.Error() != `Load x.pgn: move 2 (e2e4) is not legal: "e2e4" is not a legal move here (use SAN like Nf3 or UCI like g1f3)` {
		t.Errorf("bad load: %v", err)
	}
}

func TestLevels(t *testing.T) {
	var got []string
	for _, l := range Levels {
		got = append(got, l.Describe(time.Duration.String))
	}
	want := "beginner: depth 2, material evaluation|casual: depth 3, pst evaluation|club: depth 4, pst evaluation|strong: 1s a move, nnue evaluation|max: 5s a move, nnue evaluation"
	if strings.Join(got, "|") != want {
		t.Errorf("levels %q", strings.Join(got, "|"))
	}
	if l, err := FindLevel("CLUB"); err != nil || l.Depth != 4 {
		t.Errorf("FindLevel(CLUB) = %v, %v", l, err)
	}
	if _, err := FindLevel("grandmaster"); err == nil || err.Error() != `unknown Level "grandmaster"; use beginner, casual, club, strong, max` {
		t.Errorf("FindLevel(grandmaster): %v", err)
	}
}

func TestLevelSetup(t *testing.T) {
	club, _ := FindLevel("club")
	strong, _ := FindLevel("strong")
	eng := engine.EngineOptions()
	ab, err := engine.ParseAlgo("alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	pesto := eng
	pesto.Eval = eval.PeSTO
	tests := []struct {
		name     string
		level    Level
		depth    int
		moveTime time.Duration
		opts     engine.Options
		evalSet  bool
		limits   engine.Limits
		eval     eval.Kind
		desc     string
	}{
		{"level", club, 0, 0, eng, false, engine.Limits{Depth: 4}, eval.PST, "club: depth 4, pst evaluation"},
		{"timed level", strong, 0, 0, eng, false, engine.Limits{MoveTime: time.Second, SoftTime: time.Second / 2}, eval.NNUE, "strong: 1s a move, nnue evaluation"},
		{"depth", club, 6, 0, eng, false, engine.Limits{Depth: 6}, eval.PST, "depth 6, pst evaluation"},
		{"both", club, 6, 20 * time.Millisecond, eng, false, engine.Limits{Depth: 6, MoveTime: 20 * time.Millisecond, SoftTime: 10 * time.Millisecond}, eval.PST, "depth 6, 20ms a move, pst evaluation"},
		{"eval set", club, 0, 0, pesto, true, engine.Limits{Depth: 4}, eval.PeSTO, "club: depth 4, pesto evaluation"},
		{"algorithm", club, 2, 0, ab, false, engine.Limits{Depth: 2}, eval.PST, "depth 2, pst evaluation, algorithm alphabeta"},
		{"plain algorithm, timed level", strong, 0, 0, ab, false, engine.Limits{MoveTime: time.Second, SoftTime: time.Second / 2}, eval.NNUE, "strong: 1s a move, nnue evaluation, algorithm alphabeta"},
		{"plain algorithm, movetime", club, 0, time.Second, ab, false, engine.Limits{MoveTime: time.Second, SoftTime: time.Second / 2}, eval.PST, "1s a move, pst evaluation, algorithm alphabeta"},
	}
	for _, tt := range tests {
		opts, limits, desc, err := tt.level.Setup(tt.depth, tt.moveTime, tt.opts, tt.evalSet, time.Duration.String)
		if !reflect.DeepEqual(limits, tt.limits) || opts.Eval != tt.eval || desc != tt.desc {
			t.Errorf("%s: %+v, %v, %q; want %+v, %v, %q", tt.name, limits, opts.Eval, desc, tt.limits, tt.eval, tt.desc)
		}
		// A plain algorithm (alphabeta) without a depth cannot play.
		if wantErr := strings.HasPrefix(tt.name, "plain"); (err == ErrNeedsDepth) != wantErr || (err != nil && err != ErrNeedsDepth) {
			t.Errorf("%s: error %v, want ErrNeedsDepth %v", tt.name, err, wantErr)
		}
	}
}
