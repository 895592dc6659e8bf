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

// DataError is why ReadDataFiles read no records from Path: with Read set
// the file could not be read (Err is the os or io error); otherwise its
// content is not training records (Err wraps ErrBadRecord), in record
// Record (1-based) or, for 0, the file as a whole.
type DataError struct {
	Path   string
	Read   bool
	Record int
	Err    error
}

// Error says which file, which record and what was wrong.
func (e *DataError) Error() string {
	switch {
	case e.Read:
		return fmt.Sprintf("reading %s: %v", e.Path, e.Err)
	case e.Record > 0:
		return fmt.Sprintf("%s: record %d: %v", e.Path, e.Record, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap returns Err.
func (e *DataError) Unwrap() error { return e.Err }

// ErrNoRecords is ReadDataFiles's error for files that hold no record.
var ErrNoRecords = errors.New("the files hold no positions")

// ReadDataFiles reads and checks (Record.Check) the training records of
// every file in paths, in order: the data of nnue train and nnue label.
// A file that cannot be read or holds something else is a *DataError;
// files without a record, ErrNoRecords.
func ReadDataFiles(paths []string) ([]Record, error) {
	var all []Record
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, &DataError{Path: path, Read: true, Err: err}
		}
		recs, err := ReadRecords(f)
		f.Close()
		if errors.Is(err, ErrBadRecord) {
			return nil, &DataError{Path: path, Err: err}
		} else if err != nil {
			return nil, &DataError{Path: path, Read: true, Err: err}
		}
		for i := range recs {
			if err := recs[i].Check(); err != nil {
				return nil, &DataError{Path: path, Record: i + 1, Err: err}
			}
		}
		all = append(all, recs...)
	}
	if len(all) == 0 {
		return nil, ErrNoRecords
	}
	return all, nil
}
