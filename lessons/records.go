package lessons

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/plylab/plylab/engine/textfmt"
)

// The command's side of a cell's results. A RunFunc gives the command a
// RecordingWriter as its stdout: the CLI's output layer sees a writer that
// also takes results (its ResultWriter: Result(kind, fields)) and hands
// over every table row and summary, which become the Outcome's Records.
// A file the command writes goes inside the cell's folder (CellFile) and
// is reported as a FileRecord.

// RecordingWriter is a command's stdout in a lesson cell: text goes to
// Writer, results to Records.
type RecordingWriter struct {
	io.Writer
	Records []Record
}

// Result keeps one result of the command as a Record.
func (w *RecordingWriter) Result(kind string, fields []textfmt.Field) {
	w.Records = append(w.Records, NewRecord(kind, fields))
}

// NewRecord is the Record of one result: its kind and its fields as the
// output layer hands them over (keys, JSON values and printed text).
func NewRecord(kind string, fields []textfmt.Field) Record {
	r := Record{Kind: kind, Fields: make([]Field, len(fields))}
	for i, f := range fields {
		r.Fields[i] = Field{Key: f.Key, Value: f.Value, Text: f.Text}
	}
	return r
}

// FileRecord is the result a command hands over for a file it wrote (kind
// "file"): the runner reads the file into the cell's Files.
type FileRecord struct {
	Name string `json:"name"` // the file's base name, as the lesson shows it
	Path string `json:"path"` // where it is
}

// NewFileRecord is the FileRecord of a file written at path.
func NewFileRecord(path string) FileRecord {
	return FileRecord{Name: filepath.Base(path), Path: path}
}

// ErrCellFile is CellFile's error for a name that is not a plain file
// name.
var ErrCellFile = errors.New("in a lesson cell, write to a plain file name such as tree.svg (the runner picks the folder)")

// CellFile returns where a file a command was asked to write (tree -o,
// --plot) goes when the command runs in a cell whose folder is dir. It
// must be a plain file name, which is put inside dir, so nothing a cell
// names can be written elsewhere; anything else is ErrCellFile. Outside a
// cell (dir "") and for no name, name is returned as it is.
func CellFile(dir, name string) (string, error) {
	if dir == "" || name == "" {
		return name, nil
	}
	if name == "-" || name == "." || name == ".." || strings.HasPrefix(name, ".") ||
		strings.ContainsAny(name, `/\`+"\x00") || filepath.IsAbs(name) {
		return "", ErrCellFile
	}
	return filepath.Join(dir, name), nil
}
