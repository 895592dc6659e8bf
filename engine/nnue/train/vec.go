package train

// addF32Go is addF32's portable loop.
func addF32Go(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}
