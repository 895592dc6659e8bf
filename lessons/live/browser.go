package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

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
//	plylab.stop(id)                 // Stop: the run id stops and sends what it computed
//	plylab.call(method, requestJSON) // Call: plan, parse, export, lesson, load: the answer's JSON
//
// A run goes on in a goroutine until it ends. The worker has one thread,
// which a search holds: a Stop the page sends reaches the engine only
// when the run lets the worker's event loop take its messages. So each
// run's context, whenever the command asks it whether the run is over
// (the searches ask every few thousand nodes), first yields to the event
// loop (Yield) if it has not for YieldEvery; a Stop that came meanwhile
// cancels the context, and the command ends as on the server, with the
// rows it finished in its result.
type Browser struct {
	// Rules are the cells' allow-list (sandbox.Cells for plylab).
	Rules lessons.Rules
	// NewRun returns what runs one command of a cell under ctx, panics
	// turned into errors (SafeRun); cancelling ctx stops the command.
	NewRun func(ctx context.Context) lessons.RunFunc
	// Yield lets the worker's event loop run (nil: never); YieldEvery is
	// the least time between two yields of a run (0: DefaultYieldEvery).
	Yield      func()
	YieldEvery time.Duration
	// Lesson returns the built-in lesson a bound run or a plan names (its
	// slug, name or number), or nil; it is called when one is first
	// needed (not while the page waits for the engine), so it should
	// parse each lesson once, and only the one named: a page's first run
	// waits for it. Nil means none.
	Lesson func(name string) *lessons.Lesson
	// files are lesson files the page gave (plylab.call("lesson", ...)).
	files []*lessons.Lesson
	// runs are the stop functions of the runs going on, by id; warm
	// stops the warm-up (WarmUp), which the next run ends.
	mu   sync.Mutex
	runs map[string]context.CancelCauseFunc
	warm context.CancelFunc
}

// WarmUp runs command and throws its result away, for what it leaves
// behind: the browser compiles a WebAssembly function when it is first
// called, so a page's first search otherwise pays for compiling the
// search code (and lesson 3's chart shows depth 1 slower than depth 2).
// The page calls it once it is ready; it yields to the worker's event
// loop every 10 ms, and the first run that Start begins ends it, so a
// student who presses Run at once does not wait for it.
func (b *Browser) WarmUp(command string) {
	ctx, cancel := context.WithCancel(context.Background())
	b.mu.Lock()
	b.warm = cancel
	b.mu.Unlock()
	defer cancel()
	cell, e := Prepare(command, b.Rules)
	if e != nil {
		return
	}
	runCtx := context.Context(ctx)
	if b.Yield != nil {
		runCtx = &yielding{Context: ctx, yield: b.Yield, every: 10 * time.Millisecond}
	}
	Execute(command, cell, Options{Run: b.NewRun(runCtx), Files: sandbox.NewMemory(sandbox.Quota{})})
}

// DefaultYieldEvery is how often a run lets the worker's event loop take
// a Stop: a yield costs a few milliseconds (the browser's shortest
// timer), so this costs a search about 2 % and stops it within a quarter
// of a second.
const DefaultYieldEvery = 200 * time.Millisecond

// errStop is the cause of a run stopped by Stop.
var errStop = errors.New("stopped by the page")

// Stop is plylab.stop(id): it stops the run id, which then ends as a
// command stopped on the server does, with what it computed; false when
// no such run is going on.
func (b *Browser) Stop(id string) bool {
	b.mu.Lock()
	stop, ok := b.runs[id]
	b.mu.Unlock()
	if ok {
		stop(errStop)
	}
	return ok
}

// yielding is a run's context that lets the worker's event loop run
// (yield) at most every interval when it is asked whether it is done, so
// that a Stop can reach the run.
type yielding struct {
	context.Context
	yield func()
	every time.Duration
	next  time.Time
}

// Err yields if it is time, then answers.
func (c *yielding) Err() error {
	if now := time.Now(); !now.Before(c.next) {
		c.yield()
		c.next = time.Now().Add(c.every)
	}
	return c.Context.Err()
}

// lesson finds a lesson by name among the page's lesson files, then the
// built-in lessons.
func (b *Browser) lesson(name string) *lessons.Lesson {
	if l := FindLesson(b.files, name); l != nil {
		return l
	}
	if b.Lesson == nil {
		return nil
	}
	return b.Lesson(name)
}

// browserRequest is a run the page asks for: the notebook API's
// RunRequest without a session (every run has its own folder in memory).
type browserRequest struct {
	Command string   `json:"command"`
	ID      string   `json:"id,omitempty"`
	Bind    *Binding `json:"bind,omitempty"`
}

// Start is plylab.run(requestJSON, emit): it ends the warm-up if it is
// still going, starts Execute in a goroutine and returns at once.
func (b *Browser) Start(requestJSON string, emit func(eventJSON string)) {
	b.mu.Lock()
	if b.warm != nil {
		b.warm()
		b.warm = nil
	}
	b.mu.Unlock()
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
// limits (the page's Stop ends a run), and binds it to its lesson unless
// it was stopped.
func (b *Browser) execute(req browserRequest, emit func(Event)) *Result {
	cell, e := Prepare(req.Command, b.Rules)
	if e != nil {
		return &Result{Command: req.Command, Error: e, SVGs: []Picture{}, Files: []FileRef{}}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	if req.ID != "" {
		b.mu.Lock()
		if b.runs == nil {
			b.runs = map[string]context.CancelCauseFunc{}
		}
		b.runs[req.ID] = cancel
		b.mu.Unlock()
		defer func() {
			b.mu.Lock()
			delete(b.runs, req.ID)
			b.mu.Unlock()
		}()
	}
	runCtx := context.Context(ctx)
	if b.Yield != nil {
		every := b.YieldEvery
		if every <= 0 {
			every = DefaultYieldEvery
		}
		runCtx = &yielding{Context: ctx, yield: b.Yield, every: every, next: time.Now().Add(every)}
	}
	emit(Event{Type: "started", ID: req.ID})
	res, cr := Execute(req.Command, cell, Options{
		Run:      b.NewRun(runCtx),
		Files:    sandbox.NewMemory(sandbox.Quota{}),
		Emit:     emit,
		IDPrefix: "r" + req.ID,
	})
	if errors.Is(context.Cause(ctx), errStop) {
		res.Error = Stopped("", res.ElapsedMS)
		return res
	}
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
