//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// A class under load: the real `plylab lesson serve`, in its own process
// and with its default limits, serves a class of students while five
// clients attack it the ways a hostile student would. Every student and
// every attacker has an address of its own (127.0.1.N, 127.0.2.N), as on
// a school's network.
//
//   - Students make a session and work through the ten lessons' cells in
//     order (each starting at another lesson), reading each output for 5
//     to 20 seconds (readTime); every fourth cell is the probe, a cell of
//     about half a second alone (probeCell). A 429 is waited out as its
//     Retry-After says, then tried again.
//   - Attackers: bounds in other spellings of numbers (0x1000, 6_5), the
//     longest perft a cell may ask for (stopped at the time limit, some
//     of them by a dropped connection), a slow body of 60,000 bytes sent a
//     byte a second on hundreds of connections, a flood of new sessions,
//     and requests with a wrong Host, token, method or body.
//
// Measured: runs completed, 429s, 5xx answers (there must be none), the
// probe's round trip (p50, p95) against its time alone, the server's
// memory at its peak (at most 1 GiB) and after the load (back near where
// it started). CI runs a short class with the attackers (8 students, 20
// s); PLYLAB_LOAD=full runs the classes of docs/performance.md, 40
// students for 2 minutes alone and then with the attackers, each against a
// fresh server, memory read 30 s after:
//
//	PLYLAB_LOAD=full go test -run TestClassUnderLoad -v -timeout 20m ./cmd/plylab

// probeCell is the cell whose round trip the benchmark reports: alpha-beta
// to depth 5 on kiwipete, about half a second alone on this project's
// machines.
const probeCell = "compare --position kiwipete --depth 5 --algo alphabeta --no-minimal"

// oneMoveFEN has one legal move: perft spends its whole depth below it.
const oneMoveFEN = "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3"

// loadServer is a `plylab lesson serve` process.
type loadServer struct {
	cmd   *exec.Cmd
	addr  string // HOST:PORT
	token string
}

// startLoadServer starts `plylab lesson serve` with its default limits.
func startLoadServer(t *testing.T) *loadServer {
	t.Helper()
	exe := buildPlylab(t)
	cmd := exec.Command(exe, "lesson", "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=") // the server's own soft limit
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("lesson serve printed no address: %v", err)
	}
	go io.Copy(io.Discard, out)
	rest, _ := strings.CutPrefix(strings.TrimSpace(line), "http://")
	addr, token, ok := strings.Cut(rest, "/?token=")
	if !ok {
		t.Fatalf("lesson serve's first line is %q", line)
	}
	return &loadServer{cmd: cmd, addr: addr, token: token}
}

// rssKB reads the server's resident memory (VmRSS) or its peak (VmHWM),
// in kB.
func (s *loadServer) memKB(field string) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// clientFrom is an HTTP client whose connections come from the loopback
// address ip.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}
}

// tally counts what the class got.
type tally struct {
	mu                       sync.Mutex
	runs, failed, busy, five int
	probe                    []time.Duration
	notes                    []string
}

func (t *tally) note(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.notes) < 20 {
		t.notes = append(t.notes, fmt.Sprintf(format, args...))
	}
}

// post sends a JSON body to path with the token; status 0 is a transport
// error.
func (s *loadServer) post(ctx context.Context, c *http.Client, path string, body any) (int, []byte, http.Header) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, "POST", "http://"+s.addr+path, bytes.NewReader(data))
	req.Header.Set("X-Plylab-Token", s.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return 0, []byte(err.Error()), nil
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, resp.Header
}

// retryAfter is a 429's wait.
func retryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(h.Get("Retry-After"))
	if err != nil || n < 1 {
		n = 1
	}
	return time.Duration(n) * time.Second
}

// student works through the lessons' cells until ctx ends.
func (s *loadServer) student(ctx context.Context, n int, cells []string, tl *tally) {
	c := clientFrom(fmt.Sprintf("127.0.1.%d", n+1))
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	var session string
	for session == "" && ctx.Err() == nil {
		status, raw, h := s.post(ctx, c, "/api/session", map[string]string{})
		switch {
		case status == 200:
			var r struct{ Session string }
			json.Unmarshal(raw, &r)
			session = r.Session
		case status == 429:
			tl.mu.Lock()
			tl.busy++
			tl.mu.Unlock()
			sleepCtx(ctx, retryAfter(h))
		default:
			tl.note("student %d: session: %d %s", n, status, raw)
			sleepCtx(ctx, time.Second)
		}
	}
	for i := n * len(cells) / 10; ctx.Err() == nil; i++ {
		cell := cells[i%len(cells)]
		if i%4 == 3 {
			cell = probeCell
		}
		for ctx.Err() == nil {
			start := time.Now()
			status, raw, h := s.post(ctx, c, "/api/run", map[string]string{"command": "plylab " + cell, "session": session})
			took := time.Since(start)
			if ctx.Err() != nil {
				return
			}
			var r struct {
				Error *struct{ Code, Message string }
			}
			json.Unmarshal(raw, &r)
			tl.mu.Lock()
			switch {
			case status == 429:
				tl.busy++
			case status >= 500 || status == 0:
				tl.five++
			case status == 200 && r.Error == nil:
				tl.runs++
				if cell == probeCell {
					tl.probe = append(tl.probe, took)
				}
			default:
				tl.failed++
			}
			tl.mu.Unlock()
			if status == 429 {
				sleepCtx(ctx, retryAfter(h))
				continue
			}
			if status != 200 || r.Error != nil {
				tl.note("student %d: %s: %d %s", n, cell, status, shortText(string(raw)))
			}
			break
		}
		sleepCtx(ctx, time.Duration(5000+rng.IntN(15000))*time.Millisecond) // reading the output (readTime)
	}
}

func shortText(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// attack runs attacker n's attack until ctx ends and returns what it got
// through: answers that should have been refused.
func (s *loadServer) attack(ctx context.Context, n int, tl *tally) {
	ip := fmt.Sprintf("127.0.2.%d", n+1)
	c := clientFrom(ip)
	count := func(status int) {
		if status >= 500 && status != 503 || status == 0 && ctx.Err() == nil {
			tl.mu.Lock()
			tl.five++
			tl.mu.Unlock()
			tl.note("attacker %d: status %d", n, status)
		}
	}
	switch n {
	case 0: // bounds in other spellings
		for i := 0; ctx.Err() == nil; i++ {
			cmd := []string{"bench --depth 1 --hash 0x1000", "search --depth 1 --hash 0x400", "tree --position start --depth 3 --max-nodes 0xF4240 --format json", "compare --hash 6_5 --depth 1"}[i%4]
			status, raw, _ := s.post(ctx, c, "/api/run", map[string]string{"command": "plylab " + cmd})
			count(status)
			if status == 200 && !bytes.Contains(raw, []byte("a lesson cell may ask for at most")) {
				tl.note("attacker 0: %s was not refused: %s", cmd, shortText(string(raw)))
				tl.mu.Lock()
				tl.five++ // counted as a failure of the server
				tl.mu.Unlock()
			}
			sleepCtx(ctx, 200*time.Millisecond)
		}
	case 1: // the longest perft, half of them dropped after two seconds
		for i := 0; ctx.Err() == nil; i++ {
			rctx, cancel := context.WithCancel(ctx)
			if i%2 == 1 {
				time.AfterFunc(2*time.Second, cancel)
			}
			status, _, h := s.post(rctx, c, "/api/run", map[string]string{"command": "plylab perft --fen '" + oneMoveFEN + "' --depth 9 --force"})
			cancel()
			if rctx.Err() == nil {
				count(status)
			}
			if status == 429 {
				sleepCtx(ctx, retryAfter(h))
			}
		}
	case 2: // slow bodies without the token, on many connections
		var conns []net.Conn
		defer func() {
			for _, cn := range conns {
				cn.Close()
			}
		}()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
		for ctx.Err() == nil {
			for len(conns) < 300 && ctx.Err() == nil {
				cn, err := d.DialContext(ctx, "tcp", s.addr)
				if err != nil {
					break
				}
				fmt.Fprintf(cn, "POST /api/run HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{", s.addr)
				conns = append(conns, cn)
			}
			sleepCtx(ctx, time.Second)
			live := conns[:0]
			for _, cn := range conns {
				if _, err := cn.Write([]byte(" ")); err == nil {
					live = append(live, cn)
				} else {
					cn.Close()
				}
			}
			conns = live
		}
	case 3: // a flood of sessions
		for ctx.Err() == nil {
			status, _, _ := s.post(ctx, c, "/api/session", map[string]string{})
			count(status)
			if status != 429 && status != 200 {
				sleepCtx(ctx, 50*time.Millisecond)
			}
		}
	case 4: // wrong Host, token, method, body, path
		reqs := []func() *http.Request{
			func() *http.Request {
				r, _ := http.NewRequest("POST", "http://"+s.addr+"/api/run", strings.NewReader(`{"command":"plylab version"}`))
				r.Host = "127.0.0.1:" + strings.Split(s.addr, ":")[1] + ".evil.com"
				return r
			},
			func() *http.Request {
				r, _ := http.NewRequest("POST", "http://"+s.addr+"/api/run", strings.NewReader(`{"command":"plylab version"}`))
				r.Header.Set("X-Plylab-Token", "wrong-token-0123456789")
				return r
			},
			func() *http.Request {
				r, _ := http.NewRequest("GET", "http://"+s.addr+"/api/run?token="+s.token, nil)
				return r
			},
			func() *http.Request {
				r, _ := http.NewRequest("POST", "http://"+s.addr+"/api/run?token="+s.token, strings.NewReader(strings.Repeat("x", 100000)))
				return r
			},
			func() *http.Request {
				r, _ := http.NewRequest("GET", "http://"+s.addr+"/files/"+strings.Repeat("a", 24)+"/..%2f..%2fetc%2fpasswd?token="+s.token, nil)
				return r
			},
		}
		for i := 0; ctx.Err() == nil; i++ {
			resp, err := c.Do(reqs[i%len(reqs)]().WithContext(ctx))
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				count(resp.StatusCode)
			}
			sleepCtx(ctx, 20*time.Millisecond)
		}
	}
}

func TestClassUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a class against a server process; skipped with -short")
	}
	students, load, after := 8, 20*time.Second, 3*time.Second
	phases := []int{5} // attackers in each phase
	if os.Getenv("PLYLAB_LOAD") == "full" {
		students, load, after = 40, 2*time.Minute, 30*time.Second
		phases = []int{0, 5} // the class alone, then with the attackers
	}
	ls, err := lessons.Select(nil, true, sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	var cells []string
	for _, l := range ls {
		for _, c := range l.Cells {
			for _, cmd := range c.Commands {
				cells = append(cells, cmd.Text)
			}
		}
	}
	t.Logf("a class of %d students (each a cell, then %s to read it) for %s against `plylab lesson serve` with its default limits, %d cores",
		students, readTime, load, runtime.NumCPU())
	t.Logf("| attackers | runs completed | 429 (waited out) | 5xx | other failures | probe alone (median) | probe p50 | probe p95 | memory at start | peak | %s after |", after)
	for _, attackers := range phases {
		classPhase(t, students, attackers, load, after, cells)
	}
}

// readTime is how long a student reads an output before the next cell: a
// uniform draw from this range.
const readTime = "5 to 20 s"

// classPhase plays one class against a fresh server, with attackers of
// the five kinds (0 to 5), and logs its row of figures.
func classPhase(t *testing.T, students, attackers int, load, after time.Duration, cells []string) {
	srv := startLoadServer(t)
	// The probe alone, three times, before the class comes in.
	var alone []time.Duration
	c := clientFrom("127.0.3.1")
	for i := 0; i < 3; i++ {
		start := time.Now()
		if status, raw, _ := srv.post(context.Background(), c, "/api/run", map[string]string{"command": "plylab " + probeCell}); status != 200 {
			t.Fatalf("the probe alone: %d %s", status, raw)
		}
		alone = append(alone, time.Since(start))
	}
	time.Sleep(3 * time.Second) // the server tidies after its runs
	startKB := srv.memKB("VmRSS")

	var tl tally
	var peakKB atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), load)
	defer cancel()
	var wg sync.WaitGroup
	go func() { // sample the server's memory
		for ctx.Err() == nil {
			if kb := int64(srv.memKB("VmRSS")); kb > peakKB.Load() {
				peakKB.Store(kb)
			}
			sleepCtx(ctx, 250*time.Millisecond)
		}
	}()
	for n := 0; n < students; n++ {
		wg.Add(1)
		go func() { defer wg.Done(); srv.student(ctx, n, cells, &tl) }()
		time.Sleep(50 * time.Millisecond)
	}
	for n := 0; n < attackers; n++ {
		wg.Add(1)
		go func() { defer wg.Done(); srv.attack(ctx, n, &tl) }()
	}
	wg.Wait()
	ended := time.Now()
	// Memory after the load: at `after` (30 s in the full class), or as
	// soon as it is back near the start in the short one.
	afterKB := srv.memKB("VmRSS")
	for time.Since(ended) < after || afterKB > startKB+64<<10 && time.Since(ended) < after+10*time.Second {
		time.Sleep(250 * time.Millisecond)
		afterKB = srv.memKB("VmRSS")
	}
	if hwm := int64(srv.memKB("VmHWM")); hwm > peakKB.Load() {
		peakKB.Store(hwm)
	}
	srv.cmd.Process.Kill()

	sort.Slice(tl.probe, func(i, j int) bool { return tl.probe[i] < tl.probe[j] })
	sort.Slice(alone, func(i, j int) bool { return alone[i] < alone[j] })
	pct := func(q float64) time.Duration {
		if len(tl.probe) == 0 {
			return 0
		}
		return tl.probe[min(len(tl.probe)-1, int(q*float64(len(tl.probe))))].Round(time.Millisecond)
	}
	t.Logf("| %d | %d | %d | %d | %d | %s | %s | %s | %d MiB | %d MiB | %d MiB |", attackers, tl.runs, tl.busy, tl.five, tl.failed,
		alone[1].Round(time.Millisecond), pct(0.5), pct(0.95), startKB>>10, peakKB.Load()>>10, afterKB>>10)
	for _, n := range tl.notes {
		t.Log(n)
	}
	if tl.five > 0 {
		t.Errorf("%d answers were 5xx or broke the connection (or a bound was not held)", tl.five)
	}
	if tl.runs < students {
		t.Errorf("only %d runs completed for %d students", tl.runs, students)
	}
	if tl.failed > 0 {
		t.Errorf("%d cells of the lessons failed", tl.failed)
	}
	if peakKB.Load() > 1<<20 {
		t.Errorf("the server's memory peaked at %d MiB, over 1 GiB", peakKB.Load()>>10)
	}
	if afterKB > startKB+64<<10 {
		t.Errorf("the server holds %d MiB %s after the load, against %d MiB at its start", afterKB>>10, after, startKB>>10)
	}
}
