#include "textflag.h"

// func addF32AVX2(dst, src *float32, n int)
// dst[i] += src[i] for n elements, n a positive multiple of 8.
TEXT ·addF32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ DX, DX
addf32_loop:
	VMOVUPS (DI)(DX*1), Y0
	VADDPS  (SI)(DX*1), Y0, Y0
	VMOVUPS Y0, (DI)(DX*1)
	ADDQ    $32, DX
	SUBQ    $8, CX
	JNZ     addf32_loop
	VZEROUPPER
	RET
