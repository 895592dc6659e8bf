package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// floors are the floors of docs/architecture.md, the ground first: the
// import path prefixes (below the module) of each. A package stands on
// the floor of its longest matching prefix.
var floors = [][]string{
	{"engine/kit/", "engine/internal/"}, // helpers every floor may use
	{"engine/board"},                    // the ground
	{"positions"},
	{"engine/eval", "engine/nnue"},
	{"engine"}, // the strong search
	{"engine/textbook"},
	{"engine/app/"},
	{"trace", "lessons"},
	{"cmd/"},
}

const module = "github.com/plylab/plylab"

// floorOf is the floor of package path (module-relative), or -1.
func floorOf(path string) int {
	best, bestLen := -1, -1
	for i, prefixes := range floors {
		for _, p := range prefixes {
			match := path == strings.TrimSuffix(p, "/") || strings.HasPrefix(path, strings.TrimSuffix(p, "/")+"/")
			if match && len(p) > bestLen {
				best, bestLen = i, len(p)
			}
		}
	}
	return best
}

// TestFloors holds the picture of docs/architecture.md against the code:
// every package of the module stands on a floor, and no import runs up
// to a higher floor (a package may use its own floor and those below).
// The helpers (engine/kit) import nothing of the other floors.
func TestFloors(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(gobin, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	packages := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		from := strings.TrimPrefix(fields[0], module+"/")
		ff := floorOf(from)
		if ff < 0 {
			t.Errorf("package %s stands on no floor of docs/architecture.md; add it to the picture and to floors", from)
			continue
		}
		packages++
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			to := strings.TrimPrefix(imp, module+"/")
			if tf := floorOf(to); tf > ff {
				t.Errorf("%s (floor %d) imports %s (floor %d): an import that runs up the floors", from, ff, to, tf)
			}
		}
	}
	if packages < 30 {
		t.Errorf("only %d packages read; want the whole module", packages)
	}
}

// floorOf places the packages the picture names.
func TestFloorOf(t *testing.T) {
	for _, tt := range []struct {
		path  string
		floor int
	}{
		{"engine/kit/textfmt/ansi", 0}, {"engine/board", 1}, {"positions", 2}, {"engine/nnue/train", 3},
		{"engine", 4}, {"engine/textbook", 5}, {"engine/app/lab", 6}, {"lessons/live", 7}, {"trace/plot", 7},
		{"cmd/internal/matchcmd", 8}, {"cmd/plylab", 8}, {"engineering", -1},
	} {
		if got := floorOf(tt.path); got != tt.floor {
			t.Errorf("floorOf(%s) = %d, want %d", tt.path, got, tt.floor)
		}
	}
}
