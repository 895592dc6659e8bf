package flagval

import (
	"errors"
	"testing"

	"github.com/plylab/plylab/engine/kit/param"
)

func TestFlagName(t *testing.T) {
	for p, want := range map[string]string{
		"Depth": "--depth", "MaxPly": "--max-ply", "LabelCache": "--label-cache", "SideBySide": "--side-by-side",
		"FEN": "--fen", "ID": "--id", "L2": "--l2", "K": "--k", "MultiPV": "--multipv", "Workers": "--concurrency",
		"Openings.Plies": "--opening-plies", "Output": "-o", "Name": "--position",
	} {
		if got := FlagName(p); got != want {
			t.Errorf("FlagName(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestParamWords(t *testing.T) {
	err := &param.RangeError{Param: "Depth", Got: 0, Min: 1, Max: 64, Try: "4"}
	for _, tc := range []struct {
		over []string
		want string
	}{
		{nil, "--depth must be between 1 and 64, got 0; try --depth 4"},
		{[]string{"Depth", "--opponent-depth"}, "--opponent-depth must be between 1 and 64, got 0; try --opponent-depth 4"},
	} {
		if got, ok := ParamWords(err, tc.over...); !ok || got != tc.want {
			t.Errorf("ParamWords(%v) = %q, %t; want %q", tc.over, got, ok, tc.want)
		}
	}
	if _, ok := ParamWords(errors.New("no parameter")); ok {
		t.Error("ParamWords found a parameter in a plain error")
	}
}
