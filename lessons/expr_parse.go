package lessons

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// The parser of the expression language (expr.go): a tokenizer and one
// function a precedence level, loosest first, building the nodes expr.go
// evaluates.

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
