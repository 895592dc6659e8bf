package lessons

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Expressions: the small language of {{= EXPR}}, {{NAME = EXPR}} and
// {{assert: EXPR}}. Their atoms are values read from the cells' results
// ([SELECTOR] or [cell N: SELECTOR]), names bound earlier in the lesson,
// and literals; prose computes with them instead of retyping a number:
//
//	[nodes | depth=5, algo=minimax] / [nodes | depth=5, algo=alphabeta]
//	round(100 * ab / mm, 1)
//	since([depth], pv^=Kb1)
//	count([best | algo=engine-without-verify, best=Ra6]) == 0
//
// Operators, loosest first: or; and; not; == != < <= > >=; + -; * /;
// unary -. Functions: count, min, max, sum, first, last ([SELECTOR]: over
// every matching result), since([SELECTOR], KEY=VALUE) (the selected value
// of the first result from which every later one meets the condition),
// same([SELECTOR], [SELECTOR]) (both select the same values, in order),
// argmin([SELECTOR], KEY) and argmax (KEY of the result whose selected
// value is the least or the greatest: argmin([held_out_error], epoch)),
// round(x, n) (n decimals; round(x) is round(x, 0)), abs(x), sqrt(x), pow(x, y), floor(x),
// ceil(x).

// Expr is a parsed expression.
type Expr struct {
	Text string // as written
	root exprNode
}

func (e *Expr) String() string { return e.Text }

// exprNode is one node of an expression's tree.
type exprNode interface {
	eval(env *evalEnv) (value, error)
}

// value is what an expression computes: a number or a text, with the
// text a field was printed as.
type value struct {
	num   float64
	isNum bool
	text  string // as printed ("1,080", "Ra6"); "" for a computed number
	// decimals is how many decimals a computed number prints with; -1
	// prints a whole number with thousands separators and any other with
	// up to two decimals.
	decimals int
	isBool   bool
	b        bool
}

// String is the value as prose shows it.
func (v value) String() string {
	switch {
	case v.isBool:
		return strconv.FormatBool(v.b)
	case v.text != "":
		return v.text
	case !v.isNum:
		return ""
	}
	return formatNumber(v.num, v.decimals)
}

// formatNumber prints x with decimals decimals (thousands separators in
// the whole part), or, for decimals < 0, a whole number as one and any
// other with at most two decimals.
func formatNumber(x float64, decimals int) string {
	if decimals < 0 {
		if r := math.Round(x); math.Abs(x-r) < 1e-9 && math.Abs(r) < 1e15 {
			return textfmt.Thousands(int64(r))
		}
		s := strconv.FormatFloat(x, 'f', 2, 64)
		return strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	s := strconv.FormatFloat(x, 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	n, err := strconv.ParseInt(strings.TrimPrefix(whole, "-"), 10, 64)
	if err != nil {
		return s
	}
	whole = textfmt.Thousands(n)
	if neg {
		whole = "-" + whole
	}
	if frac != "" {
		return whole + "." + frac
	}
	return whole
}

// fieldValue is a result field as an expression sees it: a number when
// its printed text or its JSON value is one, else its text.
func fieldValue(f Field) value {
	text := f.String()
	v := value{text: text, decimals: -1}
	if x, ok := ParseNumber(text); ok {
		v.num, v.isNum = x, true
	} else if n, ok := f.Value.(json.Number); ok {
		if x, err := n.Float64(); err == nil {
			v.num, v.isNum = x, true
		}
	}
	return v
}

// evalEnv is what an expression reads: the session's cells, the names
// bound so far, and the cell that a [SELECTOR] without "cell N:" reads.
type evalEnv struct {
	s     *Session
	cell  int
	names map[string]value
}

// errTimeKey refuses a time in an expression: it differs on every run.
func timeKey(key string) bool {
	return key == "time_s" || key == "nps" || key == "elapsed" || key == "elapsed_ms" ||
		strings.HasSuffix(key, "_time_s") || strings.HasSuffix(key, "_per_s") || strings.HasSuffix(key, "_nps")
}

func (env *evalEnv) commands(cell int) ([]*CommandResult, error) {
	if cell == 0 {
		cell = env.cell
	}
	res := env.s.Result(cell)
	if res == nil {
		return nil, fmt.Errorf("cell %d has not run", cell)
	}
	return res.Commands, nil
}

// ---- the nodes ----

type numLit struct{ v float64 }

func (n numLit) eval(*evalEnv) (value, error) { return value{num: n.v, isNum: true, decimals: -1}, nil }

type strLit struct{ s string }

func (n strLit) eval(*evalEnv) (value, error) { return value{text: n.s, decimals: -1}, nil }

type nameRef struct{ name string }

func (n nameRef) eval(env *evalEnv) (value, error) {
	v, ok := env.names[n.name]
	if !ok {
		return value{}, fmt.Errorf("%s has no value: the reference that binds it did not run", n.name)
	}
	return v, nil
}

// selRef is [SELECTOR] or [cell N: SELECTOR] (cell 0: the default cell).
type selRef struct {
	cell int
	sel  Selector
}

func (n selRef) where() string {
	if n.cell > 0 {
		return fmt.Sprintf("[cell %d: %s]", n.cell, n.sel)
	}
	return "[" + n.sel.Text + "]"
}

func (n selRef) eval(env *evalEnv) (value, error) {
	cmds, err := env.commands(n.cell)
	if err != nil {
		return value{}, err
	}
	f, err := n.sel.FindField(cmds)
	if err != nil {
		return value{}, fmt.Errorf("%s: %v", n.where(), err)
	}
	return fieldValue(f), nil
}

func (n selRef) all(env *evalEnv) ([]value, error) {
	cmds, err := env.commands(n.cell)
	if err != nil {
		return nil, err
	}
	fs, err := n.sel.FindAll(cmds)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", n.where(), err)
	}
	out := make([]value, len(fs))
	for i, f := range fs {
		out[i] = fieldValue(f)
	}
	return out, nil
}

type unary struct {
	op string
	x  exprNode
}

func (n unary) eval(env *evalEnv) (value, error) {
	x, err := n.x.eval(env)
	if err != nil {
		return value{}, err
	}
	if n.op == "not" {
		if !x.isBool {
			return value{}, fmt.Errorf("not needs a comparison, got %s", x)
		}
		return boolValue(!x.b), nil
	}
	if !x.isNum {
		return value{}, fmt.Errorf("-%s: not a number", x)
	}
	return value{num: -x.num, isNum: true, decimals: x.decimalsOr()}, nil
}

// decimalsOr is the decimals a computed result keeps from an operand that
// was rounded, -1 otherwise.
func (v value) decimalsOr() int {
	if v.text != "" {
		return -1
	}
	return v.decimals
}

func boolValue(b bool) value { return value{isBool: true, b: b} }

type binary struct {
	op   string
	l, r exprNode
}

func (n binary) eval(env *evalEnv) (value, error) {
	l, err := n.l.eval(env)
	if err != nil {
		return value{}, err
	}
	if n.op == "and" || n.op == "or" {
		if !l.isBool {
			return value{}, fmt.Errorf("%s needs comparisons on both sides, got %s", n.op, l)
		}
		if n.op == "and" && !l.b || n.op == "or" && l.b {
			return l, nil
		}
		r, err := n.r.eval(env)
		if err != nil {
			return value{}, err
		}
		if !r.isBool {
			return value{}, fmt.Errorf("%s needs comparisons on both sides, got %s", n.op, r)
		}
		return r, nil
	}
	r, err := n.r.eval(env)
	if err != nil {
		return value{}, err
	}
	switch n.op {
	case "==", "!=":
		var eq bool
		switch {
		case l.isNum && r.isNum:
			eq = l.num == r.num
		case l.isBool || r.isBool:
			return value{}, fmt.Errorf("cannot compare %s with %s", l, r)
		default:
			eq = l.String() == r.String()
		}
		return boolValue(eq == (n.op == "==")), nil
	case "<", "<=", ">", ">=":
		if !l.isNum || !r.isNum {
			return value{}, fmt.Errorf("%s %s %s: both sides must be numbers", l, n.op, r)
		}
		var b bool
		switch n.op {
		case "<":
			b = l.num < r.num
		case "<=":
			b = l.num <= r.num
		case ">":
			b = l.num > r.num
		default:
			b = l.num >= r.num
		}
		return boolValue(b), nil
	}
	if !l.isNum || !r.isNum {
		return value{}, fmt.Errorf("%s %s %s: both sides must be numbers", l, n.op, r)
	}
	var x float64
	switch n.op {
	case "+":
		x = l.num + r.num
	case "-":
		x = l.num - r.num
	case "*":
		x = l.num * r.num
	case "/":
		if r.num == 0 {
			return value{}, fmt.Errorf("%s / %s: division by zero", l, r)
		}
		x = l.num / r.num
	}
	return value{num: x, isNum: true, decimals: -1}, nil
}

type call struct {
	fn   string
	args []exprNode
	cond *Cond  // since's condition
	key  string // argmin's and argmax's key
}

func (n call) eval(env *evalEnv) (value, error) {
	switch n.fn {
	case "count", "min", "max", "sum", "first", "last":
		vs, err := n.args[0].(selRef).all(env)
		if err != nil {
			return value{}, err
		}
		return aggregate(n.fn, vs, n.args[0].(selRef))
	case "since":
		return n.since(env)
	case "argmin", "argmax":
		return n.argBest(env)
	case "same":
		a, err := n.args[0].(selRef).all(env)
		if err != nil {
			return value{}, err
		}
		b, err := n.args[1].(selRef).all(env)
		if err != nil {
			return value{}, err
		}
		if len(a) == 0 {
			return value{}, fmt.Errorf("same(%s, ...): no result matches", n.args[0].(selRef).where())
		}
		eq := len(a) == len(b)
		for i := 0; eq && i < len(a); i++ {
			eq = a[i].isNum && b[i].isNum && a[i].num == b[i].num || a[i].String() == b[i].String()
		}
		return boolValue(eq), nil
	}
	var xs []value
	for _, a := range n.args {
		x, err := a.eval(env)
		if err != nil {
			return value{}, err
		}
		if !x.isNum {
			return value{}, fmt.Errorf("%s(%s): not a number", n.fn, x)
		}
		xs = append(xs, x)
	}
	switch n.fn {
	case "round":
		d := xs[1].num
		if d != math.Trunc(d) || d < 0 || d > 6 {
			return value{}, fmt.Errorf("round(x, n): n must be a whole number from 0 to 6, got %s", xs[1])
		}
		p := math.Pow(10, d)
		return value{num: math.Round(xs[0].num*p) / p, isNum: true, decimals: int(d)}, nil
	case "abs":
		return value{num: math.Abs(xs[0].num), isNum: true, decimals: xs[0].decimalsOr()}, nil
	case "pow":
		return value{num: math.Pow(xs[0].num, xs[1].num), isNum: true, decimals: -1}, nil
	case "floor":
		return value{num: math.Floor(xs[0].num), isNum: true, decimals: -1}, nil
	case "ceil":
		return value{num: math.Ceil(xs[0].num), isNum: true, decimals: -1}, nil
	case "sqrt":
		if xs[0].num < 0 {
			return value{}, fmt.Errorf("sqrt(%s): negative", xs[0])
		}
		return value{num: math.Sqrt(xs[0].num), isNum: true, decimals: -1}, nil
	}
	return value{}, fmt.Errorf("unknown function %s", n.fn)
}

func aggregate(fn string, vs []value, s selRef) (value, error) {
	if fn == "count" {
		return value{num: float64(len(vs)), isNum: true, decimals: -1}, nil
	}
	if len(vs) == 0 {
		return value{}, fmt.Errorf("%s(%s): no result matches", fn, s.where())
	}
	switch fn {
	case "first":
		return vs[0], nil
	case "last":
		return vs[len(vs)-1], nil
	}
	best := vs[0]
	sum := 0.0
	for _, v := range vs {
		if !v.isNum {
			return value{}, fmt.Errorf("%s(%s): %s is not a number", fn, s.where(), v)
		}
		sum += v.num
		if fn == "min" && v.num < best.num || fn == "max" && v.num > best.num {
			best = v
		}
	}
	if fn == "sum" {
		return value{num: sum, isNum: true, decimals: -1}, nil
	}
	return best, nil
}

// argBest is KEY of the result whose selected value is the least
// (argmin) or the greatest (argmax); the first such result on a tie.
func (n call) argBest(env *evalEnv) (value, error) {
	s := n.args[0].(selRef)
	cmds, err := env.commands(s.cell)
	if err != nil {
		return value{}, err
	}
	recs, err := s.sel.findRecords(cmds)
	if err != nil {
		return value{}, fmt.Errorf("%s: %v", s.where(), err)
	}
	best := -1
	var bestV value
	for i, r := range recs {
		f, _ := r.Get(s.sel.Key)
		v := fieldValue(f)
		if !v.isNum {
			return value{}, fmt.Errorf("%s(%s, %s): %s is not a number", n.fn, s.where(), n.key, v)
		}
		if best < 0 || n.fn == "argmin" && v.num < bestV.num || n.fn == "argmax" && v.num > bestV.num {
			best, bestV = i, v
		}
	}
	if best < 0 {
		return value{}, fmt.Errorf("%s(%s, %s): no result matches", n.fn, s.where(), n.key)
	}
	f, ok := recs[best].Get(n.key)
	if !ok {
		return value{}, fmt.Errorf("%s(%s, %s): the result has no key %q", n.fn, s.where(), n.key, n.key)
	}
	return fieldValue(f), nil
}

// since is the selected value of the first result (among those the
// selector matches) from which every later one meets the condition.
func (n call) since(env *evalEnv) (value, error) {
	s := n.args[0].(selRef)
	cmds, err := env.commands(s.cell)
	if err != nil {
		return value{}, err
	}
	recs, err := s.sel.findRecords(cmds)
	if err != nil {
		return value{}, fmt.Errorf("%s: %v", s.where(), err)
	}
	from := 0
	for i, r := range recs {
		if g, ok := r.Get(n.cond.Key); !ok || !n.cond.holds(g) {
			from = i + 1
		}
	}
	if from == len(recs) {
		return value{}, fmt.Errorf("since(%s, %s): the last result does not have %s", s.where(), n.cond, n.cond)
	}
	f, _ := recs[from].Get(s.sel.Key)
	return fieldValue(f), nil
}

// eval evaluates e in env; a time among its values is refused.
func (e *Expr) eval(env *evalEnv) (value, error) {
	return e.root.eval(env)
}

// usesTime reports the first selector of scope that reads a time.
func usesTime(sels []selRef) (selRef, bool) {
	for _, s := range sels {
		if timeKey(s.sel.Key) {
			return s, true
		}
	}
	return selRef{}, false
}

// exprNames are the names an expression reads, in order.
func exprNames(e *Expr) []string {
	var out []string
	eachNode(e.root, func(n exprNode) {
		if r, ok := n.(nameRef); ok {
			out = append(out, r.name)
		}
	})
	return out
}

// eachNode calls visit on n and on every node below it, parents first,
// operands and arguments left to right.
func eachNode(n exprNode, visit func(exprNode)) {
	visit(n)
	switch n := n.(type) {
	case unary:
		eachNode(n.x, visit)
	case binary:
		eachNode(n.l, visit)
		eachNode(n.r, visit)
	case call:
		for _, a := range n.args {
			eachNode(a, visit)
		}
	}
}

// exprNumbers are the number literals of an expression, as prose writes
// them ("3", "0.5").
func exprNumbers(e *Expr) []string {
	var out []string
	eachNode(e.root, func(n exprNode) {
		if l, ok := n.(numLit); ok {
			out = append(out, formatNumber(l.v, -1))
		}
	})
	return out
}

// leadingNumber is the number a quotation begins with: "557.9 s" is
// 557.9; ok is false when it begins with none.
func leadingNumber(s string) (float64, bool) {
	m := leadingNumberRe.FindString(strings.TrimSpace(s))
	if m == "" {
		return 0, false
	}
	return ParseNumber(strings.Replace(m, "−", "-", 1))
}

var leadingNumberRe = regexp.MustCompile(`^[+\-−]?\d[\d,]*(\.\d+)?`)
