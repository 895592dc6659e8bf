package param

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// flags is a Namer as the command line's: --kebab-case.
func flags(p string) string { return "--" + strings.ToLower(p) }

func TestRangeErrorWords(t *testing.T) {
	for _, tc := range []struct {
		err         *RangeError
		plain, flag string
	}{
		{&RangeError{Param: "Depth", Got: 0, Min: 1, Max: 64}, "Depth must be between 1 and 64, got 0", "--depth must be between 1 and 64, got 0"},
		{&RangeError{Param: "Depth", Got: 13, Min: 1, Max: 12, Try: "5"}, "Depth must be between 1 and 12, got 13; try Depth 5", "--depth must be between 1 and 12, got 13; try --depth 5"},
		{&RangeError{Param: "Hash", Got: 4097, Min: 1, Max: 4096, Unit: "MB"}, "Hash must be between 1 and 4096 MB, got 4097", "--hash must be between 1 and 4096 MB, got 4097"},
		{&RangeError{Param: "Nodes", Got: 1000001, Min: 1, Max: 1_000_000}, "Nodes must be between 1 and 1,000,000, got 1000001", "--nodes must be between 1 and 1,000,000, got 1000001"},
		{&RangeError{Param: "Games", Got: -3, Min: 1, Max: NoMax}, "Games must be at least 1, got -3", "--games must be at least 1, got -3"},
	} {
		if got := tc.err.Error(); got != tc.plain {
			t.Errorf("%+v: Error() = %q, want %q", *tc.err, got, tc.plain)
		}
		if got, ok := Words(fmt.Errorf("wrapped: %w", tc.err), flags); !ok || got != tc.flag {
			t.Errorf("%+v: Words = %q, %t; want %q", *tc.err, got, ok, tc.flag)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		got      int64
		min, max int64
		ok       bool
	}{{1, 1, 12, true}, {12, 1, 12, true}, {0, 1, 12, false}, {13, 1, 12, false}, {1 << 40, 1, NoMax, true}, {-1, 0, NoMax, false}} {
		err := Check("N", tc.got, tc.min, tc.max)
		var re *RangeError
		if (err == nil) != tc.ok || (err != nil && (!errors.As(err, &re) || *re != RangeError{Param: "N", Got: tc.got, Min: tc.min, Max: tc.max})) {
			t.Errorf("Check(%d, %d, %d) = %#v", tc.got, tc.min, tc.max, err)
		}
	}
	if err := Check("N", uint64(1<<63), 1, NoMax); err == nil {
		t.Error("Check of a uint64 beyond int64 passed")
	}
}

func TestErrorWords(t *testing.T) {
	cause := fs.ErrNotExist
	for _, tc := range []struct {
		err         error
		plain, flag string
		wraps       error
	}{
		{Errorf("{MultiPV} %d needs {Algo} engine", 3), "MultiPV 3 needs Algo engine", "--multipv 3 needs --algo engine", nil},
		{Errorf("use only one of {Toy} and {ToyFile}"), "use only one of Toy and ToyFile", "--toy and --toyfile", nil},
		// A value's braces are the user's text, never a name.
		{Errorf("{Focus}: no move %q", "{Depth}"), `Focus: no move "{Depth}"`, `--focus: no move "{Depth}"`, nil},
		{Errorf("{Load} %s: %w", "x.pgn", cause), "Load x.pgn: file does not exist", "--load x.pgn: file does not exist", cause},
		{Errorf("100%% of {Fit}"), "100% of Fit", "100% of --fit", nil},
	} {
		if got := tc.err.Error(); got != tc.plain {
			t.Errorf("Error() = %q, want %q", got, tc.plain)
		}
		got, ok := Words(tc.err, flags)
		if !ok || !strings.HasSuffix(got, tc.flag) {
			t.Errorf("Words = %q, %t; want it to end %q", got, ok, tc.flag)
		}
		if tc.wraps != nil && !errors.Is(tc.err, tc.wraps) {
			t.Errorf("%v does not wrap %v", tc.err, tc.wraps)
		}
	}
	if _, ok := Words(errors.New("plain"), flags); ok {
		t.Error("Words found a parameter error in a plain error")
	}
}
