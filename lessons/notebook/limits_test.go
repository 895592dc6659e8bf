package notebook

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons"
)

func TestLimitsCheck(t *testing.T) {
	t.Parallel()
	ok := Limits{TimeLimit: time.Second, NodeBudget: 1, MaxConcurrent: 1, MaxBody: 1024, MaxOutput: 1024,
		MaxSessions: 1, SessionsPerClient: 1, MaxConns: 8, MaxConnsPerClient: 8}
	if err := ok.Check(); err != nil {
		t.Errorf("the smallest limits: %v", err)
	}
	for _, tt := range []struct {
		mod  func(*Limits)
		want string
	}{
		{func(l *Limits) { l.TimeLimit = 0 }, "time-limit must be positive, e.g. 30s"},
		{func(l *Limits) { l.TimeLimit = -time.Second }, "time-limit must be positive, e.g. 30s"},
		{func(l *Limits) { l.NodeBudget = 0 }, "node-budget must be at least 1, e.g. 50000000"},
		{func(l *Limits) { l.MaxConcurrent = 0 }, "max-concurrent must be at least 1"},
		{func(l *Limits) { l.MaxBody = 1023 }, "max-body must be at least 1024 bytes"},
		{func(l *Limits) { l.MaxOutput = 1000 }, "max-output must be at least 1024 bytes"},
		{func(l *Limits) { l.TimeLimit, l.MaxOutput = 0, 0 }, "time-limit must be positive, e.g. 30s"},
		{func(l *Limits) { l.MaxSessions = 0 }, "max-sessions must be at least 1"},
		{func(l *Limits) { l.SessionsPerClient = 0 }, "sessions-per-client must be at least 1"},
		{func(l *Limits) { l.MaxConns = 7 }, "max-conns must be at least 8"},
		{func(l *Limits) { l.TimePerClient = time.Millisecond }, "time-per-client must be at least --time-limit (one whole cell), e.g. 90s"},
		{func(l *Limits) { l.MaxConnsPerClient = 7 }, "max-conns-per-client must be at least 8 (a browser opens about six) and at most --max-conns"},
		{func(l *Limits) { l.MaxConns, l.MaxConnsPerClient = 10, 11 }, "max-conns-per-client must be at least 8 (a browser opens about six) and at most --max-conns"},
	} {
		l := ok
		tt.mod(&l)
		var le *LimitError
		if err := l.Check(); !errors.As(err, &le) || err.Error() != tt.want {
			t.Errorf("%+v: Check() = %v, want the *LimitError %q", l, err, tt.want)
		}
	}
	var cfg Config
	Limits{TimeLimit: 7 * time.Second, NodeBudget: 5000, MaxConcurrent: 3, MaxBody: 2048, MaxOutput: 4096,
		MaxSessions: 9, SessionsPerClient: 4, MaxConns: 100, MaxConnsPerClient: 10}.Apply(&cfg)
	if cfg.TimeLimit != 7*time.Second || cfg.NodeBudget != 5000 || cfg.MaxConcurrent != 3 || cfg.MaxBody != 2048 || cfg.MaxOutput != 4096 ||
		cfg.MaxSessions != 9 || cfg.SessionsPerClient != 4 || cfg.MaxConns != 100 || cfg.MaxConnsPerClient != 10 {
		t.Errorf("Apply: %+v", cfg)
	}
}

// lines is a writer that passes each complete line to a channel.
type lines struct {
	mu  sync.Mutex
	buf strings.Builder
	c   chan string
}

func (w *lines) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		s := w.buf.String()
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			break
		}
		w.c <- s[:i]
		w.buf.Reset()
		w.buf.WriteString(s[i+1:])
	}
	return len(p), nil
}

func testConfig(t *testing.T) Config {
	l, err := lessons.Parse("03-test.md", []byte("# Test lesson\n\n```plylab\nplylab compare --depth 3\n```\n"), testRules)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Lessons: []*lessons.Lesson{l}, Rules: testRules, Runner: fakeRunner, Token: testToken, TempDir: t.TempDir()}
}

// TestRunServer: Run makes a token, prints the address with it and the
// lessons served, answers there, and after the context ends says it
// stopped; an address it cannot listen on is a *ListenError.
func TestRunServer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &lines{c: make(chan string, 8)}
	done := make(chan error, 1)
	cfg := testConfig(t)
	cfg.Token = ""
	o := RunOptions{Addr: "127.0.0.1:0", Limits: Limits{TimeLimit: time.Second, NodeBudget: 1, MaxConcurrent: 1, MaxBody: 1024, MaxOutput: 1024}}
	go func() { done <- Run(ctx, cfg, o, out, io.Discard) }()
	var got []string
	for len(got) < 2 {
		select {
		case ln := <-out.c:
			got = append(got, ln)
		case <-time.After(20 * time.Second):
			t.Fatalf("Run printed only %q", got)
		}
	}
	if !regexp.MustCompile(`^http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}$`).MatchString(got[0]) || strings.HasSuffix(got[0], testToken) ||
		got[1] != "serving 1 lesson as live notebooks; press Ctrl-C to stop" {
		t.Fatalf("Run printed %q", got)
	}
	resp, err := http.Get(got[0])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d, want 200", got[0], resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after the context ended: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	if last := <-out.c; last != "stopped the notebook server" {
		t.Errorf("last line %q", last)
	}

	err = Run(context.Background(), testConfig(t), RunOptions{Addr: "256.0.0.1:99999"}, io.Discard, io.Discard)
	var le *ListenError
	if !errors.As(err, &le) || le.Addr != "256.0.0.1:99999" || !strings.HasPrefix(err.Error(), "cannot listen on 256.0.0.1:99999: ") {
		t.Errorf("a bad address: %v, want a *ListenError", err)
	}
	var ae *net.AddrError
	var oe *net.OpError
	if !errors.As(err, &ae) && !errors.As(err, &oe) {
		t.Errorf("ListenError does not unwrap to the net error: %v", err)
	}
}
