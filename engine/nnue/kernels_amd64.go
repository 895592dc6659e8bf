package nnue

import "golang.org/x/sys/cpu"

// useAVX2 selects the assembly kernels: the CPU has AVX2. Tests switch it
// off to compare both versions.
var useAVX2 = cpu.X86.HasAVX2

// Accelerated reports whether the network runs on vector instructions
// (AVX2 here).
func Accelerated() bool { return useAVX2 }

// The assembly kernels take the length n, a multiple of 16, and pointers
// to slices at least that long (every network's hidden size is a multiple
// of 16, which Parse checks).

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

func addRow(dst, row []int16) {
	if useAVX2 && len(dst)%16 == 0 && len(dst) > 0 {
		_ = row[len(dst)-1]
		addRowAVX2(&dst[0], &row[0], len(dst))
		return
	}
	addRowGo(dst, row)
}

func addSub(dst, src, a, s []int16) {
	if n := len(dst); useAVX2 && n%16 == 0 && n > 0 {
		_, _, _ = src[n-1], a[n-1], s[n-1]
		addSubAVX2(&dst[0], &src[0], &a[0], &s[0], n)
		return
	}
	addSubGo(dst, src, a, s)
}

func addSubSub(dst, src, a, s1, s2 []int16) {
	if n := len(dst); useAVX2 && n%16 == 0 && n > 0 {
		_, _, _, _ = src[n-1], a[n-1], s1[n-1], s2[n-1]
		addSubSubAVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
		return
	}
	addSubSubGo(dst, src, a, s1, s2)
}

func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	if n := len(dst); useAVX2 && n%16 == 0 && n > 0 {
		_, _, _, _, _ = src[n-1], a1[n-1], a2[n-1], s1[n-1], s2[n-1]
		addAddSubSubAVX2(&dst[0], &src[0], &a1[0], &a2[0], &s1[0], &s2[0], n)
		return
	}
	addAddSubSubGo(dst, src, a1, a2, s1, s2)
}

// screluChunk bounds one assembly call of screluDot: its eight 32-bit
// lanes each add at most 2·255·(255·127) per 16 elements, which stays
// below 2³¹ for up to 1024 elements.
const screluChunk = 1024

func screluDot(acc, w []int16) int64 {
	n := len(acc)
	if !useAVX2 || n%16 != 0 || n == 0 {
		return screluDotGo(acc, w)
	}
	_ = w[n-1]
	var sum int64
	for i := 0; i < n; i += screluChunk {
		k := min(screluChunk, n-i)
		sum += screluDotAVX2(&acc[i], &w[i], k)
	}
	return sum
}
