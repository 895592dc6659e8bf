package lab

import (
	"fmt"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/positions"
)

// What compare's table shows beyond the counts: its title, the derived
// columns of a row, and the list of algorithms of its notes.

// CompareTitle titles a comparison of list: "compare: NAME" for one
// position, else the suite and its size ("compare: suite bk (24
// positions)") or just the size when the positions are from no suite.
func CompareTitle(list []positions.Position) string {
	switch {
	case len(list) == 1:
		return "compare: " + list[0].Name
	case list[0].Suite == "":
		return fmt.Sprintf("compare: %d positions", len(list))
	}
	return fmt.Sprintf("compare: suite %s (%d positions)", list[0].Suite, len(list))
}

// PctOfMinimax is the row's nodes as a percentage of minimax's on the
// same positions, 0 when minimax's count is not known.
func (r CompareRow) PctOfMinimax() float64 {
	if r.Minimax == 0 {
		return 0
	}
	return 100 * float64(r.Stats.Nodes) / float64(r.Minimax)
}

// VsMinimal is the row's nodes as a multiple of the minimal tree's, 0
// when the minimal tree is not known.
func (r CompareRow) VsMinimal() float64 {
	if r.Minimal == 0 {
		return 0
	}
	return float64(r.Stats.Nodes) / float64(r.Minimal)
}

// AlgoList names each algorithm with its evaluation, comma-separated:
// "minimax (material eval), engine (pesto eval)".
func AlgoList(algos []engine.Options) string {
	names := make([]string, len(algos))
	for i, o := range algos {
		names[i] = fmt.Sprintf("%s (%s eval)", o.Name, o.Eval)
	}
	return strings.Join(names, ", ")
}
