package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	a := os.Getenv("DUMP")
	if a == "" {
		t.Skip()
	}
	args, _ := splitShell(a)
	out, _, stderr := runCell(t, t.TempDir(), args...)
	fmt.Print(stderr)
	for _, r := range out.Records {
		var kv []string
		for _, f := range r.Fields {
			kv = append(kv, fmt.Sprintf("%s=%q", f.Key, f.String()))
		}
		fmt.Println(r.Kind+":", strings.Join(kv, " "))
	}
}

func splitShell(s string) ([]string, error) { return strings.Fields(s), nil }
