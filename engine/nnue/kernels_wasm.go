//go:build wasm

package nnue

import "unsafe"

// WebAssembly: the vector kernels of the module SIMDModule when the page
// gave them (a class site's worker does, in a browser with WebAssembly's
// vector instructions), else the word kernels (kernels_words.go), four
// lanes a word.

// The imports of the kernels' module (simd.go); available says whether
// the host gave them (0: the word kernels run).
//
//go:wasmimport plylab_simd available
func simdAvailable() int32

//go:wasmimport plylab_simd add_row
func simdAddRow(dst, row unsafe.Pointer, n int32)

//go:wasmimport plylab_simd add_sub
func simdAddSub(dst, src, a, s unsafe.Pointer, n int32)

//go:wasmimport plylab_simd add_sub_sub
func simdAddSubSub(dst, src, a, s1, s2 unsafe.Pointer, n int32)

//go:wasmimport plylab_simd add_add_sub_sub
func simdAddAddSubSub(dst, src, a1, a2, s1, s2 unsafe.Pointer, n int32)

//go:wasmimport plylab_simd screlu_dot
func simdScreluDot(acc, w unsafe.Pointer, n int32) float64

// useSIMD is whether the vector kernels run.
var useSIMD = simdAvailable() == 1

// vectorOK reports whether the vector kernels take n lanes (a multiple of
// 8, which every network's hidden size is) of slices at least that long.
func vectorOK(n int, s ...[]int16) bool {
	if !useSIMD || n == 0 || n%8 != 0 {
		return false
	}
	for _, x := range s {
		if len(x) < n {
			return false
		}
	}
	return true
}

func p(s []int16) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }

func addRow(dst, row []int16) {
	if n := len(dst); vectorOK(n, row) {
		simdAddRow(p(dst), p(row), int32(n))
		return
	}
	addRowWords(dst, row)
}

func addSub(dst, src, a, s []int16) {
	if n := len(dst); vectorOK(n, src, a, s) {
		simdAddSub(p(dst), p(src), p(a), p(s), int32(n))
		return
	}
	addSubWords(dst, src, a, s)
}

func addSubSub(dst, src, a, s1, s2 []int16) {
	if n := len(dst); vectorOK(n, src, a, s1, s2) {
		simdAddSubSub(p(dst), p(src), p(a), p(s1), p(s2), int32(n))
		return
	}
	addSubSubWords(dst, src, a, s1, s2)
}

func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	if n := len(dst); vectorOK(n, src, a1, a2, s1, s2) {
		simdAddAddSubSub(p(dst), p(src), p(a1), p(a2), p(s1), p(s2), int32(n))
		return
	}
	addAddSubSubWords(dst, src, a1, a2, s1, s2)
}

func screluDot(acc, w []int16) int64 {
	if n := len(acc); vectorOK(n, w) {
		return int64(simdScreluDot(p(acc), p(w), int32(n)))
	}
	if squares == nil {
		squares = newSquareTable()
	}
	return screluDotWords(squares, acc, w)
}

// squares is the activations' table of screluDotWords, made when they
// first run (the worker has one thread).
var squares *squareTable

// Kernel levels: the word kernels only.
const (
	levelGo = iota
	levelAVX2
	levelAVX512
)

// kernelLevel is the widest kernel level this processor runs.
var kernelLevel = levelGo

// Accelerated reports whether the network runs on vector instructions:
// the module's, when the page gave them.
func Accelerated() bool { return useSIMD }
