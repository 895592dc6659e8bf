package textfmt

import (
	"fmt"
	"math"
	"slices"
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

// ClockResolution is the step of the clock that measures the durations
// plylab prints: 0 (fine enough to ignore) for the native build, whose
// clock counts nanoseconds, and in a browser the step of its clock, which
// browsers coarsen (0.1 ms in Chromium; the WebAssembly build measures it
// when it starts and sets it here). A time shorter than the step reads
// as 0, or as one step: it was too short to measure, and Duration and
// RateOfCell say so instead of printing 0.
var ClockResolution time.Duration

// Duration formats d for people with three significant digits: "1.23 s",
// "45.6 ms", "812 µs", "950 ns"; a minute or more as "2 min 05 s", an hour
// or more as "1 h 02 min". It is the time format of every plylab table. A
// non-negative d below ClockResolution is "< 100 µs" (the resolution).
func Duration(d time.Duration) string {
	if BelowResolution(d) {
		return "< " + Duration(ClockResolution)
	}
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

// ClockStep measures the step of the clock now reads: the median of
// seven changes, rounded to two significant digits (a browser's steps of
// 0.1 ms, read through floating point, come out as 99.8 or 100.2 µs); 0
// for a clock finer than a microsecond.
func ClockStep(now func() time.Time) time.Duration {
	var steps []time.Duration
	for range 7 {
		t0 := now()
		t1 := now()
		for !t1.After(t0) {
			t1 = now()
		}
		steps = append(steps, t1.Sub(t0))
	}
	slices.Sort(steps)
	step := steps[len(steps)/2]
	if step < time.Microsecond {
		return 0
	}
	unit := time.Duration(1)
	for step/unit >= 100 {
		unit *= 10
	}
	return (step + unit/2) / unit * unit
}

// BelowResolution reports whether a measured d is shorter than the
// clock's resolution (ClockResolution), so too short to be known.
func BelowResolution(d time.Duration) bool { return d >= 0 && d < ClockResolution }

// RateOf is n per d, as lab.PerSecond computes it (0 for a d of 0), and
// how it reads: Rate of it, or, when d is below ClockResolution, "> "
// and the rate over one step of the clock (ok false: the rate is not
// known, only a lower bound), "-" for n of 0.
func RateOf(n float64, d time.Duration) (perSecond float64, text string, ok bool) {
	if BelowResolution(d) {
		if n == 0 {
			return 0, "-", false
		}
		return 0, "> " + Rate(n/ClockResolution.Seconds()), false
	}
	if d > 0 {
		perSecond = n / d.Seconds()
	}
	return perSecond, Rate(perSecond), true
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
