package notebook

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/engine/textbook"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

const testToken = "0123456789abcdef0123456789abcdef"

// testRules are plylab's allow-list (sandbox.Cells) plus the fake
// runner's own commands spin, boom and flood.
var testRules = func() *sandbox.Policy {
	p := *sandbox.Cells
	p.Commands = append(slices.Clone(p.Commands), sandbox.Command{Path: "spin"}, sandbox.Command{Path: "boom"}, sandbox.Command{Path: "flood"})
	return &p
}()

// fakeRunner stands in for cmd/plylab's runner: a few commands with known
// behaviour.
func fakeRunner(ctx context.Context) lessons.RunFunc {
	run := func(inv lessons.Invocation) (int, []lessons.Record) {
		args, stdout, stderr := inv.Args, inv.Stdout, inv.Stderr
		switch args[0] {
		case "compare": // a table, handed over as its value and printed as text
			t := &textfmt.Table{Columns: []textfmt.Column{{Key: "depth", Header: "depth", Right: true}, {Key: "nodes", Header: "nodes", Right: true}},
				Rows: [][]textfmt.Cell{{textfmt.IntCell(3), textfmt.IntCell(497)}}}
			write := func() error { return textfmt.WriteTableText(stdout, t, textfmt.PlainPaint) }
			if inv.Table != nil {
				write2 := write
				write = func() error { return inv.Table(t, write2) }
			}
			write()
			return 0, []lessons.Record{{Kind: "table", Fields: []lessons.Field{{Key: "depth", Value: "3"}, {Key: "nodes", Value: "497"}}}}
		case "tree": // writes the file named after -o into the folder
			var recs []lessons.Record
			for i, a := range args {
				if a == "-o" && i+1 < len(args) {
					name := args[i+1]
					if err := inv.Files.WriteFile(name, []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>`)); err != nil {
						fmt.Fprintf(stderr, "plylab: -o: %v\n", err)
						return 2, nil
					}
					fmt.Fprintf(stdout, "wrote %s\n", name)
					recs = append(recs, lessons.Record{Kind: "file", Fields: []lessons.Field{{Key: "name", Value: name}}})
				}
			}
			return 0, recs
		case "spin": // runs until cancelled
			fmt.Fprintln(stdout, "spinning")
			<-ctx.Done()
			fmt.Fprintln(stderr, "plylab: interrupted")
			return 1, nil
		case "search": // a real search, so the node budget applies
			b, _ := board.FromFEN(board.StartFEN)
			r := textbook.Run(ctx, b, engine.MinimaxOptions(), engine.Limits{Depth: 6}, nil, nil)
			fmt.Fprintf(stdout, "nodes %d stopped %v\n", r.Stats.Nodes, r.Stopped)
			return 0, nil
		case "boom":
			panic("boom")
		case "flood":
			for i := 0; i < 10000; i++ {
				fmt.Fprintf(stdout, "line %05d of a long output\n", i)
			}
			return 0, nil
		case "positions":
			fmt.Fprintln(stdout, "FEN 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
			return 0, []lessons.Record{{Kind: "position", Fields: []lessons.Field{{Key: "fen", Value: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"}, {Key: "flip", Value: false}}}}
		}
		fmt.Fprintf(stderr, "plylab: no such command %s\n", args[0])
		return 2, nil
	}
	return func(inv lessons.Invocation) lessons.Outcome {
		code, recs := run(inv)
		return lessons.Outcome{Code: code, Records: recs}
	}
}

func newTestServer(t *testing.T, mod func(*Config)) (*Server, *httptest.Server) {
	t.Helper()
	cfg := Config{
		Rules: testRules, Runner: fakeRunner, Token: testToken, TempDir: t.TempDir(),
		TimeLimit: 5 * time.Second, MaxConcurrent: 2, QueueWait: 200 * time.Millisecond,
	}
	src := "# Test lesson\n\nSome prose.\n\n```plylab\nplylab compare --depth 3\n```\n\nIt visited {{nodes | depth=3}} nodes.\n"
	l, err := lessons.Parse("03-test.md", []byte(src), testRules)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Lessons = []*lessons.Lesson{l}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

type apiResponse struct {
	RunResult
	Session string    `json:"session"`
	Err     *apiError `json:"error"`
}

func post(t *testing.T, ts *httptest.Server, path, body string, hdr map[string]string) (int, apiResponse) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(body))
	req.Header.Set("X-Plylab-Token", testToken)
	for k, v := range hdr {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r apiResponse
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: not JSON: %q", path, data)
	}
	r.RunResult.Error = r.Err
	return resp.StatusCode, r
}

func run(t *testing.T, ts *httptest.Server, command string) (int, apiResponse) {
	t.Helper()
	b, _ := json.Marshal(RunRequest{Command: command})
	return post(t, ts, "/api/run", string(b), nil)
}

func TestRun(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, tc := range []struct {
		command  string
		status   int
		code     string // error code, "" for none
		output   string // substring of the output or the message
		svgs     int
		exitCode int
	}{
		{"plylab compare --depth 3", 200, "", "    3    497", 0, 0},
		{"$ plylab compare --depth 3", 200, "", "497", 0, 0},
		{"compare --depth 3", 200, "", "497", 0, 0},
		{"plylab tree --depth 2 -o t.svg", 200, "", "wrote t.svg", 1, 0},
		{"plylab positions show --position start", 200, "", "FEN", 1, 0},
		{"plylab compare --depth 3; rm -rf ~", 400, "shell", "not a shell", 0, 0},
		{"plylab compare --depth 3 && ls", 400, "shell", "'&'", 0, 0},
		{"plylab compare --depth 3 | head", 400, "shell", "'|'", 0, 0},
		{"plylab compare --fen $(cat /etc/passwd)", 400, "shell", "'$'", 0, 0},
		{"plylab compare > out.txt", 400, "shell", "'>'", 0, 0},
		{"plylab compare `id`", 400, "shell", "'`'", 0, 0},
		{"plylab compare\nplylab compare", 400, "shell", "line break", 0, 0},
		{"rm -rf ~", 400, "unknown_command", `"rm" is not a plylab command`, 0, 0},
		{"/bin/sh -c id", 400, "unknown_command", "not a plylab command", 0, 0},
		{"plylab frobnicate", 400, "unknown_command", "not a plylab command", 0, 0},
		{"plylab positions frob", 400, "unknown_command", "is not a command a lesson cell can run", 0, 0},
		{"plylab play", 400, "disallowed", "terminal", 0, 0},
		{"plylab play --levels", 200, "exit_status", "no such command play", 0, 2},
		{"plylab match --opponent /usr/games/stockfish", 400, "disallowed", "terminal", 0, 0},
		{"plylab lesson serve", 400, "disallowed", "cannot run", 0, 0},
		{"plylab perft --stockfish /usr/games/stockfish", 400, "disallowed", "starts another program", 0, 0},
		{"plylab tree --toy-file=/etc/passwd", 400, "disallowed", "reads a file on disk", 0, 0},
		{"plylab tree -o ../escape.svg", 400, "disallowed", "names a folder", 0, 0},
		{"plylab tree -o /tmp/abs.svg", 400, "disallowed", "names a folder", 0, 0},
		{"plylab tree --depth 2 -o 'my tree.svg'", 400, "disallowed", "has a space", 0, 0},
		{"", 400, "bad_command", "empty command", 0, 0},
		{"plylab compare 'unterminated", 400, "bad_command", "unterminated", 0, 0},
		{"plylab boom", 200, "exit_status", "internal error: the command crashed (boom)", 0, 70},
	} {
		t.Run(tc.command, func(t *testing.T) {
			status, r := run(t, ts, tc.command)
			if status != tc.status {
				t.Fatalf("status %d, want %d (%+v)", status, tc.status, r.Err)
			}
			got := r.Output
			if tc.code != "" {
				if r.Err == nil || r.Err.Code != tc.code {
					t.Fatalf("error %+v, want code %s", r.Err, tc.code)
				}
				got += r.Err.Message
			} else if r.Err != nil {
				t.Fatalf("unexpected error %+v", r.Err)
			}
			if !strings.Contains(got, tc.output) {
				t.Errorf("output/message %q does not contain %q", got, tc.output)
			}
			if len(r.SVGs) != tc.svgs {
				t.Errorf("%d svgs, want %d", len(r.SVGs), tc.svgs)
			}
			if r.ExitCode != tc.exitCode {
				t.Errorf("exit code %d, want %d", r.ExitCode, tc.exitCode)
			}
		})
	}
}

func TestServerSurvivesPanic(t *testing.T) {
	_, ts := newTestServer(t, nil)
	run(t, ts, "plylab boom")
	if status, r := run(t, ts, "plylab compare"); status != 200 || !strings.Contains(r.Output, "497") {
		t.Fatalf("after a panic: %d %+v", status, r)
	}
}

func get(t *testing.T, ts *httptest.Server, path string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestToken(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, tc := range []struct {
		name   string
		method string
		path   string
		hdr    map[string]string
		status int
	}{
		{"index without token", "GET", "/", nil, 403},
		{"index wrong token", "GET", "/?token=0000000000000000", nil, 403},
		{"index right token", "GET", "/?token=" + testToken, nil, 200},
		{"static without token", "GET", "/static/notebook.js", nil, 200},
		{"icon without token", "GET", "/favicon.ico", nil, 200},
		{"lesson header token", "GET", "/lesson/03-test", map[string]string{"X-Plylab-Token": testToken}, 200},
		{"cookie", "GET", "/scratch", map[string]string{"Cookie": cookieName + "=" + testToken}, 200},
		{"wrong cookie", "GET", "/scratch", map[string]string{"Cookie": cookieName + "=x" + testToken}, 403},
		{"lessons api", "GET", "/api/lessons", map[string]string{"X-Plylab-Token": testToken}, 200},
		{"run without token", "POST", "/api/run", map[string]string{"X-Plylab-Token": ""}, 403},
		{"run wrong token", "POST", "/api/run", map[string]string{"X-Plylab-Token": "wrong-token-wrong-token"}, 403},
		{"run cross-origin", "POST", "/api/run", map[string]string{"Origin": "http://evil.example"}, 403},
		{"run cross-site", "POST", "/api/run", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"file without token", "GET", "/files/0123456789abcdef01234567/t.svg", nil, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var status int
			var hdr http.Header
			if tc.method == "GET" {
				resp, _ := get(t, ts, tc.path, tc.hdr)
				status, hdr = resp.StatusCode, resp.Header
			} else {
				status, _ = post(t, ts, tc.path, `{"command":"plylab compare"}`, tc.hdr)
			}
			if status != tc.status {
				t.Fatalf("status %d, want %d", status, tc.status)
			}
			if hdr != nil {
				for k, want := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"} {
					if got := hdr.Get(k); got != want {
						t.Errorf("%s: %q, want %q", k, got, want)
					}
				}
				if csp := hdr.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
					t.Errorf("CSP %q", csp)
				}
			}
		})
	}
}

func TestPages(t *testing.T) {
	_, ts := newTestServer(t, nil)
	auth := map[string]string{"X-Plylab-Token": testToken}
	_, index := get(t, ts, "/", auth)
	for _, want := range []string{`href="/lesson/03-test"`, `href="/scratch"`, `src="/static/notebook.js"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %s", want)
		}
	}
	_, page := get(t, ts, "/lesson/03-test", auth)
	for _, want := range []string{`<textarea class="cmd-edit"`, "plylab compare --depth 3</textarea>", `class="run"`, `class="stop"`, `class="reset"`, `<td class="num">497</td>`, `It visited <span class="ref" data-ref="2-0" data-cell="1" data-sel="nodes | depth=3">497</span> nodes.`} {
		if !strings.Contains(page, want) {
			t.Errorf("lesson page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Errorf("the lesson page links the network")
	}
	// A lesson by the beginning of its name: one address per lesson.
	for _, ref := range []string{"te", "test", "03", "3"} {
		req, _ := http.NewRequest("GET", ts.URL+"/lesson/"+ref, nil)
		req.Header.Set("X-Plylab-Token", testToken)
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/lesson/03-test" {
			t.Errorf("/lesson/%s: %d to %q, want a redirect to /lesson/03-test", ref, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	if resp, _ := get(t, ts, "/lesson/99-nope", auth); resp.StatusCode != 404 {
		t.Errorf("unknown lesson: %d", resp.StatusCode)
	}
}

func TestLimits(t *testing.T) {
	t.Run("time limit", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.TimeLimit = 50 * time.Millisecond })
		status, r := run(t, ts, "plylab spin")
		if status != 200 || r.Err == nil || r.Err.Code != "time_limit" || !strings.Contains(r.Err.Message, "--time-limit") {
			t.Fatalf("%d %+v", status, r.Err)
		}
		if !strings.Contains(r.Output, "spinning") {
			t.Errorf("the output before the limit is lost: %q", r.Output)
		}
	})
	t.Run("node budget", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.NodeBudget = 100_000 })
		status, r := run(t, ts, "plylab search")
		if status != 200 || r.Err == nil || r.Err.Code != "node_budget" || !strings.Contains(r.Err.Message, "--node-budget") {
			t.Fatalf("%d %+v", status, r.Err)
		}
		if !strings.Contains(r.Output, "stopped true") {
			t.Errorf("output %q", r.Output)
		}
	})
	t.Run("body size", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.MaxBody = 1024 })
		body := `{"command": "plylab compare ` + strings.Repeat("x", 2000) + `"}`
		status, r := post(t, ts, "/api/run", body, nil)
		if status != 413 || r.Err == nil || r.Err.Code != "too_large" || !strings.Contains(r.Err.Message, "--max-body") {
			t.Fatalf("%d %+v", status, r.Err)
		}
	})
	t.Run("bad json", func(t *testing.T) {
		_, ts := newTestServer(t, nil)
		status, r := post(t, ts, "/api/run", `{"cmd": 1}`, nil)
		if status != 400 || r.Err == nil || r.Err.Code != "bad_request" {
			t.Fatalf("%d %+v", status, r.Err)
		}
	})
	t.Run("output", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) { c.MaxOutput = 4096 })
		status, r := run(t, ts, "plylab flood")
		if status != 200 || !r.Truncated || !strings.Contains(r.Output, "--max-output") || len(r.Output) > 4096+300 {
			t.Fatalf("%d truncated=%v len=%d", status, r.Truncated, len(r.Output))
		}
		if !strings.HasPrefix(r.Output, "line 00000 of a long output\n") {
			t.Errorf("the kept output does not start at the beginning: %q", r.Output[:40])
		}
	})
	t.Run("concurrency", func(t *testing.T) {
		_, ts := newTestServer(t, func(c *Config) {
			c.MaxConcurrent, c.QueueWait, c.TimeLimit = 1, 100*time.Millisecond, 2*time.Second
		})
		// One cell holds the only slot until its time limit; the next one
		// waits 100 ms in the queue, then is told the server is busy.
		done := make(chan apiResponse)
		go func() {
			_, r := run(t, ts, "plylab spin")
			done <- r
		}()
		waitRunning(t, ts, 1)
		status, r := run(t, ts, "plylab compare")
		if status != 429 || r.Err == nil || r.Err.Code != "busy" || !strings.Contains(r.Err.Message, "--max-concurrent") {
			t.Fatalf("%d %+v", status, r.Err)
		}
		if r := <-done; r.Err == nil || r.Err.Code != "time_limit" {
			t.Fatalf("the spinning cell: %+v", r.Err)
		}
	})
}

// waitRunning waits until n cells hold slots.
func waitRunning(t *testing.T, ts *httptest.Server, n int) {
	t.Helper()
	s := ts.Config.Handler.(*Server)
	for i := 0; i < 500; i++ {
		if len(s.slots) == n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%d cells running, want %d", len(s.slots), n)
}

func TestStreamAndStop(t *testing.T) {
	_, ts := newTestServer(t, nil)
	req, _ := http.NewRequest("POST", ts.URL+"/api/stream", strings.NewReader(`{"command":"plylab spin","id":"run-0001"}`))
	req.Header.Set("X-Plylab-Token", testToken)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	var types []string
	var result *RunResult
	for sc.Scan() {
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Type != "progress" {
			types = append(types, ev.Type)
		}
		if ev.Type == "output" && strings.Contains(ev.Text, "spinning") {
			if status, r := post(t, ts, "/api/stop", `{"id":"run-0001"}`, nil); status != 200 || r.Err != nil {
				t.Fatalf("stop: %d %+v", status, r.Err)
			}
		}
		if ev.Type == "result" {
			result = ev.Result
		}
	}
	if strings.Join(types, ",") != "started,output,output,result" {
		t.Errorf("events %v", types)
	}
	if result == nil || result.Error == nil || result.Error.Code != "stopped" {
		t.Fatalf("result %+v", result)
	}
	// Stopping a run that is over is not an error.
	_, r := post(t, ts, "/api/stop", `{"id":"run-0001"}`, nil)
	if r.Err != nil {
		t.Errorf("%+v", r.Err)
	}
}
