package train

import "golang.org/x/sys/cpu"

// useAVX2 selects the assembly loop of addF32.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func addF32AVX2(dst, src *float32, n int)

// addF32 adds src to dst: the loop that accumulates the first layer's
// rows (forward) and their gradients (backward), most of the training's
// time. Eight lanes at a time with AVX2; the sums are the same as the
// plain loop's, element by element.
func addF32(dst, src []float32) {
	if n := len(dst); useAVX2 && n%8 == 0 && n > 0 {
		_ = src[n-1]
		addF32AVX2(&dst[0], &src[0], n)
		return
	}
	addF32Go(dst, src)
}
