package nnue

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// FuzzParse: no byte string makes Parse panic, and whatever it accepts
// writes back to the same bytes and evaluates a position.
func FuzzParse(f *testing.F) {
	var good bytes.Buffer
	if err := randomNet(16, 1).Write(&good); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add([]byte("PLYLABNN"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := n.Write(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("a parsed network writes back differently")
		}
		n.Evaluate(board.New())
	})
}

// FuzzRecord: no 32 bytes make Check, Pieces or Board panic, and a record
// that passes Check either rebuilds a board that packs back to the same
// pieces, side and score, or is a position FromFEN rejects.
func FuzzRecord(f *testing.F) {
	r := Pack(board.New(), 12, WhiteWins)
	f.Add(r[:])
	f.Add(make([]byte, RecordSize))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		copy(r[:], data)
		r.Pieces(nil)
		if r.Check() != nil {
			if _, err := r.Board(); err == nil {
				t.Fatal("Board accepted a record Check rejects")
			}
			return
		}
		b, err := r.Board()
		if err != nil {
			return // e.g. a pawn on the first rank, or the side not to move in check
		}
		back := Pack(b, r.Score(), r.Result())
		if fmt.Sprint(back.Pieces(nil)) != fmt.Sprint(r.Pieces(nil)) || back.Side() != r.Side() || back.Score() != r.Score() {
			t.Fatalf("record %x rebuilt as %s packs to %x", r[:], b.FEN(), back[:])
		}
	})
}
