package textbook

import (
	"fmt"
	"github.com/plylab/plylab/engine"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/board"
)

// ToyTree is a textbook game tree written as nested lists of leaf values,
// such as "((3,12,8),(2,4,6),(14,5,2))": the root (MAX to move) has three
// children (MIN to move), each with three leaves. Leaf values are from MAX's
// point of view, as textbooks print them. It implements Game, so textbook
// trees run through exactly the same minimax and alpha-beta code as chess.
// Its moves are the child indices plus one (board.Move(1) is the first
// child).
type ToyTree struct {
	Root *ToyNode
	path []*ToyNode
	buf  [][]board.Move
}

// ToyNode is one node of a textbook tree: a leaf with a value, or a list of
// children.
type ToyNode struct {
	Value    int
	Children []*ToyNode
	// Offset is the position of the node's first character in the source.
	Offset int
}

// IsLeaf reports whether the node has no children.
func (n *ToyNode) IsLeaf() bool { return len(n.Children) == 0 }

// Height returns the number of plies from n to its deepest leaf.
func (n *ToyNode) Height() int {
	h := 0
	for _, c := range n.Children {
		h = max(h, c.Height()+1)
	}
	return h
}

// Count returns the number of nodes in the subtree rooted at n.
func (n *ToyNode) Count() int {
	c := 1
	for _, ch := range n.Children {
		c += ch.Count()
	}
	return c
}

// String writes the tree back in its nested-list form.
func (n *ToyNode) String() string {
	if n.IsLeaf() {
		return strconv.Itoa(n.Value)
	}
	parts := make([]string, len(n.Children))
	for i, c := range n.Children {
		parts[i] = c.String()
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// ToySyntaxError reports where a textbook tree failed to parse.
type ToySyntaxError struct {
	Input  string
	Offset int // byte offset of the offending character
	Msg    string
}

// Error returns a one-line message with the offending character pointed
// out, e.g. `toy tree: at character 7 ("x"): expected a number or "("`.
func (e *ToySyntaxError) Error() string {
	ch := "end of input"
	if e.Offset < len(e.Input) {
		ch = strconv.Quote(string(e.Input[e.Offset]))
	}
	return fmt.Sprintf("toy tree: at character %d (%s): %s", e.Offset+1, ch, e.Msg)
}

// Where locates the error for a person reading a file: the 1-based line
// and column (in bytes) of the offending character, and the character
// quoted, or "end of input".
func (e *ToySyntaxError) Where() (line, col int, char string) {
	before := e.Input[:min(e.Offset, len(e.Input))]
	line = strings.Count(before, "\n") + 1
	col = len(before) - strings.LastIndexByte(before, '\n')
	char = "end of input"
	if e.Offset < len(e.Input) {
		char = fmt.Sprintf("%q", string(e.Input[e.Offset]))
	}
	return line, col, char
}

// ParseToy reads a textbook tree: a leaf is an integer, an inner node is a
// parenthesised, comma-separated list of at least one subtree. Brackets []
// work like parentheses; spaces and newlines are ignored. A tree is at most
// MaxPly levels high, the deepest a search goes.
func ParseToy(s string) (*ToyTree, error) {
	p := &toyParser{s: s}
	p.skip()
	root, err := p.node(0)
	if err != nil {
		return nil, err
	}
	p.skip()
	if p.i < len(s) {
		return nil, &ToySyntaxError{s, p.i, "unexpected text after the tree (unbalanced brackets?)"}
	}
	if root.IsLeaf() {
		return nil, &ToySyntaxError{s, 0, "a tree needs at least one move: wrap the values in brackets"}
	}
	return NewToyTree(root), nil
}

// NewToyTree wraps a root node.
func NewToyTree(root *ToyNode) *ToyTree {
	return &ToyTree{Root: root, path: []*ToyNode{root}}
}

type toyParser struct {
	s string
	i int
}

func (p *toyParser) skip() {
	for p.i < len(p.s) && strings.ContainsRune(" \t\r\n", rune(p.s[p.i])) {
		p.i++
	}
}

func (p *toyParser) node(depth int) (*ToyNode, error) {
	p.skip()
	if p.i >= len(p.s) {
		return nil, &ToySyntaxError{p.s, p.i, `expected a number or "(" (unbalanced brackets?)`}
	}
	start := p.i
	switch c := p.s[p.i]; {
	case c == '(' || c == '[':
		closer := byte(')')
		if c == '[' {
			closer = ']'
		}
		if depth >= engine.MaxPly {
			return nil, &ToySyntaxError{p.s, p.i, fmt.Sprintf("the tree is nested more than %d levels deep (a search goes at most %d plies)", engine.MaxPly, engine.MaxPly)}
		}
		p.i++
		n := &ToyNode{Offset: start}
		for {
			child, err := p.node(depth + 1)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, child)
			p.skip()
			if p.i >= len(p.s) {
				return nil, &ToySyntaxError{p.s, p.i, fmt.Sprintf("missing %q: unbalanced brackets", closer)}
			}
			if p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.s[p.i] == closer {
				p.i++
				return n, nil
			}
			return nil, &ToySyntaxError{p.s, p.i, fmt.Sprintf("expected \",\" or %q", closer)}
		}
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		p.i++
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		v, err := strconv.Atoi(p.s[start:p.i])
		if err != nil || v > 30000 || v < -30000 {
			return nil, &ToySyntaxError{p.s, start, "not a number between -30000 and 30000"}
		}
		return &ToyNode{Value: v, Offset: start}, nil
	default:
		return nil, &ToySyntaxError{p.s, p.i, `expected a number or "("`}
	}
}

// Current returns the node the tree is positioned at.
func (t *ToyTree) Current() *ToyNode { return t.path[len(t.path)-1] }

// IsDraw implements Game: textbook trees have no draws.
func (t *ToyTree) IsDraw() bool { return false }

// Moves implements Game: one move per child, numbered from 1.
func (t *ToyTree) Moves(ply int) []board.Move {
	for len(t.buf) <= ply {
		t.buf = append(t.buf, nil)
	}
	n := t.Current()
	buf := t.buf[ply][:0]
	for i := range n.Children {
		buf = append(buf, board.Move(i+1))
	}
	t.buf[ply] = buf
	return buf
}

// NoMoves implements Game: a leaf's value, negated when MIN is to move
// (negamax scores are from the side to move's point of view).
func (t *ToyTree) NoMoves(ply int) (int, engine.EndReason) {
	return t.Evaluate(), engine.EndLeaf
}

// Evaluate implements Game: the leaf value from the side to move's view.
// An inner node cut off by the depth limit scores 0.
func (t *ToyTree) Evaluate() int {
	n := t.Current()
	if !n.IsLeaf() {
		return 0
	}
	if (len(t.path)-1)%2 == 1 {
		return -n.Value
	}
	return n.Value
}

// Make implements Game.
func (t *ToyTree) Make(m board.Move) {
	t.path = append(t.path, t.Current().Children[int(m)-1])
}

// Unmake implements Game.
func (t *ToyTree) Unmake() { t.path = t.path[:len(t.path)-1] }

// ToyMoveName names a textbook move by its position among its siblings:
// "a", "b", "c", ... (then "a1"... beyond 26), as textbooks label branches.
func ToyMoveName(m board.Move) string {
	i := int(m) - 1
	if i < 0 {
		return "root"
	}
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("m%d", i+1)
}
