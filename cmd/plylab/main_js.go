//go:build js && wasm

package main

// plylab compiled to WebAssembly (GOOS=js GOARCH=wasm) for a lesson site
// with no server, started by the site's Web Worker: live.Browser runs the
// cells, with plylab's commands and allow-list (a fresh appEnv per
// command). main sets globalThis.plylab to {run, call, version} and then
// calls globalThis.plylabReady() if there is one.

import (
	"context"
	"io"
	"sync"
	"syscall/js"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
)

func main() {
	env := &appEnv{}
	b := &live.Browser{
		Rules: env.lessonRules(),
		Run:   live.SafeRun(env.newLessonRun(context.Background()), nil),
		Lessons: sync.OnceValue(func() []*lessons.Lesson {
			ls, err := env.loadLessons(nil, true)
			if err != nil {
				js.Global().Get("console").Call("error", "plylab: "+err.Error())
			}
			return ls
		}),
	}
	api := js.Global().Get("Object").New()
	// plylab.run(requestJSON, emit): emit(eventJSON) for each event.
	api.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[1].Type() != js.TypeFunction {
			return "plylab.run needs a request and a function for its events"
		}
		emit := args[1]
		b.Start(args[0].String(), func(ev string) { emit.Invoke(ev) })
		return nil
	}))
	// plylab.call(method, requestJSON): the answer as JSON.
	api.Set("call", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			return live.Answer(nil, &live.Error{Code: "bad_request", Message: "plylab.call needs a method and a request"})
		}
		return b.Call(args[0].String(), args[1].String())
	}))
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
