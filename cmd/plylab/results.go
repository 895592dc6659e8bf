package main

import (
	"io"

	"bytes"
	"encoding/json"
	"fmt"
	"github.com/plylab/plylab/cmd/internal/output"
	"path/filepath"
	"strings"
)

// Structured results. A lesson cell runs a command in-process and must read
// its numbers from what the command computed, not from the text it
// printed. So every command hands each result it produces to the run's
// ResultSink: every row of every table it prints (with the table's JSON
// keys and the text printed in each column), its summaries (the object
// `--format json` would write), the files it wrote and the position it
// showed. Without a sink (an ordinary run) this costs nothing.

// ResultField is one value of a structured result: its JSON key and
// value, and the text the command printed for it ("" if none).
type ResultField = output.Field

// ResultSink receives a command's structured results, each named by a
// kind: "table" for a table row, "file" for a file written (fields name
// and path), "position" for a position shown (fen, flip), or the
// command's name for its summary.
type ResultSink func(kind string, fields []ResultField)

// result hands v to the sink, if there is one, as the JSON object
// --format json writes for it: v is encoded and decoded back, keys in
// order, numbers as json.Number, so a lesson sees exactly the keys and
// values a program reading the JSON sees.
func (e *appEnv) result(kind string, v any) {
	if e.Results == nil {
		return
	}
	data, err := output.Marshal(v)
	if err != nil {
		return
	}
	fields, err := orderedFields(data)
	if err != nil {
		return
	}
	e.Results(kind, fields)
}

// orderedFields decodes a JSON object into its fields, in order.
func orderedFields(data []byte) ([]ResultField, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var fields []ResultField
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, ResultField{Key: key, Value: v})
	}
	return fields, nil
}

// outputPath returns where a file a command was asked to write (tree -o,
// --plot) goes. In an ordinary run that is the name as given. In a lesson
// cell (e.OutDir set) it must be a plain file name, which is put inside
// the cell's folder: nothing a cell names can be written elsewhere.
func (e *appEnv) outputPath(flag, name string) (string, error) {
	if e.OutDir == "" {
		return name, nil
	}
	if name == "" || name == "-" || name == "." || name == ".." || strings.HasPrefix(name, ".") ||
		strings.ContainsAny(name, `/\`+"\x00") || filepath.IsAbs(name) {
		msg := fmt.Sprintf("--%s %q: in a lesson cell, write to a plain file name such as tree.svg (the runner picks the folder)", flag, name)
		return "", &usageError{msg: msg, complete: true}
	}
	return filepath.Join(e.OutDir, name), nil
}

// writeTable prints t in format and hands its rows to the sink: every
// command prints its tables through it.
func (e *appEnv) writeTable(w io.Writer, format string, t *output.Table) error {
	if e.Results != nil {
		for i := range t.Rows {
			fields := t.RowFields(i)
			for j := range fields {
				// Values as a program reading the JSON sees them.
				if data, err := output.Marshal(fields[j].Value); err == nil {
					if v, err := decodeValue(data); err == nil {
						fields[j].Value = v
					}
				}
			}
			e.Results("table", fields)
		}
	}
	return output.WriteTable(w, format, t, e.out)
}

// decodeValue decodes one JSON value with numbers as json.Number.
func decodeValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// wrote reports a file a command wrote (name as the user gave it, path
// where it is) to the sink.
func (e *appEnv) wrote(name, path string) {
	if e.Results == nil {
		return
	}
	e.Results("file", []ResultField{{Key: "name", Value: filepath.Base(name)}, {Key: "path", Value: path}})
}
