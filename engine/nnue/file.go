package nnue

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// FileError is why ReadFile gave no network. With Read set the file could
// not be read and Err is the os package's error (errors.Is(err,
// fs.ErrNotExist) for a missing file); otherwise the file is not a
// network and Err wraps ErrFormat, saying what was found.
type FileError struct {
	Path string
	Read bool
	Err  error
}

// Error says which file and what was wrong: "cannot read PATH: CAUSE" or
// "PATH: not a plylab network file: ...".
func (e *FileError) Error() string {
	if e.Read {
		var pe *fs.PathError
		cause := e.Err
		if errors.As(cause, &pe) {
			cause = pe.Err
		}
		return fmt.Sprintf("cannot read %s: %v", e.Path, cause)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// ReadFile reads the network file at path (written by Write, e.g. by
// plylab nnue train) and returns the network and the file's size in
// bytes. Every error is a *FileError. It is the one reader of network
// files: the command line's --net and the UCI option EvalFile use it.
func ReadFile(path string) (*Network, int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, &FileError{Path: path, Read: true, Err: err}
	}
	n, err := Parse(data)
	if err != nil {
		return nil, 0, &FileError{Path: path, Err: err}
	}
	return n, len(data), nil
}
