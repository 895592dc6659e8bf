package lessons

import (
	"io"

	"github.com/plylab/plylab/engine/textfmt"
)

// The command's side of a cell's results. A RunFunc gives the command a
// RecordingWriter as its stdout: the CLI's output layer sees a writer that
// also takes results (its ResultWriter: Result(kind, fields)) and hands
// over every table row and summary, which become the Outcome's Records.
// A file the command writes goes into the cell's folder (Invocation.Files)
// and is reported as a FileRecord.

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

// FileRecord is the result a command hands over for a file it wrote into
// the cell's folder (kind "file"): the runner reads it from there into the
// cell's Files.
type FileRecord struct {
	Name string `json:"name"` // the file's name in the folder
}
