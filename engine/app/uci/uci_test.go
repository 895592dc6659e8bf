package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/engine/board"
)

// failAfter bounds every wait: generous, so a slow CI machine does not
// fail, but a hang is reported instead of blocking the test binary.
const failAfter = 30 * time.Second

// client drives Run over io.Pipe, as a GUI drives the engine process.
type client struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string // everything the engine writes, line by line
	done  chan error  // Run's result
}

func startEngine(t *testing.T, cfg Config) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1)}
	if cfg.Version == "" {
		cfg.Version = "test"
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = 4 // small tables keep the tests light
	}
	go func() {
		err := Run(context.Background(), inR, outW, cfg)
		outW.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(failAfter):
			t.Errorf("Run did not return after its input was closed")
		}
	})
	return c
}

func (c *client) send(cmds ...string) {
	c.t.Helper()
	for _, cmd := range cmds {
		if _, err := io.WriteString(c.in, cmd+"\n"); err != nil {
			c.t.Fatalf("send %q: %v", cmd, err)
		}
	}
}

// until reads lines until one starts with prefix and returns it with the
// lines before it.
func (c *client) until(prefix string) (string, []string) {
	c.t.Helper()
	var before []string
	timeout := time.After(failAfter)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("engine output ended while waiting for %q; got %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			c.t.Fatalf("no %q line within %v; got %q", prefix, failAfter, before)
		}
	}
}

// quiet checks that nothing starting with prefix arrives within d.
func (c *client) quiet(prefix string, d time.Duration) []string {
	c.t.Helper()
	var got []string
	timeout := time.After(d)
	for {
		select {
		case l := <-c.lines:
			if strings.HasPrefix(l, prefix) {
				c.t.Fatalf("unexpected %q", l)
			}
			got = append(got, l)
		case <-timeout:
			return got
		}
	}
}

// legalIn checks that the bestmove line names a legal move on b.
func legalIn(t *testing.T, line string, b *board.Board) board.Move {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove line: %q", line)
	}
	m, err := b.ParseMove(f[1])
	if err != nil || m.String() != f[1] {
		t.Fatalf("bestmove %q is not a legal UCI move in %s", f[1], b.FEN())
	}
	if len(f) == 4 {
		if f[2] != "ponder" {
			t.Fatalf("bad bestmove line %q", line)
		}
		c := b.Copy()
		c.Make(m)
		if _, err := c.ParseMove(f[3]); err != nil {
			t.Errorf("ponder move %q is not legal after %s", f[3], f[1])
		}
	} else if len(f) != 2 {
		t.Fatalf("bad bestmove line %q", line)
	}
	return m
}

func TestUCIHandshake(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{Version: "1.2.3"})
	c.send("uci")
	_, lines := c.until("uciok")
	want := []string{
		"id name plylab 1.2.3",
		"id author the plylab authors",
		"option name Hash type spin default 4 min 1 max 4096",
		"option name OwnBook type check default false",
		"option name BookFile type string default /usr/share/games/gnuchess/book.bin",
		"option name Eval type combo default nnue var material var pst var pesto var classical var nnue",
		"option name EvalFile type string default <empty>",
		"option name Threads type spin default 1 min 1 max 64",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
	}
	candidates := map[string]bool{"conthist": true, "histlmr": true, "tteval": true, "probcut": true, "corrpieces": true, "lmrbad": true, "qevasions": true, "capthist": true, "cutnode": true, "razor": true}
	for _, tech := range engine.Techniques() {
		// Every technique of the engine preset is on; a candidate not yet
		// in the preset is offered switched off.
		want = append(want, fmt.Sprintf("option name Tech %s type check default %v", tech.Name, !candidates[tech.Name]))
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci answer:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	c.send("isready")
	c.until("readyok")
}

func TestUCIDefaultConfig(t *testing.T) {
	t.Parallel()
	cfg := Config{}.withDefaults()
	if cfg.Name != "plylab" || cfg.HashMB != 64 || cfg.MoveOverhead != 30*time.Millisecond ||
		cfg.BookFile != "/usr/share/games/gnuchess/book.bin" || cfg.OwnBook {
		t.Errorf("defaults = %+v", cfg)
	}
}

func TestUCIGoDepth(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("ucinewgame", "isready")
	c.until("readyok")
	c.send("position startpos moves e2e4 e7e5", "go depth 5")
	best, infos := c.until("bestmove")
	b := board.New()
	for _, m := range []string{"e2e4", "e7e5"} {
		mv, _ := b.ParseMove(m)
		b.Make(mv)
	}
	legalIn(t, best, b)
	if len(infos) != 5 {
		t.Fatalf("want 5 info lines (one per iteration), got %q", infos)
	}
	for d, l := range infos {
		f := strings.Fields(l)
		keys := map[string]string{}
		for i := 1; i+1 < len(f); i++ {
			keys[f[i]] = f[i+1]
		}
		if f[0] != "info" || keys["depth"] != strconv.Itoa(d+1) ||
			keys["multipv"] != "1" || keys["score"] != "cp" || keys["nodes"] == "" ||
			keys["nps"] == "" || keys["hashfull"] == "" || keys["time"] == "" || keys["seldepth"] == "" || keys["pv"] == "" {
			t.Errorf("info line %d malformed: %q", d+1, l)
		}
	}
	// The PV's first move is the best move.
	last := infos[len(infos)-1]
	pv := strings.Fields(last[strings.Index(last, " pv ")+4:])
	if got := strings.Fields(best)[1]; pv[0] != got {
		t.Errorf("bestmove %s but pv %v", got, pv)
	}
}

func TestUCIGoMovetime(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos", "go movetime 200")
	start := time.Now()
	best, _ := c.until("bestmove") // fails after 5 s
	legalIn(t, best, board.New())
	t.Logf("go movetime 200 answered after %v", time.Since(start))
}

func TestUCIGoClock(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos moves d2d4", "go wtime 1000 btime 1000 winc 10 binc 10")
	best, _ := c.until("bestmove")
	b := board.New()
	mv, _ := b.ParseMove("d2d4")
	b.Make(mv)
	legalIn(t, best, b)
}

func TestUCIInfiniteStopAndIsready(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos", "go infinite")
	c.until("info depth 2") // the search is running
	c.send("isready")       // answered during the search, without stopping it
	c.until("readyok")
	c.quiet("bestmove", 100*time.Millisecond) // infinite: no bestmove before stop
	c.send("stop")
	best, _ := c.until("bestmove")
	legalIn(t, best, board.New())
	c.send("isready")
	c.until("readyok")
}

// In "go infinite" bestmove waits for stop even when the search ends by
// itself (here it reaches its depth limit at once).
func TestUCIInfiniteHoldsBestmove(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos", "go infinite depth 2")
	c.until("info depth 2")
	c.quiet("bestmove", 150*time.Millisecond)
	c.send("stop")
	best, _ := c.until("bestmove")
	legalIn(t, best, board.New())
}

func TestUCIPonderhit(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos moves e2e4", "go ponder depth 3")
	c.until("info depth 3")
	c.quiet("bestmove", 100*time.Millisecond)
	c.send("ponderhit")
	c.until("bestmove")
}

func TestUCIQuitDuringSearch(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("position startpos", "go infinite")
	c.until("info depth 1")
	c.send("quit")
	select {
	case err := <-c.done:
		c.done <- err // for the cleanup
		if err != nil {
			t.Errorf("Run after quit: %v", err)
		}
	case <-time.After(failAfter):
		t.Fatal("Run did not return after quit")
	}
}

// At the end of the input a finite search finishes and reports.
func TestUCIEndOfInputFinishesSearch(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	err := Run(context.Background(), strings.NewReader("position startpos\ngo depth 4\n"), &out, Config{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "info depth 4 ") || !strings.Contains(out.String(), "\nbestmove ") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestUCIContextCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, inR, io.Discard, Config{HashMB: 4}) }()
	io.WriteString(inW, "go infinite\n")
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run = %v, want context.Canceled", err)
		}
	case <-time.After(failAfter):
		t.Fatal("Run did not return after ctx was cancelled")
	}
}

func TestUCIMate(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	fen := "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
	c.send("position fen "+fen, "go depth 6")
	best, infos := c.until("bestmove")
	if last := infos[len(infos)-1]; !strings.Contains(last, " score mate 2 ") {
		t.Errorf("last info %q, want score mate 2", last)
	}
	if !strings.HasPrefix(best, "bestmove a1a6") {
		t.Errorf("%q, want Ra6 (a1a6)", best)
	}
}

func TestUCINoLegalMoves(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	// Checkmate, then stalemate (from the bench suite).
	c.send("position fen 8/8/8/8/8/6k1/6p1/6K1 w - - 0 1", "go depth 3")
	best, infos := c.until("bestmove")
	if best != "bestmove 0000" || len(infos) != 1 || infos[0] != "info depth 0 score cp 0" {
		t.Errorf("stalemate: %q then %q", infos, best)
	}
	c.send("position fen 7k/7P/6K1/8/3B4/8/8/8 b - - 0 1", "go depth 3")
	best, infos = c.until("bestmove")
	if best != "bestmove 0000" || len(infos) != 1 || infos[0] != "info depth 0 score mate 0" {
		t.Errorf("checkmate: %q then %q", infos, best)
	}
}

func TestUCIMalformedInput(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	for _, tt := range []struct{ cmd, want string }{
		{"xyzzy", `unknown command "xyzzy"`},
		{"position fen garbage", `invalid FEN "garbage"`},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "invalid FEN"},
		{"position", "position: expected"},
		{"position sideways", `expected startpos or fen, got "sideways"`},
		{"position startpos e2e4", `expected "moves", got "e2e4"`},
		{"position startpos moves e2e5", `move 1, "e2e5", is not legal`},
		{"setoption name Nope value 1", `unknown option "Nope"`},
		{"setoption Hash 1", "setoption: expected"},
		{"setoption name", "option name is missing"},
		{"setoption name Hash value big", "Hash takes a whole number"},
		{"setoption name Hash value 0", "Hash must be between 1 and 4096, got 0"},
		{"setoption name Hash", "Hash needs a value"},
		{"setoption name OwnBook value maybe", "OwnBook takes true or false"},
		{"setoption name Eval value neural", "Eval takes one of material, pst, pesto"},
		{"setoption name Threads value 65", "Threads must be between 1 and 64, got 65"},
	} {
		c.send(tt.cmd, "isready")
		_, before := c.until("readyok")
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string ") || !strings.Contains(before[0], tt.want) {
			t.Errorf("%q: got %q, want one info string containing %q", tt.cmd, before, tt.want)
		}
	}
	// A go that cannot be read is still answered, by a depth-1 search: a
	// GUI waits for its bestmove.
	for _, tt := range []struct{ cmd, want string }{
		{"go depth x", `info string go: depth needs a number, got "x"; searching to depth 1 instead`},
		{"go depth", "info string go: depth needs a number; searching to depth 1 instead"},
		{"go depth 0", "info string go: depth must be at least 1, got 0; searching to depth 1 instead"},
		{"go movetime 1e3", `info string go: movetime needs a number, got "1e3"; searching to depth 1 instead`},
	} {
		c.send(tt.cmd)
		best, before := c.until("bestmove")
		if len(before) != 2 || before[0] != tt.want || !strings.HasPrefix(before[1], "info depth 1 ") {
			t.Errorf("%q: got %q, want %q and one depth-1 info line", tt.cmd, before, tt.want)
		}
		legalIn(t, best, board.New())
	}
	// Blank lines and debug are accepted silently.
	c.send("", "   ", "\t", "debug on", "debug off", "isready")
	if _, before := c.until("readyok"); len(before) != 0 {
		t.Errorf("blank lines and debug: got %q, want nothing", before)
	}
	// After all that the engine still searches; the bad "position
	// startpos moves e2e5" left the start position.
	c.send("go depth 2")
	best, _ := c.until("bestmove")
	legalIn(t, best, board.New())
}

func TestUCIPositionIllegalMoveKeepsPrefix(t *testing.T) {
	t.Parallel()
	s := newSession(Config{}, io.Discard)
	err := s.position(strings.Fields("startpos moves e2e4 e7e5 g1f3 e1e3 b8c6"))
	if err == nil || !strings.Contains(err.Error(), `move 4, "e1e3"`) {
		t.Fatalf("err = %v", err)
	}
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"; s.board.FEN() != want {
		t.Errorf("board %s, want %s", s.board.FEN(), want)
	}
	// An invalid FEN leaves the position as it was.
	if err := s.position([]string{"fen", "nonsense"}); err == nil {
		t.Fatal("no error for an invalid FEN")
	}
	if want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"; s.board.FEN() != want {
		t.Errorf("board %s after a bad FEN, want it unchanged", s.board.FEN())
	}
	// A FEN followed by moves; four-field FENs work too.
	if err := s.position(strings.Fields("fen 4k3/8/8/8/8/8/4P3/4K3 w - - moves e2e4")); err != nil {
		t.Fatal(err)
	}
	if want := "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"; s.board.FEN() != want {
		t.Errorf("board %s, want %s", s.board.FEN(), want)
	}
}

// The moves of a position command build the board's history, so the
// search sees a repetition.
func TestUCIPositionHistory(t *testing.T) {
	t.Parallel()
	s := newSession(Config{}, io.Discard)
	if err := s.position(strings.Fields("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")); err != nil {
		t.Fatal(err)
	}
	if n := s.board.RepetitionCount(); n != 3 {
		t.Errorf("repetition count %d, want 3", n)
	}
}

func TestUCISetOption(t *testing.T) {
	t.Parallel()
	s := newSession(Config{}, io.Discard)
	for _, cmd := range []string{
		"name Hash value 16",
		"name eval value Material", // names and combo values ignore case
		"name Tech null value false",
		"name TECH LMR value FALSE",
		"name Tech_rfp value false", // OpenBench and fastchess spell a space as "_"
		"name Threads value 2",
		"name Move Overhead value 100",
		"name OwnBook value true",
		"name BookFile value /tmp/my book.bin", // values may contain spaces
	} {
		if err := s.setOption(strings.Fields(cmd)); err != nil {
			t.Fatalf("setoption %s: %v", cmd, err)
		}
	}
	got := s.set
	if got.hashMB != 16 || got.opts.Eval.String() != "material" || got.opts.NullMove || got.opts.LMR || got.opts.RFP ||
		!got.opts.PVS || got.opts.Threads != 2 || got.overhead != 100*time.Millisecond || !got.ownBook || got.bookFile != "/tmp/my book.bin" {
		t.Errorf("settings = %+v", got)
	}
	if !s.searcherStale {
		t.Error("changing Hash and techniques must make a new searcher")
	}
	s.prepare()
	if o := s.searcher.Options(); o.TTSizeMB != 16 || o.NullMove || o.LMR || o.Eval.String() != "material" || o.Threads != 2 {
		t.Errorf("searcher options = %+v", o)
	}
	if err := s.setOption(strings.Fields("name BookFile value <empty>")); err != nil || s.set.bookFile != "" {
		t.Errorf("empty BookFile: %v, %q", err, s.set.bookFile)
	}
}

// setoption over the protocol, then a search with the new settings.
func TestUCISetOptionThenSearch(t *testing.T) {
	t.Parallel()
	c := startEngine(t, Config{})
	c.send("setoption name Hash value 8", "setoption name Eval value material", "setoption name Tech null value false", "isready")
	if _, before := c.until("readyok"); len(before) != 0 {
		t.Errorf("setoption answered %q, want nothing", before)
	}
	c.send("position startpos", "go depth 3")
	best, _ := c.until("bestmove")
	legalIn(t, best, board.New())
}
