package main

import (
	"bytes"
	"encoding/json"
)

// Structured results. A lesson cell runs a command in-process and must read
// its numbers from what the command computed, not from the text it
// printed. So every command hands each result it produces to the run's
// ResultSink, as the same JSON object `--format json` would write for it
// (a table row with the table's JSON keys, or a command's summary), named
// by a kind ("table", "position", "file", ...). Commands call env.result;
// without a sink (an ordinary run) it costs nothing.

// ResultSink receives a command's structured results: kind names the
// result, fields is its JSON object.
type ResultSink func(kind string, fields map[string]any)

// result hands v to the sink, if there is one, as a JSON object: v is
// encoded as --format json encodes it and decoded back into a map, so a
// lesson sees exactly the keys and values a program reading the JSON sees.
func (e *appEnv) result(kind string, v any) {
	if e.Results == nil {
		return
	}
	data, err := marshalJSON(v)
	if err != nil {
		return
	}
	var fields map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if dec.Decode(&fields) != nil {
		return
	}
	e.Results(kind, fields)
}
