package lessons

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

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

// ---- the parser ----

// exprScope is what a parse knows: the names bound before it and how many
// cells have run (a [cell N: ...] must name one of them).
type exprScope struct {
	names       map[string]bool
	cellsBefore int
	// sels collects every selector the expression reads (the prose linter
	// takes their conditions as the sentence's sources).
	sels []selRef
	// names used, in order
	used []string
}

// ParseExpr parses an expression for a place in a lesson where cells
// 1..cellsBefore have run and names are bound.
func parseExpr(text string, scope *exprScope) (*Expr, error) {
	p := &exprParser{src: text, scope: scope}
	p.next()
	root, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, fmt.Errorf("unexpected %q in %q", p.tok.text, text)
	}
	return &Expr{Text: strings.TrimSpace(text), root: root}, nil
}

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tStr
	tIdent
	tSel
	tOp
	tCond
)

type token struct {
	kind tokKind
	text string
	num  float64
}

type exprParser struct {
	src   string
	pos   int
	tok   token
	err   error
	scope *exprScope
}

var twoCharOps = []string{"==", "!=", "<=", ">=", "^="}

func (p *exprParser) next() {
	for p.pos < len(p.src) && unicode.IsSpace(rune(p.src[p.pos])) {
		p.pos++
	}
	if p.pos >= len(p.src) {
		p.tok = token{kind: tEOF}
		return
	}
	c := p.src[p.pos]
	switch {
	case c >= '0' && c <= '9' || c == '.' && p.pos+1 < len(p.src) && p.src[p.pos+1] >= '0' && p.src[p.pos+1] <= '9':
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] == '.' || p.src[p.pos] == '_') {
			p.pos++
		}
		text := p.src[start:p.pos]
		x, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
		if err != nil && p.err == nil {
			p.err = fmt.Errorf("%q is not a number", text)
		}
		p.tok = token{kind: tNum, text: text, num: x}
	case c == '"':
		end := strings.IndexByte(p.src[p.pos+1:], '"')
		if end < 0 {
			if p.err == nil {
				p.err = fmt.Errorf("unterminated \" in %q", p.src)
			}
			p.tok, p.pos = token{kind: tEOF}, len(p.src)
			return
		}
		p.tok = token{kind: tStr, text: p.src[p.pos+1 : p.pos+1+end]}
		p.pos += end + 2
	case c == '[':
		depth, j := 0, p.pos
		for ; j < len(p.src); j++ {
			if p.src[j] == '[' {
				depth++
			} else if p.src[j] == ']' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if j == len(p.src) {
			if p.err == nil {
				p.err = fmt.Errorf("unclosed [ in %q", p.src)
			}
			p.tok, p.pos = token{kind: tEOF}, len(p.src)
			return
		}
		p.tok = token{kind: tSel, text: p.src[p.pos+1 : j]}
		p.pos = j + 1
	case c == '_' || unicode.IsLetter(rune(c)):
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] == '_' || p.src[p.pos] < 128 && (unicode.IsLetter(rune(p.src[p.pos])) || unicode.IsDigit(rune(p.src[p.pos])))) {
			p.pos++
		}
		p.tok = token{kind: tIdent, text: p.src[start:p.pos]}
	default:
		for _, op := range twoCharOps {
			if strings.HasPrefix(p.src[p.pos:], op) {
				p.tok = token{kind: tOp, text: op}
				p.pos += 2
				return
			}
		}
		if strings.ContainsRune("+-*/<>(),=", rune(c)) {
			p.tok = token{kind: tOp, text: string(c)}
			p.pos++
			return
		}
		if strings.HasPrefix(p.src[p.pos:], "−") { // a typographic minus
			p.tok = token{kind: tOp, text: "-"}
			p.pos += len("−")
			return
		}
		if p.err == nil {
			p.err = fmt.Errorf("unexpected %q in %q", string(c), p.src)
		}
		p.tok, p.pos = token{kind: tEOF}, len(p.src)
	}
}

func (p *exprParser) fail() error {
	if p.err != nil {
		return p.err
	}
	if p.tok.kind == tEOF {
		return fmt.Errorf("%q ends too early", p.src)
	}
	return fmt.Errorf("unexpected %q in %q", p.tok.text, p.src)
}

func (p *exprParser) isOp(ops ...string) bool {
	if p.tok.kind == tIdent {
		for _, op := range ops {
			if p.tok.text == op && (op == "and" || op == "or" || op == "not") {
				return true
			}
		}
		return false
	}
	if p.tok.kind != tOp {
		return false
	}
	for _, op := range ops {
		if p.tok.text == op {
			return true
		}
	}
	return false
}

func (p *exprParser) or() (exprNode, error) {
	l, err := p.and()
	for err == nil && p.isOp("or") {
		p.next()
		var r exprNode
		if r, err = p.and(); err == nil {
			l = binary{"or", l, r}
		}
	}
	return l, err
}

func (p *exprParser) and() (exprNode, error) {
	l, err := p.not()
	for err == nil && p.isOp("and") {
		p.next()
		var r exprNode
		if r, err = p.not(); err == nil {
			l = binary{"and", l, r}
		}
	}
	return l, err
}

func (p *exprParser) not() (exprNode, error) {
	if p.isOp("not") {
		p.next()
		x, err := p.not()
		return unary{"not", x}, err
	}
	return p.comparison()
}

func (p *exprParser) comparison() (exprNode, error) {
	l, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.isOp("==", "!=", "<", "<=", ">", ">=") {
		op := p.tok.text
		p.next()
		r, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.isOp("==", "!=", "<", "<=", ">", ">=") {
			return nil, fmt.Errorf("chained comparison in %q: join comparisons with and", p.src)
		}
		return binary{op, l, r}, nil
	}
	if p.isOp("=") {
		return nil, fmt.Errorf("%q: write == to compare", p.src)
	}
	return l, nil
}

func (p *exprParser) sum() (exprNode, error)     { return p.leftAssoc(p.product, "+", "-") }
func (p *exprParser) product() (exprNode, error) { return p.leftAssoc(p.unary, "*", "/") }

// leftAssoc parses operands (each by next) joined by any of ops, grouped
// from the left: a - b - c is (a - b) - c.
func (p *exprParser) leftAssoc(next func() (exprNode, error), ops ...string) (exprNode, error) {
	l, err := next()
	for err == nil && p.isOp(ops...) {
		op := p.tok.text
		p.next()
		var r exprNode
		if r, err = next(); err == nil {
			l = binary{op, l, r}
		}
	}
	return l, err
}

func (p *exprParser) unary() (exprNode, error) {
	if p.isOp("-") {
		p.next()
		x, err := p.unary()
		return unary{"-", x}, err
	}
	return p.atom()
}

// functions and how many arguments each takes.
var functions = map[string]int{
	"count": 1, "min": 1, "max": 1, "sum": 1, "first": 1, "last": 1,
	"since": 2, "round": 2, "abs": 1, "sqrt": 1, "same": 2,
	"pow": 2, "floor": 1, "ceil": 1, "argmin": 2, "argmax": 2,
}

func (p *exprParser) atom() (exprNode, error) {
	if p.err != nil {
		return nil, p.err
	}
	t := p.tok
	switch t.kind {
	case tNum:
		p.next()
		return numLit{t.num}, p.err
	case tStr:
		p.next()
		return strLit{t.text}, p.err
	case tSel:
		p.next()
		s, err := p.selector(t.text)
		return s, err
	case tOp:
		if t.text == "(" {
			p.next()
			x, err := p.or()
			if err != nil {
				return nil, err
			}
			if !p.isOp(")") {
				return nil, p.fail()
			}
			p.next()
			return x, p.err
		}
	case tIdent:
		p.next()
		if p.isOp("(") {
			return p.call(t.text)
		}
		if t.text == "and" || t.text == "or" || t.text == "not" {
			return nil, fmt.Errorf("%q: %s needs something before it", p.src, t.text)
		}
		if !p.scope.names[t.text] {
			return nil, fmt.Errorf("unknown name %q in %q: bind it earlier with {{%s = SELECTOR}}, or write [%s] for a result key", t.text, p.src, t.text, t.text)
		}
		p.scope.used = append(p.scope.used, t.text)
		return nameRef{t.text}, p.err
	}
	return nil, p.fail()
}

func (p *exprParser) selector(text string) (selRef, error) {
	s := selRef{}
	inner := strings.TrimSpace(text)
	if cm := refCell.FindStringSubmatch(inner); cm != nil {
		s.cell, _ = strconv.Atoi(cm[1])
		inner = cm[2]
		if s.cell < 1 || s.cell > p.scope.cellsBefore {
			return s, fmt.Errorf("[cell %d: ...] refers to a cell that has not run yet here (cells 1-%d have)", s.cell, p.scope.cellsBefore)
		}
	} else if p.scope.cellsBefore == 0 {
		return s, fmt.Errorf("[%s] comes before the first cell: there is no output to read yet", inner)
	}
	sel, err := ParseSelector(inner)
	if err != nil {
		return s, fmt.Errorf("bad selector [%s]: %v", inner, err)
	}
	s.sel = sel
	p.scope.sels = append(p.scope.sels, s)
	return s, nil
}

func (p *exprParser) call(fn string) (exprNode, error) {
	want, known := functions[fn]
	if !known {
		names := make([]string, 0, len(functions))
		for f := range functions {
			names = append(names, f)
		}
		return nil, fmt.Errorf("unknown function %s in %q%s", fn, p.src, didYouMeanFunc(fn, names))
	}
	p.next() // (
	c := call{fn: fn}
	for !p.isOp(")") {
		if len(c.args) > 0 || c.cond != nil {
			if !p.isOp(",") {
				return nil, p.fail()
			}
			p.next()
		}
		if (fn == "argmin" || fn == "argmax") && len(c.args) == 1 {
			if p.tok.kind != tIdent || !validKey(p.tok.text) {
				return nil, fmt.Errorf("%s's second argument is the result key to read, such as epoch, in %q", fn, p.src)
			}
			c.key = p.tok.text
			c.args = append(c.args, strLit{p.tok.text})
			p.next()
			continue
		}
		if fn == "since" && len(c.args) == 1 {
			cond, err := p.cond()
			if err != nil {
				return nil, err
			}
			c.cond = &cond
			continue
		}
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		c.args = append(c.args, x)
	}
	p.next() // )
	got := len(c.args)
	if c.cond != nil {
		got++
	}
	if fn == "round" && got == 1 {
		c.args = append(c.args, numLit{0}) // round(x): a whole number
		got = 2
	}
	if got != want {
		return nil, fmt.Errorf("%s takes %d argument%s, got %d in %q", fn, want, map[bool]string{true: "", false: "s"}[want == 1], got, p.src)
	}
	switch fn {
	case "count", "min", "max", "sum", "first", "last", "since", "argmin", "argmax":
		if _, ok := c.args[0].(selRef); !ok {
			return nil, fmt.Errorf("%s needs a [SELECTOR] as its first argument, in %q", fn, p.src)
		}
	case "same":
		_, ok1 := c.args[0].(selRef)
		_, ok2 := c.args[1].(selRef)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("same needs two [SELECTOR]s, in %q", p.src)
		}
	}
	return c, p.err
}

// cond reads since's KEY=VALUE (or != or ^=) up to the closing ")".
func (p *exprParser) cond() (Cond, error) {
	// The condition is raw text: re-scan from the current token's start.
	start := p.pos - len(p.tok.text)
	if p.tok.kind == tEOF {
		return Cond{}, p.fail()
	}
	end := strings.IndexByte(p.src[start:], ')')
	if end < 0 {
		return Cond{}, fmt.Errorf("since(...) is not closed in %q", p.src)
	}
	raw := p.src[start : start+end]
	c, ok := parseCond(raw)
	if !ok || !validKey(c.Key) {
		return Cond{}, fmt.Errorf("since's second argument %q is not KEY=VALUE", strings.TrimSpace(raw))
	}
	p.pos = start + end
	p.next()
	return c, nil
}

func didYouMeanFunc(name string, candidates []string) string {
	if best := textfmt.Suggest(name, candidates); best != "" {
		return fmt.Sprintf("; did you mean %s?", best)
	}
	return ""
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
	var walk func(n exprNode)
	walk = func(n exprNode) {
		switch n := n.(type) {
		case nameRef:
			out = append(out, n.name)
		case unary:
			walk(n.x)
		case binary:
			walk(n.l)
			walk(n.r)
		case call:
			for _, a := range n.args {
				walk(a)
			}
		}
	}
	walk(e.root)
	return out
}

// exprNumbers are the number literals of an expression, as prose writes
// them ("3", "0.5").
func exprNumbers(e *Expr) []string {
	var out []string
	var walk func(n exprNode)
	walk = func(n exprNode) {
		switch n := n.(type) {
		case numLit:
			out = append(out, formatNumber(n.v, -1))
		case unary:
			walk(n.x)
		case binary:
			walk(n.l)
			walk(n.r)
		case call:
			for _, a := range n.args {
				walk(a)
			}
		}
	}
	walk(e.root)
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
