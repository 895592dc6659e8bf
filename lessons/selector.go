package lessons

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Selector picks one value out of a command's output. It is written either
// as a regular expression between slashes, whose first group (or whole
// match) is the value:
//
//	/(\d+) nodes searched/
//
// or as a table column, optionally with conditions on other columns of the
// row (the first row that matches is used; column names are the table's
// headers, case-insensitive):
//
//	nodes | depth=4, algorithm=alphabeta
//	score | move=Ra6
//	value | counter=first-move cutoffs
//
// plylab's tables have a header line and a line of ─ under it, which gives
// each column's extent; the first table with the column and a matching row
// is used.
type Selector struct {
	Text   string // as written
	Regexp *regexp.Regexp
	Column string
	Where  []Cond
}

// Cond is a column=value condition of a Selector.
type Cond struct{ Column, Value string }

// ParseSelector parses a selector (see Selector).
func ParseSelector(s string) (Selector, error) {
	s = strings.TrimSpace(s)
	sel := Selector{Text: s}
	if s == "" {
		return sel, fmt.Errorf("empty selector; write a column such as 'nodes | depth=4' or a /regexp/")
	}
	if strings.HasPrefix(s, "/") {
		if len(s) < 3 || !strings.HasSuffix(s, "/") {
			return sel, fmt.Errorf("regexp selector %q must end with /", s)
		}
		re, err := regexp.Compile(s[1 : len(s)-1])
		if err != nil {
			return sel, fmt.Errorf("bad regexp %s: %v", s, err)
		}
		sel.Regexp = re
		return sel, nil
	}
	col, where, _ := strings.Cut(s, "|")
	sel.Column = strings.TrimSpace(col)
	if sel.Column == "" {
		return sel, fmt.Errorf("selector %q names no column", s)
	}
	if strings.TrimSpace(where) != "" {
		for _, part := range strings.Split(where, ",") {
			k, v, ok := strings.Cut(part, "=")
			k, v = strings.TrimSpace(k), unquote(strings.TrimSpace(v))
			if !ok || k == "" {
				return sel, fmt.Errorf("condition %q in %q is not COLUMN=VALUE", strings.TrimSpace(part), s)
			}
			sel.Where = append(sel.Where, Cond{k, v})
		}
	}
	return sel, nil
}

func (s Selector) String() string { return s.Text }

// Find returns the selected value in output (ANSI escapes are ignored).
func (s Selector) Find(output string) (string, error) {
	output = StripANSI(output)
	if s.Regexp != nil {
		m := s.Regexp.FindStringSubmatch(output)
		if m == nil {
			return "", fmt.Errorf("/%s/ does not match the output", s.Regexp)
		}
		if len(m) > 1 {
			return strings.TrimSpace(m[1]), nil
		}
		return strings.TrimSpace(m[0]), nil
	}
	tables := parseTables(output)
	if len(tables) == 0 {
		return "", fmt.Errorf("the output has no table to read %q from", s.Column)
	}
	var seen []string
	found := false
	for _, t := range tables {
		col := t.column(s.Column)
		if col < 0 {
			seen = append(seen, strings.Join(t.headers, ", "))
			continue
		}
		found = true
		conds := make([]int, len(s.Where))
		ok := true
		for i, c := range s.Where {
			if conds[i] = t.column(c.Column); conds[i] < 0 {
				ok = false
			}
		}
		if !ok {
			continue
		}
	rows:
		for _, row := range t.rows {
			for i, c := range s.Where {
				if !strings.EqualFold(row[conds[i]], c.Value) {
					continue rows
				}
			}
			return row[col], nil
		}
	}
	if !found {
		return "", fmt.Errorf("no table in the output has a column %q (columns: %s)", s.Column, strings.Join(seen, "; "))
	}
	var conds []string
	for _, c := range s.Where {
		conds = append(conds, c.Column+"="+c.Value)
	}
	return "", fmt.Errorf("no row of the output has %s", strings.Join(conds, " and "))
}

type textTable struct {
	headers []string
	rows    [][]string
}

func (t *textTable) column(name string) int {
	for i, h := range t.headers {
		if strings.EqualFold(h, strings.TrimSpace(name)) {
			return i
		}
	}
	return -1
}

// isRule reports whether a line is a table's rule: only ─ and spaces.
func isRule(line string) bool {
	has := false
	for _, r := range line {
		switch r {
		case '─':
			has = true
		case ' ':
		default:
			return false
		}
	}
	return has
}

// parseTables finds plylab's text tables: a header line, a rule of ─ runs
// (one per column) and rows up to the next blank line.
func parseTables(out string) []*textTable {
	lines := strings.Split(out, "\n")
	var tables []*textTable
	for i := 1; i < len(lines); i++ {
		if !isRule(lines[i]) {
			continue
		}
		rule := []rune(lines[i])
		type span struct{ s, e int }
		var spans []span
		for j := 0; j < len(rule); {
			if rule[j] != '─' {
				j++
				continue
			}
			k := j
			for k < len(rule) && rule[k] == '─' {
				k++
			}
			spans = append(spans, span{j, k})
			j = k
		}
		cut := func(line string) []string {
			r := []rune(line)
			cells := make([]string, len(spans))
			for c, sp := range spans {
				s, e := min(sp.s, len(r)), min(sp.e, len(r))
				if c == len(spans)-1 {
					e = len(r) // the last column may be ragged
				}
				cells[c] = strings.TrimSpace(string(r[s:e]))
			}
			return cells
		}
		t := &textTable{headers: cut(lines[i-1])}
		for j := i + 1; j < len(lines) && strings.TrimSpace(lines[j]) != ""; j++ {
			t.rows = append(t.rows, cut(lines[j]))
		}
		tables = append(tables, t)
	}
	return tables
}

// ParseNumber reads a number as plylab prints it: "1,080", "+200", "97.0%",
// "2.57×", "3.44 M/s", "12k". ok is false for text such as "mate in 2".
func ParseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ReplaceAll(s, "_", "")
	s = strings.TrimPrefix(s, "+")
	s = strings.TrimSuffix(s, "/s")
	s = strings.TrimSpace(s)
	for _, suf := range []string{"%", "×", "x"} {
		s = strings.TrimSuffix(s, suf)
	}
	mult := 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'k', 'K':
			mult, s = 1e3, s[:n-1]
		case 'M', 'm':
			mult, s = 1e6, s[:n-1]
		case 'G', 'g':
			mult, s = 1e9, s[:n-1]
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f * mult, true
}

var ansiPattern = regexp.MustCompile("\x1b\\[[0-9;?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(\x07|\x1b\\\\)")

// StripANSI removes terminal escape sequences.
func StripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	return ansiPattern.ReplaceAllString(s, "")
}
