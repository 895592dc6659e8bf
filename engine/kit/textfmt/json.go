package textfmt

import (
	"bytes"
	"encoding/json"
	"io"
)

// MarshalJSON is json.Marshal without HTML escaping, so that moves, titles
// and notes stay readable: "<", ">" and "&" are not turned into \u003c...
func MarshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// WriteJSON writes v to w as JSON indented by two spaces, without HTML
// escaping, followed by a newline: plylab's --format json.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
