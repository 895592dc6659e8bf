package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A small UCI client (the GUI side of the protocol) for external engines.
//
// notnil/chess's uci package drives engines too, and plylab's tests use it
// against `plylab uci`; a match needs more than it offers: its Run blocks
// until the engine answers, with no way to give up (an engine that
// overstays its time, or Ctrl-C, would hang the match), it does not notice
// an engine that crashed or never started (New only looks the path up),
// and it reads each answer with a fresh bufio.Scanner, which can swallow
// the lines read ahead into a discarded buffer. This client reads the
// engine's output on one goroutine for the engine's lifetime, waits on
// it with a context, sends "stop" when time is up and kills an engine that
// does not answer, checks options against those the engine announces, and
// restarts an engine that died before the next game.

// UCIConfig says how to start an external UCI engine.
type UCIConfig struct {
	Path    string      // the executable (looked up in PATH when it has no slash)
	Args    []string    // its arguments
	Options []UCIOption // sent after the handshake, checked against the engine's options
	Name    string      // the player's name; default: the engine's "id name" and the options
	// StartTimeout bounds the handshake ("uci" → "uciok", "isready" →
	// "readyok") and each new game's "isready"; default 30 s.
	StartTimeout time.Duration
	// Log, if not nil, receives every line sent (">") and received ("<").
	Log io.Writer
}

// uciConn is a running engine: its input, its output lines and its end.
type uciConn struct {
	w     io.Writer
	lines chan string   // the engine's output, one line each; closed at its end
	eof   chan struct{} // closed when the reader has stopped
	gone  chan struct{} // closed when the engine has ended
	quit  chan struct{} // closed by close: the reader stops delivering
	once  sync.Once
	kill  func()        // ends the engine at once
	why   func() string // why the engine ended (exit status, stderr)
}

func (c *uciConn) close() { c.once.Do(func() { close(c.quit) }) }

// dialer starts an engine.
type dialer func() (*uciConn, error)

// UCIEngine is an external engine as a Player.
type UCIEngine struct {
	cfg  UCIConfig
	dial dialer
	conn *uciConn
	id   string            // "id name"
	opts map[string]optDef // announced options by lower-case name
	name string
	dead bool
}

// StartUCI starts the engine at cfg.Path, runs the handshake and sets the
// options. A missing executable, an engine that does not speak UCI and an
// option the engine does not offer (ErrOption) are errors.
func StartUCI(ctx context.Context, cfg UCIConfig) (*UCIEngine, error) {
	path, err := exec.LookPath(cfg.Path)
	if err != nil {
		return nil, fmt.Errorf("UCI engine %q not found: %w", cfg.Path, err)
	}
	return startUCI(ctx, cfg, processDialer(path, cfg.Args))
}

func startUCI(ctx context.Context, cfg UCIConfig, dial dialer) (*UCIEngine, error) {
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	e := &UCIEngine{cfg: cfg, dial: dial}
	if err := e.start(ctx); err != nil {
		return nil, err
	}
	e.name = cfg.Name
	if e.name == "" {
		e.name = e.id
		if e.name == "" {
			e.name = filepath.Base(cfg.Path)
		}
		if len(cfg.Options) > 0 {
			var parts []string
			for _, o := range cfg.Options {
				parts = append(parts, o.String())
			}
			e.name += " (" + strings.Join(parts, ", ") + ")"
		}
	}
	return e, nil
}

// processDialer starts path as a child process talking over pipes.
func processDialer(path string, args []string) dialer {
	return func() (*uciConn, error) {
		cmd := exec.Command(path, args...)
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
			return nil, fmt.Errorf("cannot start UCI engine %s: %w", path, err)
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
}

// newConn starts the reader goroutine: one line of the engine's output at
// a time into lines, until its end or close. The caller sets kill and
// why, and closes gone when the engine has ended.
func newConn(w io.Writer, r io.Reader) *uciConn {
	c := &uciConn{w: w, lines: make(chan string), eof: make(chan struct{}),
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

// start dials the engine, runs the handshake and sets the options.
func (e *UCIEngine) start(ctx context.Context) error {
	conn, err := e.dial()
	if err != nil {
		return err
	}
	e.conn, e.dead = conn, false
	fail := func(err error) error {
		e.kill()
		return err
	}
	if err := e.send("uci"); err != nil {
		return fail(err)
	}
	e.opts = map[string]optDef{}
	err = e.readUntil(ctx, e.cfg.StartTimeout, "uciok", func(line string) {
		switch {
		case strings.HasPrefix(line, "id name "):
			e.id = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option "):
			if o, ok := parseOptionLine(line); ok {
				e.opts[strings.ToLower(o.name)] = o
			}
		}
	})
	if errors.Is(err, errTimeout) {
		return fail(fmt.Errorf("%s did not complete the UCI handshake: no uciok within %s; is it a UCI engine?", e.label(), e.cfg.StartTimeout))
	} else if err != nil {
		return fail(err)
	}
	for _, o := range e.cfg.Options {
		line, err := e.optionCommand(o)
		if err != nil {
			return fail(err)
		}
		if err := e.send(line); err != nil {
			return fail(err)
		}
	}
	if err := e.isReady(ctx); err != nil {
		return fail(err)
	}
	return nil
}

// label names the engine in errors before its name is known.
func (e *UCIEngine) label() string {
	if e.id != "" {
		return e.id
	}
	return "UCI engine " + filepath.Base(e.cfg.Path)
}

// optionCommand checks o against the engine's options and returns the
// setoption line.
func (e *UCIEngine) optionCommand(o UCIOption) (string, error) {
	def, ok := e.opts[strings.ToLower(o.Name)]
	if !ok {
		names := make([]string, 0, len(e.opts))
		for _, d := range e.opts {
			names = append(names, d.name)
		}
		slices.Sort(names)
		return "", fmt.Errorf("%w: %s has no option %q; its options are %s", ErrOption, e.label(), o.Name, strings.Join(names, ", "))
	}
	switch def.typ {
	case "button":
		return "setoption name " + def.name, nil
	case "check":
		v := strings.ToLower(o.Value)
		if v != "true" && v != "false" {
			return "", fmt.Errorf("%w: %s's option %s is true or false, not %q", ErrOption, e.label(), def.name, o.Value)
		}
		return "setoption name " + def.name + " value " + v, nil
	case "spin":
		n, err := strconv.Atoi(o.Value)
		if err != nil {
			return "", fmt.Errorf("%w: %s's option %s takes a whole number, not %q", ErrOption, e.label(), def.name, o.Value)
		}
		if def.hasRange && (n < def.min || n > def.max) {
			return "", fmt.Errorf("%w: %s's option %s goes from %d to %d, not %d", ErrOption, e.label(), def.name, def.min, def.max, n)
		}
	case "combo":
		i := slices.IndexFunc(def.vars, func(v string) bool { return strings.EqualFold(v, o.Value) })
		if i < 0 {
			return "", fmt.Errorf("%w: %s's option %s is one of %s, not %q", ErrOption, e.label(), def.name, strings.Join(def.vars, ", "), o.Value)
		}
		return "setoption name " + def.name + " value " + def.vars[i], nil
	}
	return "setoption name " + def.name + " value " + o.Value, nil
}

func (e *UCIEngine) send(line string) error {
	if e.cfg.Log != nil {
		fmt.Fprintf(e.cfg.Log, "> %s\n", line)
	}
	if _, err := io.WriteString(e.conn.w, line+"\n"); err != nil {
		e.dead = true
		return fmt.Errorf("%s stopped reading its input: %w", e.label(), err)
	}
	return nil
}

// errTimeout is returned by readUntil when the wait runs out.
var errTimeout = errors.New("no answer in time")

// readUntil reads lines, passing each to f, until one starts with want
// (returned), the timeout (0: none) passes, ctx ends or the engine ends.
func (e *UCIEngine) readUntil(ctx context.Context, timeout time.Duration, want string, f func(string)) error {
	var timer <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		timer = t.C
	}
	for {
		select {
		case line, ok := <-e.conn.lines:
			if !ok {
				e.dead = true
				why := "its output ended"
				if e.conn.why != nil {
					why = e.conn.why()
				}
				return fmt.Errorf("%s died: %s", e.label(), why)
			}
			if e.cfg.Log != nil {
				fmt.Fprintf(e.cfg.Log, "< %s\n", line)
			}
			line = strings.TrimSpace(line)
			if line == want || strings.HasPrefix(line, want+" ") {
				if f != nil {
					f(line)
				}
				return nil
			}
			if f != nil {
				f(line)
			}
		case <-timer:
			return errTimeout
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (e *UCIEngine) isReady(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	if err := e.readUntil(ctx, e.cfg.StartTimeout, "readyok", nil); err != nil {
		if errors.Is(err, errTimeout) {
			e.kill()
			return fmt.Errorf("%s did not answer isready within %s", e.label(), e.cfg.StartTimeout)
		}
		return err
	}
	return nil
}

// kill ends the engine; the next game restarts it.
func (e *UCIEngine) kill() {
	if e.conn != nil {
		e.conn.close()
		if e.conn.kill != nil {
			e.conn.kill()
		}
	}
	e.dead = true
}

// Name implements Player.
func (e *UCIEngine) Name() string { return e.name }

// NewGame implements Player: "ucinewgame" and "isready", after restarting
// an engine that died in the last game.
func (e *UCIEngine) NewGame(ctx context.Context, _ GameStart) error {
	if e.dead {
		e.kill()
		if err := e.start(ctx); err != nil {
			return fmt.Errorf("restarting %s: %w", e.label(), err)
		}
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.isReady(ctx)
}

// stopGrace is how long an engine has to answer "stop" with its bestmove.
const stopGrace = 2 * time.Second

// Move implements Player: "position" and "go", then waits for "bestmove".
// When ctx ends first it sends "stop"; an engine that does not answer
// within stopGrace is killed (and restarted for the next game).
func (e *UCIEngine) Move(ctx context.Context, pos Position, t Turn) (Reply, error) {
	if e.dead {
		return Reply{}, fmt.Errorf("%s is not running", e.label())
	}
	if err := e.send(positionCommand(pos)); err != nil {
		return Reply{}, err
	}
	if err := e.send(goCommand(t)); err != nil {
		return Reply{}, err
	}
	var r Reply
	var best string
	collect := func(line string) {
		if strings.HasPrefix(line, "info ") {
			parseInfo(line, &r)
		} else if strings.HasPrefix(line, "bestmove") {
			if f := strings.Fields(line); len(f) > 1 {
				best = f[1]
			}
		}
	}
	err := e.readUntil(ctx, 0, "bestmove", collect)
	if err != nil && ctx.Err() != nil && !e.dead {
		// Time is up (or the match stops): ask for the move, and make
		// sure the engine is idle before the next command.
		if e.send("stop") == nil {
			if e.readUntil(context.Background(), stopGrace, "bestmove", nil) != nil {
				e.kill()
			}
		} else {
			e.kill()
		}
		return Reply{}, err
	}
	if err != nil {
		return Reply{}, err
	}
	if best == "" || best == "(none)" || best == "0000" {
		return Reply{}, fmt.Errorf("%s sent no move (%q)", e.label(), "bestmove "+best)
	}
	r.Move = best
	return r, nil
}

// Close implements Player: "quit", then kill after a second.
func (e *UCIEngine) Close() error {
	if e.conn == nil {
		return nil
	}
	e.conn.close() // nobody reads the engine's output any more
	if !e.dead {
		e.send("quit")
		select {
		case <-e.conn.gone:
		case <-time.After(time.Second):
		}
	}
	e.kill()
	return nil
}
