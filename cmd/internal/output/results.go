package output

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Structured results. A program that runs a command in-process (a lesson
// cell) must read the command's numbers from what it computed, not from
// the text it printed. It gives the run a ResultSink (Painter.Results):
// WriteTable then hands it every row it prints (the JSON keys and values
// --format json writes, with the text printed for each), and a command
// hands over its other results with Painter.Result (the position it
// showed, a file it wrote, a summary). Without a sink this costs nothing.

// ResultSink receives the structured results of a run, one at a time:
// kind names each ("table" for a table row, "file", "position", or a
// command's name for its summary).
type ResultSink func(kind string, fields []Field)

// Result hands v to p's sink, if any, as the JSON object --format json
// writes for it: its keys in order, numbers as json.Number, so the
// receiver sees what a program reading the JSON sees.
func (p Painter) Result(kind string, v any) {
	if p.Results == nil {
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
	p.Results(kind, fields)
}

// ResultFields hands fields to p's sink, if any: a result whose values
// were printed (Text) as well as computed. Values are normalised as in
// Result.
func (p Painter) ResultFields(kind string, fields []Field) {
	if p.Results == nil {
		return
	}
	out := make([]Field, len(fields))
	for i, f := range fields {
		out[i] = Field{Key: f.Key, Value: normalise(f.Value), Text: f.Text}
	}
	p.Results(kind, out)
}

// normalise returns v as a program reading its JSON sees it.
func normalise(v any) any {
	data, err := textfmt.MarshalJSON(textfmt.JSONValue(v))
	if err != nil {
		return v
	}
	if d, err := decodeValue(data); err == nil {
		return d
	}
	return v
}

// tableResults hands every row of t to p's sink, if any.
func (p Painter) tableResults(t *Table) {
	if p.Results == nil {
		return
	}
	for i := range t.Rows {
		fields := t.RowFields(i)
		for j := range fields {
			fields[j].Value = normalise(fields[j].Value)
		}
		p.Results("table", fields)
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
