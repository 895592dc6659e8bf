// Package golden compares a test's output with a golden file under
// testdata/ and rewrites the file when the tests run with -update (as
// gofmt's tests do). It registers the -update flag itself: a test
// package that imports it must not define its own.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with testdata/name.golden, or writes it there with
// -update.
func Check(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run the test with -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}
