package textfmt

import (
	"math"
	"testing"
	"time"
)

// TestClockResolution: with a coarse clock (a browser's, 0.1 ms), a time
// below one step reads "< 100 µs" and its rate "> …" with no value (not
// "0 ns" and "0 /s"); from one step on, times and rates read as always.
// With the native clock (resolution 0) nothing changes.
func TestClockResolution(t *testing.T) {
	saved := ClockResolution
	defer func() { ClockResolution = saved }()
	for _, tc := range []struct {
		res          time.Duration
		d            time.Duration
		n            float64
		dur, rate    string
		value        any
		below, known bool
	}{
		{0, 0, 17, "0 ns", "0 /s", 0.0, false, true},
		{0, 50 * time.Microsecond, 17, "50.0 µs", "340 k/s", 340000.0, false, true},
		{100 * time.Microsecond, 0, 17, "< 100 µs", "> 170 k/s", nil, true, false},
		{100 * time.Microsecond, 0, 0, "< 100 µs", "-", nil, true, false},
		{100 * time.Microsecond, 99 * time.Microsecond, 17, "< 100 µs", "> 170 k/s", nil, true, false},
		{100 * time.Microsecond, 100 * time.Microsecond, 17, "100 µs", "170 k/s", 170000.0, false, true},
		{100 * time.Microsecond, 2300 * time.Microsecond, 2096, "2.30 ms", "911 k/s", 2096 / 0.0023, false, true},
		{time.Millisecond, 400 * time.Microsecond, 144, "< 1.00 ms", "> 144 k/s", nil, true, false},
	} {
		ClockResolution = tc.res
		cell := RateOfCell(tc.n, tc.d)
		_, text, ok := RateOf(tc.n, tc.d)
		if got := Duration(tc.d); got != tc.dur || cell.Text != tc.rate || text != tc.rate || ok != tc.known || BelowResolution(tc.d) != tc.below {
			t.Errorf("resolution %v, %v, %g: %q, %q (%v), below %v; want %q, %q (%v), %v", tc.res, tc.d, tc.n, got, cell.Text, ok, BelowResolution(tc.d), tc.dur, tc.rate, tc.known, tc.below)
		}
		if v, ok := cell.Value.(float64); (tc.value == nil) != (cell.Value == nil) || (ok && math.Abs(v-tc.value.(float64)) > 1e-6*math.Abs(v)) {
			t.Errorf("resolution %v, %v, %g: value %v, want %v", tc.res, tc.d, tc.n, cell.Value, tc.value)
		}
	}
}

// TestClockStep: the step of a clock that moves in steps (a browser's
// 0.1 ms with floating-point noise, Firefox's 1 ms) and of a fine one.
func TestClockStep(t *testing.T) {
	start := time.Unix(0, 0)
	for _, tc := range []struct {
		name  string
		ticks []time.Duration // the clock's successive readings after start
		want  time.Duration
	}{
		{"chromium", []time.Duration{0, 0, 99800, 99800, 99800, 200000, 200000, 300200, 300200, 399800, 500000, 500000, 599800, 599800, 700200}, 100 * time.Microsecond},
		{"one millisecond", []time.Duration{0, 0, 0, 1e6, 1e6, 2e6, 2e6, 3e6, 3e6, 4e6, 4e6, 5e6, 5e6, 6e6, 6e6, 7e6}, time.Millisecond},
		{"fine", []time.Duration{0, 40, 80, 120, 160, 200, 240, 280, 320, 360, 400, 440, 480, 520}, 0},
	} {
		i := 0
		now := func() time.Time {
			d := tc.ticks[min(i, len(tc.ticks)-1)]
			if i >= len(tc.ticks) {
				d += time.Duration(i) * time.Millisecond // never stall
			}
			i++
			return start.Add(d)
		}
		if got := ClockStep(now); got != tc.want {
			t.Errorf("%s: ClockStep = %v, want %v", tc.name, got, tc.want)
		}
	}
}
