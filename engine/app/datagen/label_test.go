package datagen

import (
	"context"
	"errors"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/nnue"
)

const fakeTeacher = "testdata/fake-teacher.sh"

func labelRecords(t *testing.T) []nnue.Record {
	t.Helper()
	var out []nnue.Record
	for i, fen := range []string{
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", // White to move: eval +125, search 37
		"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", // Black to move: eval +125, search −37 for White
		board.StartFEN,                   // eval "none"; search "mate"
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", // kept by both
	} {
		b, err := board.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, nnue.Pack(b, 999, nnue.Result(i%3)))
	}
	return out
}

func TestRelabel(t *testing.T) {
	in := labelRecords(t)
	for _, c := range []struct {
		depth, workers int
		want           []int // the scores kept, in order
		dropped        int
	}{
		{0, 1, []int{125, 125, 125}, 1},
		{0, 3, []int{125, 125, 125}, 1},
		{4, 2, []int{37, -37, 37}, 1},
	} {
		out, sum, err := Relabel(context.Background(), in, LabelOptions{Engine: fakeTeacher, Depth: c.depth, Concurrency: c.workers})
		if err != nil {
			t.Fatalf("depth %d: %v", c.depth, err)
		}
		if sum.Labelled != len(c.want) || sum.Dropped != c.dropped || len(out) != len(c.want) {
			t.Fatalf("depth %d: %d labelled, %d dropped, %d out; want %d, %d", c.depth, sum.Labelled, sum.Dropped, len(out), len(c.want), c.dropped)
		}
		keep := []int{0, 1, 3}
		for i, r := range out {
			if r.Score() != c.want[i] {
				t.Errorf("depth %d, record %d: score %d, want %d", c.depth, i, r.Score(), c.want[i])
			}
			if r.Result() != in[keep[i]].Result() || r.Occupancy() != in[keep[i]].Occupancy() {
				t.Errorf("depth %d, record %d: the position or result changed", c.depth, i)
			}
		}
	}
}

func TestRelabelErrors(t *testing.T) {
	in := labelRecords(t)
	if _, _, err := Relabel(context.Background(), in, LabelOptions{Engine: "/bin/true"}); !errors.Is(err, ErrNotUCI) {
		t.Errorf("/bin/true: %v, want ErrNotUCI", err)
	}
	if _, _, err := Relabel(context.Background(), in, LabelOptions{Engine: "testdata/no-such-engine"}); err == nil {
		t.Error("a missing engine is not an error")
	}
	if _, _, err := Relabel(context.Background(), in, LabelOptions{Engine: fakeTeacher, Depth: 41}); err == nil {
		t.Error("depth 41 is not an error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, _, err := Relabel(ctx, in, LabelOptions{Engine: fakeTeacher})
	if err == nil || len(out) != 0 {
		t.Errorf("cancelled: %d records, %v", len(out), err)
	}
}

func TestParseStaticEval(t *testing.T) {
	for line, want := range map[string]int{
		"Final evaluation       +0.25 (white side) [with scaled NNUE, hybrid, ...]": 25,
		"Final evaluation       -3.07 (white side)":                                 -307,
		"Final evaluation: none (in check)":                                         -1,
		"Final evaluation":                                                          -1,
	} {
		got, ok := ParseStaticEval(line)
		if want == -1 {
			if ok {
				t.Errorf("%q: %d, want no score", line, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("%q: %d, %v; want %d", line, got, ok, want)
		}
	}
}

func TestParseScore(t *testing.T) {
	for _, c := range []struct {
		line     string
		cp       int
		mate, ok bool
	}{
		{"info depth 9 seldepth 12 multipv 1 score cp -31 nodes 5 pv e2e4", -31, false, true},
		{"info depth 9 score mate -2 nodes 5 pv e2e4", 0, true, true},
		{"info depth 9 multipv 2 score cp 40 pv d2d4", 0, false, false},
		{"info depth 9 score cp 40 lowerbound pv d2d4", 0, false, false},
		{"info string NNUE evaluation using nn.nnue", 0, false, false},
		{"bestmove e2e4", 0, false, false},
	} {
		cp, mate, ok := parseScore(c.line)
		if cp != c.cp || mate != c.mate || ok != c.ok {
			t.Errorf("%q: %d %v %v, want %d %v %v", c.line, cp, mate, ok, c.cp, c.mate, c.ok)
		}
	}
}
