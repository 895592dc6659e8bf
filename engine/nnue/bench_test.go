package nnue

import (
	"testing"

	"github.com/plylab/plylab/engine/board"
)

// BenchmarkStateMakeEvaluate is the cost a search pays per evaluated
// node: one move made, the accumulators updated from the parent's, the
// output layer, the move taken back.
func BenchmarkStateMakeEvaluate(b *testing.B) {
	saved := kernelLevel
	defer func() { kernelLevel = saved }()
	for _, level := range kernelLevels() {
		b.Run(levelName(level), func(b *testing.B) {
			kernelLevel = level
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

// BenchmarkKernels times the two kernels a search calls most, on one
// 512-wide accumulator (the built-in network's hidden layer), at every
// kernel level this machine has:
//
//	go test ./engine/nnue -run X -bench Kernels
func BenchmarkKernels(b *testing.B) {
	saved := kernelLevel
	defer func() { kernelLevel = saved }()
	acc, w, dst := make([]int16, 512), make([]int16, 512), make([]int16, 512)
	for i := range acc {
		acc[i], w[i] = int16(i%300), int16(i%200-100)
	}
	for _, level := range kernelLevels() {
		b.Run("screluDot/"+levelName(level), func(b *testing.B) {
			kernelLevel = level
			var sum int64
			for i := 0; i < b.N; i++ {
				sum += screluDot(acc, w)
			}
			_ = sum
		})
		b.Run("addSub/"+levelName(level), func(b *testing.B) {
			kernelLevel = level
			for i := 0; i < b.N; i++ {
				addSub(dst, acc, w, acc)
			}
		})
	}
}
