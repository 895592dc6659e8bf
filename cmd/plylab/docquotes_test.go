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
// speeds masked; -update writes this machine's), and every number and
// move of the paragraph after it is one of the quotations below, or the
// ledger's headline, which engine/app/lab's TestLedgerDoc checks.
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

	q := docQuote{file: "README.md", commands: []string{
		cmd,
		"compare --position paper-mate2 --depth 5 --algo paper-minimax,paper-alphabeta --no-minimal",
	}, sentences: []string{
		`The game-trees paper needed {{cite game-trees paper, Table 2: 557.9 s}} for
minimax and {{cite game-trees paper, Table 3: 162.5 s}} for alpha-beta to depth 5 on this position
in Python (its Tables 2 and 3)`,
		`with the same answer ({{cell 1: best | depth=5, algo=minimax}}!,
{{cell 1: score | depth=5, algo=minimax}}){{assert: [cell 1: best | depth=5, algo=alphabeta] ==
[cell 1: best | depth=5, algo=minimax] and [cell 1: score | depth=5, algo=alphabeta] ==
[cell 1: score | depth=5, algo=minimax]}}. Its node tables (Tables 4 and 5)`,
		"(`--algo paper-minimax,paper-alphabeta`: {{nodes | algo=paper-minimax}} and {{nodes | algo=paper-alphabeta}} nodes at depth 5)",
		`The engine finds the mate only from depth {{= since([cell 1: depth | algo=engine], best=Ra6)}}
on, where plain alpha-beta sees it at depth {{= since([cell 1: depth | algo=alphabeta], best=Ra6)}}:
it searches far fewer nodes than the minimal tree of plain alpha-beta{{assert:
max([cell 1: pct_over_minimal | algo=engine]) < 1}}`,
	}}
	checkQuotes(t, q)

	// Every number and move of the paragraph is accounted for.
	para := readme[end:]
	para = para[strings.Index(para, "\n\n")+2:]
	para = para[:strings.Index(para, "\n\n")]
	rest := docNorm(para)
	for _, s := range renderQuotes(t, q) {
		rest = strings.Replace(rest, s, " ", 1)
	}
	ledger := regexp.MustCompile("`plylab reproduce` lists .*? not checkable")
	rest = ledger.ReplaceAllString(rest, " ")
	for _, tok := range lessons.ProseTokens(rest) {
		t.Errorf("README.md: %q in the paragraph after the example is not bound to an output or a quotation", tok.Text)
	}
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
		{file: "docs/getting-started.md", commands: []string{
			"scores --position paper-mate2 --depth 4",
			"compare --position paper-mate2 --depth 1-5",
		}, sentences: []string{
			`see that only {{cell 1: move | rank=1}} mates{{assert: count([cell 1: score | score^=mate]) == 1}}.`,
			`Read the table: both plain algorithms agree on every score{{assert:
same([cell 2: score | algo=minimax], [cell 2: score | algo=alphabeta])}} (alpha-beta is exact),
alpha-beta's share of minimax's nodes falls with depth to
{{cell 2: pct_of_minimax | depth=5, algo=alphabeta}}{{assert: [cell 2: pct_of_minimax | depth=5, algo=alphabeta] <
[cell 2: pct_of_minimax | depth=4, algo=alphabeta] and [cell 2: pct_of_minimax | depth=4, algo=alphabeta] <
[cell 2: pct_of_minimax | depth=3, algo=alphabeta]}} at depth 5, the "minimal" column is the smallest
tree any ordering could have used, and from depth 3 on the engine visits fewer nodes still{{assert:
[cell 2: nodes | depth=3, algo=engine] < [cell 2: nodes | depth=3, algo=alphabeta] and
[cell 2: nodes | depth=4, algo=engine] < [cell 2: nodes | depth=4, algo=alphabeta] and
[cell 2: nodes | depth=5, algo=engine] < [cell 2: nodes | depth=5, algo=alphabeta]}} (at depths 1 and
2 it visits more than plain alpha-beta{{assert: [cell 2: nodes | depth=1, algo=engine] >
[cell 2: nodes | depth=1, algo=alphabeta] and [cell 2: nodes | depth=2, algo=engine] >
[cell 2: nodes | depth=2, algo=alphabeta]}}), because some of its techniques prune unsoundly: at
depths 3-4 it even misses the mate{{assert: [cell 2: best | depth=3, algo=engine] !=
[cell 2: best | depth=3, algo=alphabeta] and [cell 2: best | depth=4, algo=engine] !=
[cell 2: best | depth=4, algo=alphabeta]}}`,
		}},
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
			`On Russell and Norvig's tree the replay has {{= 2 * [cell 1: nodes_searched | algo=alphabeta]}} steps, an entry and an exit
for each of its {{cell 1: nodes_searched | algo=alphabeta}} nodes. The first cutoff is the step where the search
leaves **{{cell 1: first_cutoff | algo=alphabeta}}**, after {{cell 1: first_cutoff_nodes | algo=alphabeta}} nodes:
{{cell 1: first_cutoff_reason | algo=alphabeta}}, caused by the reply {{cell 1: first_cutoff_move | algo=alphabeta}}.
On the mate in two at depth 3 it comes after {{cell 2: first_cutoff_nodes}} nodes, when the search
leaves {{cell 2: first_cutoff}}: {{cell 2: first_cutoff_reason}}, caused by {{cell 2: first_cutoff_move}}, with {{cell 2: first_cutoff_pruned}} moves
never searched.`,
			"its node budget of {{cell 3: nodes_drawn}} nodes (minimax on the mate in two at depth 3)",
		}},
		{file: "docs/techniques.md", commands: []string{
			"perft --depth 4",
			"compare --position start --depth 4 --algo minimax --no-minimal",
			"search --position start --depth 4 --algo minimax --stats",
		}, sentences: []string{
			`the depth-4 count shows why terminal positions matter: {{cell 1: nodes}} positions, of which
{{cell 3: value | counter=terminal}} are checkmates, so minimax reports {{cell 2: leaves}}
leaves{{assert: [cell 1: nodes] - [cell 3: value | counter=terminal] == [cell 2: leaves]}}`,
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
