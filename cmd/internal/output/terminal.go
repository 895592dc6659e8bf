package output

import (
	"os"
	"strconv"

	"golang.org/x/term"
)

// IsTerminal reports whether v is an *os.File connected to an interactive
// terminal (golang.org/x/term): where plylab colours its output and draws
// progress lines. Any other value, a pipe or a buffer, is not one. (A
// Cygwin or MSYS terminal on Windows is a pipe to it: --color always
// colours there.)
func IsTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok || f == nil {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}

// Width is the width in columns of the terminal w writes to when
// terminal says w is one and its size can be read; else $COLUMNS (read
// with getenv) when it is a positive number; else 80.
func Width(w any, terminal bool, getenv func(string) string) int {
	if f, ok := w.(*os.File); ok && terminal {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil && n > 0 {
			return n
		}
	}
	if n, err := strconv.Atoi(getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}
