// Package golden compares what a test produced with a golden file in the
// test's testdata folder, and rewrites the file instead when the test runs
// with -update (go test ./... -update). Only tests import it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update is the -update flag: rewrite the golden files instead of
// comparing with them.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with testdata/name.golden, or with -update writes got
// there. A difference fails the test and shows both texts.
func Check(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *Update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test with -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}
