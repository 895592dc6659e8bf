package termui

import (
	"strings"
	"unicode/utf8"

	"github.com/plylab/plylab/engine/app/play"
	"github.com/plylab/plylab/engine/board"
)

// Cursor is the terminal board's state between keys.
type Cursor struct {
	At       board.Square
	Selected board.Square // the picked-up piece's square, or board.NoSquare
	Input    string       // what was typed so far
	Note     string       // feedback on the last key, shown under the prompt
}

// NewCursor starts on the king's pawn of side, nothing picked up.
func NewCursor(side board.Color) Cursor {
	at := board.Square(12) // e2
	if side == board.Black {
		at = board.Square(52) // e7
	}
	return Cursor{At: at, Selected: board.NoSquare}
}

// Action is what a key asks the game to do: run a command (a move in UCI
// when a piece was put down) or quit.
type Action struct {
	Command string
	Quit    bool
}

// HandleKey is the board's logic, a pure function of the state, the key
// and a snapshot of the game: arrows move the cursor (up is towards the
// top of the screen, so the board's flip matters), Enter with typed text
// runs it, Enter on one of your pieces picks it up, Enter on another
// square puts it down (a move, promoting to a queen; type e.g. e7e8n to
// under-promote), Enter on the same square puts it back, Escape drops the
// piece or the typed text, Ctrl-C (and Ctrl-D with no text) quits.
func (st Cursor) HandleKey(k Key, v play.View) (Cursor, Action) {
	st.Note = ""
	move := func(df, dr int) {
		if v.Flip {
			df, dr = -df, -dr
		}
		f, r := st.At.File()+df, st.At.Rank()+dr
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			st.At = board.Square(r*8 + f)
		}
	}
	own := func(sq board.Square) bool {
		p := v.Pieces[sq]
		return p != board.NoPiece && p.Color() == v.Human
	}
	switch k.Kind {
	case KeyUp:
		move(0, 1)
	case KeyDown:
		move(0, -1)
	case KeyLeft:
		move(-1, 0)
	case KeyRight:
		move(1, 0)
	case KeyRune:
		st.Input += string(k.R)
	case KeyBackspace:
		if st.Input != "" {
			_, n := utf8.DecodeLastRuneInString(st.Input)
			st.Input = st.Input[:len(st.Input)-n]
		}
	case KeyEscape:
		if st.Input != "" {
			st.Input = ""
		} else {
			st.Selected = board.NoSquare
		}
	case KeyCtrlC:
		return st, Action{Quit: true}
	case KeyCtrlD:
		if st.Input == "" {
			return st, Action{Quit: true}
		}
	case KeyEnter:
		if text := strings.TrimSpace(st.Input); text != "" {
			st.Input, st.Selected = "", board.NoSquare
			return st, Action{Command: text}
		}
		switch {
		case !v.CanMove && v.Over:
			st.Note = "the game is over: type undo, save FILE or quit"
		case !v.CanMove:
			st.Note = "wait: it is not your turn"
		case st.Selected == board.NoSquare:
			if own(st.At) {
				st.Selected = st.At
			} else {
				st.Note = "move the cursor to one of your pieces and press Enter to pick it up"
			}
		case st.At == st.Selected:
			st.Selected = board.NoSquare
		case own(st.At):
			st.Selected = st.At
		default:
			from, to := st.Selected, st.At
			uci := from.String() + to.String()
			if v.Pieces[from].Type() == board.Pawn && (to.Rank() == 7 || to.Rank() == 0) {
				uci += "q"
			}
			st.Selected = board.NoSquare
			return st, Action{Command: uci}
		}
	}
	return st, Action{}
}
