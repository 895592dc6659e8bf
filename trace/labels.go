package trace

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
)

// How a traced tree is worded for people: values from MAX's point of view,
// windows, how a node ended and why, the tree's heading and summary, and
// a node's position. The drawings (draw.go), the text tree (text.go), the
// JSON (json.go) and the lessons' results all word nodes with these.

// FormatValue writes a value from MAX's point of view: textbook values as
// plain integers; chess values in centipawns with a sign ("+35", "-120",
// "0") or as a mate counted in moves from the root ("#2" MAX mates, "#-3"
// MAX is mated); ±∞ for the search's infinite window bounds.
func (t *Tree) FormatValue(v int) string {
	switch {
	case v >= engine.Infinity:
		return "+∞"
	case v <= -engine.Infinity:
		return "-∞"
	case t.Kind == KindToy:
		return strconv.Itoa(v)
	case engine.IsMate(v):
		return fmt.Sprintf("#%d", engine.MateIn(v))
	case v > 0:
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// ValueLabel writes n's value from MAX's point of view with its bound:
// "3" exact, "≥ 3" a lower bound (fail high), "≤ 3" an upper bound (fail
// low), "?" for a node the search abandoned when it was stopped; a fold's
// bound on its moves (BoundLabel).
func (t *Tree) ValueLabel(n *Node) string {
	if n.Fold != nil {
		return t.BoundLabel(n.Fold)
	}
	v := t.FormatValue(n.MaxValue())
	switch n.MaxBound() {
	case engine.Lower:
		return "≥ " + v
	case engine.Upper:
		return "≤ " + v
	case engine.BoundNone:
		return "?"
	}
	return v
}

// WindowLabel writes n's window on entry from MAX's point of view, e.g.
// "α 3 β +∞".
func (t *Tree) WindowLabel(n *Node) string {
	a, b := n.MaxWindow()
	return "α " + t.FormatValue(a) + " β " + t.FormatValue(b)
}

// EndLabel says how n ended, in the textbook's words: a cutoff at a MAX
// node is a β-cutoff (MAX found a move MIN will not allow), at a MIN node
// an α-cutoff. Expanded nodes, plain leaves and folds get "".
func (t *Tree) EndLabel(n *Node) string {
	if n.Fold != nil {
		return ""
	}
	switch n.End {
	case engine.EndCutoff:
		kind := "β-cutoff"
		if !n.Max() {
			kind = "α-cutoff"
		}
		if n.Total > 0 {
			return fmt.Sprintf("%s after %d of %d", kind, n.Searched, n.Total)
		}
		return kind
	case engine.EndTTCutoff:
		return "TT cutoff"
	case engine.EndNullCutoff:
		return "null-move cutoff"
	case engine.EndStandPat:
		return "stand pat"
	case engine.EndDelta:
		return "delta pruned"
	case engine.EndCheckmate:
		return "checkmate"
	case engine.EndStalemate:
		return "stalemate"
	case engine.EndDraw:
		return "draw"
	case engine.EndQuiet:
		return "quiet"
	case engine.EndExpanded, engine.EndLeaf:
		return ""
	}
	// A pruning the engine learned after this was written: a known
	// wording, else its own name.
	if s, ok := laterEnds[n.End.String()]; ok {
		return s
	}
	return n.End.String()
}

// laterEnds words end reasons by name, for reasons the engine may or may
// not have (they are matched by name so this package builds either way).
var laterEnds = map[string]string{
	"rfp": "reverse futility pruned",
}

// Summary is a one-line account of the search: nodes searched, cutoffs,
// pruned moves, and how much of it the tree shows.
func (t *Tree) Summary() string {
	var parts []string
	total := t.SearchNodes + t.QNodes
	first := plural(int(total), "node") + " searched"
	if t.QNodes > 0 {
		first += fmt.Sprintf(" (%s in quiescence)", textfmt.Thousands(t.QNodes))
	}
	parts = append(parts, first)
	if t.Cutoffs > 0 {
		parts = append(parts, plural(t.Cutoffs, "cutoff"))
	}
	if t.PrunedMoves > 0 {
		parts = append(parts, plural(t.PrunedMoves, "move")+" pruned")
	}
	if t.TTCutoffs > 0 {
		parts = append(parts, plural(t.TTCutoffs, "TT cutoff"))
	}
	if t.NullCutoffs > 0 {
		parts = append(parts, plural(t.NullCutoffs, "null-move cutoff"))
	}
	out := strings.Join(parts, ", ")
	var notes []string
	if t.Earlier > 0 {
		notes = append(notes, fmt.Sprintf("drawn: the last of %d root searches (%s before it)", t.Searches, plural(t.Earlier, "node")))
	}
	if t.Omitted > 0 {
		notes = append(notes, fmt.Sprintf("%s beyond the node budget of %s only counted", plural(t.Omitted, "node"), textfmt.Thousands(t.MaxNodes)))
	}
	if t.Root != nil {
		if drawn, all := t.Root.Count(), t.Root.Visited(); drawn < all {
			notes = append(notes, fmt.Sprintf("%s of %s nodes drawn", textfmt.Thousands(drawn), textfmt.Thousands(all)))
		}
	}
	if len(notes) > 0 {
		out += "; " + strings.Join(notes, "; ")
	}
	return out
}

// Heading is the tree's title line: input, algorithm, depth and result.
func (t *Tree) Heading() string {
	var parts []string
	if t.Title != "" {
		parts = append(parts, t.Title)
	}
	parts = append(parts, t.Algo, fmt.Sprintf("depth %d", t.Depth))
	res := "value " + t.FormatValue(t.Score)
	if len(t.PV) > 0 {
		res = "best " + t.PV[0] + ", " + res
	}
	parts = append(parts, res)
	return strings.Join(parts, " · ")
}

func plural(n int, noun string) string { return textfmt.Plural(n, noun) }

// DrawnOfSearched says how much of the search a shown tree holds, e.g.
// "alphabeta: 12 nodes drawn of 1,234 searched" (quiescence nodes count
// as searched).
func (t *Tree) DrawnOfSearched() string {
	return fmt.Sprintf("%s: %s drawn of %s searched", t.Algo, plural(t.Stats().Nodes, "node"), textfmt.Thousands(t.SearchNodes+t.QNodes))
}

// Why explains in a sentence how n ended, for a reader who clicked it in
// a drawing: why its remaining moves did not matter, or what gave its
// value.
func (t *Tree) Why(n *Node) string {
	if g := n.Fold; g != nil {
		return t.foldWhy(n, g)
	}
	switch n.End {
	case engine.EndCutoff:
		who, other := "MAX", "MIN"
		if !n.Max() {
			who, other = "MIN", "MAX"
		}
		rest := "its other moves"
		if n.Total > 0 {
			rest = fmt.Sprintf("its other %s", plural(n.Total-n.Searched, "move"))
		}
		return fmt.Sprintf("cut: a move of %s reached the bound %s already has elsewhere, so %s will never let the game come here and %s cannot change that", who, other, other, rest)
	case engine.EndTTCutoff:
		return "cut: the transposition table already held a value for this position, deep enough and within the window, so it was not searched again"
	case engine.EndNullCutoff:
		return "cut: even passing (a null move) kept the score at or above β, so the position is too good for the opponent to allow"
	case engine.EndStandPat:
		return "quiescence: the side to move may stand pat, and the static score already reached β"
	case engine.EndDelta:
		return "quiescence: even winning the most valuable piece could not raise the score to α"
	case engine.EndCheckmate:
		return "checkmate: no legal move, in check"
	case engine.EndStalemate:
		return "stalemate: no legal move, not in check (a draw)"
	case engine.EndDraw:
		return "a draw by the rules (repetition, fifty moves or too little material)"
	case engine.EndQuiet:
		return "quiescence: no capture worth searching, the static score stands"
	case engine.EndLeaf:
		if t.Kind != KindChess {
			return "a leaf of the textbook tree: its value is given"
		}
		return "depth limit: the static evaluation gives the value"
	case engine.EndExpanded:
		if n.Total == 0 && len(n.Children) == 0 {
			return "a leaf: its value is given"
		}
		return "every move was searched; the best one gives the value"
	}
	return t.EndLabel(n)
}

// NodeFEN is the position at n in a chess tree: the moves of its path
// played from the searched position ("" for textbook trees, a fold, or
// when the path cannot be replayed).
func (t *Tree) NodeFEN(n *Node) string {
	if t.Kind != KindChess || n.Fold != nil {
		return ""
	}
	b, err := board.FromFEN(t.Start)
	if err != nil {
		return ""
	}
	for _, step := range n.Path {
		switch step {
		case "verify":
			continue
		case "null", "0000":
			b.MakeNull()
			continue
		}
		m, err := b.ParseMove(step)
		if err != nil {
			return ""
		}
		b.Make(m)
	}
	return b.FEN()
}

// foldWhy explains a fold: which moves it stands for, how much search,
// and why its bound holds.
func (t *Tree) foldWhy(n *Node, g *FoldGroup) string {
	s := fmt.Sprintf("%s searched here, drawn as one box: %s (%s searched in them)", plural(len(g.Moves), "move"), strings.Join(g.Moves, " "), plural(n.Visited(), "node"))
	switch g.Bound {
	case engine.Upper:
		s += fmt.Sprintf("; each is worth at most %s to MAX: an exact value or an upper bound (a fail low)", t.FormatValue(g.Value))
	case engine.Lower:
		s += fmt.Sprintf("; each is worth at least %s to MAX: an exact value or a lower bound (a fail high)", t.FormatValue(g.Value))
	default:
		s += "; some values are upper bounds, some lower bounds, so no one bound holds for all"
	}
	return s
}
