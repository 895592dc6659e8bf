package textbook

import (
	"context"
	"fmt"
	"github.com/plylab/plylab/engine"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
)

func mustBoard(t testing.TB, fen string) *board.Board {
	t.Helper()
	b, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func run(t testing.TB, fen string, o engine.Options, depth int) engine.Result {
	t.Helper()
	return Run(context.Background(), mustBoard(t, fen), o, engine.Limits{Depth: depth}, nil, nil)
}

// Minimax and alpha-beta must agree on the value at every depth.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	for _, kind := range eval.Kinds() {
		for i, fen := range testFENs {
			maxDepth := 3
			if i == 5 || i == 7 {
				maxDepth = 4
			}
			for d := 1; d <= maxDepth; d++ {
				mm, ab := engine.MinimaxOptions(), engine.AlphaBetaOptions()
				mm.Eval, ab.Eval = kind, kind
				rm, ra := run(t, fen, mm, d), run(t, fen, ab, d)
				if rm.Score != ra.Score {
					t.Errorf("%s %s d%d: minimax %d alphabeta %d", kind, fen, d, rm.Score, ra.Score)
				}
				if ra.Stats.Nodes >= rm.Stats.Nodes && d > 1 {
					t.Errorf("%s d%d: alpha-beta visited %d nodes, minimax %d", fen, d, ra.Stats.Nodes, rm.Stats.Nodes)
				}
			}
		}
	}
}

// Under the node-counting convention, minimax visits perft(0)+...+perft(d)
// nodes where no game ends before depth d, and its leaves are perft(d).
func TestMinimaxNodesArePerftSums(t *testing.T) {
	tests := []struct {
		fen   string
		perft []uint64
	}{
		{board.StartFEN, []uint64{1, 20, 400, 8902, 197281}},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{1, 48, 2039, 97862}},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{1, 14, 191, 2812, 43238}},
	}
	for _, tc := range tests {
		var sum uint64
		for d := 0; d < len(tc.perft); d++ {
			sum += tc.perft[d]
			if d == 0 {
				continue
			}
			r := run(t, tc.fen, engine.MinimaxOptions(), d)
			// Positions at depth d are leaves, or terminal (mate, or a
			// repetition such as Nf3 Nf6 Ng1 Ng8 at depth 4).
			if r.Stats.Nodes != sum || r.Stats.Leaves+r.Stats.Terminal != tc.perft[d] {
				t.Errorf("%s d%d: nodes %d leaves %d+%d, want %d and %d", tc.fen, d, r.Stats.Nodes, r.Stats.Leaves, r.Stats.Terminal, sum, tc.perft[d])
			}
		}
	}
}

// The full engine with every technique off except alpha-beta must be
// node-for-node the plain alpha-beta (and with none, plain minimax).
func TestEngineCodeMatchesPlainCode(t *testing.T) {
	for _, fen := range testFENs {
		for _, preset := range []engine.Options{engine.MinimaxOptions(), engine.AlphaBetaOptions()} {
			for d := 1; d <= 3; d++ {
				plain := run(t, fen, preset, d)
				s := engine.NewSearcher(preset)
				full := s.Search(context.Background(), mustBoard(t, fen), engine.Limits{Depth: d}, nil, nil)
				if plain.Score != full.Score || plain.Stats.Nodes != full.Stats.Nodes ||
					plain.Stats.Leaves != full.Stats.Leaves || plain.BestMove != full.BestMove ||
					plain.Stats.BetaCutoffs != full.Stats.BetaCutoffs {
					t.Errorf("%s %s d%d: plain %d/%d nodes %s, engine code %d/%d nodes %s", preset.Name, fen, d,
						plain.Score, plain.Stats.Nodes, plain.BestMove, full.Score, full.Stats.Nodes, full.BestMove)
				}
			}
		}
	}
}

// Techniques that only reorder or remember must not change the value of a
// fixed-depth search without quiescence.
func TestValuePreservingTechniques(t *testing.T) {
	for _, tech := range [][]string{{"id"}, {"tt"}, {"tt", "hashmove"}, {"mvvlva"}, {"killers"}, {"history"},
		{"pvs"}, {"id", "aspiration"}, {"id", "tt", "hashmove", "mvvlva", "killers", "history", "pvs", "aspiration"}} {
		for _, fen := range testFENs {
			for d := 1; d <= 4; d++ {
				want := run(t, fen, engine.AlphaBetaOptions(), d)
				o := engine.AlphaBetaOptions()
				if err := o.Apply(tech, nil); err != nil {
					t.Fatal(err)
				}
				got := run(t, fen, o, d)
				if got.Score != want.Score {
					t.Errorf("%s %s d%d: score %d, plain alpha-beta %d", o.Name, fen, d, got.Score, want.Score)
				}
			}
		}
	}
}

func TestMinimalTreeKnuthMoore(t *testing.T) {
	// Uniform tree, branching 3, depth 4, all leaf values distinct: the
	// minimal tree has b^ceil(d/2)+b^floor(d/2)-1 = 9+9-1 = 17 leaves.
	var build func(depth int, next *int) string
	build = func(depth int, next *int) string {
		if depth == 0 {
			*next = (*next*37 + 11) % 101
			return fmt.Sprint(*next)
		}
		parts := make([]string, 3)
		for i := range parts {
			parts[i] = build(depth-1, next)
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	seed := 5
	tree, err := ParseToy(build(4, &seed))
	if err != nil {
		t.Fatal(err)
	}
	mt, err := ComputeMinimalTree(context.Background(), tree, 4, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if mt.Leaves != 17 || mt.Full != 121 {
		t.Fatalf("minimal tree %+v, want 17 leaves of a 121-node tree", mt)
	}
	ab := AlphaBeta(context.Background(), tree, 4, nil)
	if ab.Stats.Nodes < mt.Nodes {
		t.Fatalf("alpha-beta visited %d nodes, fewer than the minimal %d", ab.Stats.Nodes, mt.Nodes)
	}
}

func TestToyTreeTextbook(t *testing.T) {
	tree, err := ParseToy("((3,12,8),(2,4,6),(14,5,2))")
	if err != nil {
		t.Fatal(err)
	}
	mm := Minimax(context.Background(), tree, 2, nil)
	ab := AlphaBeta(context.Background(), NewToyTree(tree.Root), 2, nil)
	// Russell & Norvig figure: value 3, first move; alpha-beta prunes 4 and 6.
	if mm.Score != 3 || ab.Score != 3 || mm.BestMove != 1 || mm.Stats.Nodes != 13 || ab.Stats.Nodes != 11 {
		t.Fatalf("minimax %d/%d nodes, alphabeta %d/%d nodes", mm.Score, mm.Stats.Nodes, ab.Score, ab.Stats.Nodes)
	}
	for _, tc := range []struct{ in, want string }{
		{"((3,12,8),(2,4,6)", `at character 18 (end of input): missing ')'`},
		{"((3,x,8))", `at character 5 ("x"): expected a number or "("`},
		{"((3,12 8))", `at character 8 ("8"): expected "," or ')'`},
		{"((3))) ", `at character 6 (")"): unexpected text`},
		{"7", "a tree needs at least one move"},
	} {
		_, err := ParseToy(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseToy(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
	"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
	"8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1",
}
