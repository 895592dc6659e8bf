#include "textflag.h"

// AVX-512 kernels of the network (kernels_amd64.go): the same arithmetic
// as the AVX2 ones in kernels_amd64.s, 32 int16 lanes (64 bytes) per
// iteration, so half the iterations. n is a positive multiple of 32.

// func addRowAVX512(dst, row *int16, n int)
TEXT ·addRowAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ DX, DX
addrow512_loop:
	VMOVDQU16 (DI)(DX*1), Z0
	VPADDW    (SI)(DX*1), Z0, Z0
	VMOVDQU16 Z0, (DI)(DX*1)
	ADDQ      $64, DX
	SUBQ      $32, CX
	JNZ       addrow512_loop
	VZEROUPPER
	RET

// func addSubAVX512(dst, src, a, s *int16, n int)
TEXT ·addSubAVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ DX, DX
addsub512_loop:
	VMOVDQU16 (SI)(DX*1), Z0
	VPADDW    (AX)(DX*1), Z0, Z0
	VPSUBW    (BX)(DX*1), Z0, Z0
	VMOVDQU16 Z0, (DI)(DX*1)
	ADDQ      $64, DX
	SUBQ      $32, CX
	JNZ       addsub512_loop
	VZEROUPPER
	RET

// func addSubSubAVX512(dst, src, a, s1, s2 *int16, n int)
TEXT ·addSubSubAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), R8
	MOVQ n+40(FP), CX
	XORQ DX, DX
addsubsub512_loop:
	VMOVDQU16 (SI)(DX*1), Z0
	VPADDW    (AX)(DX*1), Z0, Z0
	VPSUBW    (BX)(DX*1), Z0, Z0
	VPSUBW    (R8)(DX*1), Z0, Z0
	VMOVDQU16 Z0, (DI)(DX*1)
	ADDQ      $64, DX
	SUBQ      $32, CX
	JNZ       addsubsub512_loop
	VZEROUPPER
	RET

// func addAddSubSubAVX512(dst, src, a1, a2, s1, s2 *int16, n int)
TEXT ·addAddSubSubAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a1+16(FP), AX
	MOVQ a2+24(FP), R9
	MOVQ s1+32(FP), BX
	MOVQ s2+40(FP), R8
	MOVQ n+48(FP), CX
	XORQ DX, DX
addaddsubsub512_loop:
	VMOVDQU16 (SI)(DX*1), Z0
	VPADDW    (AX)(DX*1), Z0, Z0
	VPADDW    (R9)(DX*1), Z0, Z0
	VPSUBW    (BX)(DX*1), Z0, Z0
	VPSUBW    (R8)(DX*1), Z0, Z0
	VMOVDQU16 Z0, (DI)(DX*1)
	ADDQ      $64, DX
	SUBQ      $32, CX
	JNZ       addaddsubsub512_loop
	VZEROUPPER
	RET

// func screluDotAVX512(acc, w *int16, n int) int64
//
// screluDotAVX2 with 32 lanes: clamp to [0, 255], multiply by the weight
// in 16 bits, VPMADDWD by the clamped value again into sixteen 32-bit
// lanes; the lanes are halved to eight and widened to 64 bits at the end.
// Each lane takes two products per iteration, so a call of at most 1024
// elements (screluChunk) adds at most 64 products of at most 255·32385
// into a lane: below 2³¹. As in the AVX2 kernels, only VEX and EVEX
// encodings touch the vector registers (VMOVQ, not the SSE MOVQ).
TEXT ·screluDotAVX512(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	VPXORD Z0, Z0, Z0 // zero
	VPXORD Z1, Z1, Z1 // the sums, 16 × int32
	MOVQ $255, AX
	VMOVQ AX, X2
	VPBROADCASTW X2, Z2 // QA in every lane
	XORQ DX, DX
screlu512_loop:
	VMOVDQU16 (SI)(DX*1), Z3
	VPMAXSW   Z0, Z3, Z3
	VPMINSW   Z2, Z3, Z3
	VPMULLW   (DI)(DX*1), Z3, Z4
	VPMADDWD  Z3, Z4, Z4
	VPADDD    Z4, Z1, Z1
	ADDQ      $64, DX
	SUBQ      $32, CX
	JNZ       screlu512_loop
	VEXTRACTI64X4 $1, Z1, Y3
	VPMOVSXDQ X1, Y5
	VEXTRACTI128 $1, Y1, X4
	VPMOVSXDQ X4, Y6
	VPADDQ    Y6, Y5, Y5
	VPMOVSXDQ X3, Y6
	VPADDQ    Y6, Y5, Y5
	VEXTRACTI128 $1, Y3, X4
	VPMOVSXDQ X4, Y6
	VPADDQ    Y6, Y5, Y5
	VEXTRACTI128 $1, Y5, X6
	VPADDQ    X6, X5, X5
	VPSHUFD   $0x4E, X5, X6
	VPADDQ    X6, X5, X5
	VMOVQ     X5, AX
	MOVQ      AX, ret+24(FP)
	VZEROUPPER
	RET
