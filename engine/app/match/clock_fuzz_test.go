package match

import (
	"strings"
	"testing"
)

// FuzzParseClock feeds --tc values to ParseClock: anything either parses
// to a clock with a positive base, no negative part and a spec that reads
// back as the same clock, or fails with one line naming the value.
func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "40/60", "40/60+1", "1:30+1", "0.5+0.005", "", "+", "10+", "x+1",
		"-1", "0/60", "1e9", "NaN", "1:NaN", "40/", "/60", "10+0.1+1", "1:1:1", " 5 + 0.05 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseClock(s)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "bad time control ") {
				t.Fatalf("ParseClock(%q) error %q: want one line starting %q", s, msg, "bad time control ")
			}
			return
		}
		if c.Base <= 0 || c.Inc < 0 || c.Moves < 0 {
			t.Fatalf("ParseClock(%q) = %+v: base must be positive, increment and moves not negative", s, c)
		}
		back, err := ParseClock(c.String())
		if err != nil {
			t.Fatalf("ParseClock(%q) = %+v, but its spec %q does not parse: %v", s, c, c.String(), err)
		}
		if back != c {
			t.Fatalf("ParseClock(%q) = %+v, spec %q reads back as %+v", s, c, c.String(), back)
		}
	})
}
