//go:build !amd64 && !wasm

package nnue

func addRow(dst, row []int16)                       { addRowGo(dst, row) }
func addSub(dst, src, a, s []int16)                 { addSubGo(dst, src, a, s) }
func addSubSub(dst, src, a, s1, s2 []int16)         { addSubSubGo(dst, src, a, s1, s2) }
func addAddSubSub(dst, src, a1, a2, s1, s2 []int16) { addAddSubSubGo(dst, src, a1, a2, s1, s2) }
func screluDot(acc, w []int16) int64                { return screluDotGo(acc, w) }

// Kernel levels: only the portable one on this architecture.
const (
	levelGo = iota
	levelAVX2
	levelAVX512
)

// kernelLevel is the widest kernel level this CPU runs.
var kernelLevel = levelGo

// Accelerated reports whether the network runs on vector instructions.
func Accelerated() bool { return false }
