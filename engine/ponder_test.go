package engine

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// TestPonderMove: the reply a GUI ponders on is the line's second move,
// or, when the line stops after the best move, the table's move after it;
// none after a mate, without a table, or without a best move. The board
// is left as it was.
func TestPonderMove(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const mateIn1 = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" // Ra8#
	tests := []struct {
		name, fen, algo string
		truncate        bool // cut the line after the best move
		want            string
	}{
		{"the line's second move", board.StartFEN, "engine", false, "c7c5"},
		{"the table's move after the best one", board.StartFEN, "engine", true, "c7c5"},
		{"the table's move, Kiwipete", kiwipete, "engine", true, "b4c3"},
		{"a mate leaves no reply", mateIn1, "engine", false, ""},
		{"no table, no reply", board.StartFEN, "engine-without-tt", true, ""},
	}
	for _, tc := range tests {
		b, err := board.FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearcher(mustAlgo(t, tc.algo))
		res := s.Search(context.Background(), b, Limits{Depth: 6}, nil, nil)
		if tc.truncate {
			// The table's move after the best one is the line's own
			// second move here: the search stored it there.
			if tc.want != "" && (len(res.PV) < 2 || res.PV[1].String() != tc.want) {
				t.Errorf("%s: the line %v does not continue with %s", tc.name, res.PV, tc.want)
			}
			res.PV = res.PV[:1]
		}
		before := b.FEN()
		got := ""
		if m := s.PonderMove(b, res); m != board.NoMove {
			got = m.String()
		}
		if got != tc.want {
			t.Errorf("%s: ponder move %q after %v, want %q", tc.name, got, res.BestMove, tc.want)
		}
		if b.FEN() != before {
			t.Errorf("%s: the board changed to %s", tc.name, b.FEN())
		}
	}
	start, _ := board.FromFEN(board.StartFEN)
	if m := NewSearcher(EngineOptions()).PonderMove(start, Result{}); m != board.NoMove {
		t.Errorf("no best move: ponder move %v", m)
	}
}
