package engine

import (
	"context"
	"testing"

	"github.com/plylab/plylab/engine/board"
	"github.com/plylab/plylab/engine/eval"
	"github.com/plylab/plylab/positions"
)

// BenchmarkSearchBench searches the Stockfish bench positions to depth 9
// with the full engine and reports nodes per second:
//
//	go test ./engine -run X -bench SearchBench -benchmem
func BenchmarkSearchBench(b *testing.B) {
	benchSuite(b, EngineOptions(), 9)
}

// BenchmarkSearchBenchClassical is BenchmarkSearchBench with the classical
// evaluation, to depth 8 as `plylab bench --eval classical` searches:
//
//	go test ./engine -run X -bench SearchBenchClassical -cpuprofile cpu.out
func BenchmarkSearchBenchClassical(b *testing.B) {
	o := EngineOptions()
	o.Eval = eval.Classical
	benchSuite(b, o, 8)
}

// benchSuite searches every bench position with legal moves to depth with
// cleared tables and reports nodes per second.
func benchSuite(b *testing.B, opts Options, depth int) {
	suite, err := positions.LookupSuite("bench")
	if err != nil {
		b.Fatal(err)
	}
	var boards []*board.Board
	for _, p := range suite.Positions {
		bd, err := board.FromFEN(p.FEN)
		if err != nil {
			b.Fatal(err)
		}
		if bd.HasLegalMove() {
			boards = append(boards, bd)
		}
	}
	s := NewSearcher(opts)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		for _, bd := range boards {
			s.Clear()
			r := s.Search(context.Background(), bd, Limits{Depth: depth}, nil, nil)
			nodes += r.Stats.TotalNodes()
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSearchNoRecorder and BenchmarkSearchNilCheck measure the cost of
// the recorder hooks: the search with no recorder attached.
func BenchmarkSearchKiwipete(b *testing.B) {
	bd, _ := board.FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	s := NewSearcher(EngineOptions())
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		s.Clear()
		r := s.Search(context.Background(), bd, Limits{Depth: 9}, nil, nil)
		nodes += r.Stats.TotalNodes()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
