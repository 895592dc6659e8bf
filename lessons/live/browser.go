package live

import (
	"encoding/json"
	"fmt"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// Browser runs cells for a lesson site with no server: plylab compiled to
// WebAssembly (GOOS=js GOARCH=wasm, cmd/plylab/main_js.go) for the site's
// Web Worker (lessons/notebook/static/plylab-worker.js), which
// `plylab lesson export --format site` writes. It runs lesson cells
// exactly as `plylab lesson serve` does: the same commands and flag
// parser (Run), the same allow-list (Rules, in the parser and again in
// the runner), the same drawing of results; files a cell writes stay in
// memory and travel back with the result.
//
// The WebAssembly build hands its two methods to the page as
// globalThis.plylab:
//
//	plylab.run(requestJSON, emit)   // Start: {"command", "id", "bind"}; emit(eventJSON)
//	                                // for started, output, live and, last, result
//	plylab.call(method, requestJSON) // Call: plan, parse, export, lesson, load: the answer's JSON
//
// A run goes on in a goroutine until it ends: a search never yields to
// the worker's event loop, so Stop ends the worker itself and the page
// starts a fresh one.
type Browser struct {
	// Rules are the cells' allow-list (sandbox.Cells for plylab).
	Rules lessons.Rules
	// Run runs one command of a cell, panics turned into errors (SafeRun).
	Run lessons.RunFunc
	// Lessons returns the built-in lessons, for bound runs and plans; it
	// is called when they are first needed (not while the page waits for
	// the engine), so it should load them once. Nil means none.
	Lessons func() []*lessons.Lesson
	// files are lesson files the page gave (plylab.call("lesson", ...)).
	files []*lessons.Lesson
}

// lesson finds a lesson by name among the page's lesson files, then the
// built-in lessons.
func (b *Browser) lesson(name string) *lessons.Lesson {
	if l := FindLesson(b.files, name); l != nil {
		return l
	}
	if b.Lessons == nil {
		return nil
	}
	return FindLesson(b.Lessons(), name)
}

// browserRequest is a run the page asks for: the notebook API's
// RunRequest without a session (every run has its own folder in memory).
type browserRequest struct {
	Command string   `json:"command"`
	ID      string   `json:"id,omitempty"`
	Bind    *Binding `json:"bind,omitempty"`
}

// Start is plylab.run(requestJSON, emit): it starts Execute in a
// goroutine and returns at once.
func (b *Browser) Start(requestJSON string, emit func(eventJSON string)) {
	go b.Execute(requestJSON, emit)
}

// Execute runs the command requestJSON asks for ({"command", "id",
// "bind"}) and returns when it ends, handing emit each event as JSON:
// started, output, live and, last, result (only a result when the
// request is not valid JSON or the command is refused).
func (b *Browser) Execute(requestJSON string, emit func(eventJSON string)) {
	send := func(ev Event) {
		data, err := json.Marshal(ev)
		if err != nil {
			data, _ = json.Marshal(Event{Type: "result", Result: &Result{Error: &Error{Code: "internal", Message: err.Error()}}})
		}
		emit(string(data))
	}
	var req browserRequest
	if err := json.Unmarshal([]byte(requestJSON), &req); err != nil {
		send(failed(req.Command, &Error{Code: "bad_request", Message: "the request must be a JSON object such as {\"command\": \"plylab compare --depth 3\"}: " + err.Error()}))
		return
	}
	send(Event{Type: "result", ID: req.ID, Result: b.execute(req, send)})
}

// failed is the result event of a run that could not start.
func failed(command string, e *Error) Event {
	return Event{Type: "result", Result: &Result{Command: command, Error: e, SVGs: []Picture{}, Files: []FileRef{}}}
}

// execute checks and runs one command as `lesson serve` does, without its
// limits (the page's Stop ends a run), and binds it to its lesson.
func (b *Browser) execute(req browserRequest, emit func(Event)) *Result {
	cell, e := Prepare(req.Command, b.Rules)
	if e != nil {
		return &Result{Command: req.Command, Error: e, SVGs: []Picture{}, Files: []FileRef{}}
	}
	emit(Event{Type: "started", ID: req.ID})
	res, cr := Execute(req.Command, cell, Options{
		Run:      b.Run,
		Files:    sandbox.NewMemory(sandbox.Quota{}),
		Emit:     emit,
		IDPrefix: "r" + req.ID,
	})
	if req.Bind != nil {
		if l := b.lesson(req.Bind.Lesson); l != nil {
			res.Refs, res.Answer, _ = Bind(l, *req.Bind, req.Command, cr)
		}
	}
	return res
}

// Call is plylab.call(method, requestJSON): the answer of plan, parse,
// export or lesson as JSON, an object with "error" when it failed.
func (b *Browser) Call(method, requestJSON string) string {
	body := []byte(requestJSON)
	bad := func(err error) string {
		return Answer(nil, &Error{Code: "bad_request", Message: fmt.Sprintf("the %s request is not the JSON object expected: %v", method, err)})
	}
	switch method {
	case "plan":
		var req PlanRequest
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		l := b.lesson(req.Lesson)
		if l == nil {
			return Answer(nil, &Error{Code: "not_found", Message: fmt.Sprintf("no lesson %q", req.Lesson)})
		}
		plan, e := MakePlan(l, req)
		return Answer(plan, e)
	case "lesson":
		// A lesson file of the site (not built in), for its parameters.
		var req struct {
			Name     string `json:"name"`
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		l, err := lessons.Parse(req.Name, []byte(req.Markdown), b.Rules)
		if err != nil {
			return Answer(nil, &Error{Code: "bad_lesson", Message: err.Error()})
		}
		b.keep(l)
		return Answer(map[string]string{"lesson": l.Slug}, nil)
	case "load":
		// A lesson file the scratch page loads, drawn as its page; its
		// cells' runs and plans bind to it from now on.
		var req struct {
			Name     string `json:"name"`
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		page, e := LoadPage(req.Name, req.Markdown, b.Rules, "plylab")
		if e != nil {
			return Answer(nil, e)
		}
		b.keep(page.Lesson)
		return Answer(page, nil)
	case "parse":
		var req struct {
			Name     string `json:"name"`
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		nb, e := ParseNotebook(req.Name, req.Markdown, b.Rules)
		return Answer(nb, e)
	case "export":
		var nb Notebook
		if err := json.Unmarshal(body, &nb); err != nil {
			return bad(err)
		}
		md, name, e := ExportNotebook(nb, b.Rules)
		return Answer(map[string]string{"markdown": md, "filename": name}, e)
	}
	return Answer(nil, &Error{Code: "bad_request", Message: fmt.Sprintf("no method %q: plylab.call knows plan, parse, export, lesson and load", method)})
}

// keep adds l to the page's lesson files, in place of one of its slug.
func (b *Browser) keep(l *lessons.Lesson) {
	for i, o := range b.files {
		if o.Slug == l.Slug {
			b.files[i] = l
			return
		}
	}
	b.files = append(b.files, l)
}

// Answer is v as JSON, or {"error": e} when e is not nil: what
// plylab.call returns.
func Answer(v any, e *Error) string {
	if e != nil {
		v = map[string]*Error{"error": e}
	}
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]*Error{"error": {Code: "internal", Message: err.Error()}})
	}
	return string(data)
}
