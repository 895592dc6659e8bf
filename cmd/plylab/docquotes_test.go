package main

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// The README and the docs pages quote plylab's output. Each quotation is
// bound here: its commands run as the cells of a lesson, and its
// sentences, written with the lessons' {{...}} references where the page
// has a number or a move, must appear in the page once the references are
// read (and their assertions hold). A page that states another number
// than plylab prints fails, naming the sentence.

// docQuote is one page's quotations.
type docQuote struct {
	file      string   // from the repository's root
	commands  []string // the cells, one command each (cell N is commands[N-1])
	sentences []string // each, rendered, must be in the page
}

// docNorm joins lines and collapses runs of spaces.
func docNorm(s string) string { return strings.Join(strings.Fields(s), " ") }

// renderQuotes runs q's commands and returns its sentences with their
// references read.
func renderQuotes(t *testing.T, q docQuote) []string {
	t.Helper()
	var src strings.Builder
	src.WriteString("# " + q.file + "\n\n")
	for _, c := range q.commands {
		src.WriteString("```plylab\n" + c + "\n```\n\n")
	}
	for _, s := range q.sentences {
		src.WriteString(s + "\n\n")
	}
	l, err := lessons.Parse(q.file+" (quoted)", []byte(src.String()), sandbox.Cells)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lessons.NewSession(l, testEnv().lessonRunner(context.Background(), false), sandbox.NewMemory(sandbox.Quota{})).RunAll()
	if err != nil {
		t.Fatalf("%s: %v", q.file, err)
	}
	var out []string
	last := l.Blocks[len(l.Blocks)-1] // the sentences, after the cells
	for _, para := range strings.Split(res.Prose[last], "\n\n") {
		if p := docNorm(para); p != "" {
			out = append(out, p)
		}
	}
	if len(out) != len(q.sentences) {
		t.Fatalf("%s: %d sentences rendered, want %d", q.file, len(out), len(q.sentences))
	}
	return out
}

// checkQuotes checks that every sentence of q, rendered, is in the page,
// and returns the page.
func checkQuotes(t *testing.T, q docQuote) string {
	t.Helper()
	data, err := os.ReadFile("../../" + q.file)
	if err != nil {
		t.Fatal(err)
	}
	page := docNorm(string(data))
	for i, s := range renderQuotes(t, q) {
		if !strings.Contains(page, s) {
			t.Errorf("%s does not say what plylab prints; want:\n  %s\n(from %q)", q.file, s, q.sentences[i])
		}
	}
	return string(data)
}

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

// TestDocQuotes binds the outputs the docs pages quote. What a page
// quotes that no result key holds (the text view's "α-cutoff after 1 of
// 3", a measured time) is listed in docs/lessons.md, "What is checked".
func TestDocQuotes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs searches")
	}
	for _, q := range []docQuote{
		{file: "docs/trees.md", commands: []string{
			`tree --toy "((3,12,8),(2,4,6),(14,5,2))" --algo alphabeta --side-by-side minimax`,
			"tree --position paper-mate2 --algo alphabeta --depth 3",
			"tree --position paper-mate2 --algo minimax --depth 3",
		}, sentences: []string{
			`MIN picks {{cell 1: value | algo=alphabeta, path=a}}, so MAX is now sure of at least
{{cell 1: value | algo=alphabeta, path=a}}`,
			`Move **b**: its first leaf is {{cell 1: value | algo=alphabeta, path=b a}}.`,
			`its value is written **{{cell 1: value_text | algo=alphabeta, path=b}}**`,
			`The bold line is the principal variation: a, then a, value {{cell 1: value | algo=alphabeta}}.
Alpha-beta visited {{cell 1: nodes_searched | algo=alphabeta}} nodes where minimax visits
{{cell 1: nodes_searched | algo=minimax}}`,
			`White has {{= count([cell 2: ply | ply=1])}} moves. The first one searched,
**{{= first([cell 2: move | ply=1])}}**, gets a full window and is worth
{{= first([cell 2: value_text | ply=1])}}.`,
			`**{{cell 2: best}}!** (bold) is the only move worth more`,
			`The principal variation ends in the green **checkmate** node:
{{cell 2: best}} {{cell 2: move | ply=2, pv=true}} {{cell 2: move | ply=3, pv=true}}.`,
			`Alpha-beta searched {{cell 2: nodes_searched}} positions here (minimax:
{{cell 3: nodes_searched}}), made {{cell 2: cutoffs}} cutoffs and never searched
{{cell 2: pruned_moves}} moves.`,
			"`--fit 0` draws all {{cell 2: nodes_searched}} nodes",
		}},
	} {
		checkQuotes(t, q)
	}
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
