// Package flagval parses the values of plylab's command-line flags that
// have a format (durations, depths and depth ranges, whole numbers) and
// words their errors the same way everywhere: one line that names the
// flag, quotes the bad value and shows the expected form with an example,
// e.g.
//
//	--depth "3-x": expected a depth like 5 or a range like 1-6
package flagval

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Error is a flag value that does not parse or is out of range.
type Error struct {
	Flag  string // without dashes, e.g. "depth"
	Value string // as typed
	Want  string // the expected form, e.g. "a depth like 5"
}

// Error returns `--FLAG "VALUE": expected WANT`.
func (e *Error) Error() string {
	return fmt.Sprintf("--%s %q: expected %s", e.Flag, e.Value, e.Want)
}

// DurationForm is how a duration flag's error describes the value.
const DurationForm = "a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000"

// Duration reads a positive duration: Go's notation (500ms, 2s, 1m30s) or,
// as UCI's movetime, a bare whole number of milliseconds ("1000" is 1s).
func Duration(flag, s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	var d time.Duration
	if n, err := strconv.ParseInt(t, 10, 64); err == nil {
		if n > int64(24*time.Hour/time.Millisecond) {
			return 0, &Error{flag, s, "at most a day (86400000 ms)"}
		}
		d = time.Duration(n) * time.Millisecond
	} else {
		var err error
		if d, err = time.ParseDuration(t); err != nil {
			return 0, &Error{flag, s, DurationForm}
		}
	}
	if d <= 0 {
		return 0, &Error{flag, s, "a positive " + strings.TrimPrefix(DurationForm, "a ")}
	}
	return d, nil
}

// DepthForm describes a depth range.
const DepthForm = "a depth like 5 or a range like 1-6"

// DepthRange reads a depth "5" or an inclusive range "1-6", each depth
// from 1 to maxDepth.
func DepthRange(flag, s string, maxDepth int) (lo, hi int, err error) {
	t := strings.TrimSpace(s)
	a, b, isRange := strings.Cut(t, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi = lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil {
		return 0, 0, &Error{flag, s, DepthForm}
	}
	if lo < 1 || hi > maxDepth || hi < lo {
		return 0, 0, &Error{flag, s, fmt.Sprintf("depths from 1 to %d, a range low-high like 1-%d", maxDepth, min(6, maxDepth))}
	}
	return lo, hi, nil
}

// Form returns the expected form of an integer flag's value, for the
// error of a value that is not a whole number: depths, sizes in MB, node
// counts, games, seeds...
func Form(flag string) string {
	switch strings.TrimPrefix(flag, "opponent-") {
	case "depth", "max-depth":
		return "a depth in plies like 5"
	case "hash":
		return "a size in MB like 16"
	case "nodes", "max-nodes":
		return "a whole number of nodes like 100000"
	case "games":
		return "a number of games like 100"
	case "concurrency", "jobs":
		return "a number of parallel jobs like 2"
	case "seed":
		return "a whole number like 42"
	case "width":
		return "a number of columns like 80"
	case "max-ply", "opening-plies":
		return "a number of plies like 8"
	case "time-margin", "movetime":
		return DurationForm
	}
	return "a whole number like 10"
}

// Strings is a repeatable flag's values as typed, one for each time the
// flag is given (a urfave/cli Generic value). Unlike a string slice flag
// it does not split at commas: a value may contain them (a UCI option's
// path list). The command checks the values, where its error can say what
// is wrong (a flag's Set error is shortened to "invalid value").
type Strings []string

// Set adds s.
func (l *Strings) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// String joins the values with ", ".
func (l *Strings) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ", ")
}
