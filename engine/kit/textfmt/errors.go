package textfmt

import (
	"errors"
	"io/fs"
)

// PathCause drops the "op PATH: " prefix of an *fs.PathError (wrapped or
// not), for messages that name the path already: os.Open's "open x.pgn:
// no such file or directory" becomes "no such file or directory". Any
// other error is returned unchanged.
func PathCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
