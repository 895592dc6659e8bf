#include "textflag.h"

// AVX2 kernels of the network (kernels_amd64.go). Each loop handles 16
// int16 lanes (32 bytes) per iteration; n is a positive multiple of 16.

// func addRowAVX2(dst, row *int16, n int)
TEXT ·addRowAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ DX, DX
addrow_loop:
	VMOVDQU (DI)(DX*1), Y0
	VPADDW  (SI)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	SUBQ    $16, CX
	JNZ     addrow_loop
	VZEROUPPER
	RET

// func addSubAVX2(dst, src, a, s *int16, n int)
TEXT ·addSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ DX, DX
addsub_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	SUBQ    $16, CX
	JNZ     addsub_loop
	VZEROUPPER
	RET

// func addSubSubAVX2(dst, src, a, s1, s2 *int16, n int)
TEXT ·addSubSubAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), R8
	MOVQ n+40(FP), CX
	XORQ DX, DX
addsubsub_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VPSUBW  (R8)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	SUBQ    $16, CX
	JNZ     addsubsub_loop
	VZEROUPPER
	RET

// func addAddSubSubAVX2(dst, src, a1, a2, s1, s2 *int16, n int)
TEXT ·addAddSubSubAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a1+16(FP), AX
	MOVQ a2+24(FP), R9
	MOVQ s1+32(FP), BX
	MOVQ s2+40(FP), R8
	MOVQ n+48(FP), CX
	XORQ DX, DX
addaddsubsub_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPADDW  (R9)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VPSUBW  (R8)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	SUBQ    $16, CX
	JNZ     addaddsubsub_loop
	VZEROUPPER
	RET

// func screluDotAVX2(acc, w *int16, n int) int64
//
// Every instruction that touches a vector register is VEX-encoded (VMOVQ,
// not MOVQ, between AX and X2 or X5): a legacy SSE instruction while the
// upper halves of the Y registers hold data makes some processors save
// and restore those halves, a state transition that cost this kernel five
// times its work on the project's machine (132 ns against 23 ns for 512
// elements: BenchmarkKernels).
//
// Σ clamp(acc[i], 0, 255)² · w[i]: v = clamp(acc), then v·w in 16 bits
// (|w| ≤ 127, so |v·w| ≤ 32385 fits), then VPMADDWD multiplies by v again
// and adds neighbouring pairs into 32-bit lanes. The eight lanes are
// widened to 64 bits before they are added together.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	VPXOR Y0, Y0, Y0 // zero
	VPXOR Y1, Y1, Y1 // the sums, 8 × int32
	MOVQ $255, AX
	VMOVQ AX, X2
	VPBROADCASTW X2, Y2 // QA in every lane
	XORQ DX, DX
screlu_loop:
	VMOVDQU  (SI)(DX*1), Y3
	VPMAXSW  Y0, Y3, Y3
	VPMINSW  Y2, Y3, Y3
	VPMULLW  (DI)(DX*1), Y3, Y4
	VPMADDWD Y3, Y4, Y4
	VPADDD   Y4, Y1, Y1
	ADDQ     $32, DX
	SUBQ     $16, CX
	JNZ      screlu_loop
	VEXTRACTI128 $1, Y1, X3
	VPMOVSXDQ X1, Y5
	VPMOVSXDQ X3, Y6
	VPADDQ   Y6, Y5, Y5
	VEXTRACTI128 $1, Y5, X6
	VPADDQ   X6, X5, X5
	VPSHUFD  $0x4E, X5, X6
	VPADDQ   X6, X5, X5
	VMOVQ    X5, AX
	MOVQ     AX, ret+24(FP)
	VZEROUPPER
	RET
