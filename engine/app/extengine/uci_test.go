package extengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeUCI is a scripted UCI engine in the same process, over
// operating-system pipes; it records the commands it gets.
type fakeUCI struct {
	mu  sync.Mutex
	got []string
}

func (f *fakeUCI) dialer() Dialer {
	return func() (*Conn, error) {
		inR, inW, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		outR, outW, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		go func() {
			f.run(inR, outW)
			inR.Close()
		}()
		return Attach(inW, outR, func() { inW.Close() }), nil
	}
}

func (f *fakeUCI) run(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	say := func(s string) { fmt.Fprintln(out, s) }
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		f.mu.Lock()
		f.got = append(f.got, line)
		f.mu.Unlock()
		switch {
		case line == "uci":
			say("id name Fake UCI 2")
			say("option name Hash type spin default 16 min 1 max 64")
			say("option name Skill Level type spin default 20 min 0 max 20")
			say("option name Style type combo default Solid var Solid var Wild")
			say("uciok")
		case line == "isready":
			say("readyok")
		case line == "eval":
			say("Final evaluation: none (in check)")
		case line == "go depth 9":
			say("info depth 0 score mate 0")
			say("bestmove (none)")
		case strings.HasPrefix(line, "go nodes"):
			// An analysis with MultiPV 2: a bound while depth 2 resolves,
			// then its exact report; currmove noise.
			say("info depth 1 multipv 1 score cp 10 nodes 20 pv d2d4")
			say("info depth 1 multipv 2 score cp 5 nodes 20 pv e2e4")
			say("info depth 2 currmove e2e4 currmovenumber 1")
			say("info depth 2 multipv 1 score cp 40 lowerbound nodes 60 pv e2e4")
			say("info depth 2 multipv 1 score cp 35 nodes 90 pv e2e4 e7e5")
			say("info depth 2 multipv 2 score mate -3 nodes 90 pv a2a3 e7e5")
			say("info depth 2 multipv 1 score cp 50 upperbound nodes 91 pv e2e4")
			say("bestmove e2e4 ponder e7e5")
		case strings.HasPrefix(line, "go depth"):
			say("info depth 5 score cp 31 nodes 777 pv e2e4")
			say("bestmove e2e4 ponder e7e5")
		case line == "go infinite":
			// until "stop"
		case line == "stop":
			say("bestmove d2d4")
		case line == "quit":
			return
		}
	}
}

// Analyse keeps each line's last exact report, the best line first, and
// refuses a position without legal moves.
func TestUCIAnalyse(t *testing.T) {
	ctx := context.Background()
	f := &fakeUCI{}
	e, err := NewUCI(ctx, UCIConfig{Path: "fake"}, f.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a, err := e.Analyse(ctx, Position{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1"}, Limits{Nodes: 90})
	want := Analysis{Move: "e2e4", Lines: []Line{
		{MultiPV: 1, Depth: 2, Score: 35, Nodes: 90, PV: []string{"e2e4", "e7e5"}},
		{MultiPV: 2, Depth: 2, Mate: -3, Nodes: 90, PV: []string{"a2a3", "e7e5"}},
	}}
	if err != nil || !reflect.DeepEqual(a, want) {
		t.Errorf("Analyse = %+v, %v; want %+v", a, err, want)
	}
	if got := f.sent(); !slices.Contains(got, "position fen 8/8/8/8/8/8/8/K6k w - - 0 1") || !slices.Contains(got, "go nodes 90") {
		t.Errorf("sent %q", got)
	}
	if _, err := e.Analyse(ctx, Position{}, Limits{Depth: 9}); err == nil || !strings.Contains(err.Error(), "no legal move") {
		t.Errorf("a position without moves: %v", err)
	}
}

func (f *fakeUCI) sent() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	got := f.got
	f.got = nil
	return got
}

func TestUCIConversation(t *testing.T) {
	ctx := context.Background()
	f := &fakeUCI{}
	cfg := UCIConfig{Path: "fake", Options: []Option{{Name: "hash", Value: "8"}, {Name: "style", Value: "wild"}},
		Setup: []string{"setoption name UCI_ShowWDL value true"}}
	e, err := NewUCI(ctx, cfg, f.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.ID() != "Fake UCI 2" || e.Name() != "Fake UCI 2 (hash=8, style=wild)" {
		t.Errorf("id %q, name %q", e.ID(), e.Name())
	}
	want := []string{"uci", "setoption name Hash value 8", "setoption name Style value Wild", "setoption name UCI_ShowWDL value true", "isready"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("start-up:\n got %q\nwant %q", got, want)
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	r, err := e.Search(ctx, Position{Moves: []string{"g1f3"}}, Limits{Depth: 5})
	if want := (Result{Move: "e2e4", HasScore: true, Score: 31, Depth: 5, Nodes: 777}); err != nil || r != want {
		t.Errorf("search: %+v, %v; want %+v", r, err, want)
	}
	want = []string{"ucinewgame", "isready", "position startpos moves g1f3", "go depth 5"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("search:\n got %q\nwant %q", got, want)
	}
	// Stopped by its context: "stop", and the engine's late bestmove is
	// read before the next command.
	stop, cancel := context.WithCancel(ctx)
	go func() {
		for !slices.Contains(f.snapshot(), "go infinite") {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := e.Search(stop, Position{}, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("stopped search: %v", err)
	}
	if got := f.sent(); !slices.Equal(got, []string{"position startpos", "go infinite", "stop"}) {
		t.Errorf("stopped search sent %q", got)
	}
	// Line by line: an awaited line found by a function.
	if err := e.Send("eval"); err != nil {
		t.Fatal(err)
	}
	line, err := e.ReadUntilFunc(ctx, time.Minute, func(l string) bool { return strings.HasPrefix(l, "Final evaluation") }, nil)
	if err != nil || line != "Final evaluation: none (in check)" {
		t.Errorf("eval: %q, %v", line, err)
	}

	// Options are checked against those the engine announces.
	for _, o := range []Option{{Name: "NoSuch", Value: "1"}, {Name: "Hash", Value: "99"}, {Name: "Hash", Value: "big"}, {Name: "Style", Value: "Odd"}} {
		if _, err := NewUCI(ctx, UCIConfig{Path: "fake", Options: []Option{o}}, (&fakeUCI{}).dialer()); !errors.Is(err, ErrOption) {
			t.Errorf("option %v: %v, want ErrOption", o, err)
		}
	}
	// A program that ends at once is no UCI engine.
	dead := func() (*Conn, error) { return Attach(io.Discard, strings.NewReader(""), nil), nil }
	if _, err := NewUCI(ctx, UCIConfig{Path: "/bin/true"}, dead); !errors.Is(err, ErrNotUCI) || !strings.Contains(err.Error(), "/bin/true does not answer as a UCI engine: the engine ended") {
		t.Errorf("a program that ends: %v", err)
	}
}

func (f *fakeUCI) snapshot() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.got)
}

// A real child process: its lines, then its end with the exit status and
// its last error output.
func TestStartProcess(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	if _, err := Start(filepath.Join(t.TempDir(), "missing"), nil); err == nil {
		t.Error("a missing program started")
	}
	c, err := Start(sh, []string{"-c", "read x; echo \"got $x\"; echo oops >&2; exit 3"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Kill()
	if err := c.Send("hello"); err != nil {
		t.Fatal(err)
	}
	line, err := c.ReadUntil(context.Background(), time.Minute, Word("got"), nil)
	if err != nil || line != "got hello" {
		t.Fatalf("line %q, %v", line, err)
	}
	_, err = c.ReadUntil(context.Background(), time.Minute, Word("never"), nil)
	if !errors.Is(err, ErrEnded) || err.Error() != "it ended: exit status 3; its last error output: oops" {
		t.Errorf("end: %v", err)
	}
	if !c.Wait(time.Minute) {
		t.Error("the process did not end")
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "engine")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(exe); err != nil || got != exe {
		t.Errorf("Find(%q) = %q, %v; want the path itself", exe, got, err)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), "plylab-no-such-engine"} {
		if _, err := Find(bad); err == nil {
			t.Errorf("Find(%q): no error", bad)
		}
	}
}
