package nnue

import (
	"math/rand/v2"
	"testing"
)

// TestWordKernels checks the word kernels of the WebAssembly build
// (kernels_words.go) against the portable code, lane for lane, on random
// vectors of every size class: multiples of 32 (the word path) and other
// multiples of 16 and 4 (the fallback), values across the whole int16
// range so that every lane wraps, and the output kernel at the largest
// sums it allows.
func TestWordKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	vec := func(n, lo, hi int) []int16 {
		v := make([]int16, n)
		for i := range v {
			v[i] = int16(lo + rng.IntN(hi-lo+1))
		}
		return v
	}
	sq := newSquareTable()
	for _, n := range []int{4, 16, 32, 48, 64, 256, 512, 1024, 1040} {
		for round := 0; round < 20; round++ {
			src, a1, a2, s1, s2 := vec(n, -32768, 32767), vec(n, -32768, 32767), vec(n, -500, 500), vec(n, -500, 500), vec(n, -32768, 32767)
			for _, k := range []struct {
				name        string
				words, lane func(dst []int16)
			}{
				{"addRow", func(d []int16) { copy(d, src); addRowWords(d, a1) }, func(d []int16) { copy(d, src); addRowGo(d, a1) }},
				{"addSub", func(d []int16) { addSubWords(d, src, a1, s1) }, func(d []int16) { addSubGo(d, src, a1, s1) }},
				{"addSubSub", func(d []int16) { addSubSubWords(d, src, a1, s1, s2) }, func(d []int16) { addSubSubGo(d, src, a1, s1, s2) }},
				{"addAddSubSub", func(d []int16) { addAddSubSubWords(d, src, a1, a2, s1, s2) }, func(d []int16) { addAddSubSubGo(d, src, a1, a2, s1, s2) }},
			} {
				got, want := make([]int16, n), make([]int16, n)
				k.words(got)
				k.lane(want)
				if !equal(got, want) {
					t.Fatalf("%s, n = %d: the word kernel and the lane kernel differ", k.name, n)
				}
			}
			acc, w := vec(n, -32768, 32767), vec(n, -127, 127)
			if got, want := screluDotWords(sq, acc, w), screluDotGo(acc, w); got != want {
				t.Fatalf("screluDot, n = %d: words %d, lanes %d", n, got, want)
			}
		}
		full, top := vec(n, 255, 32767), vec(n, 127, 127)
		if got, want := screluDotWords(sq, full, top), int64(n)*255*255*127; got != want {
			t.Errorf("screluDot at its bound, n = %d: %d, want %d", n, got, want)
		}
		if got, want := screluDotWords(sq, full, vec(n, -127, -127)), -int64(n)*255*255*127; got != want {
			t.Errorf("screluDot at its negative bound, n = %d: %d, want %d", n, got, want)
		}
	}
	for i, v := range []int16{-32768, -1, 0, 1, 16, 255, 256, 32767} {
		c := int32(min(max(v, 0), QA))
		if got := sq[uint16(v)]; got != c*c {
			t.Errorf("square %d of %d: %d, want %d", i, v, got, c*c)
		}
	}
}

// BenchmarkWordKernels: the word kernels against the lane kernels (run
// it for WebAssembly with GOOS=js GOARCH=wasm go test -c and Node, see
// docs/performance.md).
func BenchmarkWordKernels(b *testing.B) {
	acc, w, dst := make([]int16, 512), make([]int16, 512), make([]int16, 512)
	for i := range acc {
		acc[i], w[i] = int16(i*37%700-200), int16(i%200-100)
	}
	sq := newSquareTable()
	var sum int64
	b.Run("screluDot/lanes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			sum += screluDotGo(acc, w)
		}
	})
	b.Run("screluDot/words", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			sum += screluDotWords(sq, acc, w)
		}
	})
	b.Run("addSub/lanes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			addSubGo(dst, acc, w, acc)
		}
	})
	b.Run("addSub/words", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			addSubWords(dst, acc, w, acc)
		}
	})
	_ = sum
}
