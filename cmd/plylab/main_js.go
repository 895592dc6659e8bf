//go:build js && wasm

package main

// plylab compiled to WebAssembly (GOOS=js GOARCH=wasm) for a lesson site
// with no server, started by the site's Web Worker: live.Browser runs the
// cells, with plylab's commands and allow-list (a fresh appEnv per
// command; a run's context yields to the worker's event loop now and
// then, so that plylab.stop reaches it). main measures the browser's
// clock (textfmt.ClockResolution), sets globalThis.plylab to {run, stop,
// call, version}, calls globalThis.plylabReady() if there is one, and
// then runs a small warm-up search until the first run comes.

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"syscall/js"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/nnue"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
	"github.com/plylab/plylab/positions"
)

func main() {
	nnue.Source = networkFile.get
	positions.MasterGamesFile = masterGamesFile.get
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
		Yield:  func() { time.Sleep(time.Millisecond) },
		Lesson: builtinLessons(env),
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
	go b.WarmUp(warmUpCommand)
	// The network comes while the page is idle (a search that needs it
	// earlier waits for it).
	go networkFile.get()
	select {}
}

// builtinLessons finds the built-in lesson a bound run or a plan names,
// parsing each once: by its slug, as the pages name it, only that lesson
// (a page's first run waits for it, and parsing all ten in WebAssembly
// took a quarter of a second); by a name or number, all of them once.
func builtinLessons(env *appEnv) func(string) *lessons.Lesson {
	var mu sync.Mutex
	bySlug := map[string]*lessons.Lesson{}
	all := sync.OnceValue(func() []*lessons.Lesson {
		ls, err := env.loadLessons(nil, true)
		if err != nil {
			js.Global().Get("console").Call("error", "plylab: "+err.Error())
		}
		return ls
	})
	return func(name string) *lessons.Lesson {
		mu.Lock()
		defer mu.Unlock()
		if l, ok := bySlug[name]; ok {
			return l
		}
		l, err := lessons.BuiltinLesson(name, env.lessonRules())
		if err != nil {
			if !errors.Is(err, lessons.ErrUnknown) {
				js.Global().Get("console").Call("error", "plylab: "+err.Error())
			}
			return live.FindLesson(all(), name)
		}
		bySlug[name] = l
		return l
	}
}

// warmUpCommand is the search the engine runs once the page is ready
// (live.Browser.WarmUp): move generation, the textbook searches, a table;
// short, and with nothing long between two looks at its context, so a
// run that comes ends it at once.
const warmUpCommand = "plylab compare --position paper-mate2 --depth 1-3 --algo minimax,alphabeta --no-minimal"

// The data the engine does not carry, beside it in a class site's static
// folder (lessons/notebook.NetworkName and MasterGamesName), gzipped:
// nnue.Source and positions.MasterGamesFile.
var (
	networkFile     = &siteData{name: "plylab.nnue.gz"}
	masterGamesFile = &siteData{name: "master-games.pgn.gz"}
)

// siteData is a file of the site, fetched once (a failed fetch is tried
// again the next time).
type siteData struct {
	name string
	mu   sync.Mutex
	data []byte
}

// get returns the file's bytes, fetching them the first time.
func (f *siteData) get() ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.data != nil {
		return f.data, nil
	}
	data, err := siteFile(f.name)
	if err != nil {
		return nil, err
	}
	f.data = data
	return data, nil
}

// siteFile fetches name from the site's static folder, next to the
// worker's script, and returns its bytes, unpacked when gzipped.
func siteFile(name string) ([]byte, error) {
	resp, err := await(js.Global().Call("fetch", name))
	if err != nil {
		return nil, fmt.Errorf("cannot fetch %s from the site: %v", name, err)
	}
	if !resp.Get("ok").Bool() {
		return nil, fmt.Errorf("cannot fetch %s from the site: the server answered %d", name, resp.Get("status").Int())
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s from the site: %v", name, err)
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	data := make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(data, arr)
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data, nil // a server that sent it with Content-Encoding: gzip
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s from the site: %v", name, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s from the site: %v", name, err)
	}
	return out, nil
}

// await waits for the JavaScript promise p (the goroutine blocks and the
// worker's event loop runs) and returns its value or its rejection.
func await(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	o := <-ch
	return o.v, o.err
}

// run runs plylab with args in a fresh environment (reproduce --run-slow
// calls it; cells cannot ask for that).
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(&appEnv{Env: cliapp.Env{Stdout: stdout, Stderr: stderr, Ctx: context.Background()}}, args)
}
