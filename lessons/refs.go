package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The {{...}} references of prose. Every number or move a lesson states
// comes from one of them (or is a citation, or a fact of the rules: see
// LintProse):
//
//	{{SELECTOR}}                a value of the cell just before
//	{{cell N: SELECTOR}}        a value of cell N
//	{{NAME = SELECTOR}}         the same, bound to NAME for the rest of
//	{{NAME = cell N: SELECTOR}} the lesson
//	{{NAME}}                    the value bound to NAME
//	{{= EXPR}}                  a value computed from others (see Expr)
//	{{NAME = EXPR}}             the same, bound to NAME
//	{{assert: EXPR}}            a comparison the prose states; shows
//	                            nothing, and the lesson fails when it is
//	                            false
//	{{cite WHERE: TEXT}}        a quotation of a source: shows TEXT;
//	                            WHERE names the source and its table,
//	                            section or year
//	{{NAME = cite WHERE: TEXT}} the same, binding the number TEXT begins
//	                            with ("557.9 s": 557.9) to compute with
//	{{unchecked: REASON}}       shows nothing: the sentence's words are
//	                            deliberately not checked (WordIssues)
//
// A move that a named value holds (after {{mate = move | rank=1}}, "Ra6")
// may be written as it is in the prose that follows: the check compares it
// with the bound value.

// RefKind tells the kinds of {{...}} references apart.
type RefKind int

const (
	// RefSelect reads a value of a cell's results ({{SELECTOR}}), bound to
	// Name when it is {{NAME = SELECTOR}}.
	RefSelect RefKind = iota
	// RefName shows the value bound to Name.
	RefName
	// RefCompute shows the value of Expr ({{= EXPR}}), bound to Name when
	// it is {{NAME = EXPR}}.
	RefCompute
	// RefAssert checks Expr and shows nothing.
	RefAssert
	// RefCite is a quotation: it shows Cite.Text.
	RefCite
	// RefUnchecked ({{unchecked: REASON}}) shows nothing: its sentence's
	// words are deliberately left unchecked (WordIssues), for the reason
	// it gives.
	RefUnchecked
)

// Cite is a quotation of a source: {{cite WHERE: TEXT}}.
type Cite struct {
	Where string // "game-trees paper, Tables 2 and 3"
	Text  string // the quoted words, shown as they are
}

var (
	refName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	refBind = regexp.MustCompile(`^([a-z][a-z0-9_]*)\s*=([^=].*)$`)
	// citePlace is what a citation's WHERE must name: a table, section,
	// figure, page, listing or part of a source, a file of plylab's
	// source, or a year.
	citePlace = regexp.MustCompile(`(?i)\b(tables?|sections?|appendix|appendices|figures?|figs?|pages?|pp?\.|chapters?|listings?|abstract|introduction|conclusions?|references?|readme|part|caption|code|comments?|statement|title)\b|[\w/.-]+\.(go|md|json|mod|js|txt)\b|\b(1[89]|20)\d\d\b`)
)

// parseRef reads the text between {{ and }} of a reference at line, in a
// prose block after cellsBefore cells, with names bound so far; it binds
// the reference's name in names.
func (p *lessonParser) parseRef(inner string, line, cellsBefore int, names map[string]int) (Ref, error) {
	r := Ref{Line: line, Cell: cellsBefore, Text: inner}
	scope := &exprScope{names: map[string]bool{}, cellsBefore: cellsBefore}
	for n := range names {
		scope.names[n] = true
	}
	switch {
	case isCite(inner):
		where, text, err := splitCite(inner)
		if err != nil {
			return r, err
		}
		r.Kind, r.Cite = RefCite, &Cite{Where: where, Text: text}
		if !citePlace.MatchString(r.Cite.Where) {
			return r, fmt.Errorf("the citation {{cite %s: ...}} names no place: write the source and its table, section or year, e.g. {{cite game-trees paper, Table 4: 23,152}}", r.Cite.Where)
		}
		if r.Cite.Text == "" {
			return r, fmt.Errorf("the citation {{cite %s: ...}} quotes nothing", r.Cite.Where)
		}
		if strings.Contains(r.Cite.Text, "{{") {
			return r, fmt.Errorf("a citation cannot hold a reference: {{cite %s: ...}}", r.Cite.Where)
		}
		return r, nil
	case strings.HasPrefix(inner, "unchecked:"):
		reason := strings.TrimSpace(strings.TrimPrefix(inner, "unchecked:"))
		if len(strings.Fields(reason)) < 3 {
			return r, fmt.Errorf("{{unchecked: ...}} must say why its sentence's words are not checked, in a few words, got %q", reason)
		}
		r.Kind = RefUnchecked
		return r, nil
	case strings.HasPrefix(inner, "assert:") || strings.HasPrefix(inner, "assert "):
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(inner, "assert"), ":"))
		e, err := p.expr(text, scope)
		if err != nil {
			return r, err
		}
		r.Kind, r.Expr, r.Sels = RefAssert, e, scope.sels
		return r, nil
	case strings.HasPrefix(inner, "="):
		e, err := p.expr(strings.TrimSpace(inner[1:]), scope)
		if err != nil {
			return r, err
		}
		r.Kind, r.Expr, r.Sels = RefCompute, e, scope.sels
		return r, nil
	case refName.MatchString(inner) && names[inner] > 0:
		r.Kind, r.Name = RefName, inner
		return r, nil
	}
	if m := refBind.FindStringSubmatch(inner); m != nil {
		name, rhs := m[1], strings.TrimSpace(m[2])
		if at, bound := names[name]; bound {
			return r, fmt.Errorf("%s is already bound at line %d; give this value another name", name, at)
		}
		if _, fn := functions[name]; fn || name == "cell" || name == "cite" || name == "assert" || name == "and" || name == "or" || name == "not" {
			return r, fmt.Errorf("%q cannot be a name: it is a word of the reference syntax", name)
		}
		r.Name = name
		if isCite(rhs) {
			c, err := p.parseRef(rhs, line, cellsBefore, names)
			if err != nil {
				return r, err
			}
			if _, ok := leadingNumber(c.Cite.Text); !ok {
				return r, fmt.Errorf("{{%s = cite ...}} binds a number: the quotation must begin with one, not %q", name, c.Cite.Text)
			}
			c.Text, c.Name = inner, name
			names[name] = line
			return c, nil
		}
		if sr, err := p.selectRef(rhs, cellsBefore); err == nil && !(len(sr.Sel.Where) == 0 && names[sr.Sel.Key] > 0) {
			sr.Line, sr.Text, sr.Name = line, inner, name
			names[name] = line
			return sr, nil
		}
		e, err := p.expr(rhs, scope)
		if err != nil {
			// Report it as the selector it most likely was.
			if _, serr := p.selectRef(rhs, cellsBefore); serr != nil && !strings.ContainsAny(rhs, "[(") {
				return r, serr
			}
			return r, err
		}
		r.Kind, r.Expr, r.Sels = RefCompute, e, scope.sels
		names[name] = line
		return r, nil
	}
	return p.selectRef(inner, cellsBefore)
}

// isCite reports whether a reference's text is a citation: "cite"
// followed by a space.
func isCite(inner string) bool {
	rest, ok := strings.CutPrefix(inner, "cite")
	return ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n')
}

// citeQuotes are the quotation marks a citation's place may hold a
// section name in, each with its closing mark: a colon between them
// belongs to the name.
var citeQuotes = map[rune]rune{'"': '"', '“': '”', '«': '»'}

// splitCite reads "cite WHERE: TEXT". WHERE ends at the first colon
// followed by a space (or a line's end) outside quotation marks, so a
// section name may hold colons and quotes: {{cite C++ engine tutorial,
// section "Putting it together: how strong?": ~7-8 ply}}. A quotation
// mark opened in WHERE and never closed is an error: the text after it
// would be garbled.
func splitCite(inner string) (where, text string, err error) {
	body := strings.TrimLeft(strings.TrimPrefix(inner, "cite"), " \t\n")
	var closing rune
	open := -1
	for i, c := range body {
		switch {
		case closing != 0:
			if c == closing {
				closing, open = 0, -1
			}
		case citeQuotes[c] != 0:
			closing, open = citeQuotes[c], i
		case c == ':':
			next := body[i+1:]
			if next == "" || next[0] == ' ' || next[0] == '\t' || next[0] == '\n' {
				return strings.TrimSpace(body[:i]), strings.TrimSpace(next), nil
			}
		}
	}
	if open >= 0 {
		return "", "", fmt.Errorf("the citation {{cite %s}} opens a quotation mark that never closes; close the section name's quotes before the colon that ends the place", oneLineMsg.Replace(body))
	}
	return "", "", fmt.Errorf("the citation {{cite %s}} has no colon after its place: write {{cite SOURCE, PLACE: TEXT}}", oneLineMsg.Replace(body))
}

// selectRef reads {{SELECTOR}} or {{cell N: SELECTOR}}.
func (p *lessonParser) selectRef(inner string, cellsBefore int) (Ref, error) {
	r := Ref{Cell: cellsBefore, Text: inner}
	if cm := refCell.FindStringSubmatch(inner); cm != nil {
		r.Cell, _ = strconv.Atoi(cm[1])
		inner = cm[2]
		if r.Cell < 1 || r.Cell > cellsBefore {
			return r, fmt.Errorf("{{cell %d: ...}} refers to a cell that has not run yet here (cells 1-%d have)", r.Cell, cellsBefore)
		}
	}
	if r.Cell == 0 {
		return r, fmt.Errorf("{{%s}} comes before the first cell: there is no output to read yet", inner)
	}
	sel, err := ParseSelector(inner)
	if err != nil {
		return r, fmt.Errorf("bad reference {{%s}}: %v", inner, err)
	}
	r.Sel = sel
	return r, nil
}

// expr parses an expression, refusing one that reads a time.
func (p *lessonParser) expr(text string, scope *exprScope) (*Expr, error) {
	if text == "" {
		return nil, fmt.Errorf("empty expression; write e.g. {{= [nodes | algo=minimax] / [nodes | algo=alphabeta]}}")
	}
	e, err := parseExpr(text, scope)
	if err != nil {
		return nil, err
	}
	if s, ok := usesTime(scope.sels); ok {
		return nil, fmt.Errorf("%s reads a time: times differ on every run, so they cannot be computed with or compared; quote one with {{%s}}", s.where(), s.sel)
	}
	return e, nil
}

// String is the reference as the transcript names it.
func (r Ref) String() string {
	switch r.Kind {
	case RefName:
		return r.Name
	case RefCompute:
		if r.Name != "" {
			return r.Name + " = " + r.Expr.Text
		}
		return "= " + r.Expr.Text
	case RefAssert:
		return "assert: " + r.Expr.Text
	case RefUnchecked:
		return r.Text
	case RefCite:
		if r.Name != "" {
			return r.Name + " = cite " + r.Cite.Where + ": " + r.Cite.Text
		}
		return "cite " + r.Cite.Where + ": " + r.Cite.Text
	}
	s := fmt.Sprintf("cell %d: %s", r.Cell, r.Sel)
	if r.Name != "" {
		s = r.Name + " = " + s
	}
	return s
}
