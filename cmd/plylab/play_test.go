package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// playCLI runs `plylab play args...` with input as its standard input.
func playCLI(t *testing.T, input string, args ...string) result {
	t.Helper()
	env := testEnv()
	env.Stdin = strings.NewReader(input)
	return runIn(t, env, append([]string{"play"}, args...)...)
}

// The transcript of a short scripted game: the board after each engine
// move, the engine's replies at a fixed depth (deterministic), the echoed
// commands.
func TestPlayPipeGolden(t *testing.T) {
	t.Parallel()
	r := playCLI(t, "e4\nNf3\nquit\n", "--depth", "3")
	wantOK(t, r)
	golden(t, "play_pipe", r.stdout)
}

func TestPlayCommands(t *testing.T) {
	t.Parallel()
	input := strings.Join([]string{
		"help", "moves", "fen", "hint", "e2e4", "xyz", "Ke3", "flip", "board", "undo", "undo",
		"show thinking on", "d4", "show thinking off", "show", "draw", "quit",
	}, "\n") + "\n"
	r := playCLI(t, input, "--depth", "2")
	wantOK(t, r)
	out := r.stdout
	for _, want := range []string{
		"plylab play: you are White, plylab plays Black (depth 2, pst evaluation).",
		"1. White> help\nMoves: SAN",
		"1. White> moves\n20 legal moves: Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4",
		"1. White> fen\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
		"1. White> hint\nHint: ",
		"You play 1. e4\nplylab plays 1... ",
		`"xyz" is not a legal move or a command here; type 'moves'`,
		`"Ke3" is not a legal move`,
		"2. White> flip\n\n  +-----------------+\n1 | R",
		"2. White> undo\nTook back 1. e4 ",
		"1. White> undo\nNothing to undo: you have not moved yet.",
		"Thinking output on",
		"You play 1. d4\n  depth  1  score ",
		"Thinking output off.",
		"Did you mean 'show thinking on'",
		"plylab declines the draw offer (its last score was ",
		"> quit\nBye.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("transcript:\n%s", out)
	}
	// Thinking lines: one per depth, with nodes, time and a line in SAN.
	re := regexp.MustCompile(`(?m)^  depth  2  score +\S+ cp  nodes +[\d,]+  time +[\d.]+ .?s  pv \S+ \S+$`)
	if !re.MatchString(out) {
		t.Errorf("no depth-2 thinking line in:\n%s", out)
	}
}

func TestPlayAsBlack(t *testing.T) {
	t.Parallel()
	r := playCLI(t, "resign\nmoves\nundo\nquit\n", "--color", "black", "--level", "beginner")
	wantOK(t, r)
	for _, want := range []string{
		"you are Black, plylab plays White (beginner: depth 2, material evaluation)",
		"plylab plays 1. ",
		"1 | R", // Black at the bottom: rank 1 on top
		"1... Black> resign\nGame over: you resigned, White wins (1-0). plylab wins.\nType 'save FILE'",
		"game over> undo\nNothing to undo",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("transcript lacks %q:\n%s", want, r.stdout)
		}
	}
}

func TestPlayCheckmateAndSave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pgn := filepath.Join(dir, "mate.pgn")
	r := playCLI(t, "Rd8#\nRd7\nsave "+pgn+"\nsave\nquit\n", "--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--depth", "2")
	wantOK(t, r)
	for _, want := range []string{
		"You play 1. Rd8#\n",
		"Game over: checkmate, White wins (1-0). You win!",
		"game over> Rd7\nThe game is over (1-0).",
		"Saved the game (1 ply) to " + pgn,
		"Save needs a file name",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("transcript lacks %q:\n%s", want, r.stdout)
		}
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Result "1-0"]`, `[SetUp "1"]`, `[FEN "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"]`, "\n1. Rd8# 1-0\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("PGN lacks %q:\n%s", want, data)
		}
	}
	// The saved game loads, and undo goes back to its start.
	r = playCLI(t, "undo\nfen\nquit\n", "--load", pgn)
	wantOK(t, r)
	if !strings.Contains(r.stdout, "Loaded 1 moves from") || !strings.Contains(r.stdout, "fen\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n") {
		t.Errorf("load + undo:\n%s", r.stdout)
	}
}

// Threefold repetition: the player to move may claim it; the engine
// claims on its turn.
func TestPlayThreefold(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pgn := filepath.Join(dir, "rep.pgn")
	os.WriteFile(pgn, []byte("[Event \"rep\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n"), 0o644)

	// Black (the human) repeats the start position a third time; White,
	// the engine, is to move and claims.
	r := playCLI(t, "Ng8\nquit\n", "--load", pgn, "--color", "black", "--depth", "2")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "Game over: plylab claimed a draw by threefold repetition (1/2-1/2).") {
		t.Errorf("engine claim:\n%s", r.stdout)
	}
	// White (the human) to move in a position seen three times: a hint,
	// then the claim.
	os.WriteFile(pgn, []byte("[Event \"rep\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n"), 0o644)
	r = playCLI(t, "draw\nquit\n", "--load", pgn, "--depth", "2")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "you may claim a draw with 'draw'") ||
		!strings.Contains(r.stdout, "Game over: you claimed a draw by threefold repetition (1/2-1/2).") {
		t.Errorf("human claim:\n%s", r.stdout)
	}
}

func TestPlayBook(t *testing.T) {
	t.Parallel()
	r := playCLI(t, "hint\nquit\n", "--color", "black", "--book", bookTestFile, "--seed", "3", "--depth", "2")
	wantOK(t, r)
	if !regexp.MustCompile(`plylab plays 1\. (d4|e4|c4|Nf3)  \(book move\)`).MatchString(r.stdout) {
		t.Errorf("no book move:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "Hint: ") || !strings.Contains(r.stdout, "(the book's most played move)") {
		t.Errorf("no book hint:\n%s", r.stdout)
	}
	// The same seed, the same game.
	again := playCLI(t, "hint\nquit\n", "--color", "black", "--book", bookTestFile, "--seed", "3", "--depth", "2")
	if again.stdout != r.stdout {
		t.Error("the same --seed gave a different game")
	}
}

func TestPlayColorAndEOF(t *testing.T) {
	t.Parallel()
	// --color always after play colors the board (and the human is White);
	// the end of the input ends the game quietly.
	r := playCLI(t, "", "--color", "always", "--depth", "1")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "\x1b[") || !strings.Contains(r.stdout, "♔") {
		t.Errorf("no colored board:\n%q", r.stdout)
	}
	if !strings.HasSuffix(r.stdout, "1. White> \n") {
		t.Errorf("end of input: %q", r.stdout[max(0, len(r.stdout)-40):])
	}
	// --color random picks a side (reproducibly with --seed).
	r = playCLI(t, "quit\n", "--color", "random", "--seed", "1", "--depth", "1")
	wantOK(t, r)
	if !strings.Contains(r.stdout, "you are White") && !strings.Contains(r.stdout, "you are Black") {
		t.Errorf("random color:\n%s", r.stdout)
	}
}

func TestPlayUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--color", "purple"}, `unknown --color "purple"`},
		{[]string{"--level", "grandmaster"}, `unknown --level "grandmaster"; use beginner, casual, club, strong, max`},
		{[]string{"--depth", "0"}, "--depth must be between 1 and"},
		{[]string{"--movetime", "-1s"}, `--movetime "-1s": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{[]string{"--algo", "minimax", "--movetime", "1s"}, "--algo minimax searches to a fixed depth only"},
		{[]string{"--algo", "nosuch"}, `unknown algorithm "nosuch"`},
		{[]string{"--load", "testdata/no-such-game.pgn"}, `--load: file "testdata/no-such-game.pgn" does not exist`},
		{[]string{"--load", "x.pgn", "--position", "kiwipete"}, "use --load or --fen/--position, not both"},
		{[]string{"--book", "testdata/no-such-book.bin"}, `book file "testdata/no-such-book.bin" does not exist`},
		{[]string{"--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "invalid FEN"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		line := wantUsageError(t, playCLI(t, "quit\n", tc.args...))
		if !strings.Contains(line, tc.want) {
			t.Errorf("play %v: %q does not contain %q", tc.args, line, tc.want)
		}
	}
}

func TestPlayStrongerAlgo(t *testing.T) {
	t.Parallel()
	// A plain algorithm and an engine with a switch off both play.
	for _, args := range [][]string{
		{"--algo", "alphabeta", "--depth", "2"},
		{"--algo", "engine-without-null", "--depth", "2", "--eval", "pesto"},
		{"--movetime", "20ms"},
	} {
		r := playCLI(t, "e4\nquit\n", args...)
		wantOK(t, r)
		if !strings.Contains(r.stdout, "plylab plays 1... ") {
			t.Errorf("play %v:\n%s", args, r.stdout)
		}
	}
}
