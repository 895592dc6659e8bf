package textfmt

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Sig3 formats a value in [0, 1000) with three significant digits:
// 1.5 → "1.50", 12.34 → "12.3", 812 → "812".
func Sig3(v float64) string {
	switch {
	case v >= 99.95:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 9.995:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// Duration formats d for people with three significant digits: "1.23 s",
// "45.6 ms", "812 µs", "950 ns"; a minute or more as "2 min 05 s", an hour
// or more as "1 h 02 min". It is the time format of every plylab table.
func Duration(d time.Duration) string {
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	var s string
	switch {
	case d >= time.Hour:
		d = d.Round(time.Minute)
		s = fmt.Sprintf("%d h %02d min", d/time.Hour, (d%time.Hour)/time.Minute)
	case d >= time.Minute:
		d = d.Round(time.Second)
		s = fmt.Sprintf("%d min %02d s", d/time.Minute, (d%time.Minute)/time.Second)
	case d < time.Microsecond:
		s = strconv.FormatInt(int64(d), 10) + " ns"
	default:
		s = scaled(float64(d), []unitStep{{1, "ns"}, {1e3, "µs"}, {1e6, "ms"}, {1e9, "s"}})
	}
	return neg + s
}

// Rate formats a per-second rate: "48.2 M/s", "950 k/s", "12.0 /s"; a
// non-finite rate is "-".
func Rate(perSecond float64) string {
	if math.IsNaN(perSecond) || math.IsInf(perSecond, 0) {
		return "-"
	}
	neg := ""
	if perSecond < 0 {
		neg, perSecond = "-", -perSecond
	}
	return neg + scaled(perSecond, []unitStep{{1, "/s"}, {1e3, "k/s"}, {1e6, "M/s"}, {1e9, "G/s"}, {1e12, "T/s"}})
}

type unitStep struct {
	scale float64
	unit  string
}

// scaled picks the largest unit whose scaled value is at least 1 and
// prints three significant digits, moving up a unit when rounding would
// print "1000".
func scaled(v float64, steps []unitStep) string {
	i := 0
	for i+1 < len(steps) && v >= steps[i+1].scale {
		i++
	}
	x := v / steps[i].scale
	if x >= 999.5 && i+1 < len(steps) {
		i++
		x = v / steps[i].scale
	}
	if v == 0 {
		return "0 " + steps[0].unit
	}
	return Sig3(x) + " " + steps[i].unit
}
