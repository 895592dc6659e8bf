package lessons

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A run stated in words. "At depths 3-4 it misses the mate" is checked by
// an assertion over depth 3 and depth 4; it also says that the run stops
// there, which the two rows alone do not check: if depth 5 misses the mate
// too, the words put the run's end where the output does not. So an
// assertion made of like comparisons over a run of whole numbers (the same
// comparison at depth 3 and at depth 4) is tried on the numbers just
// outside the run as well, where the output has those rows: if it holds
// there too, the sentence is wrong about where the run ends, and the check
// fails at its line. A run of one value is not tried: "at depth 4" claims
// nothing about depth 5.

// conjuncts splits an and-chain into its comparisons.
func conjuncts(n exprNode) []exprNode {
	if b, ok := n.(binary); ok && b.op == "and" {
		return append(conjuncts(b.l), conjuncts(b.r)...)
	}
	return []exprNode{n}
}

// selectorsOf lists the selectors a node reads.
func selectorsOf(n exprNode) []selRef {
	var out []selRef
	eachNode(n, func(n exprNode) {
		if s, ok := n.(selRef); ok {
			out = append(out, s)
		}
	})
	return out
}

// withValue is n with every condition key=from of its selectors set to
// key=to.
func withValue(n exprNode, key, from, to string) exprNode {
	switch x := n.(type) {
	case selRef:
		sel := x.sel
		sel.Where = append([]Cond(nil), sel.Where...)
		for i, c := range sel.Where {
			if c.Key == key && c.op() == "=" && c.Value == from {
				sel.Where[i].Value = to
			}
		}
		x.sel = sel
		return x
	case unary:
		x.x = withValue(x.x, key, from, to)
		return x
	case binary:
		x.l, x.r = withValue(x.l, key, from, to), withValue(x.r, key, from, to)
		return x
	case call:
		args := make([]exprNode, len(x.args))
		for i, a := range x.args {
			args[i] = withValue(a, key, from, to)
		}
		x.args = args
		return x
	}
	return n
}

// shapeOf prints n with the run's condition value left out.
func shapeOf(n exprNode, key string) string {
	var b strings.Builder
	var walk func(n exprNode)
	walk = func(n exprNode) {
		switch x := n.(type) {
		case selRef:
			fmt.Fprintf(&b, "[%d:%s|", x.cell, x.sel.Key)
			for _, c := range x.sel.Where {
				v := c.Value
				if c.Key == key && c.op() == "=" {
					v = "#"
				}
				fmt.Fprintf(&b, "%s%s%s,", c.Key, c.op(), v)
			}
			b.WriteString("]")
		case unary:
			b.WriteString(x.op + "(")
			walk(x.x)
			b.WriteString(")")
		case binary:
			b.WriteString("(")
			walk(x.l)
			b.WriteString(" " + x.op + " ")
			walk(x.r)
			b.WriteString(")")
		case call:
			b.WriteString(x.fn + "(")
			for _, a := range x.args {
				walk(a)
				b.WriteString(",")
			}
			if x.cond != nil {
				b.WriteString(x.cond.String())
			}
			b.WriteString(")")
		case numLit:
			b.WriteString(strconv.FormatFloat(x.v, 'g', -1, 64))
		case strLit:
			b.WriteString(strconv.Quote(x.s))
		case nameRef:
			b.WriteString(x.name)
		}
	}
	walk(n)
	return b.String()
}

// runValue is the whole number every equality condition on key of n's
// selectors holds, if they agree and there is one.
func runValue(n exprNode, key string) (int, bool) {
	v, found := 0, false
	for _, s := range selectorsOf(n) {
		for _, c := range s.sel.Where {
			if c.Key != key || c.op() != "=" {
				continue
			}
			x, err := strconv.Atoi(c.Value)
			if err != nil || found && x != v {
				return 0, false
			}
			v, found = x, true
		}
	}
	return v, found
}

// runEnds checks the runs of an assertion that holds: the comparisons
// that name one whole number of a condition (depth=3) make the claim at
// that number; when those numbers run without a gap (3, 4, 5) and the
// claim at each is alike (the same comparisons but for the number), the
// claim is tried at the number before the run and the one after it, where
// the output has those rows: if it holds there too, the words put the
// run's end where the output does not. It returns what is wrong, "" when
// nothing.
func runEnds(e *Expr, env *evalEnv) string {
	cs := conjuncts(e.root)
	if len(cs) < 2 {
		return ""
	}
	keys := map[string]bool{}
	for _, c := range cs {
		for _, s := range selectorsOf(c) {
			for _, cond := range s.sel.Where {
				if _, err := strconv.Atoi(cond.Value); err == nil && cond.op() == "=" {
					keys[cond.Key] = true
				}
			}
		}
	}
	sortedKeys := make([]string, 0, len(keys))
	for k := range keys {
		sortedKeys = append(sortedKeys, k)
	}
	sort.Strings(sortedKeys)
	for _, key := range sortedKeys {
		// The claim at each number: its comparisons, and their shapes.
		claims := map[int][]exprNode{}
		shapes := map[int][]string{}
		for _, c := range cs {
			v, ok := runValue(c, key)
			if !ok {
				continue
			}
			claims[v] = append(claims[v], c)
			shapes[v] = append(shapes[v], shapeOf(c, key))
		}
		if len(claims) < 2 {
			continue
		}
		var values []int
		for v := range claims {
			values = append(values, v)
			sort.Strings(shapes[v])
		}
		sort.Ints(values)
		lo, hi := values[0], values[len(values)-1]
		alike := hi-lo+1 == len(values)
		for _, v := range values {
			alike = alike && strings.Join(shapes[v], "|") == strings.Join(shapes[lo], "|")
		}
		if !alike {
			continue
		}
		for _, out := range []struct{ from, at int }{{lo, lo - 1}, {hi, hi + 1}} {
			holds := true
			for _, c := range claims[out.from] {
				n := withValue(c, key, strconv.Itoa(out.from), strconv.Itoa(out.at))
				x, err := n.eval(env)
				holds = holds && err == nil && x.isBool && x.b
			}
			if holds {
				return fmt.Sprintf("it holds for %s %d to %d, and at %s %d too: the run the words state does not end where the output's does", key, lo, hi, key, out.at)
			}
		}
	}
	return ""
}
