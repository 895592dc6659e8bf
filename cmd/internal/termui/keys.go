// Package termui is the raw-mode terminal board of `plylab play`: key
// presses parsed from the terminal's bytes (ParseKeys), a cursor that
// picks up and puts down pieces (Cursor.HandleKey, a pure function of the
// state, the key and a play.View), the screen drawn from a snapshot
// (BoardLines, Screen) and the loop that runs a play.Session behind it
// (Run). The game logic is all in engine/app/play.
package termui

import (
	"unicode"
	"unicode/utf8"
)

// KeyKind is a key the board understands.
type KeyKind uint8

// The keys.
const (
	KeyNone KeyKind = iota
	KeyRune         // a printable character
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyEnter
	KeyBackspace
	KeyEscape
	KeyCtrlC
	KeyCtrlD
)

// Key is one key press; R is the character of a KeyRune.
type Key struct {
	Kind KeyKind
	R    rune
}

// ParseKeys turns bytes read from a raw-mode terminal into key presses:
// printable characters, arrows (ESC [ A-D or ESC O A-D, modifiers
// ignored), Enter, Backspace, Escape, Ctrl-C and Ctrl-D. Other control
// characters and escape sequences are dropped.
func ParseKeys(p []byte) []Key {
	var out []Key
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == 0x1b:
			if i+1 >= len(p) || (p[i+1] != '[' && p[i+1] != 'O') {
				out = append(out, Key{Kind: KeyEscape})
				i++
				continue
			}
			// CSI/SS3: parameters, then a final byte in 0x40-0x7e.
			j := i + 2
			for j < len(p) && (p[j] < 0x40 || p[j] > 0x7e) {
				j++
			}
			if j < len(p) {
				switch p[j] {
				case 'A':
					out = append(out, Key{Kind: KeyUp})
				case 'B':
					out = append(out, Key{Kind: KeyDown})
				case 'C':
					out = append(out, Key{Kind: KeyRight})
				case 'D':
					out = append(out, Key{Kind: KeyLeft})
				}
			}
			i = j + 1
		case c == '\r' || c == '\n':
			out = append(out, Key{Kind: KeyEnter})
			if c == '\r' && i+1 < len(p) && p[i+1] == '\n' {
				i++
			}
			i++
		case c == 0x7f || c == 0x08:
			out = append(out, Key{Kind: KeyBackspace})
			i++
		case c == 0x03:
			out = append(out, Key{Kind: KeyCtrlC})
			i++
		case c == 0x04:
			out = append(out, Key{Kind: KeyCtrlD})
			i++
		case c < 0x20:
			i++
		default:
			r, n := utf8.DecodeRune(p[i:])
			if r != utf8.RuneError && unicode.IsPrint(r) {
				out = append(out, Key{Kind: KeyRune, R: r})
			}
			i += n
		}
	}
	return out
}
