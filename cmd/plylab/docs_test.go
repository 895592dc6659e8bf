package main

import (
	"os"
	"strings"
	"testing"
)

// TestCommandsDoc keeps docs/commands.md equal to the --help of every
// command (regenerate with go test ./cmd/plylab -run CommandsDoc -update).
func TestCommandsDoc(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Command reference\n\nGenerated from `plylab --help` and `plylab help COMMAND` by `go test ./cmd/plylab -run CommandsDoc -update`; a test keeps it current.\n\n")
	top := runCLI(t, "--help")
	wantOK(t, top)
	b.WriteString("## plylab\n\n```text\n" + top.stdout + "```\n")
	for _, cmd := range allCommands(testEnv()) {
		names := []string{cmd.Name}
		for _, sub := range cmd.Subcommands {
			names = append(names, cmd.Name+" "+sub.Name)
		}
		for _, name := range names {
			r := runCLI(t, append([]string{"help"}, strings.Fields(name)...)...)
			wantOK(t, r)
			b.WriteString("\n## plylab " + name + "\n\n```text\n" + r.stdout + "```\n")
		}
	}
	const path = "../../docs/commands.md"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil || string(want) != b.String() {
		t.Fatalf("docs/commands.md is out of date; run go test ./cmd/plylab -run CommandsDoc -update")
	}
}
