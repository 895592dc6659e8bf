package nnue

import "golang.org/x/sys/cpu"

// The vector kernels. Each runs the arithmetic of its portable twin in
// kernels.go on many 16-bit lanes at once, with results identical to the
// bit: AVX2 (kernels_amd64.s) sixteen lanes, AVX-512 (kernels512_amd64.s)
// thirty-two, so half the loop iterations on the processors that have it
// (and its byte and word instructions, AVX-512BW). The level is the
// widest the CPU offers; tests lower it to compare every level with the
// portable code.

// Kernel levels, from none to the widest.
const (
	levelGo = iota
	levelAVX2
	levelAVX512
)

// kernelLevel is the widest kernel level this CPU runs.
var kernelLevel = detectLevel()

func detectLevel() int {
	switch {
	case cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW:
		return levelAVX512
	case cpu.X86.HasAVX2:
		return levelAVX2
	}
	return levelGo
}

// Accelerated reports whether the network runs on vector instructions
// (AVX2 or AVX-512 here).
func Accelerated() bool { return kernelLevel > levelGo }

// The assembly kernels take the length n (a multiple of 16 for AVX2, of
// 32 for AVX-512) and pointers to slices at least that long. Every
// network's hidden size is a multiple of 16, which Parse checks; a size
// that is not a multiple of 32 runs on AVX2.

//go:noescape
func addRowAVX2(dst, row *int16, n int)

//go:noescape
func addSubAVX2(dst, src, a, s *int16, n int)

//go:noescape
func addSubSubAVX2(dst, src, a, s1, s2 *int16, n int)

//go:noescape
func addAddSubSubAVX2(dst, src, a1, a2, s1, s2 *int16, n int)

//go:noescape
func screluDotAVX2(acc, w *int16, n int) int64

//go:noescape
func addRowAVX512(dst, row *int16, n int)

//go:noescape
func addSubAVX512(dst, src, a, s *int16, n int)

//go:noescape
func addSubSubAVX512(dst, src, a, s1, s2 *int16, n int)

//go:noescape
func addAddSubSubAVX512(dst, src, a1, a2, s1, s2 *int16, n int)

//go:noescape
func screluDotAVX512(acc, w *int16, n int) int64

// vector returns the level to run n lanes on: the widest that divides n.
func vector(n int) int {
	switch {
	case n <= 0:
		return levelGo
	case kernelLevel >= levelAVX512 && n%32 == 0:
		return levelAVX512
	case kernelLevel >= levelAVX2 && n%16 == 0:
		return levelAVX2
	}
	return levelGo
}

func addRow(dst, row []int16) {
	n := len(dst)
	switch vector(n) {
	case levelAVX512:
		_ = row[n-1]
		addRowAVX512(&dst[0], &row[0], n)
	case levelAVX2:
		_ = row[n-1]
		addRowAVX2(&dst[0], &row[0], n)
	default:
		addRowGo(dst, row)
	}
}

func addSub(dst, src, a, s []int16) {
	n := len(dst)
	switch vector(n) {
	case levelAVX512:
		_, _, _ = src[n-1], a[n-1], s[n-1]
		addSubAVX512(&dst[0], &src[0], &a[0], &s[0], n)
	case levelAVX2:
		_, _, _ = src[n-1], a[n-1], s[n-1]
		addSubAVX2(&dst[0], &src[0], &a[0], &s[0], n)
	default:
		addSubGo(dst, src, a, s)
	}
}

func addSubSub(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	switch vector(n) {
	case levelAVX512:
		_, _, _, _ = src[n-1], a[n-1], s1[n-1], s2[n-1]
		addSubSubAVX512(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
	case levelAVX2:
		_, _, _, _ = src[n-1], a[n-1], s1[n-1], s2[n-1]
		addSubSubAVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
	default:
		addSubSubGo(dst, src, a, s1, s2)
	}
}

func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	switch vector(n) {
	case levelAVX512:
		_, _, _, _, _ = src[n-1], a1[n-1], a2[n-1], s1[n-1], s2[n-1]
		addAddSubSubAVX512(&dst[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
	case levelAVX2:
		_, _, _, _, _ = src[n-1], a1[n-1], a2[n-1], s1[n-1], s2[n-1]
		addAddSubSubAVX2(&dst[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
	default:
		addAddSubSubGo(dst, src, a1, a2, s1, s2)
	}
}

// screluChunk bounds one assembly call of screluDot: the AVX2 kernel's
// eight 32-bit lanes each add at most 2·255·(255·127) per 16 elements,
// which stays below 2³¹ for up to 1024 elements (the AVX-512 kernel's
// sixteen lanes take half as many products each).
const screluChunk = 1024

func screluDot(acc, w []int16) int64 {
	n := len(acc)
	lvl := vector(n)
	if lvl == levelGo {
		return screluDotGo(acc, w)
	}
	_ = w[n-1]
	var sum int64
	for i := 0; i < n; i += screluChunk {
		k := min(screluChunk, n-i)
		if lvl == levelAVX512 && k%32 == 0 {
			sum += screluDotAVX512(&acc[i], &w[i], k)
		} else {
			sum += screluDotAVX2(&acc[i], &w[i], k)
		}
	}
	return sum
}
