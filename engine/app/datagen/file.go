package datagen

import (
	"context"
	"fmt"
	"os"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// FileError is GenerateFile's error when the file Path cannot be created
// (Create) or written to (else); Err is the os package's.
type FileError struct {
	Path   string
	Create bool
	Err    error
}

// Error says which file and why: "cannot write PATH: CAUSE" or
// "writing PATH: ERR".
func (e *FileError) Error() string {
	if e.Create {
		return fmt.Sprintf("cannot write %s: %v", e.Path, textfmt.PathCause(e.Err))
	}
	return fmt.Sprintf("writing %s: %v", e.Path, e.Err)
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// GenerateFile is Generate into the file path: a new one, or with
// appendTo the end of an existing one. The games finished are in the file
// even when the run stops early (ctx cancelled).
func GenerateFile(ctx context.Context, o Options, path string, appendTo bool) (Summary, error) {
	flags := os.O_CREATE | os.O_WRONLY | os.O_EXCL
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return Summary{}, &FileError{Path: path, Create: true, Err: err}
	}
	sum, runErr := Generate(ctx, o, f)
	if err := f.Close(); err != nil && runErr == nil {
		runErr = &FileError{Path: path, Err: err}
	}
	return sum, runErr
}

// RunTable is what `plylab nnue datagen` prints after generating with o
// into the file out: Table under a title naming the engine, the nodes a
// move, the seed and the file, and, when the run stopped early (not
// finished), how far it came.
func (s Summary) RunTable(o Options, out string, finished bool) *textfmt.Table {
	t := s.Table(fmt.Sprintf("nnue datagen: %s, %d nodes a move, seed %d → %s", o.Engine.Name, o.Nodes, o.Seed, out))
	if !finished {
		t.Notes = append(t.Notes, fmt.Sprintf("stopped after %d of %d games; the file holds the games finished", s.Games, o.Games))
	}
	return t
}
