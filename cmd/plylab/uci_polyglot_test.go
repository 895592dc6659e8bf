package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Pondering as a GUI drives it, through PolyGlot (Debian package
// "polyglot", which ./test.sh installs): PolyGlot speaks the xboard
// protocol to the test, which plays the GUI, and UCI to plylab. It lets an
// engine ponder only when the engine announces the Ponder option. After
// each of the engine's moves it sets up the position after the engine's
// ponder move and sends "go ponder"; when the opponent's move is that
// move it sends "ponderhit", otherwise "stop" and a new search. The test
// plays the engine's expected reply on every other move, and reads
// PolyGlot's log of the UCI conversation at the end.
func TestUCIPolyglotPonder(t *testing.T) {
	const polyglot = "/usr/games/polyglot"
	if runtime.GOOS == "windows" || !fileExists(polyglot) {
		t.Skip("PolyGlot not installed (./test.sh installs it)")
	}
	t.Parallel()
	exe := buildPlylab(t)
	dir := t.TempDir()
	logPath := filepath.Join(dir, "polyglot.log")
	ini := filepath.Join(dir, "plylab.ini")
	conf := fmt.Sprintf("[PolyGlot]\nEngineDir = %s\nEngineCommand = %s uci\nLog = true\nLogFile = %s\nBook = false\n\n[Engine]\nHash = 8\n", dir, exe, logPath)
	if err := os.WriteFile(ini, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(polyglot, ini)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	send := func(cmds ...string) {
		t.Helper()
		for _, c := range cmds {
			if _, err := io.WriteString(in, c+"\n"); err != nil {
				t.Fatalf("send %q: %v", c, err)
			}
		}
	}
	expect := func(prefix string) string {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("PolyGlot ended while the test waited for %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-timeout:
				t.Fatalf("no %q from PolyGlot within 30 s", prefix)
			}
		}
	}

	b := board.New()
	play := func(s string) {
		t.Helper()
		m, err := b.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, b.FEN(), err)
		}
		b.Make(m)
	}
	// A 10 s clock each ("time" and "otim" are in centiseconds): a move
	// takes the engine a fraction of a second.
	const clock = "time 1000"
	send("xboard", "protover 2")
	expect("feature done=1")
	send("new", "hard", clock, "otim 1000", "go") // hard: pondering on
	play(strings.TrimPrefix(expect("move "), "move "))
	hits, misses := 0, 0
	for turn := 0; turn < 4 && b.HasLegalMove(); turn++ {
		send("hint") // PolyGlot answers with the engine's ponder move, in SAN
		hint, err := b.ParseMove(strings.TrimPrefix(expect("Hint: "), "Hint: "))
		if err != nil {
			t.Fatalf("hint: %v", err)
		}
		reply := hint
		if turn%2 == 1 {
			var ml board.MoveList
			b.GenerateMoves(&ml)
			for _, m := range ml.Slice() {
				if m != hint {
					reply = m
					break
				}
			}
		}
		if reply == hint {
			hits++
		} else {
			misses++
		}
		play(reply.String())
		send(clock, "otim 1000", "usermove "+reply.String())
		play(strings.TrimPrefix(expect("move "), "move "))
	}
	send("quit")
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("PolyGlot did not exit after quit")
	}

	// The UCI side of the game, from PolyGlot's log: what it sent the
	// engine and the engine's bestmoves.
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for _, l := range strings.Split(string(data), "\n") {
		if _, msg, ok := strings.Cut(l, "Adapter->Engine: "); ok {
			events = append(events, ">"+msg)
		} else if _, msg, ok := strings.Cut(l, "Engine->Adapter: "); ok && (strings.HasPrefix(msg, "bestmove") || strings.HasPrefix(msg, "option name Ponder")) {
			events = append(events, "<"+msg)
		}
	}
	if !slices.Contains(events, "<option name Ponder type check default false") || !slices.Contains(events, ">setoption name Ponder value true") {
		t.Errorf("the Ponder option was not announced and switched on: %q", events)
	}
	// Every go ponder ends with ponderhit or stop before its bestmove;
	// after a ponderhit the bestmove comes before anything else is sent.
	ponders, gotHits, gotStops := 0, 0, 0
	for i, e := range events {
		if !strings.HasPrefix(e, ">go ") || !slices.Contains(strings.Fields(e), "ponder") {
			continue
		}
		ponders++
		j := i + 1
		for j < len(events) && events[j] != ">ponderhit" && events[j] != ">stop" && events[j] != ">quit" {
			if strings.HasPrefix(events[j], "<bestmove") {
				t.Errorf("%q before ponderhit or stop, after %q", events[j], e)
			}
			j++
		}
		switch {
		case j == len(events) || events[j] == ">quit":
			// The last ponder, ended by quit.
		case events[j] == ">ponderhit":
			gotHits++
			if j+1 >= len(events) || !strings.HasPrefix(events[j+1], "<bestmove") {
				t.Errorf("after ponderhit: %q, want the bestmove first", events[j+1:])
			}
		default:
			gotStops++
		}
	}
	if gotHits != hits || gotStops < misses || ponders < hits+misses {
		t.Errorf("%d go ponder, %d ponderhit, %d stop; want %d ponderhits and %d misses:\n%s",
			ponders, gotHits, gotStops, hits, misses, strings.Join(events, "\n"))
	}
	t.Logf("%d go ponder: %d ponder hits, %d misses\n%s", ponders, hits, misses, strings.Join(events, "\n"))
}
