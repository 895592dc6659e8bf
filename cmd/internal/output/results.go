package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/plylab/plylab/engine/textfmt"
)

// Structured results. A program that runs a command in-process (a lesson
// cell) must read the command's numbers from what it computed, not from
// the text it printed. It passes the command a stdout that is also a
// ResultWriter: WriteTable then hands over every row it prints (the JSON
// keys and values --format json writes, with the text printed for each),
// and a command hands over its other results with Result (the position it
// showed, a file it wrote, a summary). On any other writer this costs
// nothing.

// ResultWriter is a writer that also receives structured results.
type ResultWriter interface {
	io.Writer
	// Result receives one result: kind names it ("table" for a table row,
	// "file", "position", or a command's name for its summary).
	Result(kind string, fields []Field)
}

// Result hands v to w if w is a ResultWriter, as the JSON object --format
// json writes for it: its keys in order, numbers as json.Number, so the
// receiver sees what a program reading the JSON sees.
func Result(w io.Writer, kind string, v any) {
	rw, ok := w.(ResultWriter)
	if !ok {
		return
	}
	data, err := textfmt.MarshalJSON(v)
	if err != nil {
		return
	}
	fields, err := objectFields(data)
	if err != nil {
		return
	}
	rw.Result(kind, fields)
}

// ResultFields hands fields to w if w is a ResultWriter: a result whose
// values were printed (Text) as well as computed. Values are normalised as
// in Result.
func ResultFields(w io.Writer, kind string, fields []Field) {
	rw, ok := w.(ResultWriter)
	if !ok {
		return
	}
	out := make([]Field, len(fields))
	for i, f := range fields {
		out[i] = Field{Key: f.Key, Value: normalise(f.Value), Text: f.Text}
	}
	rw.Result(kind, out)
}

// normalise returns v as a program reading its JSON sees it.
func normalise(v any) any {
	data, err := textfmt.MarshalJSON(jsonValue(v))
	if err != nil {
		return v
	}
	if d, err := decodeValue(data); err == nil {
		return d
	}
	return v
}

// tableResults hands every row of t to w if w is a ResultWriter.
func tableResults(w io.Writer, t *Table) {
	rw, ok := w.(ResultWriter)
	if !ok {
		return
	}
	for i := range t.Rows {
		fields := t.RowFields(i)
		for j := range fields {
			fields[j].Value = normalise(fields[j].Value)
		}
		rw.Result("table", fields)
	}
}

// objectFields decodes a JSON object into its fields, in order.
func objectFields(data []byte) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var fields []Field
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
		fields = append(fields, Field{Key: key, Value: v})
	}
	return fields, nil
}

// decodeValue decodes one JSON value with numbers as json.Number.
func decodeValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
