package lessons

import (
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// Lesson parameters: values a lesson declares in its front matter, which
// its cells and prose use by name, so that a reader can change them and
// see what follows (a live notebook re-runs the cells that use a changed
// parameter, and the prose values read from them change with them).
//
// A declaration is one front-matter line:
//
//	param depth: 4 (2-5) depth of the quiz's search
//	param position: paper-mate2 (paper-mate2, cpw3, zugzwang) position of the experiment
//
// that is: param NAME: DEFAULT (VALUES) LABEL, where VALUES is a range of
// whole numbers (2-5) or a list of choices, and the label says what the
// parameter changes. A cell writes {depth} where the value goes; so may the
// prose, and a {{...}} reference's conditions ({{nodes | depth={depth}}}).
// Braces are no shell character, so a cell's command with its values in
// place is checked by the same rules as any other. Lessons are parsed with
// the defaults; Lesson.WithParams parses one again with other values.

// Param is a parameter a lesson declares.
type Param struct {
	Name    string
	Default string
	// Min and Max bound a range of whole numbers (Choices is nil then).
	Min, Max int
	// Choices are the values a list parameter may take, in order.
	Choices []string
	// Label says what the parameter changes ("" when not given).
	Label string
	// Line is the line of its declaration.
	Line int
}

// ParamUse is where a parameter's value stands in a prose block's Text:
// the bytes Start to End are the value of parameter Name.
type ParamUse struct {
	Start, End int
	Name       string
}

var (
	paramDecl  = regexp.MustCompile(`^([a-z][a-z0-9_]*)$`)
	paramValue = regexp.MustCompile(`^(\S+)\s*\(([^()]*)\)\s*(.*)$`)
	paramRange = regexp.MustCompile(`^(-?\d+)\s*-\s*(-?\d+)$`)
	// placeholder is {name} in a cell or in prose; one preceded by '{'
	// is part of a {{...}} reference instead.
	placeholder = regexp.MustCompile(`\{([a-z][a-z0-9_]*)\}`)
)

// paramSyntax is the hint of every declaration error.
const paramSyntax = "write 'param NAME: DEFAULT (VALUES) LABEL', e.g. 'param depth: 4 (2-5) depth of the search' or 'param position: paper-mate2 (paper-mate2, cpw3) the position'"

// paramKey reports whether a front-matter key declares a parameter
// ("param depth") and returns its name.
func paramKey(key string) (string, bool) {
	name, ok := strings.CutPrefix(key, "param ")
	if !ok && key != "param" {
		return "", false
	}
	return strings.TrimSpace(name), true
}

// declare reads the declaration of parameter name (its front-matter
// value v, at line).
func (p *lessonParser) declare(name, v string, line int) error {
	if !paramDecl.MatchString(name) {
		return p.errorf(line, "parameter name %q: use lower-case letters, digits and '_', starting with a letter; %s", name, paramSyntax)
	}
	for _, q := range p.params {
		if q.Name == name {
			return p.errorf(line, "parameter %q is declared twice (first on line %d)", name, q.Line)
		}
	}
	m := paramValue.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return p.errorf(line, "parameter %s: %s", name, paramSyntax)
	}
	q := &Param{Name: name, Default: m[1], Label: strings.TrimSpace(m[3]), Line: line}
	values := strings.TrimSpace(m[2])
	if r := paramRange.FindStringSubmatch(values); r != nil {
		q.Min, _ = strconv.Atoi(r[1])
		q.Max, _ = strconv.Atoi(r[2])
		if q.Min > q.Max || q.Max-q.Min > 1000 {
			return p.errorf(line, "parameter %s: the range %s must go from a smaller to a larger whole number, at most 1000 apart", name, values)
		}
	} else {
		for _, c := range strings.Split(values, ",") {
			c = strings.TrimSpace(c)
			if err := checkParamWord(c); err != nil {
				return p.errorf(line, "parameter %s: choice %q %v; %s", name, c, err, paramSyntax)
			}
			if slices.Contains(q.Choices, c) {
				return p.errorf(line, "parameter %s: the choice %q is listed twice", name, c)
			}
			q.Choices = append(q.Choices, c)
		}
		if len(q.Choices) < 2 {
			return p.errorf(line, "parameter %s: give a range such as (2-5) or at least two choices such as (minimax, alphabeta)", name)
		}
	}
	if err := q.Check(q.Default); err != nil {
		return p.errorf(line, "parameter %s: the default %v", name, err)
	}
	p.params = append(p.params, q)
	return nil
}

// checkParamWord accepts a value that stands as one word in a command
// line: letters, digits and - _ . + = , only.
func checkParamWord(v string) error {
	if v == "" {
		return fmt.Errorf("is empty")
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+=,", r)) {
			return fmt.Errorf("has %q: values use letters, digits and - _ . + = , only", string(r))
		}
	}
	return nil
}

// Check returns why v is not a value of the parameter, nil when it is.
func (q *Param) Check(v string) error {
	if q.Choices != nil {
		if !slices.Contains(q.Choices, v) {
			return fmt.Errorf("%q is not one of %s", v, strings.Join(q.Choices, ", "))
		}
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < q.Min || n > q.Max || strconv.Itoa(n) != v {
		return fmt.Errorf("%q is not a whole number from %d to %d", v, q.Min, q.Max)
	}
	return nil
}

// Values describes the values the parameter may take: "2-5" or
// "paper-mate2, cpw3, zugzwang".
func (q *Param) Values() string {
	if q.Choices != nil {
		return strings.Join(q.Choices, ", ")
	}
	return fmt.Sprintf("%d-%d", q.Min, q.Max)
}

// checkValues are the values Parse tries besides the default, each alone:
// every choice, or both ends of a range.
func (q *Param) checkValues() []string {
	if q.Choices != nil {
		return q.Choices
	}
	return []string{strconv.Itoa(q.Min), strconv.Itoa(q.Max)}
}

// Param returns the lesson's parameter called name, nil if there is none.
func (l *Lesson) Param(name string) *Param {
	for _, q := range l.Params {
		if q.Name == name {
			return q
		}
	}
	return nil
}

// Source is the lesson file as it was read (nil for a lesson not parsed
// from a file).
func (l *Lesson) Source() []byte { return l.source }

// Value is the value parameter name has in this parse of the lesson.
func (l *Lesson) Value(name string) string { return l.values[name] }

// paramUse is a placeholder replaced in a line: bytes start to end of
// the line after replacement hold the value of name.
type paramUse struct {
	start, end int
	name       string
}

// substitute puts the parameters' values in place of their placeholders
// in the lesson's body (lines from first on): in prose the placeholders
// of declared parameters, in plylab cells every placeholder (an unknown
// one is an error). Other code blocks are left as they are. It records
// where the values stand, by line.
func (p *lessonParser) substitute(lines []string, first int) error {
	p.uses = map[int][]paramUse{}
	values := map[string]string{}
	for _, q := range p.params {
		values[q.Name] = q.Default
		if v, ok := p.values[q.Name]; ok {
			values[q.Name] = v
		}
	}
	p.used = map[string]bool{}
	var openChar byte
	openN, inCell := 0, false
	for i := first; i < len(lines); i++ {
		line := lines[i]
		if char, n, info, ok := fence(line); ok {
			switch {
			case openN == 0:
				openChar, openN = char, n
				words := strings.Fields(info)
				inCell = len(words) > 0 && words[0] == "plylab"
				continue
			case char == openChar && n >= openN && info == "":
				openN, inCell = 0, false
				continue
			}
		}
		if openN > 0 && !inCell {
			continue
		}
		var b strings.Builder
		last := 0
		for _, m := range placeholder.FindAllStringSubmatchIndex(line, -1) {
			if m[0] > 0 && line[m[0]-1] == '{' {
				continue // {{name}}: a reference
			}
			name := line[m[2]:m[3]]
			v, ok := values[name]
			if !ok {
				if !inCell {
					continue
				}
				return p.errorf(i+1, "unknown parameter {%s} in a cell%s; declare it in the front matter: %s", name, paramHint(name, p.params), paramSyntax)
			}
			b.WriteString(line[last:m[0]])
			p.uses[i] = append(p.uses[i], paramUse{b.Len(), b.Len() + len(v), name})
			b.WriteString(v)
			last = m[1]
			p.used[name] = true
		}
		if last > 0 {
			b.WriteString(line[last:])
			lines[i] = b.String()
		}
	}
	for _, q := range p.params {
		if !p.used[q.Name] {
			return p.errorf(q.Line, "parameter %s is declared but no cell or prose uses it; write {%s} where its value goes", q.Name, q.Name)
		}
	}
	return nil
}

func paramHint(name string, params []*Param) string {
	var names []string
	for _, q := range params {
		names = append(names, q.Name)
	}
	switch best := textfmt.Suggest(name, names); {
	case best != "":
		return fmt.Sprintf("; did you mean %q?", best)
	case len(names) == 0:
		return "; the lesson has no parameters"
	}
	return "; its parameters are " + strings.Join(names, ", ")
}

// bindParams records in the parsed lesson its parameters, the values used,
// where prose shows them (Block.Params) and which cells use them
// (Cell.Params).
func (p *lessonParser) bindParams(l *Lesson, nlines int) {
	l.Params = p.params
	l.values = map[string]string{}
	for _, q := range p.params {
		l.values[q.Name] = q.Default
		if v, ok := p.values[q.Name]; ok {
			l.values[q.Name] = v
		}
	}
	if len(p.uses) == 0 {
		return
	}
	for k, b := range l.Blocks {
		end := nlines + 1 // 1-based line after the block
		if k+1 < len(l.Blocks) {
			end = l.Blocks[k+1].Line
		}
		switch b.Kind {
		case Prose:
			// Text is lines b.Line, b.Line+1, ... joined by newlines.
			off := 0
			for n, ln := range strings.Split(b.Text, "\n") {
				for _, u := range p.uses[b.Line-1+n] {
					b.Params = append(b.Params, ParamUse{off + u.start, off + u.end, u.name})
				}
				off += len(ln) + 1
			}
		case CellBlock:
			for i := b.Line; i < end; i++ {
				for _, u := range p.uses[i-1] {
					if !slices.Contains(b.Cell.Params, u.name) {
						b.Cell.Params = append(b.Cell.Params, u.name)
					}
				}
			}
			slices.Sort(b.Cell.Params)
		}
	}
}

// RefParams are the parameters a prose reference's conditions use
// ({{nodes | depth={depth}}}).
func (b *Block) RefParams(r Ref) []string {
	var out []string
	for _, u := range b.Params {
		if u.Start >= r.Start && u.End <= r.End && !slices.Contains(out, u.Name) {
			out = append(out, u.Name)
		}
	}
	return out
}

// checkParams parses the lesson again with every other value of each
// parameter (each alone, the others at their defaults), so that the rules
// are asked about every command a reader can make by changing one.
func checkParams(l *Lesson) error {
	if l.rules == nil {
		return nil
	}
	for _, q := range l.Params {
		for _, v := range q.checkValues() {
			if v == q.Default {
				continue
			}
			if _, err := parseLesson(l.File, l.source, l.rules, map[string]string{q.Name: v}); err != nil {
				if e, ok := err.(*Error); ok {
					e.Msg = fmt.Sprintf("with %s = %s: %s", q.Name, v, e.Msg)
					return e
				}
				return err
			}
		}
	}
	return nil
}

// ParamError is a value given for a parameter that the lesson does not
// have or that is not one of its values.
type ParamError struct {
	Name, Value string
	Msg         string
}

// Error says which parameter and what its values are.
func (e *ParamError) Error() string { return e.Msg }

// WithParams parses the lesson again with values for some of its
// parameters (the others keep their defaults), under the rules it was
// parsed with. An unknown parameter or a value out of its range is a
// *ParamError.
func (l *Lesson) WithParams(values map[string]string) (*Lesson, error) {
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		v := values[name]
		q := l.Param(name)
		if q == nil {
			return nil, &ParamError{name, v, fmt.Sprintf("the lesson has no parameter %q%s", name, paramHint(name, l.Params))}
		}
		if err := q.Check(v); err != nil {
			return nil, &ParamError{name, v, fmt.Sprintf("%s: %v", name, err)}
		}
	}
	if len(l.source) == 0 {
		return l, nil
	}
	out, err := parseLesson(l.File, l.source, l.rules, values)
	if err != nil {
		return nil, err
	}
	out.Path = l.Path
	return out, nil
}

// paramsLine describes the parameters and their values in Markdown, for
// the terminal and the static page: "Parameters: **depth** = 4 (2-5,
// depth of the quiz's search) · ...".
func paramsLine(l *Lesson) string {
	if len(l.Params) == 0 {
		return ""
	}
	var parts []string
	for _, q := range l.Params {
		about := q.Values()
		if q.Label != "" {
			about += ": " + q.Label
		}
		parts = append(parts, fmt.Sprintf("**%s** = `%s` (%s)", q.Name, l.Value(q.Name), about))
	}
	return "Parameters: " + strings.Join(parts, " · ")
}

// paramsHTML draws the lesson's parameters for its page: in a notebook a
// form whose fields change them (the notebook's script re-runs the cells
// that use a changed one); on a static page the values used, as text.
func paramsHTML(md markdown, l *Lesson, notebook bool) (template.HTML, error) {
	if len(l.Params) == 0 {
		return "", nil
	}
	if !notebook {
		h, err := inlineMarkdown(md, paramsLine(l))
		return `<p class="params">` + h + `</p>`, err
	}
	esc := template.HTMLEscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<form class="params" data-lesson="%s"><span class="params-title">Parameters</span>`, esc(l.Slug))
	for _, q := range l.Params {
		v := l.Value(q.Name)
		fmt.Fprintf(&b, `<label class="param" title="%s"><span class="param-name">%s</span> `, esc(q.Label), esc(q.Name))
		if q.Choices != nil {
			fmt.Fprintf(&b, `<select name="%s" data-default="%s">`, esc(q.Name), esc(q.Default))
			for _, c := range q.Choices {
				sel := ""
				if c == v {
					sel = ` selected="selected"`
				}
				fmt.Fprintf(&b, `<option value="%s"%s>%s</option>`, esc(c), sel, esc(c))
			}
			b.WriteString(`</select>`)
		} else {
			fmt.Fprintf(&b, `<input type="number" name="%s" value="%s" min="%d" max="%d" step="1" data-default="%s" />`, esc(q.Name), esc(v), q.Min, q.Max, esc(q.Default))
		}
		if q.Label != "" {
			fmt.Fprintf(&b, ` <span class="param-label">%s</span>`, esc(q.Label))
		}
		b.WriteString(`</label>`)
	}
	b.WriteString(`<span class="status params-status" aria-live="polite"></span></form>`)
	return template.HTML(b.String()), nil
}
