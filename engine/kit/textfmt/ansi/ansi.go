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
