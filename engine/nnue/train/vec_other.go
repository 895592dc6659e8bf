//go:build !amd64

package train

func addF32(dst, src []float32) { addF32Go(dst, src) }
