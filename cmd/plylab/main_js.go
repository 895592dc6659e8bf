//go:build js && wasm

package main

// plylab compiled to WebAssembly (GOOS=js GOARCH=wasm) for a lesson site
// with no server, started by the site's Web Worker: live.Browser runs the
// cells, with plylab's commands and allow-list (a fresh appEnv per
// command; a run's context yields to the worker's event loop now and
// then, so that plylab.stop reaches it). main measures the browser's
// clock (textfmt.ClockResolution), runs a small warm-up search (warmUp),
// sets globalThis.plylab to {run, stop, call, version} and then calls
// globalThis.plylabReady() if there is one.

import (
	"context"
	"io"
	"sync"
	"syscall/js"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
)

func main() {
	// Browsers coarsen performance.now(), which Go's clock reads (0.1 ms
	// in Chromium's workers unless the page is cross-origin isolated, which
	// a plain static server cannot make it).
	textfmt.ClockResolution = textfmt.ClockStep(time.Now)
	env := &appEnv{}
	b := &live.Browser{
		Rules:  env.lessonRules(),
		NewRun: func(ctx context.Context) lessons.RunFunc { return live.SafeRun(env.newLessonRun(ctx), nil) },
		// A sleep gives the worker's event loop back until the timer
		// fires: a Stop the page sent meanwhile comes in.
		Yield: func() { time.Sleep(time.Millisecond) },
		Lessons: sync.OnceValue(func() []*lessons.Lesson {
			ls, err := env.loadLessons(nil, true)
			if err != nil {
				js.Global().Get("console").Call("error", "plylab: "+err.Error())
			}
			return ls
		}),
	}
	warmUp(b)
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
	// plylab.stop(id): the run id stops and sends what it computed.
	api.Set("stop", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return false
		}
		return b.Stop(args[0].String())
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

// warmUpCommand is the search warmUp runs: move generation, the textbook
// searches, the minimal tree, the engine with the network, a table.
const warmUpCommand = "plylab compare --position kiwipete --depth 1-2 --algo minimax,alphabeta,engine"

// warmUp runs warmUpCommand and throws its result away. The browser
// compiles a WebAssembly function when it is first called, so without it
// the first search of the page pays for compiling the search code, and
// its depth 1 shows a time tens of times its depth 2 (lesson 3's chart);
// after it, the times in the tables are the searches' own.
func warmUp(b *live.Browser) {
	b.Execute(`{"command": "`+warmUpCommand+`"}`, func(string) {})
}

// run runs plylab with args in a fresh environment (reproduce --run-slow
// calls it; cells cannot ask for that).
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(&appEnv{Env: cliapp.Env{Stdout: stdout, Stderr: stderr, Ctx: context.Background()}}, args)
}
