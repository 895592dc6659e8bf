package extengine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
// engine's output on one goroutine for the engine's lifetime (Conn), waits
// on it with a context, sends "stop" when time is up and kills an engine
// that does not answer, checks options against those the engine
// announces, and restarts an engine that died before the next game.

// ErrNotUCI is wrapped by the error for a program that does not complete
// the UCI handshake ("uci" → "uciok", "isready" → "readyok").
var ErrNotUCI = errors.New("does not answer as a UCI engine")

// UCIConfig says how to start an external UCI engine.
type UCIConfig struct {
	Path    string   // the executable (looked up in PATH when it has no slash)
	Args    []string // its arguments
	Options []Option // sent after the handshake, checked against the engine's options
	// Setup are command lines sent as they are after the options, before
	// "isready" (e.g. "setoption name UCI_ShowWDL value true" for an
	// engine that may not offer it).
	Setup []string
	Name  string // the player's name; default: the engine's "id name" and the options
	// StartTimeout bounds the handshake ("uci" → "uciok", "isready" →
	// "readyok") and each new game's "isready"; default 30 s.
	StartTimeout time.Duration
	// Log, if not nil, receives every line sent (">") and received ("<").
	Log io.Writer
}

// Describe names the engine for reports: the executable's base name and
// the options set, e.g. "stockfish UCI_Elo=1500 Threads=1".
func (c UCIConfig) Describe() string {
	parts := []string{filepath.Base(c.Path)}
	for _, o := range c.Options {
		parts = append(parts, o.String())
	}
	return strings.Join(parts, " ")
}

// UCI is a running external UCI engine.
type UCI struct {
	cfg  UCIConfig
	dial Dialer
	conn *Conn
	id   string            // "id name"
	opts map[string]optDef // announced options by lower-case name
	name string
	dead bool
}

// StartUCI starts the engine at cfg.Path, runs the handshake and sets the
// options. A missing executable, an engine that does not speak UCI
// (ErrNotUCI) and an option the engine does not offer (ErrOption) are
// errors.
func StartUCI(ctx context.Context, cfg UCIConfig) (*UCI, error) {
	path, err := Find(cfg.Path)
	if err != nil {
		return nil, fmt.Errorf("UCI engine %q not found: %w", cfg.Path, err)
	}
	return NewUCI(ctx, cfg, ProcessDialer(path, cfg.Args))
}

// NewUCI is StartUCI with the engine started by dial (e.g. an engine in
// the same process, through Attach).
func NewUCI(ctx context.Context, cfg UCIConfig, dial Dialer) (*UCI, error) {
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	e := &UCI{cfg: cfg, dial: dial}
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

// start dials the engine, runs the handshake and sets the options.
func (e *UCI) start(ctx context.Context) error {
	conn, err := e.dial()
	if err != nil {
		return err
	}
	conn.Log = e.cfg.Log
	e.conn, e.dead = conn, false
	fail := func(err error) error {
		e.Kill()
		return err
	}
	// A program that ends at once (no UCI engine) may close its input
	// before "uci" is written; the write error is then left for the
	// reading, which reports that the engine ended.
	e.conn.Send("uci")
	e.opts = map[string]optDef{}
	_, err = e.conn.ReadUntil(ctx, e.cfg.StartTimeout, Word("uciok"), func(line string) {
		switch {
		case strings.HasPrefix(line, "id name "):
			e.id = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option "):
			if o, ok := parseOptionLine(line); ok {
				e.opts[strings.ToLower(o.name)] = o
			}
		}
	})
	var ended *EndedError
	switch {
	case errors.Is(err, ErrTimeout):
		return fail(fmt.Errorf("%s did not complete the UCI handshake: no uciok within %s; is it a UCI engine? (%w)", e.label(), e.cfg.StartTimeout, ErrNotUCI))
	case errors.As(err, &ended):
		return fail(fmt.Errorf("%s %w: the engine ended (%s)", e.cfg.Path, ErrNotUCI, ended.Why))
	case err != nil:
		return fail(err)
	}
	for _, o := range e.cfg.Options {
		line, err := e.optionCommand(o)
		if err != nil {
			return fail(err)
		}
		if err := e.Send(line); err != nil {
			return fail(err)
		}
	}
	for _, line := range e.cfg.Setup {
		if err := e.Send(line); err != nil {
			return fail(err)
		}
	}
	if err := e.IsReady(ctx); err != nil {
		return fail(err)
	}
	return nil
}

// label names the engine in errors before its name is known.
func (e *UCI) label() string {
	if e.id != "" {
		return e.id
	}
	return "UCI engine " + filepath.Base(e.cfg.Path)
}

// optionCommand checks o against the engine's options and returns the
// setoption line.
func (e *UCI) optionCommand(o Option) (string, error) {
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

// Send writes one command line to the engine.
func (e *UCI) Send(line string) error {
	if err := e.conn.Send(line); err != nil {
		e.dead = true
		return fmt.Errorf("%s stopped reading its input: %w", e.label(), err)
	}
	return nil
}

// ReadUntil reads the engine's lines, passing each to f (if not nil),
// until one is want or starts with want and a space (returned; f sees it
// too). It gives up after timeout (0: never) with ErrTimeout, when ctx
// ends with ctx.Err(), and when the engine ends with an error wrapping
// ErrEnded that says why.
func (e *UCI) ReadUntil(ctx context.Context, timeout time.Duration, want string, f func(string)) (string, error) {
	return e.ReadUntilFunc(ctx, timeout, Word(want), f)
}

// ReadUntilFunc is ReadUntil with the awaited line found by done: e.g.
// any line beginning "Final evaluation" (Stockfish's "eval" answers
// "Final evaluation +0.25 (white side)", or "Final evaluation: none (in
// check)").
func (e *UCI) ReadUntilFunc(ctx context.Context, timeout time.Duration, done func(string) bool, f func(string)) (string, error) {
	line, err := e.conn.ReadUntil(ctx, timeout, done, f)
	if errors.Is(err, ErrEnded) {
		e.dead = true
		return "", fmt.Errorf("%s died: %w", e.label(), err)
	}
	return line, err
}

func (e *UCI) readUntil(ctx context.Context, timeout time.Duration, want string, f func(string)) error {
	_, err := e.ReadUntil(ctx, timeout, want, f)
	return err
}

// IsReady sends "isready" and waits up to the start timeout for
// "readyok"; an engine that does not answer is killed.
func (e *UCI) IsReady(ctx context.Context) error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	if err := e.readUntil(ctx, e.cfg.StartTimeout, "readyok", nil); err != nil {
		if errors.Is(err, ErrTimeout) {
			e.Kill()
			return fmt.Errorf("%s did not answer isready within %s", e.label(), e.cfg.StartTimeout)
		}
		return err
	}
	return nil
}

// Kill ends the engine at once; the next game restarts it.
func (e *UCI) Kill() {
	if e.conn != nil {
		e.conn.Kill()
	}
	e.dead = true
}

// Name is the player's name: UCIConfig.Name, or the engine's "id name"
// followed by the options set.
func (e *UCI) Name() string { return e.name }

// ID is the engine's "id name" ("" if it gave none).
func (e *UCI) ID() string { return e.id }

// NewGame sends "ucinewgame" and "isready", after restarting an engine
// that died in the last game.
func (e *UCI) NewGame(ctx context.Context) error {
	if e.dead {
		e.Kill()
		if err := e.start(ctx); err != nil {
			return fmt.Errorf("restarting %s: %w", e.label(), err)
		}
	}
	if err := e.Send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(ctx)
}

// StopGrace is how long an engine has to answer "stop" (UCI) or "?"
// (CECP) with its move before it is killed.
const StopGrace = 2 * time.Second

// Search sends "position" and "go" and waits for "bestmove". When ctx
// ends first it sends "stop"; an engine that does not answer within
// StopGrace is killed (and restarted for the next game).
func (e *UCI) Search(ctx context.Context, pos Position, l Limits) (Result, error) {
	if e.dead {
		return Result{}, fmt.Errorf("%s is not running", e.label())
	}
	if err := e.Send(PositionCommand(pos)); err != nil {
		return Result{}, err
	}
	if err := e.Send(GoCommand(l)); err != nil {
		return Result{}, err
	}
	var r Result
	var best string
	collect := func(line string) {
		if strings.HasPrefix(line, "info ") {
			ParseInfo(line, &r)
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
		if e.Send("stop") == nil {
			if e.readUntil(context.Background(), StopGrace, "bestmove", nil) != nil {
				e.Kill()
			}
		} else {
			e.Kill()
		}
		return Result{}, err
	}
	if err != nil {
		return Result{}, err
	}
	if best == "" || best == "(none)" || best == "0000" {
		return Result{}, fmt.Errorf("%s sent no move (%q)", e.label(), "bestmove "+best)
	}
	r.Move = best
	return r, nil
}

// Analysis is what Analyse returns: the engine's move and the last exact
// report of each line it searched, the best first.
type Analysis struct {
	Move  string // "bestmove", UCI notation
	Lines []Line // by MultiPV: Lines[0] is the best line
}

// Analyse searches pos within l (a depth or a node count, for a result
// that is the same on every run with one thread and a fresh hash) and
// returns every line the engine reported at the end: with the engine's
// MultiPV option set to n (in UCIConfig.Options), its n best moves. A
// bound reported while a search was still resolving is replaced by the
// line's exact report; a line reported only as a bound keeps it. A
// position without legal moves, or a search ended by ctx, is an error.
func (e *UCI) Analyse(ctx context.Context, pos Position, l Limits) (Analysis, error) {
	if e.dead {
		return Analysis{}, fmt.Errorf("%s is not running", e.label())
	}
	if err := e.Send(PositionCommand(pos)); err != nil {
		return Analysis{}, err
	}
	if err := e.Send(GoCommand(l)); err != nil {
		return Analysis{}, err
	}
	var a Analysis
	best := ""
	collect := func(line string) {
		if strings.HasPrefix(line, "bestmove") {
			if f := strings.Fields(line); len(f) > 1 {
				best = f[1]
			}
			return
		}
		ln, ok := ParseLine(line)
		if !ok || ln.MultiPV < 1 {
			return
		}
		for len(a.Lines) < ln.MultiPV {
			a.Lines = append(a.Lines, Line{})
		}
		if old := a.Lines[ln.MultiPV-1]; ln.Bound != "" && old.Bound == "" && old.Depth == ln.Depth {
			return // keep the exact report of this depth
		}
		a.Lines[ln.MultiPV-1] = ln
	}
	if err := e.readUntil(ctx, 0, "bestmove", collect); err != nil {
		if ctx.Err() != nil && !e.dead {
			if e.Send("stop") != nil || e.readUntil(context.Background(), StopGrace, "bestmove", nil) != nil {
				e.Kill()
			}
		}
		return Analysis{}, err
	}
	if best == "" || best == "(none)" || best == "0000" || len(a.Lines) == 0 {
		return Analysis{}, fmt.Errorf("%s sent no move (%q): the position has no legal move", e.label(), "bestmove "+best)
	}
	a.Move = best
	return a, nil
}

// Close sends "quit", waits a second for the engine to end, then kills it.
func (e *UCI) Close() error {
	if e.conn == nil {
		return nil
	}
	e.conn.Stop() // nobody reads the engine's output any more
	if !e.dead {
		e.conn.Send("quit")
		e.conn.Wait(time.Second)
	}
	e.Kill()
	return nil
}
