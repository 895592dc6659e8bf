package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plylab/plylab/engine/board"
)

// Root moves (searchmoves), MultiPV and pondering in the engine itself.

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// moves parses UCI moves on b.
func moves(t *testing.T, b *board.Board, uci ...string) []board.Move {
	t.Helper()
	var out []board.Move
	for _, s := range uci {
		m, err := b.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// lineText is l as "score move move ...".
func lineText(l Line) string {
	s := fmt.Sprint(l.Score)
	for _, m := range l.PV {
		s += " " + m.String()
	}
	return s
}

// A restricted search plays only the moves it is given, at every
// iteration; its result is pinned.
func TestRootMovesRestrict(t *testing.T) {
	for _, tt := range []struct {
		name, fen string
		root      []string
		depth     int
		want      string // the last iteration's line
		nodes     uint64
	}{
		{"start, two quiet pawn moves", board.StartFEN, []string{"a2a3", "h2h3"}, 8, "2 a2a3 c7c5 e2e3 g8f6 d2d4 d7d5 d4c5 e7e5 b2b4", 5189},
		{"kiwipete, not the best move", kiwipeteFEN, []string{"a2a3", "c3b5"}, 6, "-219 c3b5 a6b5 e2b5 e6d5 d2f4 d5e4", 1841},
		{"mate in two, the mating move alone", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", []string{"a1a6"}, 5, "31997 a1a6 b7a6 b6b7", 86},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := mustBoard(t, tt.fen)
			root := moves(t, b, tt.root...)
			res := NewSearcher(EngineOptions()).Search(context.Background(), b, Limits{Depth: tt.depth, RootMoves: root}, nil, nil)
			for _, it := range res.Iters {
				if len(it.Lines) != 1 || !slices.Contains(root, it.PV[0]) || it.Lines[0].PV[0] != it.PV[0] || it.Lines[0].Score != it.Score {
					t.Errorf("depth %d: lines %v, pv %v: want one line starting with one of %v", it.Depth, it.Lines, it.PV, tt.root)
				}
			}
			last := res.Iters[len(res.Iters)-1]
			if got := lineText(last.Lines[0]); got != tt.want || res.Stats.TotalNodes() != tt.nodes || res.BestMove != last.PV[0] {
				t.Errorf("got %q in %d nodes, best %v; want %q in %d", got, res.Stats.TotalNodes(), res.BestMove, tt.want, tt.nodes)
			}
		})
	}
}

// Asking for what an ordinary search does anyway changes nothing, node
// for node: one line, every legal move as root moves, or root moves none
// of which is legal here (then every move is searched).
func TestRootMovesUnrestrictedSame(t *testing.T) {
	for _, tt := range []struct {
		fen       string
		elsewhere string // a position where the moves of other are legal
		other     []string
	}{
		{board.StartFEN, kiwipeteFEN, []string{"e5f7"}},
		{kiwipeteFEN, board.StartFEN, []string{"e2e4", "g1f3"}},
	} {
		b := mustBoard(t, tt.fen)
		var ml board.MoveList
		b.GenerateMoves(&ml)
		other := moves(t, mustBoard(t, tt.elsewhere), tt.other...)
		want := NewSearcher(EngineOptions()).Search(context.Background(), b, Limits{Depth: 7}, nil, nil)
		want.Stats.Elapsed = 0
		for _, c := range []struct {
			name string
			l    Limits
		}{
			{"MultiPV 1", Limits{Depth: 7, MultiPV: 1}},
			{"MultiPV 0", Limits{Depth: 7, MultiPV: 0}},
			{"every legal move", Limits{Depth: 7, RootMoves: slices.Clone(ml.Slice())}},
			{"no legal move", Limits{Depth: 7, RootMoves: other}},
		} {
			got := NewSearcher(EngineOptions()).Search(context.Background(), b, c.l, nil, nil)
			got.Stats.Elapsed = 0
			if got.Stats != want.Stats || got.Score != want.Score || !slices.Equal(got.PV, want.PV) || got.Iters[len(got.Iters)-1].Lines != nil {
				t.Errorf("%s, %s: %d nodes, %d %v; want %d nodes, %d %v and no lines", tt.fen, c.name,
					got.Stats.TotalNodes(), got.Score, got.PV, want.Stats.TotalNodes(), want.Score, want.PV)
			}
		}
	}
}

// MultiPV 3: three lines an iteration, best first, distinct first moves;
// the first line is the iteration's score and PV and the best move. The
// last iteration is pinned.
func TestMultiPV(t *testing.T) {
	for _, tt := range []struct {
		name, fen string
		root      []string
		depth     int
		want      []string // the last iteration's lines
		nodes     uint64
	}{
		{"start", board.StartFEN, nil, 7, []string{"26 e2e3 d7d5 d2d4 g8f6 g1f3 c7c6 f1d3 c8g4",
			"21 d2d4 d7d5 c2c3 g8f6 g1f3 c7c5 d4c5", "14 e2e4 c7c5 g1f3 b8c6 b1c3 g8f6 e4e5"}, 12171},
		{"kiwipete", kiwipeteFEN, nil, 6, []string{"-32 e2a6 b4c3 d2c3 h3g2 f3g2 e6d5",
			"-162 d5e6 a6e2 c3e2 e7e6 d2f4 f6h5", "-219 c3b5 a6b5 e2b5 e6d5 d2f4 d5e4"}, 10535},
		{"mate in two", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", nil, 5, []string{"31997 a1a6 b7a6 b6b7",
			"185 a1a4 a7a6 a4c4 b8g3 c4g4", "167 a1a3 a7a6 a3c3 b8h2 c3c4"}, 2561},
		{"searchmoves: the knights' moves", board.StartFEN, []string{"b1a3", "b1c3", "g1f3", "g1h3"}, 6, []string{"21 g1f3 d7d5 d2d4 g8f6 b1c3 e7e6",
			"21 b1c3 d7d5 d2d4 g8f6 g1f3 e7e6", "-39 b1a3 e7e5 d2d4 e5d4 d1d4 b8c6"}, 2897},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := mustBoard(t, tt.fen)
			root := moves(t, b, tt.root...)
			res := NewSearcher(EngineOptions()).Search(context.Background(), b, Limits{Depth: tt.depth, MultiPV: 3, RootMoves: root}, nil, nil)
			if len(res.Iters) != tt.depth {
				t.Fatalf("%d iterations, want %d", len(res.Iters), tt.depth)
			}
			for _, it := range res.Iters {
				if len(it.Lines) != 3 || it.Score != it.Lines[0].Score || !slices.Equal(it.PV, it.Lines[0].PV) {
					t.Fatalf("depth %d: %d lines, first %v; score %d pv %v", it.Depth, len(it.Lines), it.Lines, it.Score, it.PV)
				}
				for k, l := range it.Lines {
					if l.Bound != Exact || len(l.PV) == 0 || (root != nil && !slices.Contains(root, l.PV[0])) {
						t.Errorf("depth %d line %d: %v", it.Depth, k+1, l)
					}
					if k > 0 && (l.Score > it.Lines[k-1].Score || slices.ContainsFunc(it.Lines[:k], func(p Line) bool { return p.PV[0] == l.PV[0] })) {
						t.Errorf("depth %d line %d: %s after %v", it.Depth, k+1, lineText(l), it.Lines[:k])
					}
				}
			}
			last := res.Iters[len(res.Iters)-1]
			var got []string
			for _, l := range last.Lines {
				got = append(got, lineText(l))
			}
			if strings.Join(got, " | ") != strings.Join(tt.want, " | ") || res.Stats.TotalNodes() != tt.nodes || res.BestMove != last.PV[0] {
				t.Errorf("got %q in %d nodes, best %v; want %q in %d", got, res.Stats.TotalNodes(), res.BestMove, tt.want, tt.nodes)
			}
		})
	}
}

// The root of a restricted search (searchmoves, MultiPV's later lines)
// is not the position's real result: no table entry is stored for it.
func TestRestrictedRootStoresNothing(t *testing.T) {
	b := mustBoard(t, board.StartFEN)
	for _, tt := range []struct {
		name   string
		limits Limits
		stored bool
	}{
		{"ordinary", Limits{Depth: 5}, true},
		{"MultiPV 3: the first line is ordinary", Limits{Depth: 5, MultiPV: 3}, true},
		{"searchmoves", Limits{Depth: 5, RootMoves: moves(t, b, "a2a3")}, false},
	} {
		s := NewSearcher(EngineOptions())
		s.Search(context.Background(), b, tt.limits, nil, nil)
		if _, ok := s.tt.probe(b.Hash()); ok != tt.stored {
			t.Errorf("%s: root entry stored %v, want %v", tt.name, ok, tt.stored)
		}
	}
}

// Pondering holds the time limits back until the ponderhit, and only
// those: depth limits apply throughout. The ponderhit is given from the
// info callback, which runs on the search's goroutine, so the iteration
// it follows is known exactly. The time limits are a nanosecond, passed
// by the time any check looks at them.
func TestPonderHit(t *testing.T) {
	b := mustBoard(t, board.StartFEN)
	const tiny = time.Nanosecond
	plain := NewSearcher(EngineOptions()).Search(context.Background(), b, Limits{Depth: 6}, nil, nil)
	for _, tt := range []struct {
		name    string
		limits  Limits
		hitAt   int // close PonderHit after this iteration; 0: before the search, -1: never
		depth   int // the last completed iteration
		stopped bool
	}{
		// Held back all the way: the depth limit ends the search, which
		// is the untimed search node for node.
		{"never hit", Limits{Depth: 6, MoveTime: tiny, SoftTime: tiny}, -1, 6, false},
		// A hit before the search: the soft limit ends it after depth 1.
		{"hit before the search", Limits{Depth: 6, MoveTime: tiny, SoftTime: tiny}, 0, 1, false},
		// A hit after depth 2: the deadline stops the search at its next
		// check (every 2048 nodes), in the middle of depth 6, which is
		// thrown away.
		{"hit after depth 2", Limits{Depth: 6, MoveTime: tiny}, 2, 5, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hit := make(chan struct{})
			if tt.hitAt == 0 {
				close(hit)
			}
			l := tt.limits
			l.PonderHit = hit
			res := NewSearcher(EngineOptions()).Search(context.Background(), b, l, nil, func(it Iteration) {
				if it.Depth == tt.hitAt {
					close(hit)
				}
			})
			if res.Depth != tt.depth || res.Stopped != tt.stopped {
				t.Errorf("searched to depth %d, stopped %v; want %d, %v", res.Depth, res.Stopped, tt.depth, tt.stopped)
			}
			if tt.hitAt < 0 && (res.Stats.TotalNodes() != plain.Stats.TotalNodes() || !slices.Equal(res.PV, plain.PV)) {
				t.Errorf("%d nodes %v, want the untimed search's %d %v", res.Stats.TotalNodes(), res.PV, plain.Stats.TotalNodes(), plain.PV)
			}
		})
	}
}
