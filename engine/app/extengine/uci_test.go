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
