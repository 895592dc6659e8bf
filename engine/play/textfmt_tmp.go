package play

import (
	"strconv"
	"strings"
	"time"
)

// TODO(game): replace with engine/textfmt once the output branch lands.

func fmtUint(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func fmtDuration(d time.Duration) string {
	v, unit := float64(d)/1e3, "µs"
	if d >= time.Second {
		v, unit = d.Seconds(), "s"
	} else if d >= time.Millisecond {
		v, unit = float64(d)/1e6, "ms"
	}
	prec := 2
	if v >= 99.95 {
		prec = 0
	} else if v >= 9.995 {
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + " " + unit
}
