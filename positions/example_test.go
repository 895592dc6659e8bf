package positions_test

import (
	"errors"
	"fmt"

	"github.com/plylab/plylab/positions"
)

func Example() {
	p, err := positions.Lookup("Kiwipete")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.FEN)
	fmt.Println("perft:", p.Perft[:3])

	wac, err := positions.LookupSuite("wac")
	if err != nil {
		fmt.Println(err)
		return
	}
	w, err := wac.Find("4")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.Name, w.BestMoves)

	_, err = positions.Lookup("kiwipet")
	fmt.Println(err)
	fmt.Println(errors.Is(err, positions.ErrUnknown))
	// Output:
	// r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
	// perft: [48 2039 97862]
	// WAC.004 [Qxh7+]
	// unknown position "kiwipet" (try "plylab positions list"; did you mean "kiwipete"?)
	// true
}

func ExampleSuites() {
	for _, s := range positions.Suites() {
		fmt.Printf("%-5s %3d  %s\n", s.Name, len(s.Positions), s.Description)
	}
	// Output:
	// wac   300  Win At Chess (revised): 300 tactical positions with best moves
	// bk     24  Bratko-Kopec test: 24 positions with best moves
	// perft 132  Perft suite: 132 positions with published leaf counts
	// bench  49  Stockfish's 49 bench positions
}

func ExampleSuite_Find() {
	perft, err := positions.LookupSuite("perft")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := perft.Find("127")
	fmt.Println(p.Name, p.FEN, p.Perft)
	_, err = perft.Find("133")
	fmt.Println(err)
	// Output:
	// perft-127 1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1 [10 63 533 3508 30821]
	// no position "133" in suite perft (ids 1..132)
}

func ExampleNamed() {
	for _, p := range positions.Named() {
		fmt.Println(p.Name, p.BestMoves)
	}
	// Output:
	// start []
	// kiwipete []
	// cpw3 []
	// cpw4 []
	// cpw5 []
	// cpw6 []
	// paper-mate2 [Ra6]
	// mate2-b [Qb8+]
	// mate3 [Qd8+]
	// zugzwang [Rf1]
	// zugzwang-kp []
	// horizon []
}
