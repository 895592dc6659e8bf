package trace

import "strings"

// Results: what a tree's text view says, as values a program (a lesson
// cell) can read without parsing the text: the heading and summary line
// (Summary), and one entry per drawn node (Lines), in the order the text
// view prints them.

// TreeResult is a tree's summary: its heading and summary line as values.
type TreeResult struct {
	Algo          string `json:"algo"`
	Depth         int    `json:"depth"`
	Best          string `json:"best"`           // first move of the principal variation ("" if none)
	Value         int    `json:"value"`          // the root's value from MAX's view
	ValueText     string `json:"value_text"`     // as the heading prints it: "3", "+∞", "mate in 2"
	NodesSearched uint64 `json:"nodes_searched"` // main search and quiescence
	QNodes        uint64 `json:"qnodes"`
	NodesDrawn    int    `json:"nodes_drawn"`
	Cutoffs       int    `json:"cutoffs"`
	PrunedMoves   int    `json:"pruned_moves"`
	TTCutoffs     int    `json:"tt_cutoffs"`
	NullCutoffs   int    `json:"null_cutoffs"`
	// The first cutoff of the search, as its replay shows it (all empty
	// or zero when no recorded node was cut off): the cut node's moves
	// from the root ("Kd7 Bg3"; "" is the root), how it ended ("β-cutoff
	// after 6 of 19"), the move whose value caused it, the moves it left
	// unsearched, and the nodes the search had visited when it happened.
	FirstCutoff       string `json:"first_cutoff"`
	FirstCutoffReason string `json:"first_cutoff_reason"`
	FirstCutoffMove   string `json:"first_cutoff_move"`
	FirstCutoffPruned int    `json:"first_cutoff_pruned"`
	FirstCutoffNodes  int    `json:"first_cutoff_nodes"`
}

// NodeResult is one drawn node, as its line in the text view shows it.
type NodeResult struct {
	Algo      string `json:"algo"`
	Path      string `json:"path"` // the moves from the root, space-separated ("" at the root)
	Move      string `json:"move"`
	Ply       int    `json:"ply"`
	Player    string `json:"player"`     // "max" or "min": who is to move
	Value     int    `json:"value"`      // from MAX's view
	ValueText string `json:"value_text"` // with its bound, as printed: "3", "≤ -2", "≥ 5"
	End       string `json:"end"`        // how it ended: "expanded", "cutoff", "checkmate", "leaf", ...
	// Searched and Total are the moves the search tried at the node and
	// the moves it had: a cutoff "after 1 of 3" searched 1 of 3.
	Searched int  `json:"searched"`
	Total    int  `json:"total"`
	PV       bool `json:"pv"`
}

// Result returns the tree's summary.
func (t *Tree) Result() TreeResult {
	r := TreeResult{Algo: t.Algo, Depth: t.Depth, Value: t.Score, ValueText: t.FormatValue(t.Score),
		NodesSearched: t.SearchNodes + t.QNodes, QNodes: t.QNodes, Cutoffs: t.Cutoffs,
		PrunedMoves: t.PrunedMoves, TTCutoffs: t.TTCutoffs, NullCutoffs: t.NullCutoffs}
	if len(t.PV) > 0 {
		r.Best = t.PV[0]
	}
	if t.Root != nil {
		r.NodesDrawn = t.Root.Count()
	}
	if fc := t.FirstCutoff(); fc != nil {
		names, _ := namePath(t.Root, fc)
		r.FirstCutoff = strings.Join(names, " ")
		r.FirstCutoffReason = t.EndLabel(fc)
		r.FirstCutoffNodes = fc.Left.Nodes
		for _, c := range fc.Children {
			if c.ID == fc.Cause && fc.Cause != 0 {
				r.FirstCutoffMove = c.Name
			}
		}
		if fc.Pruned != nil {
			r.FirstCutoffPruned = fc.Pruned.Count
		}
	}
	return r
}

// namePath returns the move names from n down to target (none when
// target is n), and whether target is in n's subtree.
func namePath(n, target *Node) ([]string, bool) {
	if n == target {
		return nil, true
	}
	for _, c := range n.Children {
		if rest, ok := namePath(c, target); ok {
			return append([]string{c.Name}, rest...), true
		}
	}
	return nil, false
}

// Lines returns every drawn node in the text view's order (depth first,
// moves in the order drawn); a fold, no node of the search, is left out.
func (t *Tree) Lines() []NodeResult {
	var out []NodeResult
	var walk func(n *Node, path []string)
	walk = func(n *Node, path []string) {
		if n.Fold != nil {
			return
		}
		player := "max"
		if !n.Max() {
			player = "min"
		}
		out = append(out, NodeResult{Algo: t.Algo, Path: strings.Join(path, " "), Move: n.Name, Ply: n.Ply,
			Player: player, Value: n.MaxValue(), ValueText: t.ValueLabel(n), End: n.End.String(),
			Searched: n.Searched, Total: n.Total, PV: n.PV})
		for _, c := range n.Children {
			walk(c, append(path[:len(path):len(path)], c.Name))
		}
	}
	if t.Root != nil {
		walk(t.Root, nil)
	}
	return out
}
