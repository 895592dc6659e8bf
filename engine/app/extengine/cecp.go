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

// A client for the Chess Engine Communication Protocol (CECP, the
// xboard/WinBoard protocol), version 2, as far as a match needs it.
//
// The engine is kept in force mode (it only records moves) except while
// it thinks: for each move the client sends "force", the moves played
// since the engine last saw the game ("usermove" when the engine asked for
// it), the clocks ("time" and "otim" in centiseconds), synchronizes with
// "ping"/"pong" when the engine offers it (an "Illegal move" or "Error"
// answer to anything sent is then seen before the engine thinks), and
// sends "go"; the engine answers "move MOVE". A game starts with "new",
// "force", "post" (report the search), "easy" (no pondering), the time
// control ("level", or "st" for a time per move) and "setboard" for a
// position other than the start. When the caller's context ends the
// client sends "?" (move now), and kills an engine that does not move
// within StopGrace. A depth limit is "sd N"; an engine that rejects it
// (Phalanx does) is sent the older "depth N".

// ErrNotCECP is wrapped by the error for a program that does not answer as
// a CECP engine (no "feature" line, or no "pong" to a "ping").
var ErrNotCECP = errors.New("does not answer as a CECP (xboard) engine")

// ErrUnsupported is wrapped by the error for a request the protocol or the
// engine cannot express (a node limit in CECP, a position without
// setboard).
var ErrUnsupported = errors.New("not supported by the engine's protocol")

// CECPConfig says how to start an external CECP engine.
type CECPConfig struct {
	Path string   // the executable (looked up as Find does)
	Args []string // its arguments
	// Options are set with "option NAME=VALUE", checked against the
	// options the engine announces (feature option="...").
	Options []Option
	// MemoryMB, if positive, is sent as "memory N" to an engine that
	// announces feature memory=1 (the size of its hash tables).
	MemoryMB int
	Name     string // the player's name; default: the engine's myname feature
	// StartTimeout bounds the feature exchange and each "ping"; default
	// 30 s. An engine that sends no "feature done=0" gets 2 s for its
	// features, as xboard gives it.
	StartTimeout time.Duration
	// Log, if not nil, receives every line sent (">") and received ("<").
	Log io.Writer
}

// Control is a game's time control as CECP's "level" says it: Base for
// every Moves moves (0: the whole game), plus Inc a move. Zero means no
// clock.
type Control struct {
	Base  time.Duration
	Inc   time.Duration
	Moves int
}

// CECP is a running external CECP engine.
type CECP struct {
	cfg      CECPConfig
	dial     Dialer
	conn     *Conn
	features map[string]string
	options  []string // announced option names
	name     string
	dead     bool
	pings    int
	// depthCmd is "sd" until the engine rejects it, then "depth".
	depthCmd string
	// known is the game as the engine has it, valid when inGame.
	known   Position
	inGame  bool
	control Control
}

// StartCECP starts the engine at cfg.Path and reads its features.
func StartCECP(ctx context.Context, cfg CECPConfig) (*CECP, error) {
	path, err := Find(cfg.Path)
	if err != nil {
		return nil, fmt.Errorf("CECP engine %q not found: %w", cfg.Path, err)
	}
	return NewCECP(ctx, cfg, ProcessDialer(path, cfg.Args))
}

// NewCECP is StartCECP with the engine started by dial.
func NewCECP(ctx context.Context, cfg CECPConfig, dial Dialer) (*CECP, error) {
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	e := &CECP{cfg: cfg, dial: dial, depthCmd: "sd"}
	if err := e.start(ctx); err != nil {
		return nil, err
	}
	e.name = cfg.Name
	if e.name == "" {
		e.name = e.features["myname"]
		if e.name == "" {
			e.name = filepath.Base(cfg.Path)
		}
	}
	return e, nil
}

// featureWait is how long an engine that did not send "feature done=0"
// has to send its features.
const featureWait = 2 * time.Second

// start dials the engine and runs "xboard", "protover 2" and the feature
// exchange, then sets the memory and options.
func (e *CECP) start(ctx context.Context) error {
	conn, err := e.dial()
	if err != nil {
		return err
	}
	conn.Log = e.cfg.Log
	e.conn, e.dead, e.inGame = conn, false, false
	fail := func(err error) error {
		e.Kill()
		return err
	}
	for _, c := range []string{"xboard", "protover 2"} {
		if err := e.send(c); err != nil {
			return fail(fmt.Errorf("%w: %w", ErrNotCECP, err))
		}
	}
	e.features = map[string]string{}
	e.options = nil
	seen := false
	deadline := time.Now().Add(featureWait)
	for {
		left := max(time.Until(deadline), time.Nanosecond) // 0 would wait for ever
		line, err := e.conn.ReadUntil(ctx, left, func(l string) bool { return strings.HasPrefix(l, "feature ") }, nil)
		if errors.Is(err, ErrTimeout) && seen {
			break // no done=1 within the wait: go on, as xboard does
		}
		if err != nil {
			if ctx.Err() != nil {
				return fail(err)
			}
			return fail(fmt.Errorf("%s %w: %w", e.label(), ErrNotCECP, e.died(err)))
		}
		seen = true
		done := false
		for _, kv := range parseFeatures(strings.TrimPrefix(line, "feature ")) {
			switch kv[0] {
			case "done":
				if kv[1] == "0" {
					deadline = time.Now().Add(e.cfg.StartTimeout)
				} else {
					done = true
				}
				continue
			case "option":
				if name, _, ok := strings.Cut(kv[1], " -"); ok {
					e.options = append(e.options, strings.TrimSpace(name))
				}
			}
			e.features[kv[0]] = kv[1]
			verdict := "accepted"
			if kv[0] == "san" && kv[1] == "1" {
				verdict = "rejected" // moves are exchanged in coordinates
			}
			if err := e.send(verdict + " " + kv[0]); err != nil {
				return fail(err)
			}
		}
		if done {
			break
		}
	}
	if e.features["san"] == "1" {
		delete(e.features, "san")
	}
	if e.cfg.MemoryMB > 0 && e.features["memory"] == "1" {
		if err := e.send("memory " + strconv.Itoa(e.cfg.MemoryMB)); err != nil {
			return fail(err)
		}
	}
	for _, o := range e.cfg.Options {
		i := slices.IndexFunc(e.options, func(n string) bool { return strings.EqualFold(n, o.Name) })
		if i < 0 {
			return fail(fmt.Errorf("%w: %s has no option %q; its options are %s", ErrOption, e.label(), o.Name, strings.Join(e.options, ", ")))
		}
		if err := e.send("option " + e.options[i] + "=" + o.Value); err != nil {
			return fail(err)
		}
	}
	if _, err := e.sync(ctx); err != nil {
		return fail(err)
	}
	return nil
}

// parseFeatures reads `a=1 b="two words" c=3` into name, value pairs.
func parseFeatures(s string) [][2]string {
	var out [][2]string
	for {
		s = strings.TrimSpace(s)
		name, rest, ok := strings.Cut(s, "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return out
		}
		var val string
		if strings.HasPrefix(rest, `"`) {
			end := strings.Index(rest[1:], `"`)
			if end < 0 {
				return append(out, [2]string{name, rest[1:]})
			}
			val, rest = rest[1:1+end], rest[2+end:]
		} else {
			val, rest, _ = strings.Cut(rest, " ")
		}
		out = append(out, [2]string{name, val})
		s = rest
	}
}

// label names the engine in errors.
func (e *CECP) label() string {
	if e.name != "" {
		return e.name
	}
	if n := e.features["myname"]; n != "" {
		return n
	}
	return "CECP engine " + filepath.Base(e.cfg.Path)
}

func (e *CECP) send(line string) error {
	if err := e.conn.Send(line); err != nil {
		e.dead = true
		return fmt.Errorf("%s stopped reading its input: %w", e.label(), err)
	}
	return nil
}

// died marks the engine dead when err says that it ended.
func (e *CECP) died(err error) error {
	if errors.Is(err, ErrEnded) {
		e.dead = true
		return fmt.Errorf("%s died: %w", e.label(), err)
	}
	return err
}

// rejection is the command an "Illegal move" or "Error" line rejects, or
// "" for any other line.
func rejection(line string) string {
	for _, p := range []string{"Illegal move", "Error"} {
		if strings.HasPrefix(line, p) {
			if _, cmd, ok := strings.Cut(line, ":"); ok {
				return strings.TrimSpace(cmd)
			}
			return line
		}
	}
	return ""
}

// sync sends "ping N" and waits for "pong N" (engines without the ping
// feature are not waited for), returning the commands the engine rejected
// meanwhile.
func (e *CECP) sync(ctx context.Context) ([]string, error) {
	if e.features["ping"] != "1" {
		return nil, nil
	}
	e.pings++
	want := "pong " + strconv.Itoa(e.pings)
	if err := e.send("ping " + strconv.Itoa(e.pings)); err != nil {
		return nil, err
	}
	var rejected []string
	_, err := e.conn.ReadUntil(ctx, e.cfg.StartTimeout, func(l string) bool { return l == want }, func(l string) {
		if r := rejection(l); r != "" {
			rejected = append(rejected, r)
		}
	})
	if errors.Is(err, ErrTimeout) {
		e.Kill()
		return nil, fmt.Errorf("%s did not answer ping within %s", e.label(), e.cfg.StartTimeout)
	}
	return rejected, e.died(err)
}

// Name is the player's name: CECPConfig.Name, or the engine's myname
// feature.
func (e *CECP) Name() string { return e.name }

// Feature is the value of a feature the engine announced ("" if none).
func (e *CECP) Feature(name string) string { return e.features[name] }

// Kill ends the engine at once; the next game restarts it.
func (e *CECP) Kill() {
	if e.conn != nil {
		e.conn.Kill()
	}
	e.dead = true
}

// NewGame prepares a game: an engine that died in the last game (or that
// asked with feature reuse=0 not to be reused) is restarted; the game
// itself is set up at the first Search.
func (e *CECP) NewGame(ctx context.Context) error {
	if e.dead || (e.inGame && e.features["reuse"] == "0") {
		e.Kill()
		if err := e.start(ctx); err != nil {
			return fmt.Errorf("restarting %s: %w", e.label(), err)
		}
	}
	e.inGame = false
	_, err := e.sync(ctx)
	return err
}

// levelCommand is "level MPS BASE INC" with BASE in minutes or M:SS.
func levelCommand(c Control) string {
	base := c.Base.Round(time.Second)
	m, s := int(base/time.Minute), int(base%time.Minute/time.Second)
	b := strconv.Itoa(m)
	if s != 0 {
		b += fmt.Sprintf(":%02d", s)
	}
	return fmt.Sprintf("level %d %s %s", c.Moves, b, strconv.FormatFloat(c.Inc.Seconds(), 'f', -1, 64))
}

// centis is d in centiseconds, at least 1.
func centis(d time.Duration) string {
	return strconv.FormatInt(max(d.Milliseconds()/10, 1), 10)
}

// extends reports whether pos is known followed by more moves.
func extends(pos, known Position) bool {
	return pos.IsStart() == known.IsStart() && (pos.IsStart() || pos.FEN == known.FEN) &&
		len(pos.Moves) >= len(known.Moves) && slices.Equal(pos.Moves[:len(known.Moves)], known.Moves)
}

// setup starts the engine's game at pos's first position under control c
// and limits l.
func (e *CECP) setup(pos Position, c Control, l Limits) error {
	cmds := []string{"new", "force", "post", "easy"}
	switch {
	case c.Base > 0:
		cmds = append(cmds, levelCommand(c))
	case l.MoveTime > 0:
		cmds = append(cmds, "st "+strconv.FormatInt(max(int64((l.MoveTime+time.Second-1)/time.Second), 1), 10))
	}
	if l.Depth > 0 {
		cmds = append(cmds, e.depthCmd+" "+strconv.Itoa(l.Depth))
	}
	if !pos.IsStart() {
		if e.features["setboard"] != "1" {
			return fmt.Errorf("%w: %s cannot be given a position (no setboard feature)", ErrUnsupported, e.label())
		}
		cmds = append(cmds, "setboard "+pos.FEN)
	}
	for _, c := range cmds {
		if err := e.send(c); err != nil {
			return err
		}
	}
	e.known = Position{FEN: pos.FEN}
	e.inGame, e.control = true, c
	return nil
}

// Search gives the engine the game pos (its first position and moves
// since, in coordinate notation), its time (c is the game's time control,
// l this move's clocks and limits) and waits for its move. When ctx ends
// first it sends "?"; an engine that does not move within StopGrace is
// killed (and restarted for the next game). Result.Move is the move as
// the engine wrote it.
func (e *CECP) Search(ctx context.Context, pos Position, c Control, l Limits) (Result, error) {
	if e.dead {
		return Result{}, fmt.Errorf("%s is not running", e.label())
	}
	if l.Nodes > 0 {
		return Result{}, fmt.Errorf("%w: %s takes no node limit (CECP has none)", ErrUnsupported, e.label())
	}
	if !e.inGame || !extends(pos, e.known) || c != e.control {
		if err := e.setup(pos, c, l); err != nil {
			return Result{}, err
		}
	} else if err := e.send("force"); err != nil {
		return Result{}, err
	}
	prefix := ""
	if e.features["usermove"] == "1" {
		prefix = "usermove "
	}
	for _, m := range pos.Moves[len(e.known.Moves):] {
		if err := e.send(prefix + m); err != nil {
			return Result{}, err
		}
	}
	e.known.Moves = append(e.known.Moves[:0:0], pos.Moves...)
	side := len(pos.Moves) % 2
	if !pos.IsStart() && len(strings.Fields(pos.FEN)) > 1 && strings.Fields(pos.FEN)[1] == "b" {
		side = 1 - side
	}
	if e.features["time"] != "0" {
		if me := l.Clock[side]; me.On {
			if err := e.send("time " + centis(me.Left)); err != nil {
				return Result{}, err
			}
		}
		if opp := l.Clock[1-side]; opp.On {
			if err := e.send("otim " + centis(opp.Left)); err != nil {
				return Result{}, err
			}
		}
	}
	rejected, err := e.sync(ctx)
	if err != nil {
		return Result{}, err
	}
	for _, r := range rejected {
		if (r == "sd" || strings.HasPrefix(r, "sd ")) && l.Depth > 0 && e.depthCmd == "sd" {
			e.depthCmd = "depth"
			if err := e.send("depth " + strconv.Itoa(l.Depth)); err != nil {
				return Result{}, err
			}
			continue
		}
		e.inGame = false // the engine's game is no longer ours: set it up again next time
		return Result{}, fmt.Errorf("%s rejected %q", e.label(), r)
	}
	if err := e.send("go"); err != nil {
		return Result{}, err
	}
	var r Result
	var why string
	done := func(line string) bool {
		switch {
		case strings.HasPrefix(line, "move "):
			r.Move = strings.TrimSpace(strings.TrimPrefix(line, "move "))
			return true
		case strings.HasPrefix(line, "My move is:"):
			r.Move = strings.TrimSpace(strings.TrimPrefix(line, "My move is:"))
			return true
		case line == "resign" || strings.HasPrefix(line, "1-0") || strings.HasPrefix(line, "0-1") || strings.HasPrefix(line, "1/2-1/2"):
			why = "ended the game itself (" + line + ")"
			return true
		case rejection(line) != "":
			why = "rejected " + strconv.Quote(rejection(line))
			return true
		}
		parseThinking(line, &r)
		return false
	}
	_, err = e.conn.ReadUntil(ctx, 0, done, nil)
	if err != nil && ctx.Err() != nil && !e.dead {
		// Time is up (or the match stops): ask for the move now.
		if e.send("?") == nil {
			if _, err := e.conn.ReadUntil(context.Background(), StopGrace, func(l string) bool { return strings.HasPrefix(l, "move ") }, nil); err != nil {
				e.Kill()
			}
		} else {
			e.Kill()
		}
		e.inGame = false
		return Result{}, err
	}
	if err != nil {
		return Result{}, e.died(err)
	}
	if why != "" {
		e.inGame = false
		return Result{}, fmt.Errorf("%s %s", e.label(), why)
	}
	e.known.Moves = append(e.known.Moves, r.Move)
	return r, nil
}

// parseThinking reads a thinking line "PLY SCORE TIME NODES PV..." (score
// in centipawns from the engine's side, 100000+N for a mate in N, as
// xboard reads it) into r; other lines are skipped.
func parseThinking(line string, r *Result) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return
	}
	var n [4]int64
	for i := range n {
		v, err := strconv.ParseInt(strings.TrimRight(f[i], ".&"), 10, 64)
		if err != nil {
			return
		}
		n[i] = v
	}
	r.HasScore, r.Depth, r.Nodes = true, int(n[0]), uint64(max(n[3], 0))
	r.Score, r.Mate = int(n[1]), 0
	switch {
	case n[1] >= 100000:
		r.Mate = int(n[1] - 100000)
	case n[1] <= -100000:
		r.Mate = -int(-n[1] - 100000)
	}
}

// Close sends "quit", waits a second for the engine to end, then kills it.
func (e *CECP) Close() error {
	if e.conn == nil {
		return nil
	}
	e.conn.Stop()
	if !e.dead {
		e.conn.Send("quit")
		e.conn.Wait(time.Second)
	}
	e.Kill()
	return nil
}
