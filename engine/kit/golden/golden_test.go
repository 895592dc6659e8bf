package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "check.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, got string
		fail      bool
	}{
		{"check", "same\n", false},
		{"check", "other\n", true},
		{"missing", "x", true},
	} {
		r := &recorder{TB: t}
		Check(r, tt.name, tt.got)
		if r.failed != tt.fail {
			t.Errorf("Check(%s, %q) failed = %v, want %v", tt.name, tt.got, r.failed, tt.fail)
		}
	}
}
