package output

import (
	"fmt"
	"time"

	"github.com/plylab/plylab/engine/kit/textfmt"
)

// FormatInt formats n with thousands separators: 4865609 → "4,865,609".
func FormatInt(n int64) string { return textfmt.Thousands(n) }

// FormatUint is FormatInt for uint64.
func FormatUint(n uint64) string { return textfmt.Thousands(n) }

// FormatDuration formats d for people with three significant digits:
// "1.23 s", "45.6 ms", "812 µs", "950 ns"; a minute or more as
// "2 min 05 s", an hour or more as "1 h 02 min" (see textfmt.Duration).
func FormatDuration(d time.Duration) string { return textfmt.Duration(d) }

// FormatClock formats a duration as a clock shows it, to the second:
// "0:07", "12:34", "1:02:03".
func FormatClock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
