package positions

import (
	"strconv"
	"strings"
)

// lookupError is the error for an unknown position, suite or suite id. Its
// message is one line; it matches ErrUnknown under errors.Is.
type lookupError struct {
	msg string
}

func (e *lookupError) Error() string { return e.msg }

// Unwrap makes errors.Is(err, ErrUnknown) true.
func (e *lookupError) Unwrap() error { return ErrUnknown }

// unknownError builds the error for an unknown name of the given kind
// ("position" or "suite"), suggesting the closest of names when one is close:
//
//	unknown position "kiwipet" (try "plylab positions list"; did you mean "kiwipete"?)
func unknownError(kind, name string, names []string) error {
	msg := "unknown " + kind + " " + strconv.Quote(name) + " (try " + strconv.Quote(listHint)
	if s := Suggest(name, names); s != "" {
		msg += "; did you mean " + strconv.Quote(s) + "?"
	}
	return &lookupError{msg: msg + ")"}
}

// Suggest returns the name in names closest to q, or "" when none is close:
// the "did you mean" of plylab's error messages for positions, suites,
// commands and techniques.
// A name that starts with q (at least 3 letters) wins; otherwise the name at
// the smallest edit distance (case-insensitive) is chosen, if that distance
// is at most max(2, len(q)/3) and smaller than len(q). Ties go to the
// earlier name.
func Suggest(q string, names []string) string {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return ""
	}
	if len(q) >= 3 {
		for _, n := range names {
			if strings.HasPrefix(strings.ToLower(n), q) {
				return n
			}
		}
	}
	limit := max(2, len(q)/3)
	best, bestDist := "", -1
	for _, n := range names {
		d := editDistance(q, strings.ToLower(n))
		if d <= limit && d < len(q) && (bestDist < 0 || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
