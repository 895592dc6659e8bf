package engine

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// One thread is the deterministic search: Threads 1 (and any value below)
// searches exactly as the default (Threads 0) does, counter for counter,
// and starts no helper.
func TestOneThreadIsTheDefault(t *testing.T) {
	for _, fen := range testFENs[:3] {
		want := run(t, fen, EngineOptions(), 7)
		for _, threads := range []int{1, -3} {
			o := EngineOptions()
			o.Threads = threads
			s := NewSearcher(o)
			if len(s.helpers) != 0 || s.smp != nil {
				t.Fatalf("Threads %d: %d helpers", threads, len(s.helpers))
			}
			got := s.Search(context.Background(), mustBoard(t, fen), Limits{Depth: 7}, nil, nil)
			got.Stats.Elapsed, want.Stats.Elapsed = 0, 0
			if got.Stats != want.Stats || got.BestMove != want.BestMove || got.Score != want.Score || got.HelperNodes != 0 {
				t.Errorf("%s, Threads %d: %d nodes %s %d, want %d nodes %s %d", fen, threads,
					got.Stats.TotalNodes(), got.BestMove, got.Score, want.Stats.TotalNodes(), want.BestMove, want.Score)
			}
		}
	}
}

// Several threads find what one finds on positions with one clear answer:
// the mates of TestMates and five positions of Win At Chess. Their node
// counts vary from run to run, so only the move and the score are
// checked; the helpers must have searched.
func TestThreadsFindTheSameMove(t *testing.T) {
	tests := []struct {
		name, fen string
		depth     int
		best      string
		mateIn    int // 0: not a mate; the best move alone is checked
	}{
		{"paper mate in 2", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 8, "a1a6", 2},
		{"back rank mate in 1", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 8, "a1a8", 1},
		{"mated in 1", "k7/8/1K6/8/8/8/8/7R b - - 0 1", 8, "a8b8", -1},
		{"WAC.004 mate in 2", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", 10, "h6h7", 2},
		{"WAC.014 mate in 4", "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - 0 1", 10, "h3h7", 4},
		{"WAC.050 mate in 3", "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1", 10, "b7b6", 3},
		{"WAC.003 Rg3", "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1", 10, "e3g3", 0},
		{"WAC.008 Rf7", "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", 10, "e7f7", 0},
	}
	for _, threads := range []int{2, 4} {
		for _, tc := range tests {
			o := EngineOptions()
			o.Threads = threads
			r := NewSearcher(o).Search(context.Background(), mustBoard(t, tc.fen), Limits{Depth: tc.depth}, nil, nil)
			if r.BestMove.String() != tc.best {
				t.Errorf("%s, %d threads: best move %s, want %s (score %s)", tc.name, threads, r.BestMove, tc.best, FormatScore(r.Score))
			}
			if tc.mateIn != 0 && MateIn(r.Score) != tc.mateIn {
				t.Errorf("%s, %d threads: score %s, want mate in %d", tc.name, threads, FormatScore(r.Score), tc.mateIn)
			}
			if r.Depth != tc.depth || r.Stopped {
				t.Errorf("%s, %d threads: depth %d (stopped %v), want %d", tc.name, threads, r.Depth, r.Stopped, tc.depth)
			}
			if r.HelperNodes == 0 {
				t.Errorf("%s, %d threads: the helpers searched no node", tc.name, threads)
			}
			if last := r.Iters[len(r.Iters)-1]; last.Nodes < r.Stats.TotalNodes() {
				t.Errorf("%s, %d threads: the last iteration reports %d nodes, fewer than the main thread's %d", tc.name, threads, last.Nodes, r.Stats.TotalNodes())
			}
		}
	}
}

// The threads of a search share its limits: a node limit counts every
// thread's nodes, cancelling stops them all, and a searcher with helpers
// can search again (the helpers are restarted each time, and the next
// search is not disturbed by the last one's).
func TestThreadsStopTogether(t *testing.T) {
	o := EngineOptions()
	o.Threads = 3
	s := NewSearcher(o)
	b := mustBoard(t, board.StartFEN)

	r := s.Search(context.Background(), b, Limits{Nodes: 200000}, nil, nil)
	if !r.Stopped || r.BestMove == board.NoMove {
		t.Fatalf("node limit: stopped %v, best %s", r.Stopped, r.BestMove)
	}
	// The main thread stops within 2048 nodes of the limit once the
	// helpers' published nodes are counted; each helper may have up to
	// 2048 unpublished nodes, and one more poll interval each to notice.
	if all := r.AllNodes(); all < 200000 || all > 200000+4*2048*3 {
		t.Errorf("node limit 200000: %d nodes in all (%d of them the helpers')", all, r.HelperNodes)
	}
	if r.Stats.TotalNodes() >= 200000 {
		t.Errorf("node limit 200000: the main thread alone searched %d", r.Stats.TotalNodes())
	}

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r = s.Search(ctx, b, Limits{}, nil, nil)
	if !r.Stopped || r.BestMove == board.NoMove {
		t.Errorf("cancelled: stopped %v, best %s", r.Stopped, r.BestMove)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("cancelled after 200ms, returned after %v", d)
	}

	r = s.Search(context.Background(), mustBoard(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Limits{Depth: 6}, nil, nil)
	if r.BestMove.String() != "a1a8" || MateIn(r.Score) != 1 {
		t.Errorf("third search: %s %s, want a1a8 mate in 1", r.BestMove, FormatScore(r.Score))
	}
}

// The node limit holds with more threads than the Go scheduler runs at
// once: on one processor the main thread, which ends the search, is often
// not running while its helpers search, so the helpers check the limit
// too (helperAtLimit). Before they did, about one search in five here
// overran the bound below.
func TestThreadsNodeLimitOneProcessor(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	o := EngineOptions()
	o.Threads = 3
	s := NewSearcher(o)
	b := mustBoard(t, board.StartFEN)
	for i := range 10 {
		s.Clear()
		r := s.Search(context.Background(), b, Limits{Nodes: 100000}, nil, nil)
		// Each thread stops within two poll intervals of the limit: its
		// unpublished nodes and one interval to notice.
		if all := r.AllNodes(); !r.Stopped || all < 100000 || all > 100000+2*2048*3 {
			t.Errorf("search %d: node limit 100000: %d nodes in all (%d of them the helpers'), stopped %v", i+1, all, r.HelperNodes, r.Stopped)
		}
	}
}

// A search restricted to some root moves (searchmoves) keeps its helpers
// to them: the main thread's best move is among them whatever the helpers
// stored, and MultiPV lines still come from the main thread.
func TestThreadsRestrictedRoot(t *testing.T) {
	b := mustBoard(t, board.StartFEN)
	a3, _ := b.ParseMove("a2a3")
	h3, _ := b.ParseMove("h2h3")
	o := EngineOptions()
	o.Threads = 2
	s := NewSearcher(o)
	r := s.Search(context.Background(), b, Limits{Depth: 8, RootMoves: []board.Move{a3, h3}}, nil, nil)
	if r.BestMove != a3 && r.BestMove != h3 {
		t.Errorf("restricted to a3, h3: best move %s", r.BestMove)
	}
	r = s.Search(context.Background(), b, Limits{Depth: 6, MultiPV: 3}, nil, nil)
	last := r.Iters[len(r.Iters)-1]
	if len(last.Lines) != 3 || last.Lines[0].PV[0] == last.Lines[1].PV[0] || last.Lines[1].PV[0] == last.Lines[2].PV[0] {
		t.Errorf("MultiPV 3 with 2 threads: lines %v", last.Lines)
	}
}

// Helper i skips the depths of its block: helper 1 searches the even
// depths, helper 2 the odd ones, helper 3 two of every four.
func TestSkipDepth(t *testing.T) {
	for _, tc := range []struct {
		helper int
		want   string // depths 1 to 8: s skipped, - searched
	}{
		{1, "s-s-s-s-"},
		{2, "-s-s-s-s"},
		{3, "-ss--ss-"},
		{4, "ss--ss--"},
		{21, "s-s-s-s-"},
	} {
		s := &Searcher{helper: tc.helper}
		got := ""
		for d := 1; d <= 8; d++ {
			if s.skipDepth(d) {
				got += "s"
			} else {
				got += "-"
			}
		}
		if got != tc.want {
			t.Errorf("helper %d: %s, want %s", tc.helper, got, tc.want)
		}
	}
}
