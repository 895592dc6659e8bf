package book

import (
	"context"
	"errors"
	"fmt"
	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"io/fs"
	"os"
)

// Opening a book or a PGN file the user named, with errors that say what
// was wrong and what to do: a file the user named that does not exist is a
// *MissingError (the CLI's usage error); anything else a plain error.

// MaxBuildPly is the most plies of each game a build counts.
const MaxBuildPly = 1000

// Check checks o's numbers as a user gives them: MaxPly 1 to MaxBuildPly
// and MinGames at least 1 (the zero values' defaults are for programs);
// the errors are *param.RangeErrors of MaxPly and MinGames.
func (o BuildOptions) Check() error {
	if n := o.MaxPly; n < 1 || n > MaxBuildPly {
		return &param.RangeError{Param: "MaxPly", Got: int64(n), Min: 1, Max: MaxBuildPly, Try: "20 (ten moves each)"}
	}
	return param.Check("MinGames", o.MinGames, 1, param.NoMax)
}

// MissingError is a file the user named that does not exist: a book
// (Book true) or a PGN file of games.
type MissingError struct {
	Path string
	Book bool
}

// Error names the file and says to check the path.
func (e *MissingError) Error() string {
	what := "PGN"
	if e.Book {
		what = "book"
	}
	return fmt.Sprintf("%s file %q does not exist; check the path", what, e.Path)
}

// NotInstalledError is Locate's error when no book is named and the
// default book at Path is not installed.
type NotInstalledError struct{ Path string }

// Error names the default book and how to install it.
func (e *NotInstalledError) Error() string {
	return fmt.Sprintf("no opening book: %s is not installed; install Debian's with 'apt-get install gnuchess-book'", e.Path)
}

// Locate opens the book at path, or at def when path is "" (a default
// that is not installed is a *NotInstalledError); it returns the book and
// the path it was read from, and OpenError's errors.
func Locate(path, def string) (*Book, string, error) {
	if path == "" {
		if _, err := os.Stat(def); err != nil {
			return nil, "", &NotInstalledError{Path: def}
		}
		path = def
	}
	bk, err := Open(path)
	if err != nil {
		return nil, "", OpenError(path, err)
	}
	return bk, path, nil
}

// OpenError words Open's error err for the book at path: a *MissingError,
// ErrMalformed with what a book is, or the read error's cause.
func OpenError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &MissingError{Path: path, Book: true}
	case errors.Is(err, ErrMalformed):
		return fmt.Errorf("%w; a Polyglot book is a .bin file of 16-byte records sorted by key", err)
	default:
		return fmt.Errorf("cannot read book %s: %w", path, textfmt.PathCause(err))
	}
}

// BuildFile is BuildFrom on the games of the PGN file pgnPath: a missing
// file is a *MissingError, an unreadable one says why.
func BuildFile(ctx context.Context, pgnPath, out string, opts BuildOptions) (*Book, BuildStats, error) {
	f, err := os.Open(pgnPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, BuildStats{}, &MissingError{Path: pgnPath}
	} else if err != nil {
		return nil, BuildStats{}, fmt.Errorf("cannot read %s: %w", pgnPath, textfmt.PathCause(err))
	}
	defer f.Close()
	return BuildFrom(ctx, f, pgnPath, out, opts)
}
