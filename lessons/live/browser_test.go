package live

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// newBrowser is a Browser with fakeRun and the built-in lesson bound
// (boundLesson), which it counts the loads of.
func newBrowser(t *testing.T, loads *int) *Browser {
	l, err := lessons.Parse("lessons/04-bound.md", []byte(boundLesson), rules)
	if err != nil {
		t.Fatal(err)
	}
	return &Browser{Rules: rules, NewRun: fakeNewRun, Lesson: func(name string) *lessons.Lesson {
		*loads++
		return FindLesson([]*lessons.Lesson{l}, name)
	}}
}

// fakeNewRun runs every command with fakeRun.
func fakeNewRun(context.Context) lessons.RunFunc { return fakeRun }

// brief is what a test compares of an event: its type, id, stream and
// text and, for a result, the command, stdout, exit code, error and bound
// values (not the run time).
type brief struct {
	Type, ID, Stream, Text, Command, Stdout string
	Exit                                    int
	Error                                   *Error
	Refs                                    []BoundRef
	Answer                                  string
}

func briefOf(t *testing.T, eventJSON string) brief {
	t.Helper()
	var ev Event
	if err := json.Unmarshal([]byte(eventJSON), &ev); err != nil {
		t.Fatalf("event %s: %v", eventJSON, err)
	}
	b := brief{Type: ev.Type, ID: ev.ID, Stream: ev.Stream, Text: ev.Text}
	if r := ev.Result; r != nil {
		b.Command, b.Stdout, b.Exit, b.Error, b.Refs, b.Answer = r.Command, r.Stdout, r.ExitCode, r.Error, r.Refs, r.Answer
	}
	return b
}

func TestBrowserExecute(t *testing.T) {
	const compare4 = "depth  nodes\n─────  ─────\n    4   1080\n"
	tests := []struct {
		name    string
		cells   bool // under sandbox.Cells, plylab's allow-list, not rules
		request string
		want    []brief
		loads   int // built-in lessons loaded
	}{
		{"not JSON", false, `{"command": `, []brief{{Type: "result", Error: &Error{Code: "bad_request",
			Message: `the request must be a JSON object such as {"command": "plylab compare --depth 3"}: unexpected end of JSON input`}}}, 0},
		{"not an object", false, `["compare"]`, []brief{{Type: "result", Error: &Error{Code: "bad_request",
			Message: `the request must be a JSON object such as {"command": "plylab compare --depth 3"}: json: cannot unmarshal array into Go value of type live.browserRequest`}}}, 0},
		{"unknown", false, `{"command": "plylab match", "id": "7"}`, []brief{{Type: "result", ID: "7", Command: "plylab match",
			Error: &Error{Code: "bad_command", Message: `unknown command "match" in a plylab cell; run 'plylab --help' to list the commands`}}}, 0},
		{"not allowed", true, `{"command": "plylab match", "id": "7"}`, []brief{{Type: "result", ID: "7", Command: "plylab match",
			Error: &Error{Code: "disallowed", Message: `'plylab match' is not available in lesson cells: it plays long matches, possibly against other programs; run 'plylab match' in a terminal instead`}}}, 0},
		{"shell", false, `{"command": "compare; ls", "id": "8"}`, []brief{{Type: "result", ID: "8", Command: "compare; ls",
			Error: &Error{Code: "shell", Message: "compare; ls: cells run one plylab command, not a shell: ';' has no meaning here (no pipes, redirections, variables or command lists); run one command per line"}}}, 0},
		{"run", false, `{"command": "plylab compare --depth 4", "id": "9"}`, []brief{
			{Type: "started", ID: "9"},
			{Type: "output", Stream: "stdout", Text: compare4},
			{Type: "result", ID: "9", Command: "plylab compare --depth 4", Stdout: compare4}}, 0},
		{"failing run", false, `{"command": "fail", "id": "10"}`, []brief{
			{Type: "started", ID: "10"},
			{Type: "output", Stream: "stderr", Text: "plylab: --depth 99 is too deep; use a smaller --depth\n"},
			{Type: "result", ID: "10", Command: "fail", Exit: 2,
				Error: &Error{Code: "exit_status", Message: "plylab: --depth 99 is too deep; use a smaller --depth"}}}, 0},
		{"bound run", false, `{"command": "plylab compare --depth 4", "id": "11", "bind": {"lesson": "bound", "cell": 2, "params": {"depth": "4"}}}`, []brief{
			{Type: "started", ID: "11"},
			{Type: "output", Stream: "stdout", Text: compare4},
			{Type: "result", ID: "11", Command: "plylab compare --depth 4", Stdout: compare4,
				Refs: []BoundRef{{Ref: "3-0", Value: "1080"}}, Answer: "1080"}}, 1},
		{"bound to no lesson", false, `{"command": "compare --depth 4", "id": "12", "bind": {"lesson": "nosuch", "cell": 2}}`, []brief{
			{Type: "started", ID: "12"},
			{Type: "output", Stream: "stdout", Text: compare4},
			{Type: "result", ID: "12", Command: "compare --depth 4", Stdout: compare4}}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loads := 0
			var got []brief
			b := newBrowser(t, &loads)
			if tc.cells {
				b.Rules = sandbox.Cells
			}
			b.Execute(tc.request, func(ev string) { got = append(got, briefOf(t, ev)) })
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("events\n%s\nwant\n%s", show(got), show(tc.want))
			}
			if loads != tc.loads {
				t.Errorf("built-in lessons loaded %d times, want %d", loads, tc.loads)
			}
		})
	}
}

// TestBrowserStart: Start returns before the run ends and the run's
// events come from its goroutine, the result last.
func TestBrowserStart(t *testing.T) {
	loads := 0
	events := make(chan string, 10)
	newBrowser(t, &loads).Start(`{"command": "compare --depth 2", "id": "1"}`, func(ev string) { events <- ev })
	var types []string
	for ev := range events {
		b := briefOf(t, ev)
		types = append(types, b.Type+" "+b.ID+b.Stream)
		if b.Type == "result" {
			break
		}
	}
	if want := []string{"started 1", "output stdout", "result 1"}; !reflect.DeepEqual(types, want) {
		t.Errorf("events %q, want %q", types, want)
	}
}

func TestBrowserCall(t *testing.T) {
	const mine = "# Mine\n\nA note.\n\n```plylab\ncompare --depth 3\n```\n"
	const mineParam = "---\ntitle: Mine\nparam depth: 3 (2-4) the depth\n---\n\n```plylab\ncompare --depth {depth}\n```\n"
	tests := []struct {
		name, method, request, want string
	}{
		{"plan", "plan", `{"lesson": "bound", "params": {"depth": "2"}, "changed": ["depth"]}`,
			`{"params":{"depth":"2"},"cells":[{"cell":2,"source":"plylab compare --depth 2"}]}`},
		{"plan by number", "plan", `{"lesson": "4", "params": {"depth": "3"}, "changed": ["depth"]}`,
			`{"params":{"depth":"3"},"cells":[{"cell":2,"source":"plylab compare --depth 3"}]}`},
		{"plan of no lesson", "plan", `{"lesson": "nosuch"}`,
			`{"error":{"code":"not_found","message":"no lesson \"nosuch\""}}`},
		{"plan with a bad parameter", "plan", `{"lesson": "bound", "params": {"depth": "9"}, "changed": ["depth"]}`,
			`{"error":{"code":"bad_param","message":"depth: \"9\" is not a whole number from 2 to 4"}}`},
		{"plan not JSON", "plan", `{`,
			`{"error":{"code":"bad_request","message":"the plan request is not the JSON object expected: unexpected end of JSON input"}}`},
		{"parse", "parse", `{"name": "mine.md", "markdown": ` + quote(mine) + `}`,
			`{"title":"Mine","cells":[{"prose":"A note.","source":"plylab compare --depth 3"}]}`},
		{"parse a shell cell", "parse", `{"name": "mine.md", "markdown": "# B\n\n` + "```plylab\\ncompare; ls\\n```" + `\n"}`,
			`{"error":{"code":"bad_lesson","message":"mine.md:4: cells run plylab commands, not a shell: \";\" has no meaning here (no pipes, redirections, variables or command lists); write one plylab command a line","line":4}}`},
		{"parse not JSON", "parse", `{"name": 1}`,
			`{"error":{"code":"bad_request","message":"the parse request is not the JSON object expected: json: cannot unmarshal number into Go struct field .name of type string"}}`},
		{"export", "export", `{"title": "Mine", "cells": [{"prose": "A note.", "source": "compare --depth 3"}]}`,
			`{"filename":"mine.md","markdown":"# Mine\n\nA note.\n\n` + "```plylab\\ncompare --depth 3\\n```" + `\n"}`},
		{"export a bad cell", "export", `{"title": "X", "cells": [{"source": "frobnicate"}]}`,
			`{"error":{"code":"bad_lesson","message":"the notebook would not load again: notebook.md:4: unknown command \"frobnicate\" in a plylab cell; run 'plylab --help' to list the commands","line":4}}`},
		{"export not JSON", "export", `"x"`,
			`{"error":{"code":"bad_request","message":"the export request is not the JSON object expected: json: cannot unmarshal string into Go value of type live.Notebook"}}`},
		{"lesson", "lesson", `{"name": "lessons/mine.md", "markdown": ` + quote(mineParam) + `}`,
			`{"lesson":"mine"}`},
		{"lesson with no title", "lesson", `{"name": "x.md", "markdown": "no heading\n"}`,
			`{"error":{"code":"bad_lesson","message":"x.md:1: the lesson has no title: add front matter 'title: ...' or a '# Title' heading"}}`},
		{"lesson not JSON", "lesson", ``,
			`{"error":{"code":"bad_request","message":"the lesson request is not the JSON object expected: unexpected end of JSON input"}}`},
		{"unknown method", "run", `{}`,
			`{"error":{"code":"bad_request","message":"no method \"run\": plylab.call knows plan, parse, export, lesson and load"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loads := 0
			if got := newBrowser(t, &loads).Call(tc.method, tc.request); got != tc.want {
				t.Errorf("Call(%q, %s)\n = %s\nwant %s", tc.method, tc.request, got, tc.want)
			}
		})
	}
}

// TestBrowserLessonFile: a lesson file the page gives is found by plans
// and bound runs before the built-in lessons, which are not loaded for it.
func TestBrowserLessonFile(t *testing.T) {
	loads := 0
	b := newBrowser(t, &loads)
	mine := "---\ntitle: Bound\nparam depth: 2 (2-3) the depth\n---\n\n```plylab\ncompare --depth {depth}\n```\n\nThen {{nodes | depth={depth}}}.\n"
	if got := b.Call("lesson", `{"name": "bound.md", "markdown": `+quote(mine)+`}`); got != `{"lesson":"bound"}` {
		t.Fatalf("lesson: %s", got)
	}
	want := `{"params":{"depth":"3"},"cells":[{"cell":1,"source":"plylab compare --depth 3"}]}`
	if got := b.Call("plan", `{"lesson": "bound", "params": {"depth": "3"}, "changed": ["depth"]}`); got != want {
		t.Errorf("plan of the page's lesson = %s, want %s", got, want)
	}
	var result brief
	b.Execute(`{"command": "compare --depth 3", "id": "1", "bind": {"lesson": "bound", "cell": 1, "params": {"depth": "3"}}}`,
		func(ev string) { result = briefOf(t, ev) })
	if want := []BoundRef{{Ref: "1-0", Value: "497"}}; !reflect.DeepEqual(result.Refs, want) {
		t.Errorf("bound to the page's lesson: refs %+v, want %+v", result.Refs, want)
	}
	if loads != 0 {
		t.Errorf("built-in lessons loaded %d times for the page's lesson", loads)
	}
	// A Browser with no built-in lessons finds none.
	if got := (&Browser{Rules: rules, NewRun: fakeNewRun}).Call("plan", `{"lesson": "bound"}`); got != `{"error":{"code":"not_found","message":"no lesson \"bound\""}}` {
		t.Errorf("plan with no lessons: %s", got)
	}
}

// TestBrowserStop: Stop ends a run as the server's Stop does: the command
// sees its context cancelled, stops, and its result keeps what it
// printed, with the error "stopped"; the run's context let the event
// loop run while the command went on (Yield), which is how a Stop reaches
// the worker. Stopping a run that is not going on does nothing.
func TestBrowserStop(t *testing.T) {
	rows := make(chan int, 100)
	yields := 0
	b := &Browser{Rules: rules, YieldEvery: time.Millisecond, Yield: func() { yields++ },
		NewRun: func(ctx context.Context) lessons.RunFunc {
			return func(inv lessons.Invocation) lessons.Outcome {
				for depth := 1; ; depth++ {
					if ctx.Err() != nil {
						fmt.Fprintln(inv.Stderr, "compare: interrupted")
						return lessons.Outcome{Code: 1}
					}
					fmt.Fprintf(inv.Stdout, "depth %d done\n", depth)
					rows <- depth
					time.Sleep(2 * time.Millisecond)
				}
			}
		}}
	results := make(chan brief, 1)
	b.Start(`{"command": "compare --depth 1-30", "id": "s1"}`, func(ev string) {
		if e := briefOf(t, ev); e.Type == "result" {
			results <- e
		}
	})
	for depth := range rows {
		if depth == 3 {
			break
		}
	}
	if !b.Stop("s1") {
		t.Fatal("Stop(s1) found no run")
	}
	res := <-results
	if res.Error == nil || res.Error.Code != "stopped" || !strings.Contains(res.Error.Message, "you pressed Stop") {
		t.Errorf("a stopped run's error: %+v", res.Error)
	}
	for _, row := range []string{"depth 1 done\n", "depth 2 done\n", "depth 3 done\n"} {
		if !strings.Contains(res.Stdout, row) {
			t.Errorf("the stopped run's output lacks %q: %q", row, res.Stdout)
		}
	}
	if yields == 0 {
		t.Error("the run never yielded to the event loop")
	}
	if b.Stop("s1") || b.Stop("nosuch") {
		t.Error("Stop of a run that is not going on reported one")
	}
}

// TestBrowserWarmUp: the warm-up runs its command (yielding to the event
// loop) and sends nothing; the first run started ends it.
func TestBrowserWarmUp(t *testing.T) {
	warming := make(chan bool, 1)
	ended := make(chan bool, 1)
	yields := 0
	b := &Browser{Rules: rules, Yield: func() { yields++ },
		NewRun: func(ctx context.Context) lessons.RunFunc {
			return func(inv lessons.Invocation) lessons.Outcome {
				if inv.Args[len(inv.Args)-1] != "1-30" {
					return fakeRun(inv)
				}
				warming <- true
				for ctx.Err() == nil {
					time.Sleep(time.Millisecond)
				}
				ended <- true
				return lessons.Outcome{Code: 1}
			}
		}}
	go b.WarmUp("compare --depth 1-30")
	<-warming
	results := make(chan brief, 1)
	b.Start(`{"command": "compare --depth 4", "id": "r1"}`, func(ev string) {
		if e := briefOf(t, ev); e.Type == "result" {
			results <- e
		}
	})
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the warm-up went on after a run started")
	}
	if res := <-results; res.Error != nil || !strings.Contains(res.Stdout, "1080") {
		t.Errorf("the run after the warm-up: %+v", res)
	}
	if yields == 0 {
		t.Error("the warm-up never yielded to the event loop")
	}
}

// show is events as JSON, for a failure's message.
func show(events []brief) string {
	data, _ := json.Marshal(events)
	return string(data)
}

// quote is s as a JSON string.
func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
