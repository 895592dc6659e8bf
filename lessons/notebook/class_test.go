package notebook

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// request sends method path with body from the client address client
// (an IP address) straight to s, with the token unless noToken.
func request(s *Server, client, method, path, body string, noToken bool) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = client + ":40000"
	r.Host = "127.0.0.1:8080"
	if !noToken {
		r.Header.Set("X-Plylab-Token", testToken)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// newSession makes a session for client; "" and the error when refused.
func newSession(t *testing.T, s *Server, client string) (string, *apiError, http.Header) {
	t.Helper()
	w := request(s, client, "POST", "/api/session", "{}", false)
	var body struct {
		Session string    `json:"session"`
		Error   *apiError `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("POST /api/session: %d %q", w.Code, w.Body.String())
	}
	return body.Session, body.Error, w.Header()
}

// A client cannot take the sessions of others: making sessions is bounded
// per client address, and a full server refuses new ones (429 with when
// to retry) instead of closing one in use; only a session unused for
// SessionIdle makes room, and its owner is told why it is gone.
func TestSessionsForAClass(t *testing.T) {
	s, _ := newTestServer(t, func(c *Config) {
		c.MaxSessions, c.SessionsPerClient, c.SessionWindow, c.SessionIdle = 4, 3, time.Hour, time.Hour
	})
	mine, e, _ := newSession(t, s, "10.0.0.1")
	if e != nil {
		t.Fatal(e)
	}
	// One client: three sessions in the window, then "busy" with a wait.
	var theirs []string
	for i := 0; i < 3; i++ {
		id, e, _ := newSession(t, s, "10.0.0.2")
		if e != nil {
			t.Fatalf("session %d of a client: %v", i+1, e)
		}
		theirs = append(theirs, id)
	}
	_, e, hdr := newSession(t, s, "10.0.0.2")
	if e == nil || e.Code != "busy" || !strings.Contains(e.Message, "the limit for one address") || hdr.Get("Retry-After") == "" {
		t.Fatalf("a client's fourth session: %+v (Retry-After %q), want busy for the address with Retry-After", e, hdr.Get("Retry-After"))
	}
	// The server is full (4 sessions): a fifth client is refused, and no
	// session is closed for it, however many times it asks.
	for i := 0; i < 20; i++ {
		_, e, hdr := newSession(t, s, fmt.Sprintf("10.0.1.%d", i))
		if e == nil || e.Code != "busy" || !strings.Contains(e.Message, "sessions in use, its limit") || hdr.Get("Retry-After") == "" {
			t.Fatalf("a session on a full server: %+v, want busy with Retry-After", e)
		}
	}
	w := request(s, "10.0.0.1", "POST", "/api/run", `{"command":"plylab compare --depth 3","session":"`+mine+`"}`, false)
	if w.Code != 200 {
		t.Fatalf("the first client's session after the others' tries: %d %s", w.Code, w.Body.String())
	}
	// A session unused for SessionIdle makes room (the one unused
	// longest: the second client's first), and its owner is told.
	s.mu.Lock()
	s.cfg.SessionIdle = 50 * time.Millisecond
	s.mu.Unlock()
	time.Sleep(100 * time.Millisecond)
	if _, e, _ := newSession(t, s, "10.0.2.1"); e != nil {
		t.Fatalf("a new session once one is idle: %v", e)
	}
	w = request(s, "10.0.0.2", "POST", "/api/run", `{"command":"plylab compare --depth 3","session":"`+theirs[0]+`"}`, false)
	if w.Code != 404 || !strings.Contains(w.Body.String(), "closed after 1s without use, to make room") {
		t.Errorf("the idle session closed for another: %d %s", w.Code, w.Body.String())
	}
	for _, id := range append(theirs[1:], mine) {
		if w := request(s, "10.0.0.2", "POST", "/api/run", `{"command":"plylab compare --depth 3","session":"`+id+`"}`, false); w.Code != 200 {
			t.Errorf("session %s, not the idlest: %d %s", id, w.Code, w.Body.String())
		}
	}
	w = request(s, "10.0.0.1", "POST", "/api/run", `{"command":"plylab compare --depth 3","session":"0123456789abcdef01234567"}`, false)
	if w.Code != 404 || !strings.Contains(w.Body.String(), "no such session (it restarted since, or the id is wrong)") {
		t.Errorf("an unknown session: %d %s", w.Code, w.Body.String())
	}
}

// Hosts whose port is not a port number are refused like other names.
func TestHostPorts(t *testing.T) {
	s, _ := newTestServer(t, nil)
	for _, tt := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true}, {"127.0.0.1", true}, {"[::1]:8080", true}, {"localhost:1", true}, {"localhost:65535", true},
		{"127.0.0.1:8080.evil.com", false}, {"127.0.0.1:99999", false}, {"127.0.0.1:0", false}, {"127.0.0.1:", false},
		{"127.0.0.1:+80", false}, {"127.0.0.1:-1", false}, {"127.0.0.1:8o", false}, {"localhost:80:80", false},
	} {
		if got := s.hostOK(tt.host); got != tt.ok {
			t.Errorf("hostOK(%q) = %v, want %v", tt.host, got, tt.ok)
		}
	}
}

// Addresses without a page, file or API: JSON for the API and files (405
// for a known address with the wrong method), a page for a browser; a
// browser without the token gets a page that says how to join.
func TestNotFoundAndJoin(t *testing.T) {
	s, _ := newTestServer(t, nil)
	for _, tt := range []struct {
		method, path, accept string
		noToken              bool
		status               int
		want                 string
	}{
		{"GET", "/files/0123456789abcdef01234567/", "", false, 404, `"code":"not_found"`},
		{"GET", "/files/", "*/*", false, 404, `no such file`},
		{"GET", "/api/nothing", "", false, 404, `"code":"not_found"`},
		{"GET", "/api/run", "", false, 405, `takes POST`},
		{"GET", "/nothing", "text/html", false, 404, `<h1>No such page</h1>`},
		{"GET", "/", "text/html,application/xhtml+xml", true, 403, `<h1>Join the class</h1>`},
		{"GET", "/lesson/03-test", "text/html", true, 403, `ends with ?token=`},
		{"GET", "/api/lessons", "", true, 403, `"code":"forbidden"`},
	} {
		r := httptest.NewRequest(tt.method, tt.path, nil)
		r.Host = "127.0.0.1:8080"
		if tt.accept != "" {
			r.Header.Set("Accept", tt.accept)
		}
		if !tt.noToken {
			r.Header.Set("X-Plylab-Token", testToken)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.want) {
			t.Errorf("%s %s (Accept %q, token %v): %d %q, want %d with %s", tt.method, tt.path, tt.accept, !tt.noToken, w.Code, w.Body.String(), tt.status, tt.want)
		}
		if ct := w.Header().Get("Content-Type"); strings.Contains(tt.accept, "text/html") != strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s %s: Content-Type %q", tt.method, tt.path, ct)
		}
	}
}

// serveReal runs s behind Serve's listener on a loopback port and returns
// its address.
func serveReal(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { Serve(ctx, ln, s, nil); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// dialFrom opens a connection to addr from the loopback address from
// (127.0.0.N: one client address each).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Slow bodies hold nothing: a request without the token is refused before
// its body is read and its connection closed; one with the token must
// send its body within BodyTimeout. One client address holds at most
// MaxConnsPerClient connections; the next is answered 503 at once, and
// other clients are served.
func TestSlowAndGreedyClients(t *testing.T) {
	s, _ := newTestServer(t, func(c *Config) {
		c.BodyTimeout, c.MaxConns, c.MaxConnsPerClient = 300*time.Millisecond, 64, 8
	})
	addr := serveReal(t, s)
	head := "POST /api/run HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n"
	// Without the token: 403 and closed, with 59,999 bytes never sent.
	c := dialFrom(t, "127.0.0.2", addr)
	defer c.Close()
	fmt.Fprint(c, head+"\r\n{")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	all, err := io.ReadAll(c)
	if err != nil || !strings.HasPrefix(string(all), "HTTP/1.1 403") || !strings.Contains(string(all), "Connection: close") {
		t.Errorf("a slow body without the token: %q, %v; want 403 and the connection closed", all, err)
	}
	// With the token: cut when the body does not arrive in time.
	c2 := dialFrom(t, "127.0.0.2", addr)
	defer c2.Close()
	fmt.Fprint(c2, head+"X-Plylab-Token: "+testToken+"\r\n\r\n{")
	c2.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c2), nil)
	if err != nil || resp.StatusCode != 400 {
		t.Fatalf("a slow body with the token: %v, %v; want 400", resp, err)
	}
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), "did not arrive within 300ms") {
		t.Errorf("a slow body with the token: %s", b)
	}
	// One address: 8 connections held, the 9th answered 503 at once.
	var held []net.Conn
	for i := 0; i < 8; i++ {
		held = append(held, dialFrom(t, "127.0.0.3", addr))
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	time.Sleep(100 * time.Millisecond) // the server has accepted them
	extra := dialFrom(t, "127.0.0.3", addr)
	defer extra.Close()
	extra.SetReadDeadline(time.Now().Add(5 * time.Second))
	got, _ := io.ReadAll(extra)
	if !strings.HasPrefix(string(got), "HTTP/1.1 503") || !strings.Contains(string(got), "the limit for one address") {
		t.Errorf("the 9th connection of one address: %q, want 503", got)
	}
	// Another address is served.
	other := dialFrom(t, "127.0.0.4", addr)
	defer other.Close()
	fmt.Fprint(other, "GET /api/lessons HTTP/1.1\r\nHost: "+addr+"\r\nX-Plylab-Token: "+testToken+"\r\nConnection: close\r\n\r\n")
	other.SetReadDeadline(time.Now().Add(5 * time.Second))
	if got, _ := io.ReadAll(other); !strings.HasPrefix(string(got), "HTTP/1.1 200") {
		t.Errorf("another address while one is at its limit: %q", got)
	}
}

// One client address runs at most MaxConcurrentPerClient cells at once:
// its next waits for one of them up to QueueWait, then is refused (busy,
// retry in a second), while the others still get the free slots.
func TestRunsPerClient(t *testing.T) {
	s, _ := newTestServer(t, func(c *Config) { c.MaxConcurrent, c.TimeLimit = 4, 3*time.Second })
	if s.cfg.MaxConcurrentPerClient != 2 {
		t.Fatalf("MaxConcurrentPerClient defaults to %d with 4 slots, want 2", s.cfg.MaxConcurrentPerClient)
	}
	started := make(chan struct{}, 2)
	for i := 0; i < 2; i++ {
		go func() {
			started <- struct{}{}
			request(s, "10.0.0.9", "POST", "/api/run", `{"command":"plylab spin"}`, false)
		}()
	}
	<-started
	<-started
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		n := 0
		if cr := s.running["10.0.0.9"]; cr != nil {
			n = len(cr.slots)
		}
		s.mu.Unlock()
		if n == 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	w := request(s, "10.0.0.9", "POST", "/api/run", `{"command":"plylab compare --depth 3"}`, false)
	if w.Code != 429 || !strings.Contains(w.Body.String(), "the limit for one address") || w.Header().Get("Retry-After") != "1" {
		t.Errorf("a third run of one address: %d %s", w.Code, w.Body.String())
	}
	if w := request(s, "10.0.0.10", "POST", "/api/run", `{"command":"plylab compare --depth 3"}`, false); w.Code != 200 {
		t.Errorf("another address meanwhile: %d %s", w.Code, w.Body.String())
	}
}

// TokenFromFile makes a token once and reads the same one after; a file
// with a short or odd token is refused.
func TestTokenFromFile(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/class.token"
	tok, made, err := TokenFromFile(path)
	if err != nil || !made || len(tok) != 32 {
		t.Fatalf("first: %q %v %v", tok, made, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the token file's mode is %v, want 0600", fi.Mode().Perm())
	}
	again, made, err := TokenFromFile(path)
	if err != nil || made || again != tok {
		t.Errorf("second: %q %v %v, want %q read back", again, made, err, tok)
	}
	for _, bad := range []string{"short", "has spaces in it, long enough", "tok/with/slash/0123456789"} {
		os.WriteFile(path, []byte(bad+"\n"), 0o600)
		if _, _, err := TokenFromFile(path); err == nil || !strings.Contains(err.Error(), "at least 16 letters") {
			t.Errorf("token %q: %v", bad, err)
		}
	}
	os.WriteFile(path, []byte("course-2026-autumn-chess\n"), 0o600)
	if tok, _, err := TokenFromFile(path); err != nil || tok != "course-2026-autumn-chess" {
		t.Errorf("a chosen token: %q %v", tok, err)
	}
}

// A client's share of the server's time: a cell runs at most what is
// left of it (and says so when it ends there); with less than a second
// left, the client waits (busy, with when), and other clients are not
// touched.
func TestClientTimeShare(t *testing.T) {
	s, _ := newTestServer(t, func(c *Config) {
		c.TimeLimit, c.ClientTime, c.ClientWindow = 5*time.Second, 1200*time.Millisecond, time.Hour
	})
	start := time.Now()
	w := request(s, "10.0.0.7", "POST", "/api/run", `{"command":"plylab spin"}`, false)
	took := time.Since(start)
	var r struct{ Error *apiError }
	json.Unmarshal(w.Body.Bytes(), &r)
	if r.Error == nil || r.Error.Code != "time_limit" || !strings.Contains(r.Error.Message, "your computer's share of the server's time (1.2s of cells in 1h0m0s") || took > 3*time.Second {
		t.Fatalf("a cell past the client's share: %s after %v", w.Body.String(), took)
	}
	w = request(s, "10.0.0.7", "POST", "/api/run", `{"command":"plylab compare --depth 3"}`, false)
	if w.Code != 429 || !strings.Contains(w.Body.String(), "its share of the server's time") || w.Header().Get("Retry-After") == "" {
		t.Errorf("the next cell of that client: %d %s", w.Code, w.Body.String())
	}
	if w := request(s, "10.0.0.8", "POST", "/api/run", `{"command":"plylab compare --depth 3"}`, false); w.Code != 200 {
		t.Errorf("another client: %d %s", w.Code, w.Body.String())
	}
}
