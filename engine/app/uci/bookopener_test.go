package uci

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// pathBook is a concrete book type, as engine/app/book's *Book is.
type pathBook struct{ path string }

func (f *pathBook) Pick(*board.Board, *rand.Rand) (board.Move, bool) { return board.Move(0), false }

func TestBookOpener(t *testing.T) {
	errMissing := errors.New("no such book")
	open := BookOpener(func(path string) (*pathBook, error) {
		if path == "missing.bin" {
			return nil, errMissing
		}
		return &pathBook{path}, nil
	})
	bk, err := open("book.bin")
	if fb, ok := bk.(*pathBook); err != nil || !ok || fb.path != "book.bin" {
		t.Errorf("open(book.bin) = %#v, %v; want the fake book", bk, err)
	}
	bk, err = open("missing.bin")
	if bk != nil || !errors.Is(err, errMissing) {
		t.Errorf("open(missing.bin) = %#v, %v; want a nil Book and the error", bk, err)
	}
}
