package eval_test

import (
	"fmt"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

// A king and pawn against a bare king, under each evaluation. Material sees
// one pawn. PST docks it 20 for still standing on e2. PeSTO sees an endgame
// (phase 0), where a pawn is worth 94 plus 13 for its square. Classical,
// with its tuned weights, adds in the endgame: +36 because White's king is
// 3 squares closer to the pawn's path than Black's, -25 for a passed pawn
// still on the 2nd rank (PeSTO's table already pays for a pawn's advance),
// -12 for an isolated pawn, -13 for White's one shield pawn and +4 for
// Black's missing one, and +5 for having the move: 5 less in all.
func Example() {
	b, err := board.FromFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	for _, k := range []eval.Kind{eval.Material, eval.PST, eval.PeSTO, eval.Classical} {
		fmt.Printf("%-9s %4d\n", k, eval.Evaluate(b, k))
	}
	br := eval.Explain(b, eval.PeSTO)
	fmt.Printf("phase %d, mg %d, eg %d, white %d\n", br.Phase, br.MG, br.EG, br.White)
	// Output:
	// material   100
	// pst         80
	// pesto      107
	// classical  102
	// phase 0, mg 67, eg 107, white 107
}
