package termui

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/notnil/chess"
	"github.com/plylab/plylab/cmd/internal/output"
	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
)

// Theme is how the screen paints: the run's colour decision and styles,
// and the command line's piece symbols and square colours.
type Theme struct {
	Paint output.Painter
	// Glyph is a piece's Unicode symbol (with colour on), Letter its FEN
	// letter ("." for an empty square; with colour off).
	Glyph, Letter func(chess.Piece) string
	// LightSquare, DarkSquare and Piece are the board's SGR codes.
	LightSquare, DarkSquare, Piece string
}

// The cursor board's own square colors (256-color SGR backgrounds).
const (
	SGRCursor   = "48;5;75"  // blue: the cursor
	SGRSelected = "48;5;113" // green: the picked-up piece
	SGRLastMove = "48;5;186" // pale yellow: the last move's squares
)

// BoardLines draws the board with the cursor, the picked-up piece and
// the last move marked. Without color the cursor is [x] and the picked-up
// piece (x).
func BoardLines(th Theme, v play.View, st Cursor) []string {
	ranks := []int{7, 6, 5, 4, 3, 2, 1, 0}
	files := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if v.Flip {
		slices.Reverse(ranks)
		slices.Reverse(files)
	}
	var lines []string
	if !th.Paint.On {
		lines = append(lines, "  +------------------------+")
	}
	for _, r := range ranks {
		var sb strings.Builder
		sb.WriteString(th.Paint.Paint(output.StyleDim, string(rune('1'+r))) + " ")
		if !th.Paint.On {
			sb.WriteString("|")
		}
		for _, f := range files {
			sq := board.Square(r*8 + f)
			p := v.Pos.Board().Piece(chess.Square(sq))
			if !th.Paint.On {
				l, rr := " ", " "
				switch sq {
				case st.At:
					l, rr = "[", "]"
				case st.Selected:
					l, rr = "(", ")"
				}
				sb.WriteString(l + th.Letter(p) + rr)
				continue
			}
			bg := th.LightSquare
			if (f+r)%2 == 0 {
				bg = th.DarkSquare
			}
			if v.Last != board.NoMove && (sq == v.Last.From() || sq == v.Last.To()) {
				bg = SGRLastMove
			}
			if sq == st.Selected {
				bg = SGRSelected
			}
			if sq == st.At {
				bg = SGRCursor
			}
			sb.WriteString(th.Paint.SGR(bg+";"+th.Piece, " "+th.Glyph(p)+" "))
		}
		if !th.Paint.On {
			sb.WriteString("|")
		}
		lines = append(lines, sb.String())
	}
	var labels strings.Builder
	for _, f := range files {
		labels.WriteString(" " + string(rune('a'+f)) + " ")
	}
	if !th.Paint.On {
		lines = append(lines, "  +------------------------+", "   "+strings.TrimRight(labels.String(), " "))
	} else {
		lines = append(lines, th.Paint.Paint(output.StyleDim, "  "+strings.TrimRight(labels.String(), " ")))
	}
	return lines
}

// ScreenLog collects the game's messages; the screen shows the last lines
// under the board.
type ScreenLog struct {
	mu      sync.Mutex
	lines   []string
	partial string
}

// Write adds text; complete lines are kept (the last 500 to 1000).
func (l *ScreenLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	text := l.partial + string(p)
	parts := strings.Split(text, "\n")
	l.partial = parts[len(parts)-1]
	l.lines = append(l.lines, parts[:len(parts)-1]...)
	if len(l.lines) > 1000 {
		l.lines = append([]string(nil), l.lines[len(l.lines)-500:]...)
	}
	return len(p), nil
}

// Tail returns the last n complete lines.
func (l *ScreenLog) Tail(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.lines) <= n {
		return append([]string(nil), l.lines...)
	}
	return append([]string(nil), l.lines[len(l.lines)-n:]...)
}

// Frame is what one screen shows.
type Frame struct {
	Title         string // first line
	View          play.View
	Cursor        Cursor
	Busy          bool // the engine is thinking
	Log           *ScreenLog
	Width, Height int // the terminal's size
}

// Screen draws a whole frame from the top left: title, board, key help,
// the last messages and the prompt with what was typed, each line
// cleared to its end.
func Screen(th Theme, f Frame) string {
	var sb strings.Builder
	sb.WriteString(ansi.ClearScreen)
	line := func(text string) {
		sb.WriteString(text + ansi.EraseLine + "\r\n")
	}
	line(th.Paint.Paint(output.StyleBold, f.Title))
	boardLines := BoardLines(th, f.View, f.Cursor)
	for _, l := range boardLines {
		line(l)
	}
	help := "arrows move · Enter picks up / puts down · type moves or commands (help) · Esc cancels · Ctrl-C quits"
	if output.DisplayWidth(help) > f.Width {
		help = "arrows · Enter · type 'help' · Ctrl-C quits"
	}
	line(th.Paint.Paint(output.StyleDim, help))
	// Messages fill the rows left; long ones are cut into screen-wide
	// pieces so that terminal wrapping cannot push the board off screen.
	var msgs []string
	for _, m := range f.Log.Tail(f.Height) {
		msgs = append(msgs, wrapRunes(m, f.Width)...)
	}
	room := max(3, f.Height-len(boardLines)-4)
	if len(msgs) > room {
		msgs = msgs[len(msgs)-room:]
	}
	for _, l := range msgs {
		line(l)
	}
	prompt := f.View.Prompt
	if f.Busy {
		prompt = "plylab is thinking… "
	}
	if f.Cursor.Note != "" {
		line(th.Paint.Paint(output.StyleWarn, f.Cursor.Note))
	}
	sb.WriteString(th.Paint.Paint(output.StyleAccent, prompt) + f.Cursor.Input)
	return sb.String()
}

// Title is the screen's first line.
func Title(s *play.Session) string {
	return fmt.Sprintf("plylab play: you are %s; plylab (%s)", play.SideName(s.Human()), s.Level())
}

// wrapRunes cuts s into pieces of at most width runes.
func wrapRunes(s string, width int) []string {
	r := []rune(s)
	if width < 1 || len(r) <= width {
		return []string{s}
	}
	var out []string
	for len(r) > width {
		out = append(out, string(r[:width]))
		r = r[width:]
	}
	return append(out, string(r))
}
