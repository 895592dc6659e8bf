package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeT records failures instead of failing the real test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true }
func (f *fakeT) Fatal(...any)          { f.failed = true }

func TestCheck(t *testing.T) {
	if *update {
		t.Skip("-update rewrites instead of comparing")
	}
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	os.Mkdir("testdata", 0o755)
	os.WriteFile(filepath.Join("testdata", "x.golden"), []byte("same\n"), 0o644)
	for _, tc := range []struct {
		name, got string
		fail      bool
	}{{"x", "same\n", false}, {"x", "other\n", true}, {"missing", "", true}} {
		f := &fakeT{TB: t}
		Check(f, tc.name, tc.got)
		if f.failed != tc.fail {
			t.Errorf("Check(%q, %q) failed = %v, want %v", tc.name, tc.got, f.failed, tc.fail)
		}
	}
}
