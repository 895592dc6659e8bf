#include "textflag.h"

// func prefetch(addr unsafe.Pointer)
// Asks the processor to bring the cache line at addr into every cache
// level (PREFETCHT0). It is a hint: it cannot fault and changes nothing
// but timing.
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ       addr+0(FP), AX
	PREFETCHT0 (AX)
	RET
