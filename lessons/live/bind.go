package live

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/plylab/plylab/lessons"
)

// A lesson's cells follow each other through its parameters: a page
// changes a parameter, asks for a Plan (the cells that use it, with their
// commands under the new values), runs each planned cell as it runs any
// cell, bound to its lesson (Binding), and puts the values Bind finds for
// the prose in place.

// Binding ties a run to cell Cell of lesson Lesson (its slug), under
// values of the lesson's parameters (the others at their defaults).
type Binding struct {
	Lesson string            `json:"lesson"`
	Cell   int               `json:"cell"`
	Params map[string]string `json:"params,omitempty"`
}

// BoundRef is the value of a {{...}} reference of a lesson's prose, named
// by its lessons.RefID, or why it has none in this command's output.
type BoundRef struct {
	Ref   string `json:"ref"`
	Value string `json:"value,omitempty"`
	Error string `json:"error,omitempty"`
}

// FindLesson finds a lesson by its slug, name or number.
func FindLesson(ls []*lessons.Lesson, name string) *lessons.Lesson {
	for _, l := range ls {
		if l.Slug == name || l.Name == name || fmt.Sprint(l.Number) == name {
			return l
		}
	}
	return nil
}

// withParams is l under values, with a ParamError worded for a page.
func withParams(l *lessons.Lesson, values map[string]string) (*lessons.Lesson, *Error) {
	lp, err := l.WithParams(values)
	if err != nil {
		return nil, &Error{Code: "bad_param", Message: err.Error()}
	}
	return lp, nil
}

// Bind reads, from the result cr of command (a line run in cell b.Cell
// of l under b.Params), the values of the prose references that read
// that cell, and a quiz cell's answer. A command that is not one of the
// cell's under those values (the reader edited it), or that failed, binds
// nothing.
func Bind(l *lessons.Lesson, b Binding, command string, cr *lessons.CommandResult) ([]BoundRef, string, *Error) {
	lp, e := withParams(l, b.Params)
	if e != nil {
		return nil, "", e
	}
	if b.Cell < 1 || b.Cell > len(lp.Cells) {
		return nil, "", &Error{Code: "bad_request", Message: fmt.Sprintf("lesson %s has cells 1 to %d, not %d", l.Slug, len(lp.Cells), b.Cell)}
	}
	if cr == nil || cr.Code != 0 {
		return nil, "", nil
	}
	cell := lp.Cells[b.Cell-1]
	text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(command), "$ "))
	text = strings.TrimSpace(strings.TrimPrefix(text, "plylab "))
	at := slices.IndexFunc(cell.Commands, func(c *lessons.Command) bool { return c.Text == text })
	if at < 0 {
		// The reader edited the command: the prose speaks of the
		// lesson's own, so none of its values is in this output.
		var refs []BoundRef
		for _, v := range lessons.LiveValues(lp, b.Cell, nil) {
			refs = append(refs, BoundRef{Ref: lessons.RefID(lp, lp.Blocks[v.Block], v.Index),
				Error: fmt.Sprintf("not shown by the current output: the prose reads cell %d as the lesson wrote it, and its command was edited (Reset shows it)", b.Cell)})
		}
		return refs, "", nil
	}
	in := []*lessons.CommandResult{cr}
	var refs []BoundRef
	for _, v := range lessons.LiveValues(lp, b.Cell, in) {
		br := BoundRef{Ref: lessons.RefID(lp, lp.Blocks[v.Block], v.Index), Value: v.Value}
		switch {
		case v.Err != "":
			br.Error = v.Err
		case v.Assert && !v.Holds:
			br.Error = "with these values the sentence no longer holds"
		}
		refs = append(refs, br)
	}
	answer := ""
	if q := cell.Quiz; q != nil && at == 0 {
		if f, err := q.Answer.FindField(in); err == nil {
			// As a lesson run words it: the printed text, or the JSON
			// number when the text is none ("5/24").
			answer = f.String()
			if n, ok := f.Value.(json.Number); ok {
				if _, isNum := lessons.ParseNumber(answer); !isNum {
					answer = lessons.Field{Value: n}.String()
				}
			}
		}
	}
	return refs, answer, nil
}

// PlanRequest asks which cells of Lesson to run again after the
// parameters Changed took the values in Params.
type PlanRequest struct {
	Lesson  string            `json:"lesson"`
	Params  map[string]string `json:"params"`
	Changed []string          `json:"changed"`
}

// Plan is the answer: every parameter's value, and the cells to run in
// order, each with its commands under those values.
type Plan struct {
	Params map[string]string `json:"params"`
	Cells  []PlannedCell     `json:"cells"`
}

// PlannedCell is a cell to run again and its commands as a page's editor
// shows them (lessons.CellSource).
type PlannedCell struct {
	Cell   int    `json:"cell"`
	Source string `json:"source"`
}

// MakePlan lists the cells of l to run again after the parameters
// req.Changed took the values req.Params: the cells whose lines use one,
// and the cells read by a reference whose conditions use one.
func MakePlan(l *lessons.Lesson, req PlanRequest) (*Plan, *Error) {
	lp, e := withParams(l, req.Params)
	if e != nil {
		return nil, e
	}
	changed := func(names []string) bool {
		for _, n := range names {
			if slices.Contains(req.Changed, n) {
				return true
			}
		}
		return false
	}
	for _, n := range req.Changed {
		if lp.Param(n) == nil {
			return nil, &Error{Code: "bad_param", Message: fmt.Sprintf("the lesson has no parameter %q", n)}
		}
	}
	run := map[int]bool{}
	for _, blk := range lp.Blocks {
		switch {
		case blk.Kind == lessons.CellBlock && changed(blk.Cell.Params):
			run[blk.Cell.N] = true
		case blk.Kind == lessons.Prose:
			for _, r := range blk.Refs {
				if changed(blk.RefParams(r)) {
					run[r.Cell] = true
				}
			}
		}
	}
	plan := &Plan{Params: map[string]string{}, Cells: []PlannedCell{}}
	for _, q := range lp.Params {
		plan.Params[q.Name] = lp.Value(q.Name)
	}
	for _, c := range lp.Cells {
		if run[c.N] {
			plan.Cells = append(plan.Cells, PlannedCell{Cell: c.N, Source: lessons.CellSource(c)})
		}
	}
	return plan, nil
}
