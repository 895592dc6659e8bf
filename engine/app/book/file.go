package book

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// WriteFile writes bk to path in Polyglot format and reads it back: the
// book on disk, not the one in memory, is what other programs will see, so
// it returns the book as read from the file, and an error when its records
// differ from bk's. The file is written through a temporary file in the
// same directory and renamed into place, so an existing book is never left
// half-written.
func (bk *Book) WriteFile(path string) (*Book, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".plylab-book-*.tmp")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, textfmt.PathCause(err))
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	// CreateTemp makes the file private (0600); a book is ordinary data.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if err := bk.Write(tmp); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, textfmt.PathCause(err))
	}
	back, err := Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading back %s: %w", path, err)
	}
	if !slices.Equal(bk.records, back.records) {
		return nil, fmt.Errorf("reading back %s: the records differ from those written", path)
	}
	return back, nil
}

// BuildPGNContext is BuildPGN that stops reading once ctx is cancelled
// (Ctrl-C on a large database) and then returns ctx's error.
func BuildPGNContext(ctx context.Context, r io.Reader, opts BuildOptions) (*Book, BuildStats, error) {
	bk, st, err := BuildPGN(ctxReader{ctx, r}, opts)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, st, ctxErr
	}
	return bk, st, err
}

// ctxReader ends the input once ctx is cancelled. It reports io.EOF rather
// than ctx's error: notnil/chess's PGN scanner keeps returning empty games
// after a read error, so only the end of the input stops it.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (r ctxReader) Read(p []byte) (int, error) {
	if r.ctx.Err() != nil {
		return 0, io.EOF
	}
	return r.r.Read(p)
}

// DefaultPath is where Debian's gnuchess-book package installs its
// Polyglot book; plylab uses it when no book is named.
const DefaultPath = "/usr/share/games/gnuchess/book.bin"

// ErrNoGames is BuildFrom's error for PGN input that holds no game.
var ErrNoGames = errors.New("no games found; a PGN game starts with tag lines such as [Event \"...\"] followed by its moves")

// BuildFrom builds a book from the PGN games read from r (named source in
// errors), writes it to the file out and returns it as read back
// (WriteFile). Cancelling ctx stops the reading with ctx's error; input
// that cannot be read (a directory) is "cannot read SOURCE: CAUSE", a
// *ReadError.
func BuildFrom(ctx context.Context, r io.Reader, source, out string, opts BuildOptions) (*Book, BuildStats, error) {
	bk, st, err := BuildPGNContext(ctx, r, opts)
	if err != nil {
		var re *ReadError
		switch {
		case ctx.Err() != nil:
			return nil, st, err
		case errors.As(err, &re):
			return nil, st, fmt.Errorf("cannot read %s: %w", source, err)
		}
		return nil, st, fmt.Errorf("%s: %w", source, err)
	}
	if st.Games == 0 {
		return nil, st, fmt.Errorf("%s: %w", source, ErrNoGames)
	}
	back, err := bk.WriteFile(out)
	return back, st, err
}

// Describe sums up the book: "1,234 records for 567 positions".
func (bk *Book) Describe() string {
	return fmt.Sprintf("%s records for %s positions", textfmt.Thousands(bk.Len()), textfmt.Thousands(bk.Positions()))
}
