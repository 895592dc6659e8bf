package nnue

import "unsafe"

// Word kernels: the arithmetic of kernels.go four 16-bit lanes at a time
// in 64-bit words (SIMD within a register), with results identical to
// the bit, for a processor without vector instructions plylab can use.
// The WebAssembly build runs them (kernels_wasm.go): Go compiles no
// WebAssembly vector instructions, and a loop of 16-bit lanes costs
// there about twice what a loop of words does. Every network's hidden
// size is a multiple of 16 (Parse checks it), so a row is a whole number
// of words; the functions fall back to the lane-by-lane code for any
// other length.

// The lanes' sign bits, and the rest.
const (
	signBits = 0x8000_8000_8000_8000
	lowBits  = 0x7fff_7fff_7fff_7fff
)

// words is s seen as 64-bit words (len(s)/4 of them). The lanes are in
// memory order, so lane k of a word is bits 16k to 16k+15 on a
// little-endian processor (WebAssembly, amd64, arm64).
func words(s []int16) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/4)
}

// wordAdd adds the four lanes of x and y, each wrapping as int16 does:
// the low fifteen bits add with no carry into the next lane, and each
// lane's sign bit is the exclusive or of the two sign bits and the carry.
func wordAdd(x, y uint64) uint64 { return ((x & lowBits) + (y & lowBits)) ^ ((x ^ y) & signBits) }

// wordSub subtracts y's lanes from x's, wrapping: with every sign bit of
// x set no lane borrows from the next, and the sign bits are fixed after.
func wordSub(x, y uint64) uint64 { return ((x | signBits) - (y & lowBits)) ^ ((x ^ ^y) & signBits) }

// wordsOK reports whether every slice has n lanes or more and n is a
// multiple of 32 (eight words, the unrolled step).
func wordsOK(n int, s ...[]int16) bool {
	if n == 0 || n%32 != 0 {
		return false
	}
	for _, x := range s {
		if len(x) < n {
			return false
		}
	}
	return true
}

// addRowWords is addRowGo a word at a time.
func addRowWords(dst, row []int16) {
	if !wordsOK(len(dst), row) {
		addRowGo(dst, row)
		return
	}
	d, r := words(dst), words(row)
	for i := 0; i+8 <= len(d); i += 8 {
		dd, rr := d[i:i+8:i+8], r[i:i+8:i+8]
		dd[0], dd[1], dd[2], dd[3] = wordAdd(dd[0], rr[0]), wordAdd(dd[1], rr[1]), wordAdd(dd[2], rr[2]), wordAdd(dd[3], rr[3])
		dd[4], dd[5], dd[6], dd[7] = wordAdd(dd[4], rr[4]), wordAdd(dd[5], rr[5]), wordAdd(dd[6], rr[6]), wordAdd(dd[7], rr[7])
	}
}

// addSubWords is addSubGo a word at a time.
func addSubWords(dst, src, a, s []int16) {
	if !wordsOK(len(dst), src, a, s) {
		addSubGo(dst, src, a, s)
		return
	}
	d, x, y, z := words(dst), words(src), words(a), words(s)
	for i := 0; i+8 <= len(d); i += 8 {
		dd, xx, yy, zz := d[i:i+8:i+8], x[i:i+8:i+8], y[i:i+8:i+8], z[i:i+8:i+8]
		dd[0], dd[1] = wordSub(wordAdd(xx[0], yy[0]), zz[0]), wordSub(wordAdd(xx[1], yy[1]), zz[1])
		dd[2], dd[3] = wordSub(wordAdd(xx[2], yy[2]), zz[2]), wordSub(wordAdd(xx[3], yy[3]), zz[3])
		dd[4], dd[5] = wordSub(wordAdd(xx[4], yy[4]), zz[4]), wordSub(wordAdd(xx[5], yy[5]), zz[5])
		dd[6], dd[7] = wordSub(wordAdd(xx[6], yy[6]), zz[6]), wordSub(wordAdd(xx[7], yy[7]), zz[7])
	}
}

// addSubSubWords is addSubSubGo a word at a time.
func addSubSubWords(dst, src, a, s1, s2 []int16) {
	if !wordsOK(len(dst), src, a, s1, s2) {
		addSubSubGo(dst, src, a, s1, s2)
		return
	}
	d, x, y, z1, z2 := words(dst), words(src), words(a), words(s1), words(s2)
	for i := 0; i+8 <= len(d); i += 8 {
		dd, xx, yy, zz1, zz2 := d[i:i+8:i+8], x[i:i+8:i+8], y[i:i+8:i+8], z1[i:i+8:i+8], z2[i:i+8:i+8]
		dd[0], dd[1] = wordSub(wordSub(wordAdd(xx[0], yy[0]), zz1[0]), zz2[0]), wordSub(wordSub(wordAdd(xx[1], yy[1]), zz1[1]), zz2[1])
		dd[2], dd[3] = wordSub(wordSub(wordAdd(xx[2], yy[2]), zz1[2]), zz2[2]), wordSub(wordSub(wordAdd(xx[3], yy[3]), zz1[3]), zz2[3])
		dd[4], dd[5] = wordSub(wordSub(wordAdd(xx[4], yy[4]), zz1[4]), zz2[4]), wordSub(wordSub(wordAdd(xx[5], yy[5]), zz1[5]), zz2[5])
		dd[6], dd[7] = wordSub(wordSub(wordAdd(xx[6], yy[6]), zz1[6]), zz2[6]), wordSub(wordSub(wordAdd(xx[7], yy[7]), zz1[7]), zz2[7])
	}
}

// addAddSubSubWords is addAddSubSubGo a word at a time.
func addAddSubSubWords(dst, src, a1, a2, s1, s2 []int16) {
	if !wordsOK(len(dst), src, a1, a2, s1, s2) {
		addAddSubSubGo(dst, src, a1, a2, s1, s2)
		return
	}
	d, x, y1, y2, z1, z2 := words(dst), words(src), words(a1), words(a2), words(s1), words(s2)
	for i := 0; i+8 <= len(d); i += 8 {
		dd, xx, yy1, yy2, zz1, zz2 := d[i:i+8:i+8], x[i:i+8:i+8], y1[i:i+8:i+8], y2[i:i+8:i+8], z1[i:i+8:i+8], z2[i:i+8:i+8]
		dd[0], dd[1] = wordSub(wordSub(wordAdd(wordAdd(xx[0], yy1[0]), yy2[0]), zz1[0]), zz2[0]), wordSub(wordSub(wordAdd(wordAdd(xx[1], yy1[1]), yy2[1]), zz1[1]), zz2[1])
		dd[2], dd[3] = wordSub(wordSub(wordAdd(wordAdd(xx[2], yy1[2]), yy2[2]), zz1[2]), zz2[2]), wordSub(wordSub(wordAdd(wordAdd(xx[3], yy1[3]), yy2[3]), zz1[3]), zz2[3])
		dd[4], dd[5] = wordSub(wordSub(wordAdd(wordAdd(xx[4], yy1[4]), yy2[4]), zz1[4]), zz2[4]), wordSub(wordSub(wordAdd(wordAdd(xx[5], yy1[5]), yy2[5]), zz1[5]), zz2[5])
		dd[6], dd[7] = wordSub(wordSub(wordAdd(wordAdd(xx[6], yy1[6]), yy2[6]), zz1[6]), zz2[6]), wordSub(wordSub(wordAdd(wordAdd(xx[7], yy1[7]), yy2[7]), zz1[7]), zz2[7])
	}
}

// squareTable maps a lane's 16 bits to clamp(lane, 0, QA)²: the output
// layer's activation without its branches.
type squareTable [1 << 16]int32

// newSquareTable fills a squareTable (256 KB).
func newSquareTable() *squareTable {
	var t squareTable
	for i := range t {
		v := int32(int16(uint16(i)))
		v = min(max(v, 0), QA)
		t[i] = v * v
	}
	return &t
}

// screluDotWords is screluDotGo eight lanes at a time, the activations
// looked up in sq. Eight products are summed in 32 bits before joining
// the 64-bit sum: each is at most QA²·127 in size (Parse bounds the
// output weights, as the vector kernels need), so eight fit.
func screluDotWords(sq *squareTable, acc, w []int16) int64 {
	if !wordsOK(len(acc), w) {
		return screluDotGo(acc, w)
	}
	a, b := words(acc), words(w)
	var sum int64
	for i := 0; i+2 <= len(a); i += 2 {
		aa, bb := a[i:i+2:i+2], b[i:i+2:i+2]
		x, y, p, q := aa[0], bb[0], aa[1], bb[1]
		sum += int64(sq[uint16(x)]*int32(int16(y)) + sq[uint16(x>>16)]*int32(int16(y>>16)) +
			sq[uint16(x>>32)]*int32(int16(y>>32)) + sq[uint16(x>>48)]*int32(int16(y>>48)) +
			sq[uint16(p)]*int32(int16(q)) + sq[uint16(p>>16)]*int32(int16(q>>16)) +
			sq[uint16(p>>32)]*int32(int16(q>>32)) + sq[uint16(p>>48)]*int32(int16(q>>48)))
	}
	return sum
}
