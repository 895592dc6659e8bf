//go:build wasm

package nnue

// WebAssembly: the word kernels (kernels_words.go), four lanes a word.

func addRow(dst, row []int16)               { addRowWords(dst, row) }
func addSub(dst, src, a, s []int16)         { addSubWords(dst, src, a, s) }
func addSubSub(dst, src, a, s1, s2 []int16) { addSubSubWords(dst, src, a, s1, s2) }
func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	addAddSubSubWords(dst, src, a1, a2, s1, s2)
}
func screluDot(acc, w []int16) int64 { return screluDotWords(squares, acc, w) }

// squares is the activations' table of screluDotWords.
var squares = newSquareTable()

// Kernel levels: the word kernels only.
const (
	levelGo = iota
	levelAVX2
	levelAVX512
)

// kernelLevel is the widest kernel level this processor runs.
var kernelLevel = levelGo

// Accelerated reports whether the network runs on vector instructions.
func Accelerated() bool { return false }
