package lessons

import (
	"errors"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"
)

// Prose as a live notebook draws it: every value read from a cell's
// output ({{...}}) and every parameter's value stands in its own element,
//
//	<span class="ref" data-ref="B-I" data-cell="N" data-sel="nodes | depth=4">1,080</span>
//	<span class="param-value" data-param="depth">4</span>
//
// so that the notebook's script can put the new values in place when the
// cells they read run again (B is the block's index in Lesson.Blocks, I
// the reference's index in Block.Refs: RefID).

// RefID names reference i of block b of l in a live page: "B-I".
func RefID(l *Lesson, b *Block, i int) string {
	return strconv.Itoa(slices.Index(l.Blocks, b)) + "-" + strconv.Itoa(i)
}

// sentinel marks the place of a value while the Markdown around it is
// drawn: private-use characters that no lesson writes and that goldmark
// passes through as text.
func sentinel(k int) string { return "\uE000" + strconv.Itoa(k) + "\uE001" }

// liveProse draws a prose block of r with its values marked; ok is false
// when the block has none, or when a value stands where an element cannot
// (inside a link's address), and then the block is drawn as on a static
// page.
func liveProse(md markdown, r *Result, b *Block) (h template.HTML, ok bool, err error) {
	vals := r.Refs[b]
	_, resolved := r.Prose[b]
	pending := !resolved && len(b.Refs) > 0
	if pending {
		// Not run yet (a lesson file just loaded, or a run that stopped
		// before this prose): each value waits for its cell, marked as
		// such, never shown as its {{...}} source.
		vals = make([]RefValue, len(b.Refs))
		for i, ref := range b.Refs {
			vals[i] = RefValue{Ref: ref, Value: pendingText}
		}
	}
	if len(vals) == 0 && len(b.Params) == 0 {
		return "", false, nil
	}
	type mark struct {
		start, end int
		html       string
	}
	esc := template.HTMLEscapeString
	var marks []mark
	for i, v := range vals {
		class, title, shown := "ref", "", v.Ref.Shown(v.Value)
		if pending && shown == pendingText {
			class, title = "ref pending", fmt.Sprintf(` title="run cell %d to see this value"`, v.Ref.Cell)
		}
		marks = append(marks, mark{v.Ref.Start, v.Ref.End, fmt.Sprintf(`<span class="%s" data-ref="%s" data-cell="%d" data-sel="%s"%s>%s</span>`,
			class, RefID(r.Lesson, b, i), v.Ref.Cell, esc(v.Ref.selText()), title, esc(shown))})
	}
	if len(vals) == len(b.Refs) {
		// A parameter inside a reference's conditions is no value of
		// the text (all references resolved: their spans are known).
		for _, u := range b.Params {
			inside := false
			for _, rf := range b.Refs {
				inside = inside || u.Start >= rf.Start && u.End <= rf.End
			}
			if !inside {
				marks = append(marks, mark{u.Start, u.End, fmt.Sprintf(`<span class="param-value" data-param="%s">%s</span>`, esc(u.Name), esc(b.Text[u.Start:u.End]))})
			}
		}
	}
	slices.SortFunc(marks, func(x, y mark) int { return x.start - y.start })
	var src strings.Builder
	last := 0
	for k, m := range marks {
		if m.start < last {
			return "", false, nil
		}
		src.WriteString(b.Text[last:m.start])
		src.WriteString(sentinel(k))
		last = m.end
	}
	src.WriteString(b.Text[last:])
	text := src.String()
	if r.Lesson.TitleInBody {
		text = dropTitle(text, r.Lesson.Title)
	}
	out, err := markdownHTML(md, text)
	if err != nil {
		return "", false, err
	}
	s := string(out)
	for k, m := range marks {
		if strings.Count(s, sentinel(k)) != 1 {
			return "", false, nil
		}
		i := strings.Index(s, sentinel(k))
		if lt, gt := strings.LastIndex(s[:i], "<"), strings.LastIndex(s[:i], ">"); lt > gt {
			return "", false, nil // inside a tag: an attribute
		}
		s = s[:i] + m.html + s[i+len(sentinel(k)):]
	}
	return template.HTML(s), true, nil
}

// Shown is what the prose shows for r when its value is v: nothing for an
// assertion, the quoted words for a citation, else v.
// pendingText stands for a value whose cell has not run yet.
const pendingText = "…"

func (r Ref) Shown(v string) string {
	switch r.Kind {
	case RefAssert, RefUnchecked:
		return ""
	case RefCite:
		return r.Cite.Text
	}
	return v
}

// LiveValue is the new value of a prose reference after a cell ran again
// on a live page: Block and Index name it (RefID), Value is what the prose
// shows; for an assertion, Holds says whether the sentence is still true.
type LiveValue struct {
	Block, Index int
	Value        string
	Assert       bool
	Holds        bool
	// Err says why a value read from the cell is not in its new output.
	Err string
}

// LiveValues evaluates, in reading order, the prose references of l that
// the results crs of cell n (run again just now) decide: the values read
// from that cell, the names bound from them, and the computations and
// assertions that need nothing else. A reference that needs another
// cell's output is left out: a page keeps its value until that cell runs
// again too. A false assertion is reported (Holds false), not an error:
// the sentence no longer holds for the values the reader chose.
func LiveValues(l *Lesson, n int, crs []*CommandResult) []LiveValue {
	if n < 1 || n > len(l.Cells) {
		return nil
	}
	s := &Session{Lesson: l, results: make([]*CellResult, len(l.Cells)), names: map[string]value{}}
	s.results[n-1] = &CellResult{Cell: l.Cells[n-1], Commands: crs}
	var out []LiveValue
	for bi, b := range l.Blocks {
		if b.Kind != Prose {
			continue
		}
		for i, r := range b.Refs {
			if r.Kind == RefCite {
				s.resolve(r) // binds a quoted number's name
				continue
			}
			if r.Kind == RefUnchecked {
				continue
			}
			if r.Kind == RefSelect && r.Cell != n {
				continue
			}
			v, err := s.resolve(r)
			if r.Kind == RefAssert {
				env := &evalEnv{s: s, cell: r.Cell, names: s.names}
				x, xerr := r.Expr.eval(env)
				if xerr != nil || !x.isBool {
					continue
				}
				out = append(out, LiveValue{Block: bi, Index: i, Assert: true, Holds: x.b})
				continue
			}
			if err != nil {
				if r.Kind == RefSelect {
					msg := unwrapRefError(err)
					if _, ferr := r.Sel.Find(crs); ferr != nil {
						msg = ferr.Error() // the selector's own words
					}
					out = append(out, LiveValue{Block: bi, Index: i, Err: msg})
				}
				continue
			}
			out = append(out, LiveValue{Block: bi, Index: i, Value: v})
		}
	}
	return out
}

// unwrapRefError is a reference's error as a page shows it: the
// selector's own words, without the lesson's file and line.
func unwrapRefError(err error) string {
	var le *Error
	if errors.As(err, &le) {
		return le.Msg
	}
	return err.Error()
}

// selText is what a live page names r by: its selector for a value read
// from a cell, else its whole text.
func (r Ref) selText() string {
	if r.Kind == RefSelect {
		return r.Sel.Text
	}
	return r.Text
}
