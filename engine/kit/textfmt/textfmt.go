// Package textfmt holds the small text helpers every layer of plylab
// shares: numbers with thousands separators, durations and rates for
// people, the "did you mean" of error messages, and the table data model
// (Table, Column, Cell and its constructors, Style) that results build and
// the CLI's output layer renders. It imports only the standard library, so positions,
// engine, trace, lessons and the CLI can all use it without a cycle; colour
// lives next door in textfmt/ansi, which needs fatih/color.
package textfmt

import (
	"strconv"
	"strings"
)

// Integer is any integer type Thousands accepts.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Thousands formats n in decimal with a comma between groups of three
// digits: 4865609 → "4,865,609", -1234 → "-1,234", 999 → "999". It is the
// one number format of plylab's tables, trees and lessons.
func Thousands[T Integer](n T) string {
	var s string
	if n < 0 {
		s = strconv.FormatInt(int64(n), 10)
	} else {
		s = strconv.FormatUint(uint64(n), 10)
	}
	sign, digits := "", s
	if strings.HasPrefix(s, "-") {
		sign, digits = "-", s[1:]
	}
	if len(digits) <= 3 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(digits)/3)
	b.WriteString(sign)
	lead := len(digits) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(digits[:lead])
	for i := lead; i < len(digits); i += 3 {
		b.WriteByte(',')
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// Suggest returns the name in names closest to q, or "" when none is close:
// the "did you mean" of plylab's error messages for positions, suites,
// commands, techniques and lesson cells. A name that starts with q (at
// least 3 letters, ignoring case) wins; otherwise the name at the smallest
// edit distance (case-insensitive) is chosen, if that distance is at most
// max(2, len(q)/3) and smaller than len(q). Ties go to the earlier name.
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
		d := EditDistance(q, strings.ToLower(n))
		if d <= limit && d < len(q) && (bestDist < 0 || d < bestDist) {
			best, bestDist = n, d
		}
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, counted in
// bytes: the fewest single-byte insertions, deletions and substitutions
// that turn a into b.
func EditDistance(a, b string) int {
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
