package termui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/golden"
)

func TestParseKeys(t *testing.T) {
	t.Parallel()
	got := ParseKeys([]byte("e4\x1b[A\x1b[B\x1bOC\x1b[1;5D\r\n\x7f\x03\x04\x1b\x01é"))
	want := []Key{
		{Kind: KeyRune, R: 'e'}, {Kind: KeyRune, R: '4'}, {Kind: KeyUp}, {Kind: KeyDown}, {Kind: KeyRight},
		{Kind: KeyLeft}, {Kind: KeyEnter}, {Kind: KeyBackspace}, {Kind: KeyCtrlC}, {Kind: KeyCtrlD},
		{Kind: KeyEscape}, {Kind: KeyRune, R: 'é'},
	}
	if len(got) != len(want) {
		t.Fatalf("ParseKeys = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("key %d = %v, want %v", i, got[i], want[i])
		}
	}
	if k := ParseKeys([]byte{0x1b}); len(k) != 1 || k[0].Kind != KeyEscape {
		t.Errorf("lone ESC = %v", k)
	}
}

// playTestView is a terminal-board snapshot of fen for human.
func playTestView(t *testing.T, fen string, human board.Color, flip bool) play.View {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	v := play.View{Pos: b.Notnil(), Human: human, Side: b.Side(), Flip: flip, CanMove: b.Side() == human}
	for sq := board.Square(0); sq < 64; sq++ {
		v.Pieces[sq] = b.PieceAt(sq)
	}
	return v
}

func sqOf(name string) board.Square {
	s, _ := board.ParseSquare(name)
	return s
}

func press(st Cursor, v play.View, keys ...Key) (Cursor, []Action) {
	var acts []Action
	for _, k := range keys {
		var a Action
		st, a = st.HandleKey(k, v)
		if a != (Action{}) {
			acts = append(acts, a)
		}
	}
	return st, acts
}

var (
	kUp    = Key{Kind: KeyUp}
	kDown  = Key{Kind: KeyDown}
	kLeft  = Key{Kind: KeyLeft}
	kRight = Key{Kind: KeyRight}
	kEnter = Key{Kind: KeyEnter}
	kEsc   = Key{Kind: KeyEscape}
)

func TestHandleKey(t *testing.T) {
	t.Parallel()
	v := playTestView(t, board.StartFEN, board.White, false)
	start := Cursor{At: sqOf("e2"), Selected: board.NoSquare}

	// Pick up e2, two up, put down: e2e4.
	st, acts := press(start, v, kEnter, kUp, kUp, kEnter)
	if len(acts) != 1 || acts[0].Command != "e2e4" || st.Selected != board.NoSquare || st.At != sqOf("e4") {
		t.Errorf("e2e4 by keys: state %+v, actions %v", st, acts)
	}
	// Flipped, "up" goes down the ranks and "left" to higher files.
	vf := playTestView(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", board.Black, true)
	st, acts = press(Cursor{At: sqOf("d7"), Selected: board.NoSquare}, vf, kEnter, kUp, kUp, kEnter)
	if len(acts) != 1 || acts[0].Command != "d7d5" {
		t.Errorf("flipped d7d5: %v, %+v", acts, st)
	}
	st, _ = press(Cursor{At: sqOf("d7"), Selected: board.NoSquare}, vf, kLeft)
	if st.At != sqOf("e7") {
		t.Errorf("flipped left from d7 = %s, want e7", st.At)
	}
	// The cursor stops at the edge.
	st, _ = press(Cursor{At: sqOf("a1"), Selected: board.NoSquare}, v, kLeft, kDown)
	if st.At != sqOf("a1") {
		t.Errorf("cursor left the board: %s", st.At)
	}
	// Enter on an empty square or an enemy piece: a note, nothing picked.
	for _, s := range []string{"e4", "e7"} {
		st, acts = press(Cursor{At: sqOf(s), Selected: board.NoSquare}, v, kEnter)
		if st.Selected != board.NoSquare || len(acts) != 0 || !strings.Contains(st.Note, "one of your pieces") {
			t.Errorf("Enter on %s: %+v %v", s, st, acts)
		}
	}
	// Enter again on the same square puts the piece back; on another own
	// piece picks that one; Escape drops it.
	st, _ = press(start, v, kEnter, kEnter)
	if st.Selected != board.NoSquare {
		t.Errorf("put back: %+v", st)
	}
	st, _ = press(start, v, kEnter, kLeft, kEnter)
	if st.Selected != sqOf("d2") {
		t.Errorf("switch piece: %+v", st)
	}
	st, _ = press(st, v, kEsc)
	if st.Selected != board.NoSquare {
		t.Errorf("Escape: %+v", st)
	}
	// A pawn reaching the last rank promotes to a queen.
	vp := playTestView(t, "8/1P6/8/8/8/8/8/k1K5 w - - 0 1", board.White, false)
	_, acts = press(Cursor{At: sqOf("b7"), Selected: board.NoSquare}, vp, kEnter, kUp, kEnter)
	if len(acts) != 1 || acts[0].Command != "b7b8q" {
		t.Errorf("promotion: %v", acts)
	}
	// Typing works: text + Enter runs it; Backspace edits; Escape clears.
	typed := []Key{{Kind: KeyRune, R: 'N'}, {Kind: KeyRune, R: 'f'}, {Kind: KeyRune, R: '4'}, {Kind: KeyBackspace}, {Kind: KeyRune, R: '3'}, kEnter}
	st, acts = press(start, v, typed...)
	if len(acts) != 1 || acts[0].Command != "Nf3" || st.Input != "" {
		t.Errorf("typed Nf3: %v, %+v", acts, st)
	}
	st, _ = press(start, v, Key{Kind: KeyRune, R: 'x'}, kEsc)
	if st.Input != "" {
		t.Errorf("Escape did not clear %q", st.Input)
	}
	// Not your turn, game over.
	wait := v
	wait.CanMove = false
	st, acts = press(start, wait, kEnter)
	if st.Selected != board.NoSquare || len(acts) != 0 || !strings.Contains(st.Note, "not your turn") {
		t.Errorf("not your turn: %+v", st)
	}
	wait.Over = true
	st, _ = press(start, wait, kEnter)
	if !strings.Contains(st.Note, "game is over") {
		t.Errorf("game over note: %q", st.Note)
	}
	// Quitting.
	if _, acts = press(start, v, Key{Kind: KeyCtrlC}); len(acts) != 1 || !acts[0].Quit {
		t.Errorf("Ctrl-C: %v", acts)
	}
	if _, acts = press(start, v, Key{Kind: KeyCtrlD}); len(acts) != 1 || !acts[0].Quit {
		t.Errorf("Ctrl-D: %v", acts)
	}
	if _, acts = press(start, v, Key{Kind: KeyRune, R: 'a'}, Key{Kind: KeyCtrlD}); len(acts) != 0 {
		t.Errorf("Ctrl-D with text quit: %v", acts)
	}
}

func TestCursorBoard(t *testing.T) {
	t.Parallel()
	v := playTestView(t, board.StartFEN, board.White, false)
	lines := BoardLines(plain, v, Cursor{At: sqOf("e2"), Selected: sqOf("g1")})
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
	colored := strings.Join(BoardLines(colored(), v, Cursor{At: sqOf("e2"), Selected: board.NoSquare}), "\n")
	if !strings.Contains(colored, SGRCursor) || !strings.Contains(colored, "♙") {
		t.Errorf("colored board lacks the cursor color or glyphs:\n%q", colored)
	}
}

func TestScreenLog(t *testing.T) {
	t.Parallel()
	l := &ScreenLog{}
	l.Write([]byte("one\ntw"))
	l.Write([]byte("o\nthree\n"))
	if got := strings.Join(l.Tail(2), "|"); got != "two|three" {
		t.Errorf("tail = %q", got)
	}
}

// letter and glyph stand in for the command line's piece names.
func letter(p chess.Piece) string {
	if p == chess.NoPiece {
		return "."
	}
	if s := p.Type().String(); p.Color() == chess.White {
		return strings.ToUpper(s)
	} else {
		return s
	}
}

// plain is a theme without color, as in a pipe or NO_COLOR.
var plain = Theme{Letter: letter}

// colored is a theme with color on and stand-in glyphs and squares.
func colored() Theme {
	return Theme{
		Paint: output.Painter{On: true}, Letter: letter, Glyph: func(p chess.Piece) string {
			if p == chess.NoPiece {
				return " "
			}
			return map[chess.Color]string{chess.White: "♙", chess.Black: "♟"}[p.Color()]
		},
		LightSquare: "48;5;223", DarkSquare: "48;5;137", Piece: "38;5;16",
	}
}

// ParseKeys, one input at a time.
func TestParseKeysTable(t *testing.T) {
	tests := []struct {
		in   string
		want []Key
	}{
		{"", nil},
		{"a", []Key{{Kind: KeyRune, R: 'a'}}},
		{"\x1b[A\x1bOB", []Key{{Kind: KeyUp}, {Kind: KeyDown}}},
		{"\x1b[1;2C", []Key{{Kind: KeyRight}}}, // shift-arrow: modifier ignored
		{"\x1b[3~", nil},                       // Delete: an unknown sequence is dropped
		{"\x1b[", nil},                         // a cut-off sequence is dropped
		{"\x1bx", []Key{{Kind: KeyEscape}, {Kind: KeyRune, R: 'x'}}},
		{"\r", []Key{{Kind: KeyEnter}}},
		{"\r\n\n", []Key{{Kind: KeyEnter}, {Kind: KeyEnter}}},
		{"\x08\x7f", []Key{{Kind: KeyBackspace}, {Kind: KeyBackspace}}},
		{"\t\x00", nil},
		{"\xff", nil}, // not UTF-8
		{"♞", []Key{{Kind: KeyRune, R: '♞'}}},
	}
	for _, tt := range tests {
		got := ParseKeys([]byte(tt.in))
		if len(got) != len(tt.want) {
			t.Errorf("ParseKeys(%q) = %v, want %v", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("ParseKeys(%q)[%d] = %v, want %v", tt.in, i, got[i], tt.want[i])
			}
		}
	}
}

// Whole screens, byte for byte: plain and colored, with messages that
// wrap and scroll, a note, typed input and the thinking prompt.
func TestScreenGolden(t *testing.T) {
	v := playTestView(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", board.Black, true)
	v.Last, v.Prompt = board.NewMove(sqOf("e2"), sqOf("e4"), 0), "1... Black> "
	log := &ScreenLog{}
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(log, "message %d\n", i)
	}
	fmt.Fprintf(log, "%s\n", strings.Repeat("long ", 12))
	var out strings.Builder
	for _, f := range []struct {
		th   Theme
		busy bool
		w, h int
	}{{plain, false, 40, 20}, {colored(), true, 120, 24}} {
		st := Cursor{At: sqOf("d7"), Selected: sqOf("g8"), Input: "Nf", Note: "a note"}
		out.WriteString(Screen(f.th, Frame{Title: "title", View: v, Cursor: st, Busy: f.busy, Log: log, Width: f.w, Height: f.h}))
		out.WriteString("\n====\n")
	}
	got := strings.ReplaceAll(out.String(), "\r\n", "⏎\n")
	golden.Check(t, "screen", got)
}

func TestWrapRunes(t *testing.T) {
	for _, tt := range []struct {
		s    string
		w    int
		want string
	}{{"abcdef", 4, "abcd|ef"}, {"abc", 3, "abc"}, {"ééé", 2, "éé|é"}, {"abc", 0, "abc"}} {
		if got := strings.Join(wrapRunes(tt.s, tt.w), "|"); got != tt.want {
			t.Errorf("wrapRunes(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
}

func TestNewCursor(t *testing.T) {
	if c := NewCursor(board.White); c.At != sqOf("e2") || c.Selected != board.NoSquare {
		t.Errorf("White: %+v", c)
	}
	if c := NewCursor(board.Black); c.At != sqOf("e7") {
		t.Errorf("Black: %+v", c)
	}
}
