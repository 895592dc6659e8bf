package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
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

// A saved game is valid PGN that notnil/chess reads back move for move.
func TestPlayPGN(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	cfg := playConfig{
		human: board.Black, opts: engine.EngineOptions(), limits: engine.Limits{Depth: 2},
		level: "depth 2", startFEN: board.StartFEN,
		now: func() time.Time { return time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC) },
	}
	s, err := newPlaySession(testEnv(), context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	s.boards = false
	if _, err := s.begin(); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"e5", "Nc6", "Nf6"} {
		if _, err := s.handle(mv); err != nil {
			t.Fatal(err)
		}
	}
	text := s.pgn()
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
	if len(g.Moves()) != 7 || g.Position().String() != s.game.Position().String() {
		t.Errorf("read back %d moves, position %s; want 7, %s", len(g.Moves()), g.Position(), s.game.Position())
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

func TestParseKeys(t *testing.T) {
	t.Parallel()
	got := parseKeys([]byte("e4\x1b[A\x1b[B\x1bOC\x1b[1;5D\r\n\x7f\x03\x04\x1b\x01é"))
	want := []termKey{
		{kind: keyRune, r: 'e'}, {kind: keyRune, r: '4'}, {kind: keyUp}, {kind: keyDown}, {kind: keyRight},
		{kind: keyLeft}, {kind: keyEnter}, {kind: keyBackspace}, {kind: keyCtrlC}, {kind: keyCtrlD},
		{kind: keyEscape}, {kind: keyRune, r: 'é'},
	}
	if len(got) != len(want) {
		t.Fatalf("parseKeys = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("key %d = %v, want %v", i, got[i], want[i])
		}
	}
	if k := parseKeys([]byte{0x1b}); len(k) != 1 || k[0].kind != keyEscape {
		t.Errorf("lone ESC = %v", k)
	}
}

// playTestView is a terminal-board snapshot of fen for human.
func playTestView(t *testing.T, fen string, human board.Color, flip bool) playView {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	v := playView{pos: b.Notnil(), human: human, side: b.Side(), flip: flip, canMove: b.Side() == human}
	for sq := board.Square(0); sq < 64; sq++ {
		v.pieces[sq] = b.PieceAt(sq)
	}
	return v
}

func sqOf(name string) board.Square {
	s, _ := board.ParseSquare(name)
	return s
}

func press(st cursorState, v playView, keys ...termKey) (cursorState, []keyAction) {
	var acts []keyAction
	for _, k := range keys {
		var a keyAction
		st, a = st.handleKey(k, v)
		if a != (keyAction{}) {
			acts = append(acts, a)
		}
	}
	return st, acts
}

var (
	kUp    = termKey{kind: keyUp}
	kDown  = termKey{kind: keyDown}
	kLeft  = termKey{kind: keyLeft}
	kRight = termKey{kind: keyRight}
	kEnter = termKey{kind: keyEnter}
	kEsc   = termKey{kind: keyEscape}
)

func TestHandleKey(t *testing.T) {
	t.Parallel()
	v := playTestView(t, board.StartFEN, board.White, false)
	start := cursorState{cursor: sqOf("e2"), selected: board.NoSquare}

	// Pick up e2, two up, put down: e2e4.
	st, acts := press(start, v, kEnter, kUp, kUp, kEnter)
	if len(acts) != 1 || acts[0].command != "e2e4" || st.selected != board.NoSquare || st.cursor != sqOf("e4") {
		t.Errorf("e2e4 by keys: state %+v, actions %v", st, acts)
	}
	// Flipped, "up" goes down the ranks and "left" to higher files.
	vf := playTestView(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", board.Black, true)
	st, acts = press(cursorState{cursor: sqOf("d7"), selected: board.NoSquare}, vf, kEnter, kUp, kUp, kEnter)
	if len(acts) != 1 || acts[0].command != "d7d5" {
		t.Errorf("flipped d7d5: %v, %+v", acts, st)
	}
	st, _ = press(cursorState{cursor: sqOf("d7"), selected: board.NoSquare}, vf, kLeft)
	if st.cursor != sqOf("e7") {
		t.Errorf("flipped left from d7 = %s, want e7", st.cursor)
	}
	// The cursor stops at the edge.
	st, _ = press(cursorState{cursor: sqOf("a1"), selected: board.NoSquare}, v, kLeft, kDown)
	if st.cursor != sqOf("a1") {
		t.Errorf("cursor left the board: %s", st.cursor)
	}
	// Enter on an empty square or an enemy piece: a note, nothing picked.
	for _, s := range []string{"e4", "e7"} {
		st, acts = press(cursorState{cursor: sqOf(s), selected: board.NoSquare}, v, kEnter)
		if st.selected != board.NoSquare || len(acts) != 0 || !strings.Contains(st.note, "one of your pieces") {
			t.Errorf("Enter on %s: %+v %v", s, st, acts)
		}
	}
	// Enter again on the same square puts the piece back; on another own
	// piece picks that one; Escape drops it.
	st, _ = press(start, v, kEnter, kEnter)
	if st.selected != board.NoSquare {
		t.Errorf("put back: %+v", st)
	}
	st, _ = press(start, v, kEnter, kLeft, kEnter)
	if st.selected != sqOf("d2") {
		t.Errorf("switch piece: %+v", st)
	}
	st, _ = press(st, v, kEsc)
	if st.selected != board.NoSquare {
		t.Errorf("Escape: %+v", st)
	}
	// A pawn reaching the last rank promotes to a queen.
	vp := playTestView(t, "8/1P6/8/8/8/8/8/k1K5 w - - 0 1", board.White, false)
	_, acts = press(cursorState{cursor: sqOf("b7"), selected: board.NoSquare}, vp, kEnter, kUp, kEnter)
	if len(acts) != 1 || acts[0].command != "b7b8q" {
		t.Errorf("promotion: %v", acts)
	}
	// Typing works: text + Enter runs it; Backspace edits; Escape clears.
	typed := []termKey{{kind: keyRune, r: 'N'}, {kind: keyRune, r: 'f'}, {kind: keyRune, r: '4'}, {kind: keyBackspace}, {kind: keyRune, r: '3'}, kEnter}
	st, acts = press(start, v, typed...)
	if len(acts) != 1 || acts[0].command != "Nf3" || st.input != "" {
		t.Errorf("typed Nf3: %v, %+v", acts, st)
	}
	st, _ = press(start, v, termKey{kind: keyRune, r: 'x'}, kEsc)
	if st.input != "" {
		t.Errorf("Escape did not clear %q", st.input)
	}
	// Not your turn, game over.
	wait := v
	wait.canMove = false
	st, acts = press(start, wait, kEnter)
	if st.selected != board.NoSquare || len(acts) != 0 || !strings.Contains(st.note, "not your turn") {
		t.Errorf("not your turn: %+v", st)
	}
	wait.over = true
	st, _ = press(start, wait, kEnter)
	if !strings.Contains(st.note, "game is over") {
		t.Errorf("game over note: %q", st.note)
	}
	// Quitting.
	if _, acts = press(start, v, termKey{kind: keyCtrlC}); len(acts) != 1 || !acts[0].quit {
		t.Errorf("Ctrl-C: %v", acts)
	}
	if _, acts = press(start, v, termKey{kind: keyCtrlD}); len(acts) != 1 || !acts[0].quit {
		t.Errorf("Ctrl-D: %v", acts)
	}
	if _, acts = press(start, v, termKey{kind: keyRune, r: 'a'}, termKey{kind: keyCtrlD}); len(acts) != 0 {
		t.Errorf("Ctrl-D with text quit: %v", acts)
	}
}

func TestCursorBoard(t *testing.T) {
	t.Parallel()
	v := playTestView(t, board.StartFEN, board.White, false)
	lines := testEnv().cursorBoard(v, cursorState{cursor: sqOf("e2"), selected: sqOf("g1")})
	want := []string{
		"  +------------------------+",
		"8 | r  n  b  q  k  b  n  r |",
		"7 | p  p  p  p  p  p  p  p |",
		"6 | .  .  .  .  .  .  .  . |",
		"5 | .  .  .  .  .  .  .  . |",
		"4 | .  .  .  .  .  .  .  . |",
		"3 | .  .  .  .  .  .  .  . |",
		"2 | P  P  P  P [P] P  P  P |",
		"1 | R  N  B  Q  K  B (N) R |",
		"  +------------------------+",
		"    a  b  c  d  e  f  g  h",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("board:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	env := testEnv()
	env.out.On = true
	colored := strings.Join(env.cursorBoard(v, cursorState{cursor: sqOf("e2"), selected: board.NoSquare}), "\n")
	if !strings.Contains(colored, sgrCursor) || !strings.Contains(colored, "♙") {
		t.Errorf("colored board lacks the cursor color or glyphs:\n%q", colored)
	}
}

func TestScreenLog(t *testing.T) {
	t.Parallel()
	l := &screenLog{}
	l.Write([]byte("one\ntw"))
	l.Write([]byte("o\nthree\n"))
	if got := strings.Join(l.tail(2), "|"); got != "two|three" {
		t.Errorf("tail = %q", got)
	}
}
