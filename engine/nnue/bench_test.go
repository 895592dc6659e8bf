package nnue

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// BenchmarkStateMakeEvaluate is the cost a search pays per evaluated
// node: one move made, the accumulators updated from the parent's, the
// output layer, the move taken back.
func BenchmarkStateMakeEvaluate(b *testing.B) {
	for _, name := range []string{"avx2", "go"} {
		b.Run(name, func(b *testing.B) {
			saved := useAVX2
			defer func() { useAVX2 = saved }()
			if name == "go" {
				useAVX2 = false
			} else if !saved {
				b.Skip("no AVX2")
			}
			bd, _ := board.FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
			st := NewState(Default())
			st.Evaluate(bd)
			var ml board.MoveList
			bd.GenerateMoves(&ml)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m := ml.Moves[i%ml.N]
				bd.Make(m)
				st.Evaluate(bd)
				bd.Unmake()
			}
		})
	}
}

// BenchmarkEvaluateFromScratch is the full computation, every piece's
// row added: what the incremental update saves.
func BenchmarkEvaluateFromScratch(b *testing.B) {
	bd, _ := board.FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	n := Default()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n.Evaluate(bd)
	}
}
