package lessons

import (
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
		marks = append(marks, mark{v.Ref.Start, v.Ref.End, fmt.Sprintf(`<span class="ref" data-ref="%s" data-cell="%d" data-sel="%s">%s</span>`,
			RefID(r.Lesson, b, i), v.Ref.Cell, esc(v.Ref.Sel.Text), esc(v.Value))})
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
