// Package faultio provides a reader that fails, for tests of code that
// reads user files: it returns some text, then a read error, the way a
// directory or a failing disk does.
package faultio

import "io"

// Reader returns Text, then Err on every read. After Limit failed reads
// (50 when Limit is 0) it returns io.EOF, so that a caller that retries
// a failed read for ever ends its test instead of hanging it; Fails
// counts the failed reads (a correct caller stops after one).
type Reader struct {
	Text  string
	Err   error
	Limit int
	Fails int
}

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	if r.Text != "" {
		n := copy(p, r.Text)
		r.Text = r.Text[n:]
		return n, nil
	}
	limit := r.Limit
	if limit == 0 {
		limit = 50
	}
	if r.Fails >= limit {
		return 0, io.EOF
	}
	r.Fails++
	return 0, r.Err
}
