package book_test

import (
	"fmt"

	"github.com/plylab/plylab/engine/app/book"
	"github.com/plylab/plylab/engine/board"
)

func ExampleKey() {
	b := board.New()
	fmt.Printf("%016x\n", book.Key(b))
	m, _ := b.ParseMove("e4")
	b.Make(m)
	fmt.Printf("%016x\n", book.Key(b))
	// Output:
	// 463b96181691fc9c
	// 823c9b50fd114196
}

func ExampleEncodeMove() {
	b, _ := board.FromFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, _ := b.ParseMove("O-O")
	pm := book.EncodeMove(m)
	back, _ := book.DecodeMove(b, pm)
	fmt.Printf("%s is stored as %#04x and read back as %s\n", m, pm, back)
	// Output: e1g1 is stored as 0x0107 and read back as e1g1
}
