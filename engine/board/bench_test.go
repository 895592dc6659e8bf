package board

import "testing"

// Benchmarks: go test ./engine/board -bench . -benchmem
// Perft leaves per second are reported as the custom metric "leaves/s".

func benchPerft(b *testing.B, fen string, depth int) {
	bd, err := FromFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var leaves uint64
	for i := 0; i < b.N; i++ {
		leaves += bd.Perft(depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftStart5(b *testing.B) { benchPerft(b, StartFEN, 5) }

func BenchmarkPerftKiwipete4(b *testing.B) {
	benchPerft(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}

func BenchmarkMakeUnmake(b *testing.B) {
	bd, err := FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	bd.GenerateMoves(&ml)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ml.Moves[i%ml.N]
		bd.Make(m)
		bd.Unmake()
	}
}

func BenchmarkGenerateMoves(b *testing.B) {
	bd, err := FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var ml MoveList
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.GenerateMoves(&ml)
	}
}

// BenchmarkFillMagics times what start-up pays for the slider tables:
// filling them from the generated magic numbers (no search).
func BenchmarkFillMagics(b *testing.B) {
	for b.Loop() {
		var r, bb [64]magic
		fillMagics(&r, rookDirs, &rookMagicNumbers)
		fillMagics(&bb, bishopDirs, &bishopMagicNumbers)
	}
}
