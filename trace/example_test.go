package trace_test

import (
	"context"
	"fmt"
	"os"

	"github.com/plylab/plylab/engine/textbook"
	"github.com/plylab/plylab/trace"
)

// Trace alpha-beta on a textbook tree and print the tree it searched.
func Example() {
	g, err := textbook.ParseToy("((3,12,8),(2,4,6),(14,5,2))")
	if err != nil {
		panic(err)
	}
	rec := trace.NewRecorder(0)
	res := textbook.AlphaBeta(context.Background(), g, g.Root.Height(), rec)
	t := rec.Toy(g, res)
	t.Title = "russell-norvig"
	fmt.Println(t.Nodes, "nodes,", t.Cutoffs, "cutoffs, value", t.FormatValue(t.Score))
	trace.WriteText(os.Stdout, trace.DrawOptions{NoLegend: true}, nil, t)
	// Output:
	// 11 nodes, 2 cutoffs, value 3
	// russell-norvig · alphabeta · depth 2 · best a, value 3
	// 11 nodes searched, 2 cutoffs, 2 moves pruned
	//
	// ▲ root  3  PV
	// ├── ▼ a  3  PV
	// │   ├── ▲ a  3  PV
	// │   ├── ▲ b  12
	// │   └── ▲ c  8
	// ├── ▼ b  ≤ 2  α-cutoff after 1 of 3
	// │   ├── ▲ a  2
	// │   └── ✂ 2 pruned: b: 4, c: 6
	// └── ▼ c  ≤ 2  α-cutoff after 3 of 3
	//     ├── ▲ a  14
	//     ├── ▲ b  5
	//     └── ▲ c  2
}
