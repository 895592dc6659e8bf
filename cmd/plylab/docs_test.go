package main

import (
	"fmt"
	"os"
	"path/filepath"
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

// TestDocsCheck is the docs check of the test command: every page (the
// README and every docs/*.md, the command's default) runs its hidden
// cells, binds every number and move, checks every comparison and chess
// fact.
func TestDocsCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the pages' cells")
	}
	r := runCLI(t, "docs", "check", "--root", "../..")
	if r.code != 0 {
		t.Errorf("plylab docs check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("all %d pages checked", len(pages)+1); !strings.Contains(r.stdout, want) {
		t.Errorf("plylab docs check does not say %q:\n%s", want, r.stdout)
	}
}

// TestDocsCheckOldTexts: the sentences issue 43 found wrong in the docs,
// bound as the check asks, are reported: the engine missed the mate at
// depths 3-4 (and at 5), qevasions saved "a quarter" of the nodes (it
// adds 1.2 %), capthist cut them "by a third" (4.7 %).
func TestDocsCheckOldTexts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs searches")
	}
	for _, tc := range []struct{ name, page, want string }{
		{"getting-started.md:38", `# Old

<!-- plylab: compare --position paper-mate2 --depth 1-5 -->
Because some of its techniques prune unsoundly: at depths 3-4 it even misses
the mate<!-- {{assert: [best | depth=3, algo=engine] != [best | depth=3, algo=alphabeta] and
[best | depth=4, algo=engine] != [best | depth=4, algo=alphabeta]}} -->.
`, "the run the words state does not end where the output's does"},
		{"techniques.md:105", `# Old

<!-- plylab: bench --depth 8 -->
<!-- plylab: bench --depth 8 --with qevasions -->
It saves nodes where checks are frequent: a quarter of the bench suite's
nodes at depth 8 (1,081,373<!-- {{cell 2: signature_nodes}} --> against 1,068,591<!-- {{cell 1: signature_nodes}} -->).
`, `compares in words ("a quarter")`},
		{"techniques.md:106", `# Old

<!-- plylab: bench --depth 8 -->
<!-- plylab: bench --depth 8 --with capthist -->
On the bench suite at depth 8 it cuts the nodes by a third (1,018,889<!-- {{cell 2: signature_nodes}} -->
against 1,068,591<!-- {{cell 1: signature_nodes}} -->).
`, `compares in words ("a third")`},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "old.md"), []byte(tc.page), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, "docs", "check", "--root", dir, "old.md")
		if r.code == 0 || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%s: exit %d, want a failure with %q:\n%s%s", tc.name, r.code, tc.want, r.stdout, r.stderr)
		}
	}
}

func TestDocsCheckOptions(t *testing.T) {
	o, msg := parseOptions(t, newDocsCheckCommand, "check", "--root", "../..")
	if o == nil || o.Root != "../.." || len(o.Files) < 10 || o.Files[0] != "README.md" || o.Files[1] != "docs/architecture.md" {
		t.Errorf("docs check --root ../..: %+v (%s)", o, msg)
	}
	o, _ = parseOptions(t, newDocsCheckCommand, "check", "--root", "../..", "docs/trees.md")
	if o == nil || len(o.Files) != 1 || o.Files[0] != "docs/trees.md" {
		t.Errorf("docs check docs/trees.md: %+v", o)
	}
	wantParseError(t, newDocsCheckCommand, "nosuch.md is not a page under ../..", "check", "--root", "../..", "nosuch.md")
}
