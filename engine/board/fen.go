package board

import "fmt"

// FENError is a FEN that does not describe a position that can occur,
// worded for the person who typed it:
//
//	invalid FEN "...": two white kings
type FENError struct {
	FEN string // as given
	Err error  // what is wrong (ChessPosition's error, without the FEN)
}

// Error names the FEN and says what is wrong with it.
func (e *FENError) Error() string { return fmt.Sprintf("invalid FEN %q: %s", e.FEN, e.Err.Error()) }

// Unwrap returns what is wrong.
func (e *FENError) Unwrap() error { return e.Err }
