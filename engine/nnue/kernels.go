package nnue

// The arithmetic of the network: adding and subtracting rows of
// first-layer weights, and the output layer's dot product. These loops are
// where an evaluation by network spends its time. The portable versions
// here are written so the compiler can drop the bounds checks (every slice
// is resliced to the length of the first); on amd64 with AVX2 the same
// arithmetic runs sixteen 16-bit lanes at a time in assembly
// (kernels_amd64.s), with results identical to the bit: the same integer
// operations, wrapping the same way.

// addRowGo adds row to dst.
func addRowGo(dst, row []int16) {
	row = row[:len(dst)]
	for i := range dst {
		dst[i] += row[i]
	}
}

// addSubGo sets dst to src + a − s: a quiet move (the piece leaves one
// square and arrives on another).
func addSubGo(dst, src, a, s []int16) {
	src, a, s = src[:len(dst)], a[:len(dst)], s[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

// addSubSubGo sets dst to src + a − s1 − s2: a capture.
func addSubSubGo(dst, src, a, s1, s2 []int16) {
	src, a, s1, s2 = src[:len(dst)], a[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

// addAddSubSubGo sets dst to src + a1 + a2 − s1 − s2: castling (king and
// rook both move).
func addAddSubSubGo(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	src, a1, a2, s1, s2 = src[:n], a1[:n], a2[:n], s1[:n], s2[:n]
	for i := range dst {
		dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
	}
}

// screluDotGo returns Σ clamp(acc[i], 0, QA)² · w[i].
func screluDotGo(acc, w []int16) int64 {
	w = w[:len(acc)]
	var sum int64
	for i, x := range acc {
		v := int32(min(max(x, 0), QA))
		sum += int64(v * int32(w[i]) * v)
	}
	return sum
}
