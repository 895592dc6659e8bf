// Package pgn reads the games of a PGN file for every part of plylab that
// takes PGN from outside: opening lists (match --openings), book building
// (book build) and saved games (play --load). It wraps notnil/chess's PGN
// scanner so that no input, however broken, panics (that parser indexes
// out of range on some malformed move text) and so that every error is
// one line: the parser quotes the file's text, control characters
// included.
package pgn

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/notnil/chess"
)

// Scanner reads games one at a time, like chess.Scanner.
type Scanner struct {
	sc   *chess.Scanner
	rd   *Reader
	n    int // games scanned so far, the one that failed included
	err  error
	game *chess.Game
}

// NewScanner returns a scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	rd := NewReader(r)
	return &Scanner{sc: chess.NewScanner(rd), rd: rd}
}

// Reader is the input of notnil/chess's PGN scanner. That scanner, after
// a read error (such as reading a directory), returns an empty game and
// reads again, for ever when the error does not go away: Reader ends the
// input at the first read error instead, and keeps the error for Err.
type Reader struct {
	r   io.Reader
	err error
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader { return &Reader{r: r} }

// Read reads from the underlying reader until its first error, and
// reports io.EOF from then on.
func (r *Reader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, io.EOF
	}
	n, err := r.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		r.err = err
		return n, io.EOF
	}
	return n, err
}

// Err returns the read error that ended the input, or nil.
func (r *Reader) Err() error { return r.err }

// Scan reads the next game and reports whether there is one. It returns
// false at the end of the input and at the first game that cannot be
// read; Err tells which.
func (s *Scanner) Scan() (ok bool) {
	if s.err != nil {
		return false
	}
	s.n++
	defer func() {
		if r := recover(); r != nil {
			s.err = &Error{Game: s.n, Msg: fmt.Sprintf("the PGN reader failed on it (%v); check its move text", r)}
			s.game, ok = nil, false
		}
	}()
	scanned := s.sc.Scan()
	if err := s.rd.Err(); err != nil {
		// The input ended on a read error: what was read is cut short.
		s.err, s.game = err, nil
		return false
	}
	if !scanned {
		if err := s.sc.Err(); err != nil && !errors.Is(err, io.EOF) {
			s.err = &Error{Game: s.n, Msg: strings.TrimPrefix(err.Error(), "chess: "), err: err}
		} else {
			s.err = io.EOF
		}
		return false
	}
	s.game = s.sc.Next()
	return true
}

// Next returns the game Scan read.
func (s *Scanner) Next() *chess.Game { return s.game }

// Err returns the error that stopped Scan, or nil at the end of the input:
// an *Error for a game that could not be read, else the read error.
func (s *Scanner) Err() error {
	if errors.Is(s.err, io.EOF) {
		return nil
	}
	return s.err
}

// Error is a game that could not be read.
type Error struct {
	Game int    // 1-based number of the game in the file
	Msg  string // what went wrong
	err  error
}

// Error returns "game N: MSG" on one line.
func (e *Error) Error() string {
	return fmt.Sprintf("game %d: %s", e.Game, strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, e.Msg))
}

// Unwrap returns the parser's error, if any.
func (e *Error) Unwrap() error { return e.err }
