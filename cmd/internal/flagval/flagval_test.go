package flagval

import (
	"strings"
	"testing"
	"time"
)

func TestDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"1000", time.Second, ""},
		{"500ms", 500 * time.Millisecond, ""},
		{" 2s ", 2 * time.Second, ""},
		{"1m30s", 90 * time.Second, ""},
		{"1", time.Millisecond, ""},
		{"0", 0, `--movetime "0": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{"-5ms", 0, `--movetime "-5ms": expected a positive duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{"1.5", 0, `--movetime "1.5": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{"fast", 0, `--movetime "fast": expected a duration like 500ms, 2s or 1m30s, or a whole number of milliseconds like 1000`},
		{"99999999999", 0, `--movetime "99999999999": expected at most a day (86400000 ms)`},
	} {
		got, err := Duration("movetime", tc.in)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != tc.want || gotErr != tc.err {
			t.Errorf("Duration(%q) = %v, %q; want %v, %q", tc.in, got, gotErr, tc.want, tc.err)
		}
	}
}

func TestDepthRange(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi int
		err    string
	}{
		{"5", 5, 5, ""},
		{"1-6", 1, 6, ""},
		{" 2 - 3 ", 2, 3, ""},
		{"3-x", 0, 0, `--depth "3-x": expected a depth like 5 or a range like 1-6`},
		{"", 0, 0, `--depth "": expected a depth like 5 or a range like 1-6`},
		{"0", 0, 0, `--depth "0": expected depths from 1 to 12, a range low-high like 1-6`},
		{"5-3", 0, 0, `--depth "5-3": expected depths from 1 to 12, a range low-high like 1-6`},
		{"1-13", 0, 0, `--depth "1-13": expected depths from 1 to 12, a range low-high like 1-6`},
	} {
		lo, hi, err := DepthRange("depth", tc.in, 12)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if lo != tc.lo || hi != tc.hi || gotErr != tc.err {
			t.Errorf("DepthRange(%q) = %d, %d, %q; want %d, %d, %q", tc.in, lo, hi, gotErr, tc.lo, tc.hi, tc.err)
		}
	}
}

// FuzzDuration: no panic; a value that parses is positive and at most a
// day; an error is one line naming the flag and quoting the value.
func FuzzDuration(f *testing.F) {
	for _, s := range []string{"1000", "500ms", "2s", "1m30s", "0", "-1", "1e3", "9223372036854775807", "1h1h1h1h1h1h1h1h1h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Duration("movetime", s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\r\n") || !strings.HasPrefix(msg, "--movetime ") {
				t.Fatalf("error %q", msg)
			}
			return
		}
		if d <= 0 {
			t.Fatalf("Duration(%q) = %v", s, d)
		}
	})
}

// FuzzDepthRange: no panic; a range that parses is 1 <= lo <= hi <= max.
func FuzzDepthRange(f *testing.F) {
	for _, s := range []string{"5", "1-6", "3-x", "-", "0-0", "12-12", "1--2", "+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := DepthRange("depth", s, 12)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "--depth ") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if lo < 1 || hi < lo || hi > 12 {
			t.Fatalf("DepthRange(%q) = %d, %d", s, lo, hi)
		}
	})
}

// Strings keeps each value whole, commas included, in order.
func TestStrings(t *testing.T) {
	var l Strings
	if l.String() != "" || (*Strings)(nil).String() != "" {
		t.Errorf("empty Strings = %q", l.String())
	}
	for _, s := range []string{"SyzygyPath=/a,/b", "UCI_Elo=1500"} {
		if err := l.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	if len(l) != 2 || l[0] != "SyzygyPath=/a,/b" || l[1] != "UCI_Elo=1500" || l.String() != "SyzygyPath=/a,/b, UCI_Elo=1500" {
		t.Errorf("Strings = %q (%q)", []string(l), l.String())
	}
}
