package extengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeCECP is a scripted CECP engine in the same process: it records every
// command it gets and answers as a protocol version 2 engine would.
type fakeCECP struct {
	features []string // the "feature" lines it sends after "protover 2"
	moves    []string // its answers to "go", in turn
	think    string   // a thinking line sent before each move
	rejectSD bool     // it does not know "sd" (as Phalanx)
	hang     bool     // it never answers "go" (until "?")
	resign   bool     // it answers "go" with "resign"

	mu  sync.Mutex
	got []string
}

// dialer starts a fresh run of the fake (as a process restart would),
// over operating-system pipes: they buffer as a child process's do, so
// the fake and the client may both write at once.
func (f *fakeCECP) dialer() Dialer {
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

func (f *fakeCECP) run(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	say := func(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...) }
	sc := bufio.NewScanner(in)
	next := 0
	for sc.Scan() {
		line := sc.Text()
		f.mu.Lock()
		f.got = append(f.got, line)
		f.mu.Unlock()
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "protover":
			for _, l := range f.features {
				say("%s", l)
			}
		case "ping":
			say("pong %s", arg)
		case "sd":
			if f.rejectSD {
				say("Error (unknown command): sd")
			}
		case "go":
			switch {
			case f.resign:
				say("resign")
			case f.hang:
			default:
				if f.think != "" {
					say("%s", f.think)
				}
				say("move %s", f.moves[next%len(f.moves)])
				next++
			}
		case "?":
			say("move %s", f.moves[0])
		case "quit":
			return
		}
	}
}

// sent returns the commands received so far and forgets them.
func (f *fakeCECP) sent() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	got := f.got
	f.got = nil
	return got
}

var fakeFeatures = []string{
	`feature myname="Fake CECP 1.0" setboard=1 ping=1 usermove=1`,
	`feature memory=1 option="Style -combo Solid /// Wild" san=1`,
	`feature done=1`,
}

func TestCECPConversation(t *testing.T) {
	ctx := context.Background()
	f := &fakeCECP{features: fakeFeatures, moves: []string{"e7e5", "b8c6"}, think: "7 -25 31 123456 e7e5 g1f3"}
	e, err := NewCECP(ctx, CECPConfig{Path: "fake", MemoryMB: 16, Options: []Option{{Name: "style", Value: "Wild"}}}, f.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "Fake CECP 1.0" || e.Feature("setboard") != "1" || e.Feature("san") != "" {
		t.Errorf("name %q, setboard %q, san %q", e.Name(), e.Feature("setboard"), e.Feature("san"))
	}
	want := []string{"xboard", "protover 2",
		"accepted myname", "accepted setboard", "accepted ping", "accepted usermove",
		"accepted memory", "accepted option", "rejected san",
		"memory 16", "option Style=Wild", "ping 1"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("start-up:\n got %q\nwant %q", got, want)
	}

	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	f.sent()
	tc := Control{Base: 10 * time.Second, Inc: 100 * time.Millisecond}
	clocks := func(w, b time.Duration) Limits {
		return Limits{Clock: [2]SideClock{{On: true, Left: w, Inc: tc.Inc}, {On: true, Left: b, Inc: tc.Inc}}}
	}
	r, err := e.Search(ctx, Position{Moves: []string{"e2e4"}}, tc, clocks(9800*time.Millisecond, 10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Result{Move: "e7e5", HasScore: true, Score: -25, Depth: 7, Nodes: 123456}); r != want {
		t.Errorf("first move %+v, want %+v", r, want)
	}
	want = []string{"new", "force", "post", "easy", "level 0 0:10 0.1", "usermove e2e4", "time 1000", "otim 980", "ping 3", "go"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("first move:\n got %q\nwant %q", got, want)
	}
	// The next move: only what the engine has not seen.
	r, err = e.Search(ctx, Position{Moves: []string{"e2e4", "e7e5", "g1f3"}}, tc, clocks(9700*time.Millisecond, 9500*time.Millisecond))
	if err != nil || r.Move != "b8c6" {
		t.Fatalf("second move %+v, %v", r, err)
	}
	want = []string{"force", "usermove g1f3", "time 950", "otim 970", "ping 4", "go"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("second move:\n got %q\nwant %q", got, want)
	}
	// A position the engine's game does not lead to: a new game from a FEN.
	fen := "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
	if _, err := e.Search(ctx, Position{FEN: fen, Moves: []string{"e8d7"}}, Control{}, Limits{Depth: 3}); err != nil {
		t.Fatal(err)
	}
	want = []string{"new", "force", "post", "easy", "sd 3", "setboard " + fen, "usermove e8d7", "ping 5", "go"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("from a FEN:\n got %q\nwant %q", got, want)
	}
	if _, err := e.Search(ctx, Position{Moves: []string{"e2e4"}}, Control{}, Limits{Nodes: 100}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a node limit: %v, want ErrUnsupported", err)
	}
}

// An engine that does not know "sd" is given "depth", as Phalanx needs.
func TestCECPDepthFallback(t *testing.T) {
	ctx := context.Background()
	f := &fakeCECP{features: []string{`feature ping=1 done=1`}, moves: []string{"e7e5"}, rejectSD: true}
	e, err := NewCECP(ctx, CECPConfig{Path: "/usr/games/old"}, f.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "old" {
		t.Errorf("name %q, want the executable's", e.Name())
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	f.sent()
	for i, moves := range [][]string{{"e2e4"}, {"e2e4", "e7e5", "d2d4"}} {
		if _, err := e.Search(ctx, Position{Moves: moves}, Control{}, Limits{Depth: 2}); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	want := []string{"new", "force", "post", "easy", "sd 2", "e2e4", "ping 3", "depth 2", "go",
		"force", "d2d4", "ping 4", "go"}
	if got := f.sent(); !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// Time up: "?" brings the move back; the engine's game is set up afresh
// next time. An engine that resigns or ends is an error that says so.
func TestCECPStopsAndFailures(t *testing.T) {
	f := &fakeCECP{features: fakeFeatures, moves: []string{"e7e5"}, hang: true}
	e, err := NewCECP(context.Background(), CECPConfig{Path: "fake"}, f.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	f.sent()
	go func() {
		for !slices.Contains(f.snapshot(), "go") {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := e.Search(ctx, Position{Moves: []string{"e2e4"}}, Control{}, Limits{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped search: %v", err)
	}
	if got := f.sent(); got[len(got)-1] != "?" {
		t.Errorf("after the stop: %q, want \"?\" last", got)
	}

	f2 := &fakeCECP{features: fakeFeatures, resign: true}
	e2, err := NewCECP(context.Background(), CECPConfig{Path: "fake"}, f2.dialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if _, err := e2.Search(context.Background(), Position{}, Control{}, Limits{Depth: 1}); err == nil || !strings.Contains(err.Error(), "Fake CECP 1.0 ended the game itself (resign)") {
		t.Errorf("resigning engine: %v", err)
	}

	// A program that ends at once is no CECP engine.
	dead := func() (*Conn, error) { return Attach(io.Discard, strings.NewReader(""), nil), nil }
	if _, err := NewCECP(context.Background(), CECPConfig{Path: "true"}, dead); !errors.Is(err, ErrNotCECP) {
		t.Errorf("a program that ends: %v, want ErrNotCECP", err)
	}
}

func (f *fakeCECP) snapshot() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.got)
}

func TestCECPText(t *testing.T) {
	got := parseFeatures(`myname="Phalanx XXV" analyze=1 option="Randomizer (0-50) -slider 0 0 50" ping=1`)
	want := [][2]string{{"myname", "Phalanx XXV"}, {"analyze", "1"}, {"option", "Randomizer (0-50) -slider 0 0 50"}, {"ping", "1"}}
	if !slices.Equal(got, want) {
		t.Errorf("parseFeatures = %q, want %q", got, want)
	}
	for _, tt := range []struct {
		c    Control
		want string
	}{
		{Control{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "level 0 0:10 0.1"},
		{Control{Base: 60 * time.Second, Inc: 600 * time.Millisecond}, "level 0 1 0.6"},
		{Control{Base: 90 * time.Second, Moves: 40}, "level 40 1:30 0"},
	} {
		if got := levelCommand(tt.c); got != tt.want {
			t.Errorf("levelCommand(%+v) = %q, want %q", tt.c, got, tt.want)
		}
	}
	for _, tt := range []struct {
		line string
		want Result
	}{
		{"  9    -13    11    52391  e7-e5  Nb1-c3", Result{HasScore: true, Depth: 9, Score: -13, Nodes: 52391}},
		{"12 100003 120 99999 Qh5", Result{HasScore: true, Depth: 12, Score: 100003, Mate: 3, Nodes: 99999}},
		{"12 -100002 120 99999 Kg8", Result{HasScore: true, Depth: 12, Score: -100002, Mate: -2, Nodes: 99999}},
		{"tellics whisper depth=9; eval=-0.24", Result{}},
	} {
		var r Result
		if parseThinking(tt.line, &r); r != tt.want {
			t.Errorf("parseThinking(%q) = %+v, want %+v", tt.line, r, tt.want)
		}
	}
	if got := rejection("Illegal move: sd 3"); got != "sd 3" {
		t.Errorf("rejection = %q", got)
	}
	if got := rejection("Error (unknown command): sd"); got != "sd" {
		t.Errorf("rejection = %q", got)
	}
}

// The real Phalanx (Debian's phalanx package, a CECP-only engine): two
// moves of a game at depth 2. Skipped when it is not installed.
func TestPhalanx(t *testing.T) {
	path, err := Find("phalanx")
	if err != nil {
		t.Skip("phalanx is not installed (apt-get install phalanx)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	e, err := StartCECP(ctx, CECPConfig{Path: path, Args: []string{"-l", "-", "-b", "-"}, MemoryMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "Phalanx XXV" || e.Feature("setboard") != "1" {
		t.Errorf("name %q, setboard %q", e.Name(), e.Feature("setboard"))
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	// A back-rank mate in one for Black, then a reply to 1. e4 in a new
	// game (its book is off: it searches). Phalanx reports its search
	// from the third ply on.
	fen := "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"
	r, err := e.Search(ctx, Position{FEN: fen}, Control{}, Limits{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != "d8d1" || !r.HasScore {
		t.Errorf("Phalanx played %+v, want d8d1 (Rd1#) with its search's report", r)
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	r, err = e.Search(ctx, Position{Moves: []string{"e2e4"}}, Control{}, Limits{Depth: 4})
	if err != nil || len(r.Move) != 4 || !r.HasScore || r.Depth != 4 {
		t.Errorf("Phalanx's reply to 1. e4: %+v, %v; want a move found at depth 4", r, err)
	}
}
