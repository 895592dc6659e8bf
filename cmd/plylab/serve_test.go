//go:build !js

package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons/notebook"
)

// newNotebook serves the notebook with plylab's own runner, as 'plylab
// lesson serve' does.
func newNotebook(t testing.TB, mod func(*notebook.Config)) (*notebook.Server, *httptest.Server, string) {
	t.Helper()
	env := testEnv()
	cfg, err := env.notebookConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Token, err = notebook.NewToken(); err != nil {
		t.Fatal(err)
	}
	cfg.TimeLimit, cfg.NodeBudget, cfg.MaxConcurrent = 30*time.Second, notebook.DefaultNodeBudget, 2
	cfg.TempDir = t.TempDir()
	cfg.Log = io.Discard
	if mod != nil {
		mod(&cfg)
	}
	srv, err := notebook.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		srv.Close()
	})
	return srv, ts, cfg.Token
}

type notebookResult struct {
	Output   string `json:"output"`
	ExitCode int    `json:"exit_code"`
	SVGs     []struct {
		Name, URL, SVG string
	} `json:"svgs"`
	ElapsedMS float64 `json:"elapsed_ms"`
	Error     *struct {
		Code, Message string
	} `json:"error"`
}

func apiRun(t testing.TB, client *http.Client, base, token, command string) (int, notebookResult) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"command": command})
	resp, err := client.Post(base+"/api/run?token="+token, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r notebookResult
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, r
}

// csvColumn reads column col of the row where depth=depth and algo=algo.
func csvColumn(t testing.TB, text, depth, algo, col string) string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("not CSV: %q (%v)", text, err)
	}
	idx := map[string]int{}
	for i, h := range rows[0] {
		idx[h] = i
	}
	for _, r := range rows[1:] {
		if r[idx["depth"]] == depth && r[idx["algo"]] == algo {
			return r[idx[col]]
		}
	}
	t.Fatalf("no row depth=%s algo=%s in %q", depth, algo, text)
	return ""
}

// TestServeRunExact: a cell run through the API prints exactly the node
// counts of the same command run in-process.
func TestServeRunExact(t *testing.T) {
	_, ts, token := newNotebook(t, nil)
	cmd := "plylab compare --position paper-mate2 --depth 3 --algo minimax,alphabeta --format csv"
	status, r := apiRun(t, ts.Client(), ts.URL, token, cmd)
	if status != 200 || r.Error != nil || r.ExitCode != 0 {
		t.Fatalf("%d %+v", status, r.Error)
	}
	direct := runCLI(t, strings.Fields(cmd)[1:]...)
	wantOK(t, direct)
	for _, algo := range []string{"minimax", "alphabeta"} {
		for _, col := range []string{"nodes", "leaves", "best", "score"} {
			got, want := csvColumn(t, r.Output, "3", algo, col), csvColumn(t, direct.stdout, "3", algo, col)
			if got != want {
				t.Errorf("%s %s: %s through the notebook, %s in-process", algo, col, got, want)
			}
		}
	}
	if got := csvColumn(t, r.Output, "3", "alphabeta", "nodes"); got != "497" {
		t.Errorf("alpha-beta nodes at depth 3 = %s, want 497", got)
	}
	// A tree drawn with -o comes back as an SVG served from the session.
	status, r = apiRun(t, ts.Client(), ts.URL, token, "plylab tree --position paper-mate2 --depth 2 --algo alphabeta -o t.svg")
	if status != 200 || r.Error != nil || len(r.SVGs) != 1 || !strings.HasPrefix(r.SVGs[0].URL, "/files/") {
		t.Fatalf("%d %+v %+v", status, r.Error, r.SVGs)
	}
	resp, err := ts.Client().Get(ts.URL + r.SVGs[0].URL + "?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(data), "<svg") {
		t.Fatalf("tree file: %d %.80q", resp.StatusCode, data)
	}
}

// TestServeLimitsReal: the node budget stops a real search; the "too
// deep" guard refuses first.
func TestServeLimitsReal(t *testing.T) {
	_, ts, token := newNotebook(t, func(c *notebook.Config) { c.NodeBudget = 200_000 })
	for _, tc := range []struct {
		command, code, msg string
	}{
		{"plylab compare --position start --depth 6 --algo minimax", "node_budget", "--node-budget"},
		{"plylab search --position start --depth 30", "node_budget", "--node-budget"},
		{"plylab compare --position start --depth 12 --algo minimax", "exit_status", "--depth"},
		{"plylab compare --position start --depth 3; rm -rf ~", "shell", "not a shell"},
		{"plylab play", "disallowed", "terminal"},
		{"plylab uci", "disallowed", "GUI"},
		{"plylab lesson serve", "disallowed", "cannot run"},
	} {
		t.Run(tc.command, func(t *testing.T) {
			_, r := apiRun(t, ts.Client(), ts.URL, token, tc.command)
			if r.Error == nil || r.Error.Code != tc.code || !strings.Contains(r.Error.Message, tc.msg) {
				t.Fatalf("error %+v, want %s mentioning %s", r.Error, tc.code, tc.msg)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type lineWriter struct {
	mu    sync.Mutex
	lines chan string
	buf   []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		select {
		case w.lines <- string(w.buf[:i]):
		default:
		}
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

// TestServeCommand runs 'plylab lesson serve' in-process: the first line
// is the address with its token, the server answers, and cancelling the
// context (Ctrl-C) stops it cleanly.
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	env := testEnv()
	env.Ctx = ctx
	out := &lineWriter{lines: make(chan string, 16)}
	env.Stdout, env.Stderr = out, io.Discard
	done := make(chan int, 1)
	go func() { done <- runWith(env, []string{"plylab", "lesson", "serve", "--time-limit", "5s"}) }()
	var first string
	select {
	case first = <-out.lines:
	case <-time.After(20 * time.Second):
		t.Fatal("no address printed")
	}
	m := regexp.MustCompile(`^(http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{32})$`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("first line %q is not http://127.0.0.1:PORT/?token=TOKEN", first)
	}
	base, token := m[1], m[2]
	for _, tc := range []struct {
		url    string
		status int
	}{
		{base + "/", 403},
		{base + "/?token=" + token, 200},
		{base + "/api/lessons?token=" + token, 200},
	} {
		resp, err := http.Get(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("GET %s: %d, want %d", tc.url, resp.StatusCode, tc.status)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit status %d after Ctrl-C", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
	if _, err := http.Get(base + "/"); err == nil {
		t.Error("the server still answers after stopping")
	}
}

func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"lesson", "serve", "--time-limit", "0s"},
		{"lesson", "serve", "--max-concurrent", "0"},
		{"lesson", "serve", "--max-body", "10"},
		{"lesson", "serve", "extra"},
		{"lesson", "serve", "--addr", "256.0.0.1:99999"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			wantUsageError(t, runCLI(t, args...))
		})
	}
}

func TestServeOptions(t *testing.T) {
	t.Parallel()
	o, msg := parseOptions(t, newLessonServeCommand, "serve")
	if o == nil {
		t.Fatal(msg)
	}
	if o.Addr != "127.0.0.1:0" || o.Open || o.TimeLimit != notebook.DefaultTimeLimit || o.NodeBudget != notebook.DefaultNodeBudget ||
		o.MaxConcurrent < 1 || o.MaxBody != notebook.DefaultMaxBody || o.MaxOutput != notebook.DefaultMaxOutput || o.Notebook == nil {
		t.Errorf("defaults: %+v", o)
	}
	o, msg = parseOptions(t, newLessonServeCommand, "serve", "--addr", "0.0.0.0:8888", "--open", "--time-limit", "10s",
		"--node-budget", "5000", "--max-concurrent", "2", "--max-body", "2048", "--max-output", "4096",
		"--max-sessions", "50", "--sessions-per-client", "60", "--max-conns", "900", "--max-conns-per-client", "200")
	if o == nil {
		t.Fatal(msg)
	}
	if got := fmt.Sprintf("%s %v %v %d %d %d %d %d %d %d %d", o.Addr, o.Open, o.TimeLimit, o.NodeBudget, o.MaxConcurrent, o.MaxBody, o.MaxOutput,
		o.MaxSessions, o.SessionsPerClient, o.MaxConns, o.MaxConnsPerClient); got != "0.0.0.0:8888 true 10s 5000 2 2048 4096 50 60 900 200" {
		t.Errorf("flags: %s", got)
	}
	for _, tt := range []struct {
		want string
		args []string
	}{
		{"--time-limit must be positive", []string{"serve", "--time-limit", "0s"}},
		{"--node-budget must be at least 1", []string{"serve", "--node-budget", "0"}},
		{"--max-concurrent must be at least 1", []string{"serve", "--max-concurrent", "0"}},
		{"--max-body must be at least 1024 bytes", []string{"serve", "--max-body", "10"}},
		{"--max-output must be at least 1024 bytes", []string{"serve", "--max-output", "1000"}},
		{"--max-sessions must be at least 1", []string{"serve", "--max-sessions", "0"}},
		{"--max-concurrent-per-client must be from 1 to --max-concurrent", []string{"serve", "--max-concurrent", "2", "--max-concurrent-per-client", "3"}},
		{"--max-conns-per-client must be at least 8", []string{"serve", "--max-conns-per-client", "4"}},
		{"no lesson file or folder \"extra\"", []string{"serve", "extra"}},
	} {
		wantParseError(t, newLessonServeCommand, tt.want, tt.args...)
	}
}

func readStream(t *testing.T, body io.Reader) []map[string]any {
	t.Helper()
	var evs []map[string]any
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, ev)
	}
	return evs
}

func TestServeStreamReal(t *testing.T) {
	_, ts, token := newNotebook(t, nil)
	resp, err := ts.Client().Post(ts.URL+"/api/stream?token="+token, "application/json",
		strings.NewReader(`{"command":"plylab compare --position paper-mate2 --depth 1-3 --algo alphabeta"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	evs := readStream(t, resp.Body)
	if len(evs) < 3 || evs[0]["type"] != "started" || evs[len(evs)-1]["type"] != "result" {
		t.Fatalf("events %v", evs)
	}
	res := evs[len(evs)-1]["result"].(map[string]any)
	if !strings.Contains(res["output"].(string), "497") {
		t.Errorf("output %q", res["output"])
	}
}
