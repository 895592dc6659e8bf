package match

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/app/extengine"
	"github.com/plylab/plylab/engine/app/uci"
	"github.com/plylab/plylab/engine/board"
)

// pipeDialer runs plylab's own UCI engine (engine/app/uci) in-process over
// pipes: a real UCI conversation without a second program.
func pipeDialer() extengine.Dialer {
	return func() (*extengine.Conn, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			uci.Run(ctx, inR, outW, uci.Config{HashMB: 1})
			outW.Close()
		}()
		return extengine.Attach(inW, outR, func() {
			cancel()
			inW.Close()
			outW.Close()
		}), nil
	}
}

func TestUCIClientWithPlylab(t *testing.T) {
	ctx := context.Background()
	start := func(opts ...UCIOption) (*UCIEngine, error) {
		return startUCI(ctx, UCIConfig{Path: "plylab-uci", Options: opts, StartTimeout: 10 * time.Second}, pipeDialer())
	}

	// Options are checked against those the engine announces, names with
	// spaces included.
	bad := []UCIOption{{Name: "NoSuchOption", Value: "1"}, {Name: "Hash", Value: "99999"}, {Name: "Hash", Value: "big"}, {Name: "Tech null", Value: "maybe"}, {Name: "Eval", Value: "neural"}}
	for _, o := range bad {
		if e, err := start(o); !errors.Is(err, ErrOption) {
			t.Errorf("option %v: err %v, want ErrOption", o, err)
			if e != nil {
				e.Close()
			}
		}
	}
	e, err := start(UCIOption{Name: "tech null", Value: "false"}, UCIOption{Name: "eval", Value: "PST"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if !strings.HasPrefix(e.Name(), "plylab") || !strings.Contains(e.Name(), "tech null=false") {
		t.Errorf("name %q", e.Name())
	}

	// A short match through the client: depth 2 against a random mover.
	res, err := Run(ctx, Config{
		Engine:   Entrant{New: func(context.Context) (Player, error) { return e, nil }, Limit: Limit{Depth: 2}},
		Opponent: randomEntrant(),
		Games:    2, Seed: 7,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total.N() != 2 {
		t.Fatalf("%d games", res.Total.N())
	}
	for _, g := range res.Games {
		if g.Termination == PlayerError || g.Termination == IllegalMove || g.Termination == TimeForfeit {
			t.Errorf("game %d: %s", g.Round, g.Summary())
		}
	}
	checkLegal(t, res.Games)
}

// Ctrl-C during a long search: "stop" brings the move back at once and the
// engine stays usable.
func TestUCIClientStop(t *testing.T) {
	e, err := startUCI(context.Background(), UCIConfig{Path: "plylab-uci"}, pipeDialer())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.NewGame(context.Background(), GameStart{}); err != nil {
		t.Fatal(err)
	}
	b := board.New()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	begin := time.Now()
	_, err = e.Move(ctx, Position{StartFEN: board.StartFEN, Board: b}, Turn{Limit: Limit{Depth: 60}})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(begin) > 5*time.Second {
		t.Fatalf("err %v after %v", err, time.Since(begin))
	}
	r, err := e.Move(context.Background(), Position{StartFEN: board.StartFEN, Moves: []string{"e2e4"}, Board: b}, Turn{Side: board.Black, Limit: Limit{Depth: 1}})
	if err != nil || r.Move == "" {
		t.Fatalf("after stop: %+v, %v", r, err)
	}
}

// A crashed engine loses its game and is restarted for the next one.
func TestUCIEngineCrash(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	// A "UCI engine" that answers the handshake and dies on "go".
	script := filepath.Join(t.TempDir(), "crashy")
	body := `#!/bin/sh
while read line; do
  case "$line" in
    uci) echo "id name Crashy"; echo "option name Level type spin default 1 min 1 max 3"; echo uciok;;
    isready) echo readyok;;
    go*) echo "oops" >&2; exit 3;;
  esac
done
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := StartUCI(context.Background(), UCIConfig{Path: script, Options: []UCIOption{{Name: "Level", Value: "9"}}}); !errors.Is(err, ErrOption) {
		t.Errorf("Level=9: %v, want ErrOption", err)
	}
	res, err := Run(context.Background(), Config{
		Engine: engineEntrant(t, "engine", Limit{Depth: 1}),
		Opponent: Entrant{New: func(ctx context.Context) (Player, error) {
			return StartUCI(ctx, UCIConfig{Path: script, Options: []UCIOption{{Name: "level", Value: "2"}}})
		}, Limit: Limit{Depth: 1}},
		Games: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		if g.Termination != PlayerError || g.EngineScore() != 1 || !strings.Contains(g.Detail, "oops") {
			t.Errorf("game %d: %s (%v), want a loss by player error mentioning its stderr", g.Round, g.Summary(), g.Termination)
		}
	}
	if res.Opponent != "Crashy (level=2)" {
		t.Errorf("opponent name %q", res.Opponent)
	}
	if _, err := StartUCI(context.Background(), UCIConfig{Path: filepath.Join(t.TempDir(), "missing")}); err == nil {
		t.Error("a missing engine started")
	}
}

func TestUCIProtocolPieces(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want UCIOption
	}{
		{"UCI_Elo=1500", UCIOption{Name: "UCI_Elo", Value: "1500"}},
		{"Skill Level = 5", UCIOption{Name: "Skill Level", Value: "5"}},
		{"SyzygyPath=/a,/b", UCIOption{Name: "SyzygyPath", Value: "/a,/b"}},
		{"Clear Hash=", UCIOption{Name: "Clear Hash", Value: ""}},
	} {
		if got, err := ParseUCIOption(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseUCIOption(%q) = %+v, %v", tt.in, got, err)
		}
	}
	for _, bad := range []string{"UCI_Elo", "=5", ""} {
		if _, err := ParseUCIOption(bad); !errors.Is(err, ErrOption) {
			t.Errorf("ParseUCIOption(%q): %v", bad, err)
		}
	}
	// ParseUCIOptions: all in order, or the first bad one's text.
	if got, err := ParseUCIOptions([]string{"UCI_Elo=1500", "Threads=1"}); err != nil || len(got) != 2 || got[0] != (UCIOption{Name: "UCI_Elo", Value: "1500"}) || got[1] != (UCIOption{Name: "Threads", Value: "1"}) {
		t.Errorf("ParseUCIOptions = %+v, %v", got, err)
	}
	if got, err := ParseUCIOptions(nil); err != nil || got != nil {
		t.Errorf("ParseUCIOptions(nil) = %+v, %v", got, err)
	}
	var te *OptionTextError
	_, err := ParseUCIOptions([]string{"Hash=1", "Skill Level", "=2"})
	if !errors.As(err, &te) || te.Text != "Skill Level" || err.Error() != `bad UCI option "Skill Level": write NAME=VALUE, e.g. UCI_Elo=1500 or "Skill Level=5"` {
		t.Errorf("ParseUCIOptions with two bad options: %v", err)
	}

	pos := Position{StartFEN: board.StartFEN, Moves: []string{"e2e4", "e7e5"}}
	if got := extengine.PositionCommand(extPosition(pos)); got != "position startpos moves e2e4 e7e5" {
		t.Errorf("position: %q", got)
	}
	fen := "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	if got := extengine.PositionCommand(extPosition(Position{StartFEN: fen})); got != "position fen "+fen {
		t.Errorf("position: %q", got)
	}

	clk := &Clock{Base: 10 * time.Second, Inc: 100 * time.Millisecond}
	turn := Turn{Side: board.Black, Limit: Limit{Clock: clk},
		Remaining: [2]time.Duration{9500 * time.Millisecond, 8200 * time.Millisecond},
		Increment: [2]time.Duration{100 * time.Millisecond, 100 * time.Millisecond}}
	if got := extengine.GoCommand(extLimits(turn)); got != "go wtime 9500 winc 100 btime 8200 binc 100" {
		t.Errorf("go: %q", got)
	}
	// The opponent without a clock is left out; a tiny clock is still 1 ms.
	turn = Turn{Side: board.White, Limit: Limit{Clock: &Clock{Base: time.Second, Moves: 40}},
		Remaining: [2]time.Duration{time.Microsecond, 0}, MovesToGo: 12}
	if got := extengine.GoCommand(extLimits(turn)); got != "go wtime 1 movestogo 12" {
		t.Errorf("go: %q", got)
	}
	if got := extengine.GoCommand(extLimits(Turn{Limit: Limit{Depth: 4, MoveTime: 5 * time.Second}})); got != "go depth 4 movetime 5000" {
		t.Errorf("go: %q", got)
	}

	var r extengine.Result
	extengine.ParseInfo("info depth 20 score mate -3 nodes 1 pv a1a2", &r)
	if reply := Reply(r); reply.Mate != -3 || reply.Comment() != "-M3/20" {
		t.Errorf("mate info: %+v", reply)
	}
}
