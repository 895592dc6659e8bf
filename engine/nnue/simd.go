package nnue

// The network's kernels as a WebAssembly module of their own, with
// WebAssembly's 128-bit vector instructions, which Go does not compile
// to: eight 16-bit lanes an instruction, as the AVX2 kernels take sixteen.
// A class site's Web Worker compiles it beside the engine and gives it the
// engine's memory; the engine's WebAssembly build calls it through
// imports (kernels_wasm.go). Its results are those of the portable
// kernels to the bit (TestSIMDModule runs it in Node against them):
// 16-bit lanes wrap as Go's int16 does, and the output's dot product
// multiplies an activation (at most QA) by a weight (at most ±127, which
// Parse checks) in 16 bits, as the vector kernels do, then sums pairs of
// those times the activation in 32 bits and every pair in 64.
//
// The module, "plylab_simd" to the engine, imports env.memory and exports
// (addresses and lengths are i32, a length in lanes, a multiple of 8):
//
//	add_row(dst, row, n)                      dst += row
//	add_sub(dst, src, a, s, n)                dst = src + a - s
//	add_sub_sub(dst, src, a, s1, s2, n)       dst = src + a - s1 - s2
//	add_add_sub_sub(dst, src, a1, a2, s1, s2, n)
//	screlu_dot(acc, w, n) f64                 Σ clamp(acc, 0, QA)² · w
//
// (the sum as a float64, exact: it is far below 2^53, and a JavaScript
// number, where an i64 would be a BigInt to allocate at every call).

// SIMDModule returns the kernels' WebAssembly module (a few hundred
// bytes), which a class site serves beside the engine.
func SIMDModule() []byte {
	var m wasmModule
	m.bytes("\x00asm\x01\x00\x00\x00")
	const i32, f64 = 0x7f, 0x7c
	sig := func(params int, results ...byte) []byte {
		b := []byte{0x60}
		b = appendU(b, uint64(params))
		for range params {
			b = append(b, i32)
		}
		b = appendU(b, uint64(len(results)))
		return append(b, results...)
	}
	// Types: one per function, in export order.
	types := [][]byte{sig(3), sig(5), sig(6), sig(7), sig(3, f64)}
	var sec []byte
	sec = appendU(sec, uint64(len(types)))
	for _, t := range types {
		sec = append(sec, t...)
	}
	m.section(1, sec)
	// Import: env.memory, no minimum.
	sec = []byte{1}
	sec = appendName(sec, "env")
	sec = appendName(sec, "memory")
	sec = append(sec, 0x02, 0x00, 0x00)
	m.section(2, sec)
	// Functions.
	sec = []byte{byte(len(types))}
	for i := range types {
		sec = append(sec, byte(i))
	}
	m.section(3, sec)
	// Exports.
	names := []string{"add_row", "add_sub", "add_sub_sub", "add_add_sub_sub", "screlu_dot"}
	sec = appendU(nil, uint64(len(names)))
	for i, n := range names {
		sec = appendName(sec, n)
		sec = append(sec, 0x00, byte(i))
	}
	m.section(7, sec)
	// Code.
	bodies := [][]byte{
		lanesBody(2, func(c *wasmCode) { // dst + row, dst read in place
			c.load(0)
			c.load(1)
			c.simd(opI16x8Add)
		}, 0),
		lanesBody(4, func(c *wasmCode) {
			c.load(1)
			c.load(2)
			c.simd(opI16x8Add)
			c.load(3)
			c.simd(opI16x8Sub)
		}, 0),
		lanesBody(5, func(c *wasmCode) {
			c.load(1)
			c.load(2)
			c.simd(opI16x8Add)
			c.load(3)
			c.simd(opI16x8Sub)
			c.load(4)
			c.simd(opI16x8Sub)
		}, 0),
		lanesBody(6, func(c *wasmCode) {
			c.load(1)
			c.load(2)
			c.simd(opI16x8Add)
			c.load(3)
			c.simd(opI16x8Add)
			c.load(4)
			c.simd(opI16x8Sub)
			c.load(5)
			c.simd(opI16x8Sub)
		}, 0),
		screluDotBody(),
	}
	sec = appendU(nil, uint64(len(bodies)))
	for _, b := range bodies {
		sec = appendU(sec, uint64(len(b)))
		sec = append(sec, b...)
	}
	m.section(10, sec)
	return m.b
}

// WebAssembly opcodes the kernels use (the 0xfd-prefixed ones are the
// vector instructions).
const (
	opBlock      = 0x02
	opLoop       = 0x03
	opEnd        = 0x0b
	opBr         = 0x0c
	opBrIf       = 0x0d
	opLocalGet   = 0x20
	opLocalSet   = 0x21
	opLocalTee   = 0x22
	opI32Const   = 0x41
	opI32GeU     = 0x4f
	opI32Add     = 0x6a
	opI32Shl     = 0x74
	opI64Add     = 0x7c
	opF64FromI64 = 0xb9
	opVoid       = 0x40
	opV128       = 0x7b
	opV128Load   = 0x00
	opV128Store  = 0x0b
	opV128Const  = 0x0c

	opI64x2ExtractLane   = 0x1d
	opI16x8Add           = 0x8e
	opI16x8Sub           = 0x91
	opI16x8Mul           = 0x95
	opI16x8MinS          = 0x96
	opI16x8MaxS          = 0x98
	opI32x4DotI16x8S     = 0xba
	opI64x2ExtendLowS    = 0xc7
	opI64x2ExtendHighS   = 0xc8
	opI64x2Add           = 0xce
	opPrefixSIMD         = 0xfd
	simdBytesPerIterator = 16
)

// wasmModule is a module being written.
type wasmModule struct{ b []byte }

func (m *wasmModule) bytes(s string) { m.b = append(m.b, s...) }

// section appends section id with its contents.
func (m *wasmModule) section(id byte, contents []byte) {
	m.b = append(m.b, id)
	m.b = appendU(m.b, uint64(len(contents)))
	m.b = append(m.b, contents...)
}

// appendU appends v as unsigned LEB128.
func appendU(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// appendS appends v as signed LEB128.
func appendS(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// appendName appends a name: its length and bytes.
func appendName(b []byte, s string) []byte {
	b = appendU(b, uint64(len(s)))
	return append(b, s...)
}

// wasmCode is a function body being written: its instructions.
type wasmCode struct {
	b      []byte
	iLocal int // the local holding the byte offset of a lanes loop
}

func (c *wasmCode) op(ops ...byte)        { c.b = append(c.b, ops...) }
func (c *wasmCode) get(local int)         { c.op(opLocalGet, byte(local)) }
func (c *wasmCode) set(local int)         { c.op(opLocalSet, byte(local)) }
func (c *wasmCode) i32(v int32)           { c.op(opI32Const); c.b = appendS(c.b, int64(v)) }
func (c *wasmCode) simd(op uint64)        { c.op(opPrefixSIMD); c.b = appendU(c.b, op) }
func (c *wasmCode) memarg()               { c.op(0x00, 0x00) } // alignment 1, offset 0: any address
func (c *wasmCode) v128const(v [16]byte)  { c.simd(opV128Const); c.b = append(c.b, v[:]...) }
func (c *wasmCode) lane(op uint64, i int) { c.simd(op); c.op(byte(i)) }

// load pushes the 16 bytes at the address in param plus the loop's byte
// offset.
func (c *wasmCode) load(param int) {
	c.get(param)
	c.get(c.iLocal)
	c.op(opI32Add)
	c.simd(opV128Load)
	c.memarg()
}

// lanesBody is a kernel over lanes with params parameters before n (the
// first the destination, dst): for each 16 bytes, vector pushes the
// result, which is stored at dst.
func lanesBody(params int, vector func(*wasmCode), dst int) []byte {
	n := params        // n's index
	i, end := n+1, n+2 // two i32 locals
	c := &wasmCode{iLocal: i}
	c.op(1, 2, 0x7f) // one group of locals: two i32
	c.get(n)
	c.i32(1)
	c.op(opI32Shl)
	c.set(end)
	c.op(opBlock, opVoid, opLoop, opVoid)
	c.get(i)
	c.get(end)
	c.op(opI32GeU, opBrIf, 1)
	// The address to store at, then the vector.
	c.get(dst)
	c.get(i)
	c.op(opI32Add)
	vector(c)
	c.simd(opV128Store)
	c.memarg()
	c.get(i)
	c.i32(simdBytesPerIterator)
	c.op(opI32Add)
	c.set(i)
	c.op(opBr, 0, opEnd, opEnd, opEnd)
	return c.b
}

// screluDotBody is screlu_dot(acc, w, n) f64: locals i, end (i32), lo, hi,
// d (v128).
func screluDotBody() []byte {
	const acc, w, n, i, end, lo, hi, d = 0, 1, 2, 3, 4, 5, 6, 7
	c := &wasmCode{iLocal: i}
	c.op(2, 2, 0x7f, 3, opV128) // two i32, three v128 (zero at the start)
	var qa [16]byte
	for k := 0; k < 16; k += 2 {
		qa[k] = QA
	}
	c.get(n)
	c.i32(1)
	c.op(opI32Shl)
	c.set(end)
	c.op(opBlock, opVoid, opLoop, opVoid)
	c.get(i)
	c.get(end)
	c.op(opI32GeU, opBrIf, 1)
	// v = min(max(acc, 0), QA), left on the stack twice through d.
	c.load(acc)
	c.v128const([16]byte{})
	c.simd(opI16x8MaxS)
	c.v128const(qa)
	c.simd(opI16x8MinS)
	c.op(opLocalTee, d)
	// d · (d · w): each pair of products summed in 32 bits.
	c.get(d)
	c.load(w)
	c.simd(opI16x8Mul)
	c.simd(opI32x4DotI16x8S)
	c.op(opLocalTee, d)
	c.simd(opI64x2ExtendLowS)
	c.get(lo)
	c.simd(opI64x2Add)
	c.set(lo)
	c.get(d)
	c.simd(opI64x2ExtendHighS)
	c.get(hi)
	c.simd(opI64x2Add)
	c.set(hi)
	c.get(i)
	c.i32(simdBytesPerIterator)
	c.op(opI32Add)
	c.set(i)
	c.op(opBr, 0, opEnd, opEnd)
	// The two 64-bit lanes of lo + hi, added.
	c.get(lo)
	c.get(hi)
	c.simd(opI64x2Add)
	c.op(opLocalTee, lo)
	c.lane(opI64x2ExtractLane, 0)
	c.get(lo)
	c.lane(opI64x2ExtractLane, 1)
	c.op(opI64Add, opF64FromI64, opEnd)
	return c.b
}
