package lessons

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Selector picks one value out of what a cell's commands produced: a
// field of the structured results they handed over, named by its JSON key
// (the key `--format json` writes), optionally with conditions on other
// fields of the same result (the first result that matches is used):
//
//	nodes | depth=4, algo=alphabeta
//	score | move=Ra6
//	value | counter=first-move cutoffs
//	depth | pv^=Kb1, algo!=minimax
//
// A condition KEY=VALUE asks for the value, KEY!=VALUE for any other, and
// KEY^=VALUE for a text that begins with VALUE as a whole word (the first
// move of a principal variation).
//
// A key names a result field, never a column header or a piece of text,
// so renaming a header changes nothing here; renaming a JSON key fails the
// lesson check at the reference that uses it.
type Selector struct {
	Text  string // as written
	Key   string
	Where []Cond
}

// Cond is a condition of a Selector: Key Op Value, where Op is "=",
// "!=" or "^=" (begins with the word).
type Cond struct{ Key, Op, Value string }

// String returns the condition as written: "depth=4".
func (c Cond) String() string { return c.Key + c.op() + c.Value }

func (c Cond) op() string {
	if c.Op == "" {
		return "="
	}
	return c.Op
}

// holds reports whether the field f meets the condition.
func (c Cond) holds(f Field) bool {
	switch c.op() {
	case "!=":
		return !f.matches(c.Value)
	case "^=":
		return f.beginsWith(c.Value)
	}
	return f.matches(c.Value)
}

// parseCond reads KEY=VALUE, KEY!=VALUE or KEY^=VALUE.
func parseCond(part string) (Cond, bool) {
	i := strings.IndexByte(part, '=')
	if i < 0 {
		return Cond{}, false
	}
	c := Cond{Key: part[:i], Op: "=", Value: part[i+1:]}
	if i > 0 && (part[i-1] == '!' || part[i-1] == '^') {
		c.Key, c.Op = part[:i-1], part[i-1:i+1]
	}
	c.Key, c.Value = strings.TrimSpace(c.Key), unquote(strings.TrimSpace(c.Value))
	return c, c.Key != ""
}

// ParseSelector parses a selector (see Selector).
func ParseSelector(s string) (Selector, error) {
	s = strings.TrimSpace(s)
	sel := Selector{Text: s}
	if s == "" {
		return sel, fmt.Errorf("empty selector; write a result key such as 'nodes | depth=4'")
	}
	key, where, _ := strings.Cut(s, "|")
	sel.Key = strings.TrimSpace(key)
	if sel.Key == "" {
		return sel, fmt.Errorf("selector %q names no result key", s)
	}
	if !validKey(sel.Key) {
		return sel, fmt.Errorf("%q in %q is not a result key (keys are lower-case JSON keys such as nodes or best_move)", sel.Key, s)
	}
	if strings.TrimSpace(where) != "" {
		for _, part := range strings.Split(where, ",") {
			c, ok := parseCond(part)
			if !ok {
				return sel, fmt.Errorf("condition %q in %q is not KEY=VALUE", strings.TrimSpace(part), s)
			}
			if !validKey(c.Key) {
				return sel, fmt.Errorf("%q in %q is not a result key (keys are lower-case JSON keys such as depth or algorithm)", c.Key, s)
			}
			sel.Where = append(sel.Where, c)
		}
	}
	return sel, nil
}

// validKey reports whether k looks like a JSON key of plylab's results:
// lower-case letters, digits and underscores.
func validKey(k string) bool {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return k != ""
}

func (s Selector) String() string { return s.Text }

// Find returns the selected value among the results of a cell's commands,
// as the command printed it: the first command whose results have it.
func (s Selector) Find(cmds []*CommandResult) (string, error) {
	f, err := s.FindField(cmds)
	return f.String(), err
}

// FindField is Find returning the whole field: key, JSON value and text.
func (s Selector) FindField(cmds []*CommandResult) (Field, error) {
	all, err := s.FindAll(cmds)
	if err != nil {
		return Field{}, err
	}
	if len(all) == 0 {
		var conds []string
		for _, c := range s.Where {
			conds = append(conds, c.String())
		}
		return Field{}, fmt.Errorf("no result with %q has %s", s.Key, strings.Join(conds, " and "))
	}
	return all[0], nil
}

// FindAll returns the selected value of every result that matches, in
// order (none is not an error). It is an error when no result has the
// key at all: a misspelt key must not read as "no match".
func (s Selector) FindAll(cmds []*CommandResult) ([]Field, error) {
	var keys []string
	var out []Field
	found := false
	for _, cr := range cmds {
	records:
		for _, r := range cr.Records {
			f, ok := r.Get(s.Key)
			if !ok {
				for _, g := range r.Fields {
					if !contains(keys, g.Key) {
						keys = append(keys, g.Key)
					}
				}
				continue
			}
			found = true
			for _, c := range s.Where {
				g, ok := r.Get(c.Key)
				if !ok || !c.holds(g) {
					continue records
				}
			}
			out = append(out, f)
		}
	}
	if !found {
		if len(keys) == 0 {
			return nil, fmt.Errorf("the command handed over no results to read %q from", s.Key)
		}
		return nil, fmt.Errorf("no result has the key %q (keys: %s)", s.Key, strings.Join(keys, ", "))
	}
	return out, nil
}

// findRecords returns every result that has the selector's key and meets
// its conditions (for since), erring like FindAll.
func (s Selector) findRecords(cmds []*CommandResult) ([]Record, error) {
	if _, err := s.FindAll(cmds); err != nil {
		return nil, err
	}
	var out []Record
	for _, cr := range cmds {
	records:
		for _, r := range cr.Records {
			if _, ok := r.Get(s.Key); !ok {
				continue
			}
			for _, c := range s.Where {
				g, ok := r.Get(c.Key)
				if !ok || !c.holds(g) {
					continue records
				}
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// matches reports whether a condition's value names the field: its printed
// text or its JSON value, case-insensitive.
func (f Field) matches(want string) bool {
	if f.Text != "" && strings.EqualFold(f.Text, want) {
		return true
	}
	switch v := f.Value.(type) {
	case nil:
		return false
	case string:
		return strings.EqualFold(v, want)
	default:
		return strings.EqualFold(fmt.Sprint(v), want)
	}
}

// beginsWith reports whether the field's text begins with the word want
// (case-insensitive): "Kb1 Kb7 Kc1" begins with "Kb1", not with "Kb".
func (f Field) beginsWith(want string) bool {
	text := f.String()
	if len(text) < len(want) || !strings.EqualFold(text[:len(want)], want) {
		return false
	}
	return len(text) == len(want) || text[len(want)] == ' '
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
