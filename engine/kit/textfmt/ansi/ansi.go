// Package ansi colours terminal text with ANSI SGR sequences. It is the one
// colour path of plylab: the CLI's styles, the lesson terminal and the play
// board all paint through Paint, which builds the sequences with
// fatih/color. Whether to colour is the caller's decision, made once per
// run (--color, NO_COLOR, the terminal) and passed in as on; nothing here
// reads the environment or package-level state.
package ansi

import (
	"strconv"
	"strings"

	"github.com/fatih/color"
)

// Paint wraps text in the SGR sequence of code, a list of SGR parameters
// separated by semicolons ("1", "1;32", "38;5;203;48;5;236"), when on is
// true. With on false, an empty code or empty text, or a code that is not
// a list of numbers, it returns text unchanged.
func Paint(on bool, code, text string) string {
	if !on || code == "" || text == "" {
		return text
	}
	var attrs []color.Attribute
	for _, part := range strings.Split(code, ";") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return text
		}
		attrs = append(attrs, color.Attribute(n))
	}
	// fatih/color's package-level NoColor switch is global state (it
	// follows NO_COLOR and the terminal of os.Stdout), so each call makes
	// its own Color value and forces it on: the caller decided.
	c := color.New(attrs...)
	c.EnableColor()
	return c.Sprint(text)
}

// Terminal control sequences (not colours) for the progress line and
// full-screen views, so that no caller spells escapes out by hand.
const (
	EraseLine    = "\x1b[K"        // erase from the cursor to the end of the line
	ClearScreen  = "\x1b[H\x1b[2J" // cursor home, then erase the screen
	AltScreenOn  = "\x1b[?1049h"   // switch to the alternate screen
	AltScreenOff = "\x1b[?1049l"   // back to the normal screen
)

// StripControls returns s without what a terminal would obey instead of
// print: escape sequences whole (CSI such as clear-screen, OSC such as a
// window title or a clipboard write, DCS and the other strings, two-byte
// escapes), the C1 controls and every C0 control but tab, newline and
// carriage return, and DEL. Text from a file someone else wrote (a
// lesson) goes through it before it reaches a terminal.
func StripControls(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == 0x1b || r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i = skipSequence(rs, i)
		case isControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isControl reports a rune StripControls removes.
func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

// skipSequence returns the index of the last rune of the escape sequence
// that starts at rs[i] (ESC, or a C1 introducer).
func skipSequence(rs []rune, i int) int {
	kind := rs[i]
	if kind == 0x1b {
		if i+1 >= len(rs) {
			return i
		}
		i++
		switch rs[i] {
		case '[':
			kind = 0x9b
		case ']':
			kind = 0x9d
		case 'P', 'X', '^', '_':
			kind = 0x90 // DCS, SOS, PM, APC: strings ended like OSC
		default:
			// A two-byte escape, or one with intermediate bytes
			// (ESC ( B): the intermediates, then the final byte.
			for i < len(rs) && rs[i] >= 0x20 && rs[i] <= 0x2f {
				i++
			}
			return min(i, len(rs)-1)
		}
	}
	switch kind {
	case 0x9b: // CSI: parameters and intermediates, then a final byte
		for i+1 < len(rs) {
			i++
			switch {
			case rs[i] >= 0x40 && rs[i] <= 0x7e:
				return i
			case rs[i] < 0x20 || rs[i] > 0x7e:
				// Not part of a sequence: it ends here, and the rune
				// is read again (a control is dropped, text kept).
				return i - 1
			}
		}
		return i
	default: // OSC, DCS, SOS, PM, APC: up to BEL or ST (ESC \ or 0x9c)
		for i+1 < len(rs) {
			i++
			switch {
			case rs[i] == 0x07 || rs[i] == 0x9c:
				return i
			case rs[i] == 0x1b && i+1 < len(rs) && rs[i+1] == '\\':
				return i + 1
			case rs[i] == '\n':
				// An unterminated string does not swallow the rest of the
				// file: it ends at the line.
				return i - 1
			}
		}
		return i
	}
}
