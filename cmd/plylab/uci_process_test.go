package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/notnil/chess/uci"
)

// The UCI engine as a GUI sees it: the real plylab binary, in its own
// process, driven through notnil/chess's uci package (the client side of
// the protocol, written by someone else), over real pipes.

// buildPlylab builds the plylab binary into a temporary directory; it takes
// a few seconds (less for the second test, from the build cache).
func buildPlylab(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "plylab")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// uciEngine starts `plylab uci` through notnil's client.
func uciEngine(t *testing.T) *uci.Engine {
	t.Helper()
	exe := buildPlylab(t)
	// notnil's uci.New runs the path with no arguments; a wrapper script
	// adds "uci".
	script := filepath.Join(t.TempDir(), "plylab-uci")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec '"+exe+"' uci\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	eng, err := uci.New(script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

// runWithin runs f and fails the test if it takes longer than d (a hung
// engine would otherwise block the whole test binary).
func runWithin(t *testing.T, d time.Duration, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(d):
		t.Fatalf("%s: no answer within %v", what, d)
	}
}

func TestUCIProcess(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses a shell script wrapper")
	}
	t.Parallel()
	eng := uciEngine(t)
	runWithin(t, 10*time.Second, "uci, isready, ucinewgame", func() error {
		return eng.Run(uci.CmdUCI, uci.CmdIsReady, uci.CmdUCINewGame)
	})
	if name := eng.ID()["name"]; !strings.HasPrefix(name, "plylab ") {
		t.Errorf("id name %q", name)
	}
	// notnil's option parser keeps one-word names only (Hash, Eval...);
	// names with spaces ("Tech null") are checked in engine/app/uci's tests.
	opts := eng.Options()
	for _, name := range []string{"Hash", "OwnBook", "BookFile", "Eval"} {
		if _, ok := opts[name]; !ok {
			t.Errorf("option %s not announced; got %v", name, opts)
		}
	}
	if h := opts["Hash"]; h.Type != uci.OptionSpin || h.Default != "64" || h.Min != "1" || h.Max != "4096" {
		t.Errorf("Hash option %+v", h)
	}

	// A fixed-depth search from a game position.
	game := chess.NewGame()
	for _, san := range []string{"e4", "c5", "Nf3"} {
		if err := game.MoveStr(san); err != nil {
			t.Fatal(err)
		}
	}
	runWithin(t, 10*time.Second, "go depth 4", func() error {
		return eng.Run(uci.CmdSetOption{Name: "Hash", Value: "8"}, uci.CmdIsReady,
			uci.CmdPosition{Position: game.Position()}, uci.CmdGo{Depth: 4})
	})
	checkLegal(t, game.Position(), eng.SearchResults())
	if info := eng.SearchResults().Info; info.Depth != 4 || info.Nodes == 0 || len(info.PV) == 0 {
		t.Errorf("last info %+v, want depth 4 with nodes and a pv", info)
	}

	// A timed search.
	start := time.Now()
	runWithin(t, 5*time.Second, "go movetime 300", func() error {
		return eng.Run(uci.CmdPosition{Position: game.Position()}, uci.CmdGo{MoveTime: 300 * time.Millisecond})
	})
	checkLegal(t, game.Position(), eng.SearchResults())
	t.Logf("go movetime 300 answered after %v", time.Since(start))

	// A mate in two.
	fen, _ := chess.FEN("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1")
	mate := chess.NewGame(fen)
	runWithin(t, 10*time.Second, "mate in 2", func() error {
		return eng.Run(uci.CmdPosition{Position: mate.Position()}, uci.CmdGo{Depth: 6})
	})
	res := eng.SearchResults()
	if res.BestMove == nil || res.BestMove.String() != "a1a6" || res.Info.Score.Mate != 2 {
		t.Errorf("mate in 2: bestmove %v, score %+v; want a1a6 and mate 2", res.BestMove, res.Info.Score)
	}

	// go infinite, then stop: notnil's Run blocks on CmdGo until bestmove,
	// and sends CmdStop without waiting, so they run side by side.
	searchDone := make(chan error, 1)
	go func() {
		searchDone <- eng.Run(uci.CmdPosition{Position: game.Position()}, uci.CmdGo{Infinite: true})
	}()
	time.Sleep(300 * time.Millisecond) // let it search
	select {
	case err := <-searchDone:
		t.Fatalf("go infinite returned before stop: %v", err)
	default:
	}
	if err := eng.Run(uci.CmdStop); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-searchDone:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no bestmove within 5 s of stop")
	}
	checkLegal(t, game.Position(), eng.SearchResults())
	if d := eng.SearchResults().Info.Depth; d < 1 {
		t.Errorf("go infinite reported depth %d", d)
	}

	// Analysis as notnil's client asks for it: searchmoves, then MultiPV
	// 3 (the client keeps the last info line: the third line of the last
	// depth). The ponderhit side of pondering is in TestUCIPolyglotPonder:
	// this client sends only stop while a go runs.
	for _, name := range []string{"MultiPV", "Ponder"} {
		if _, ok := opts[name]; !ok {
			t.Errorf("option %s not announced", name)
		}
	}
	initial := chess.NewGame().Position()
	var restrict []*chess.Move
	for _, m := range initial.ValidMoves() {
		if s := m.String(); s == "a2a3" || s == "h2h3" {
			restrict = append(restrict, m)
		}
	}
	runWithin(t, 10*time.Second, "go searchmoves a2a3 h2h3 depth 8", func() error {
		return eng.Run(uci.CmdPosition{Position: initial}, uci.CmdGo{SearchMoves: restrict, Depth: 8})
	})
	checkLegal(t, initial, eng.SearchResults())
	if bm := eng.SearchResults().BestMove.String(); bm != "a2a3" && bm != "h2h3" {
		t.Errorf("searchmoves a2a3 h2h3: bestmove %s", bm)
	}
	runWithin(t, 10*time.Second, "MultiPV 3, go depth 6", func() error {
		return eng.Run(uci.CmdSetOption{Name: "MultiPV", Value: "3"}, uci.CmdPosition{Position: mate.Position()}, uci.CmdGo{Depth: 6})
	})
	res = eng.SearchResults()
	if res.BestMove.String() != "a1a6" || res.Info.Multipv != 3 || res.Info.Depth != 6 || res.Info.Score.Mate != 0 {
		t.Errorf("MultiPV 3: bestmove %v, last info %+v; want a1a6 and depth 6's third line, not a mate", res.BestMove, res.Info)
	}
	go func() {
		searchDone <- eng.Run(uci.CmdSetOption{Name: "MultiPV", Value: "1"}, uci.CmdPosition{Position: game.Position()}, uci.CmdGo{Ponder: true, WhiteTime: time.Minute, BlackTime: time.Minute})
	}()
	time.Sleep(300 * time.Millisecond) // let it ponder
	select {
	case err := <-searchDone:
		t.Fatalf("go ponder returned before stop: %v", err)
	default:
	}
	if err := eng.Run(uci.CmdStop); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-searchDone:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no bestmove within 5 s of stop while pondering")
	}
	checkLegal(t, game.Position(), eng.SearchResults())
}

// checkLegal checks that the engine's best move (and ponder move) are
// legal, by notnil/chess's rules.
func checkLegal(t *testing.T, pos *chess.Position, res uci.SearchResults) {
	t.Helper()
	if res.BestMove == nil {
		t.Fatal("no bestmove")
	}
	var found *chess.Move
	for _, m := range pos.ValidMoves() {
		if m.String() == res.BestMove.String() {
			found = m
		}
	}
	if found == nil {
		t.Fatalf("bestmove %s is not legal in %s", res.BestMove, pos)
	}
	if res.Ponder != nil {
		next := pos.Update(found)
		ok := false
		for _, m := range next.ValidMoves() {
			ok = ok || m.String() == res.Ponder.String()
		}
		if !ok {
			t.Errorf("ponder move %s is not legal after %s", res.Ponder, res.BestMove)
		}
	}
}
