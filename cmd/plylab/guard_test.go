package main

import (
	"errors"
	"testing"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/app/lab"
)

func TestGuardError(t *testing.T) {
	long := &lab.TooLongError{What: "depth 9", Predicted: 3 * time.Hour}
	other := errors.New("no such position")
	tests := []struct {
		name  string
		err   error
		force bool
		want  string
		usage bool
	}{
		{"fits", nil, false, "", false},
		{"too long", long, false, "depth 9 is predicted to take about 3 h 00 min; add --force", true},
		{"too long, forced", long, true, "", false},
		{"other error", other, false, "no such position", false},
		{"other error, forced", other, true, "no such position", false},
	}
	for _, tt := range tests {
		err := guardError(tt.err, tt.force, "add --force")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want || cliapp.IsUsageError(err) != tt.usage {
			t.Errorf("%s: %q (usage %v), want %q (usage %v)", tt.name, got, cliapp.IsUsageError(err), tt.want, tt.usage)
		}
	}
}
