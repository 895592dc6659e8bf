package output

import (
	"os"

	"github.com/mattn/go-isatty"
)

// IsTerminal reports whether v is an *os.File connected to an interactive
// terminal (a Cygwin or MSYS terminal counts): where plylab colours its
// output and draws progress lines. Any other value, a pipe or a buffer, is
// not one.
func IsTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok || f == nil {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}
