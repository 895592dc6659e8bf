package lessons

import (
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The command's side of a cell's results. A RunFunc hands the command's
// results to Invocation.Results as the command computes them: every table
// row and summary its output layer writes, which become the cell's
// Records. A file the command writes goes into the cell's folder
// (Invocation.Files) and is reported as a FileRecord.

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
