package extengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ErrTimeout is ReadUntil's error when the awaited line did not come in
// time.
var ErrTimeout = errors.New("no answer in time")

// ErrEnded is matched (errors.Is) by ReadUntil's error when the engine's
// output ended: an *EndedError.
var ErrEnded = errors.New("the engine ended")

// EndedError is ReadUntil's error for an engine whose output ended (it
// exited or crashed); Why says how, with its last error output.
type EndedError struct{ Why string }

// Error is Why.
func (e *EndedError) Error() string { return e.Why }

// Is reports whether target is ErrEnded.
func (e *EndedError) Is(target error) bool { return target == ErrEnded }

// Conn is a running engine seen as lines: commands written to its input,
// its output read one line at a time by a goroutine that lives as long as
// the engine.
type Conn struct {
	w     io.Writer
	lines chan string   // the engine's output, one line each; closed at its end
	eof   chan struct{} // closed when the reader has stopped
	gone  chan struct{} // closed when the engine has ended
	quit  chan struct{} // closed by Kill: the reader stops delivering
	once  sync.Once
	kill  func()        // ends the engine at once
	why   func() string // why the engine ended (exit status, stderr)
	// Log, if not nil, receives every line sent (">") and received ("<").
	Log io.Writer
}

// Dialer starts an engine and returns its connection; the clients call it
// again to restart an engine that died.
type Dialer func() (*Conn, error)

// Find returns the executable spec names: a path, or a name looked up in
// PATH and then in /usr/games, where Debian installs engines and which is
// not always in PATH. The error is exec.LookPath's for spec.
func Find(spec string) (string, error) {
	path, err := exec.LookPath(spec)
	if err != nil && !strings.ContainsAny(spec, `/\`) {
		if p, err2 := exec.LookPath(filepath.Join("/usr/games", spec)); err2 == nil {
			return p, nil
		}
	}
	return path, err
}

// Start starts the program at path (looked up as exec.LookPath does) with
// args, its input and output connected to the Conn. The last 2 kB of its
// error output are kept to say why it ended.
func Start(path string, args []string) (*Conn, error) {
	exe, err := exec.LookPath(path)
	if err != nil {
		return nil, fmt.Errorf("%q not found: %w", path, err)
	}
	cmd := exec.Command(exe, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &tail{max: 2048}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %s: %w", path, err)
	}
	c := newConn(stdin, stdout)
	var waitErr error
	go func() {
		<-c.eof // Wait closes stdout: read it all first
		waitErr = cmd.Wait()
		close(c.gone)
	}()
	c.kill = func() {
		stdin.Close()
		cmd.Process.Kill()
	}
	c.why = func() string {
		select {
		case <-c.gone:
		case <-time.After(time.Second):
			return "it closed its output"
		}
		msg := "it exited"
		if waitErr != nil {
			msg = "it ended: " + waitErr.Error()
		}
		if s := strings.TrimSpace(stderr.String()); s != "" {
			msg += "; its last error output: " + strings.Join(strings.Fields(s), " ")
		}
		return msg
	}
	return c, nil
}

// ProcessDialer is the Dialer that starts path with args (Start).
func ProcessDialer(path string, args []string) Dialer {
	return func() (*Conn, error) { return Start(path, args) }
}

// Attach makes a Conn of an engine that is not a child process (one in
// the same process, a test's fake): commands go to w, lines are read from
// r, and kill (if not nil) ends the engine. The engine counts as ended
// when r reaches its end.
func Attach(w io.Writer, r io.Reader, kill func()) *Conn {
	c := newConn(w, r)
	go func() {
		<-c.eof
		close(c.gone)
	}()
	c.kill = kill
	return c
}

// newConn starts the reader goroutine: one line of the engine's output at
// a time into lines, until its end or Kill. The caller sets kill and why,
// and closes gone when the engine has ended.
func newConn(w io.Writer, r io.Reader) *Conn {
	c := &Conn{w: w, lines: make(chan string), eof: make(chan struct{}),
		gone: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(c.eof)
		defer close(c.lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case c.lines <- sc.Text():
			case <-c.quit:
				// Nobody listens any more: drain so the engine never
				// blocks on a full pipe, then stop at its end.
				for sc.Scan() {
				}
				return
			}
		}
	}()
	return c
}

// Send writes one command line.
func (c *Conn) Send(line string) error {
	if c.Log != nil {
		fmt.Fprintf(c.Log, "> %s\n", line)
	}
	_, err := io.WriteString(c.w, line+"\n")
	return err
}

// ReadUntil reads lines, passing each to each (if not nil), until done
// (if not nil) is true of one, which is returned (and also passed to
// each). It gives up with ErrTimeout after timeout (0: never), with
// ctx.Err() when ctx ends, and with an *EndedError (ErrEnded) that says
// why when the engine's output ends. Lines are trimmed of surrounding
// spaces.
func (c *Conn) ReadUntil(ctx context.Context, timeout time.Duration, done func(string) bool, each func(string)) (string, error) {
	var timer <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		timer = t.C
	}
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				why := "its output ended"
				if c.why != nil {
					why = c.why()
				}
				return "", &EndedError{Why: why}
			}
			if c.Log != nil {
				fmt.Fprintf(c.Log, "< %s\n", line)
			}
			line = strings.TrimSpace(line)
			if each != nil {
				each(line)
			}
			if done != nil && done(line) {
				return line, nil
			}
		case <-timer:
			return "", ErrTimeout
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Kill ends the engine at once; its output is no longer read.
func (c *Conn) Kill() {
	c.Stop()
	if c.kill != nil {
		c.kill()
	}
}

// Stop stops delivering the engine's output (it is still read and
// dropped, so the engine never blocks writing it).
func (c *Conn) Stop() { c.once.Do(func() { close(c.quit) }) }

// Wait waits up to d for the engine to end and reports whether it did.
func (c *Conn) Wait(d time.Duration) bool {
	select {
	case <-c.gone:
		return true
	case <-time.After(d):
		return false
	}
}

// Word reports whether line is word or starts with word and a space: the
// test for an awaited line ("readyok", "bestmove e2e4", "pong 3").
func Word(word string) func(string) bool {
	return func(line string) bool { return line == word || strings.HasPrefix(line, word+" ") }
}

// tail keeps the last max bytes written to it (an engine's stderr).
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
