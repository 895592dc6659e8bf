package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/lessons"
)

// The README's example table is plylab's output (TestReadme); every
// number and move of the README and the docs pages is bound in the pages
// themselves, in comments that plylab docs check reads (TestDocsCheck).

// docNorm joins lines and collapses runs of spaces.
func docNorm(s string) string { return strings.Join(strings.Fields(s), " ") }

// The README's headline: the table is the command's output (times and
// speeds masked; -update writes this machine's).
func TestReadme(t *testing.T) {
	const cmd = "compare --position paper-mate2 --depth 3-6 --algo minimax,alphabeta,engine"
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, "$ plylab "+cmd+"\n")
	if start < 0 {
		t.Fatalf("README.md has no example of plylab %s", cmd)
	}
	end := start + strings.Index(readme[start:], "```")
	block := strings.Split(strings.TrimRight(readme[start:end], "\n"), "\n")[1:]
	r := runCLI(t, strings.Fields(cmd)...)
	wantOK(t, r)
	out := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	got, err := readmeBlock(block, out)
	if err != nil {
		t.Fatalf("README.md's example of plylab %s: %v; run go test ./cmd/plylab -run TestReadme -update", cmd, err)
	}
	if *update {
		readme = readme[:start] + "$ plylab " + cmd + "\n" + strings.Join(got, "\n") + "\n" + readme[end:]
		if err := os.WriteFile("../../README.md", []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The numbers and moves of the paragraph after the example are bound
	// in the page itself, by comments that plylab docs check reads
	// (TestDocsCheck).
}

// readmeBlock returns the README's example as plylab prints it now: each
// line of block compared with the output (times and speeds masked, column
// widths ignored), a line "..." standing for the output lines up to the
// one that matches the next line of block.
func readmeBlock(block, out []string) ([]string, error) {
	norm := func(s string) string { return docNorm(strings.ReplaceAll(lessons.Mask(s), "─", "")) }
	var got []string
	j := 0
	for i := 0; i < len(block); i++ {
		if strings.TrimSpace(block[i]) == "..." {
			got = append(got, block[i])
			if i+1 == len(block) {
				return got, nil
			}
			for j < len(out) && norm(out[j]) != norm(block[i+1]) {
				j++
			}
			continue
		}
		if j >= len(out) {
			return nil, fmt.Errorf("line %q: plylab prints nothing more", block[i])
		}
		if norm(out[j]) != norm(block[i]) {
			return nil, fmt.Errorf("line %q: plylab prints %q", strings.TrimSpace(block[i]), strings.TrimSpace(out[j]))
		}
		got = append(got, out[j])
		j++
	}
	return got, nil
}

// TestTechniquesDocCandidates binds docs/techniques.md's list of the
// candidates (the switches off in the engine preset) to the engine: a
// switch that joins the preset, or a new candidate, must be named there.
func TestTechniquesDocCandidates(t *testing.T) {
	data, err := os.ReadFile("../../docs/techniques.md")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`marked "candidate, off in ` + "`engine`" + `": ([^)]*)\)`).FindSubmatch(data)
	if line == nil {
		t.Fatal(`docs/techniques.md: no list of candidates ("marked "candidate, off in ` + "`engine`" + `": ...)") in the engine preset's row`)
	}
	var listed []string
	for _, m := range regexp.MustCompile("`([a-z0-9]+)`").FindAllSubmatch(line[1], -1) {
		listed = append(listed, string(m[1]))
	}
	eng := engine.EngineOptions()
	var want []string
	for _, name := range engine.TechniqueNames() {
		if !eng.Enabled(name) {
			want = append(want, name)
		}
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("docs/techniques.md lists the candidates %v; the engine preset leaves off %v", listed, want)
	}
}
