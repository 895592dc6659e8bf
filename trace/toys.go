package trace

import (
	"context"
	"fmt"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"sort"
	"strings"

	"github.com/plylab/plylab/engine/kit/param"
	"github.com/plylab/plylab/engine/textbook"
)

// Toy is a bundled textbook tree.
type Toy struct {
	Name        string
	Tree        string // nested lists of leaf values, MAX to move at the root
	Description string
}

// toys are the bundled textbook trees. Each one's minimax value and
// alpha-beta node count are checked by the tests.
var toys = []Toy{
	{
		Name: "russell-norvig",
		Tree: "((3,12,8),(2,4,6),(14,5,2))",
		Description: "Russell & Norvig's two-ply game (AIMA, Figure 5.2): value 3; " +
			"alpha-beta prunes two leaves under b",
	},
	{
		Name: "binary-3",
		Tree: "(((3,5),(6,9)),((1,2),(0,-1)))",
		Description: "a three-ply binary tree (the GeeksforGeeks alpha-beta example): value 5; " +
			"alpha-beta never looks at the 9 or at (0,-1)",
	},
	{
		Name: "best-order",
		Tree: "(((8,2,5),(9,1,3),(10,4,6)),((7,4,2),(12,11,5),(9,3,8)),((6,1,3),(7,2,1),(11,6,9)))",
		Description: "a 3x3x3 tree in perfect move order: value 8; alpha-beta visits the " +
			"Knuth-Moore minimum of 3^2 + 3^1 - 1 = 11 leaves out of 27",
	},
	{
		Name: "worst-order",
		Tree: "(((6,9,11),(1,2,7),(1,3,6)),((5,11,12),(3,8,9),(2,4,7)),((4,6,10),(1,3,9),(2,5,8)))",
		Description: "the same leaves in the worst move order: value 8; alpha-beta cuts " +
			"nothing and visits all 27 leaves, like minimax",
	},
}

// Toys returns the bundled textbook trees, sorted by name.
func Toys() []Toy {
	out := append([]Toy(nil), toys...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupToy returns the bundled textbook tree called name.
func LookupToy(name string) (Toy, error) {
	for _, t := range toys {
		if strings.EqualFold(t.Name, name) {
			return t, nil
		}
	}
	var names []string
	for _, t := range Toys() {
		names = append(names, t.Name)
	}
	return Toy{}, fmt.Errorf("no textbook tree called %q (bundled: %s)", name, strings.Join(names, ", "))
}

// Value is the bundled tree's minimax value, MAX to move at the root,
// searched to its full height.
func (t Toy) Value() (int, error) {
	g, err := textbook.ParseToy(t.Tree)
	if err != nil {
		return 0, fmt.Errorf("bundled textbook tree %s does not parse: %v", t.Name, err)
	}
	return textbook.Minimax(context.Background(), g, g.Root.Height(), nil).Score, nil
}

// ToysTable is `plylab tree --list`: every bundled textbook tree with its
// minimax value, its shape and its description.
func ToysTable() (*textfmt.Table, error) {
	t := &textfmt.Table{
		Title: "Bundled textbook trees (MAX to move at the root; leaf values from MAX's view)",
		Columns: []textfmt.Column{
			{Key: "name", Header: "Name"},
			{Key: "value", Header: "Value", Right: true},
			{Key: "tree", Header: "Tree"},
			{Key: "description", Header: "Description"},
		},
	}
	for _, toy := range Toys() {
		value, err := toy.Value()
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, []textfmt.Cell{
			textfmt.TextCell(toy.Name).Styled(textfmt.StyleAccent),
			textfmt.IntCell(int64(value)),
			textfmt.TextCell(toy.Tree),
			textfmt.TextCell(toy.Description),
		})
	}
	return t, nil
}

// ToysFormat is the format `plylab tree --list-toys` prints ToysTable in
// for the --format asked: "table" for none or text, "json" for json; no
// other format lists the toys.
func ToysFormat(format string) (string, error) {
	switch format {
	case "", FormatText:
		return "table", nil
	case FormatJSON:
		return FormatJSON, nil
	}
	return "", param.Errorf("{ListToys} prints text or json, not %q", format)
}
