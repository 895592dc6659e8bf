//go:build js && wasm

package main

// plylab compiled to WebAssembly (GOOS=js GOARCH=wasm) for a lesson
// site with no server: `plylab lesson export --format site` builds it, and
// the site's Web Worker (lessons/notebook/static/plylab-worker.js) starts
// it. It runs lesson cells exactly as `plylab lesson serve` does: the same
// commands and flag parser (runWith in a fresh appEnv per command), the
// same allow-list (sandbox.Cells, in the parser and again in the runner),
// the same drawing of results (package live); files a cell writes stay in
// memory and travel back with the result.
//
// It sets globalThis.plylab to an object with two functions and then
// calls globalThis.plylabReady() if there is one:
//
//	plylab.run(requestJSON, emit)   // {"command", "id", "bind"}; emit(eventJSON) for
//	                                // started, output, live and, last, result
//	plylab.call(method, requestJSON) // plan, parse, export, lesson: the answer's JSON
//
// A run goes on in a goroutine until it ends: a search never yields to
// the worker's event loop, so Stop ends the worker itself and the page
// starts a fresh one.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"syscall/js"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
	"github.com/plylab/plylab/lessons/sandbox"
)

func main() {
	b := &browser{env: &appEnv{}}
	b.lessons = sync.OnceValue(func() []*lessons.Lesson {
		ls, err := b.env.loadLessons(nil, true)
		if err != nil {
			js.Global().Get("console").Call("error", "plylab: "+err.Error())
		}
		return ls
	})
	api := js.Global().Get("Object").New()
	api.Set("run", js.FuncOf(b.run))
	api.Set("call", js.FuncOf(b.call))
	api.Set("version", version)
	js.Global().Set("plylab", api)
	if ready := js.Global().Get("plylabReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// run runs plylab with args in a fresh environment (reproduce --run-slow
// calls it; cells cannot ask for that).
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(&appEnv{Env: cliapp.Env{Stdout: stdout, Stderr: stderr, Ctx: context.Background()}}, args)
}

// browser runs cells for the page.
type browser struct {
	env *appEnv
	// lessons are the built-in lessons, for bound runs and plans, read
	// when first asked for (not while the page waits for the engine).
	lessons func() []*lessons.Lesson
	// files are lesson files the page gave (plylab.call("lesson", ...)).
	files []*lessons.Lesson
}

// lesson finds a lesson by name among the page's lesson files, then the
// built-in lessons.
func (b *browser) lesson(name string) *lessons.Lesson {
	if l := live.FindLesson(b.files, name); l != nil {
		return l
	}
	return live.FindLesson(b.lessons(), name)
}

// browserRequest is a run the page asks for: the notebook API's
// RunRequest without a session (every run has its own folder in memory).
type browserRequest struct {
	Command string        `json:"command"`
	ID      string        `json:"id,omitempty"`
	Bind    *live.Binding `json:"bind,omitempty"`
}

// run is plylab.run(requestJSON, emit).
func (b *browser) run(_ js.Value, args []js.Value) any {
	if len(args) < 2 || args[1].Type() != js.TypeFunction {
		return "plylab.run needs a request and a function for its events"
	}
	emitFn := args[1]
	emit := func(ev live.Event) {
		data, err := json.Marshal(ev)
		if err != nil {
			data, _ = json.Marshal(live.Event{Type: "result", Result: &live.Result{Error: &live.Error{Code: "internal", Message: err.Error()}}})
		}
		emitFn.Invoke(string(data))
	}
	var req browserRequest
	err := json.Unmarshal([]byte(args[0].String()), &req)
	go func() {
		if err != nil {
			emit(failed(req.Command, &live.Error{Code: "bad_request", Message: "the request must be a JSON object such as {\"command\": \"plylab compare --depth 3\"}: " + err.Error()}))
			return
		}
		emit(live.Event{Type: "result", ID: req.ID, Result: b.execute(req, emit)})
	}()
	return nil
}

// failed is the result event of a run that could not start.
func failed(command string, e *live.Error) live.Event {
	return live.Event{Type: "result", Result: &live.Result{Command: command, Error: e, SVGs: []live.Picture{}, Files: []live.FileRef{}}}
}

// execute checks and runs one command as `lesson serve` does, without its
// limits (the page's Stop ends a run), and binds it to its lesson.
func (b *browser) execute(req browserRequest, emit func(live.Event)) *live.Result {
	cell, e := live.Prepare(req.Command, b.env.lessonRules())
	if e != nil {
		return &live.Result{Command: req.Command, Error: e, SVGs: []live.Picture{}, Files: []live.FileRef{}}
	}
	emit(live.Event{Type: "started", ID: req.ID})
	res, cr := live.Execute(req.Command, cell, live.Options{
		Run:      live.SafeRun(b.env.newLessonRun(context.Background()), nil),
		Files:    sandbox.NewMemory(sandbox.Quota{}),
		Emit:     emit,
		IDPrefix: "r" + req.ID,
	})
	if req.Bind != nil {
		if l := b.lesson(req.Bind.Lesson); l != nil {
			res.Refs, res.Answer, _ = live.Bind(l, *req.Bind, req.Command, cr)
		}
	}
	return res
}

// call is plylab.call(method, requestJSON): the answer as JSON, an
// object with "error" when it failed.
func (b *browser) call(_ js.Value, args []js.Value) any {
	if len(args) < 2 {
		return answer(nil, &live.Error{Code: "bad_request", Message: "plylab.call needs a method and a request"})
	}
	method, body := args[0].String(), []byte(args[1].String())
	bad := func(err error) any {
		return answer(nil, &live.Error{Code: "bad_request", Message: fmt.Sprintf("the %s request is not the JSON object expected: %v", method, err)})
	}
	rules := b.env.lessonRules()
	switch method {
	case "plan":
		var req live.PlanRequest
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		l := b.lesson(req.Lesson)
		if l == nil {
			return answer(nil, &live.Error{Code: "not_found", Message: fmt.Sprintf("no lesson %q", req.Lesson)})
		}
		plan, e := live.MakePlan(l, req)
		return answer(plan, e)
	case "lesson":
		// A lesson file of the site (not built in), for its parameters.
		var req struct {
			Name     string `json:"name"`
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		l, err := lessons.Parse(req.Name, []byte(req.Markdown), rules)
		if err != nil {
			return answer(nil, &live.Error{Code: "bad_lesson", Message: err.Error()})
		}
		b.files = append(b.files, l)
		return answer(map[string]string{"lesson": l.Slug}, nil)
	case "parse":
		var req struct {
			Name     string `json:"name"`
			Markdown string `json:"markdown"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return bad(err)
		}
		nb, e := live.ParseNotebook(req.Name, req.Markdown, rules)
		return answer(nb, e)
	case "export":
		var nb live.Notebook
		if err := json.Unmarshal(body, &nb); err != nil {
			return bad(err)
		}
		md, name, e := live.ExportNotebook(nb, rules)
		return answer(map[string]string{"markdown": md, "filename": name}, e)
	}
	return answer(nil, &live.Error{Code: "bad_request", Message: fmt.Sprintf("no method %q: plylab.call knows plan, parse, export and lesson", method)})
}

// answer is v as JSON, or {"error": e}.
func answer(v any, e *live.Error) string {
	if e != nil {
		v = map[string]*live.Error{"error": e}
	}
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]*live.Error{"error": {Code: "internal", Message: err.Error()}})
	}
	return string(data)
}
