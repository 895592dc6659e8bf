package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/engine/app/lab"
	"github.com/plylab/plylab/engine/app/match"
	"github.com/plylab/plylab/engine/kit/textfmt"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/urfave/cli/v2"
)

// docsCommand is `plylab docs`: the README and the pages of docs/ checked
// like lessons.
func docsCommand(env *appEnv) *cli.Command {
	return &cli.Command{
		Name:        "docs",
		Usage:       "check the README and the docs pages like lessons: every number, move and comparison bound",
		Description: help("docs"),
		Subcommands: []*cli.Command{docsCheckCommand(env)},
	}
}

// DocsCheckOptions are the parsed flags and arguments of `plylab docs
// check`: the repository and the pages to check in it.
type DocsCheckOptions struct {
	Root  string   // the repository's folder
	Files []string // the pages, relative to Root
	cliapp.Streams
}

func docsCheckCommand(env *appEnv) *cli.Command {
	return newDocsCheckCommand(env, func(ctx context.Context, o *DocsCheckOptions) error {
		return docsCheckRun(ctx, env, o, env.Stdout, env.Stderr)
	})
}

// newDocsCheckCommand builds `plylab docs check`; its action reads the
// pages named (README.md and docs/*.md without any) into
// DocsCheckOptions and calls runF.
func newDocsCheckCommand(env *appEnv, runF func(context.Context, *DocsCheckOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "check",
		Usage:       "run the pages' hidden cells and check every number, move, comparison and chess fact they state",
		ArgsUsage:   "[PAGE...]",
		Description: help("docs-check"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the repository's folder (the pages are read from it)"},
		},
		Action: cliapp.Action(&env.Env, parseDocsCheck, runF),
	}
}

// parseDocsCheck reads --root and the pages; without pages, README.md
// and every docs/*.md of the root. A page that is not there is a usage
// error.
func parseDocsCheck(c *cli.Context) (*DocsCheckOptions, error) {
	o := &DocsCheckOptions{Root: c.String("root"), Files: c.Args().Slice()}
	if len(o.Files) == 0 {
		o.Files = append(o.Files, "README.md")
		pages, _ := filepath.Glob(filepath.Join(o.Root, "docs", "*.md"))
		sort.Strings(pages)
		for _, p := range pages {
			rel, err := filepath.Rel(o.Root, p)
			if err != nil {
				return nil, err
			}
			o.Files = append(o.Files, filepath.ToSlash(rel))
		}
	}
	for _, f := range o.Files {
		if fi, err := os.Stat(filepath.Join(o.Root, f)); err != nil || fi.IsDir() {
			return nil, cliapp.Usagef("%s is not a page under %s; run plylab docs check from the repository's root, or give --root", f, o.Root)
		}
	}
	return o, nil
}

// docsCheckRun checks each page and says, page by page, "ok" or "FAIL"
// with its issues at file:line; a failing page makes the error.
func docsCheckRun(ctx context.Context, env *appEnv, o *DocsCheckOptions, stdout, _ io.Writer) error {
	opt := docsOptions(ctx, env, o.Root)
	failed := 0
	for _, f := range o.Files {
		src, err := os.ReadFile(filepath.Join(o.Root, f))
		if err != nil {
			return err
		}
		res, err := lessons.CheckDoc(ctx, f, src, opt)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(res.Issues) == 0 {
			fmt.Fprintf(stdout, "%s   %s (%s)\n", o.Color.Paint(textfmt.StyleGood, "ok"), f, textfmt.Plural(res.Cells, "hidden cell"))
			continue
		}
		failed++
		fmt.Fprintf(stdout, "%s %s\n", o.Color.Paint(textfmt.StyleBad, "FAIL"), f)
		for _, i := range res.Issues {
			fmt.Fprintf(stdout, "  %s\n", i.Error())
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d pages state numbers, moves, comparisons or chess facts that their comments do not bind, or that no longer hold; docs/lessons.md (\"Checking the docs\") says how to bind them", failed, len(o.Files))
	}
	fmt.Fprintf(stdout, "all %d pages checked\n", len(o.Files))
	return nil
}

// docsOptions are what a docs check of root runs and reads: the lesson
// runner under the cells' allow-list, the commands plylab knows for the
// measured regions, the blocks computed from stored results, and the
// ledger for the quotations of its rows.
func docsOptions(ctx context.Context, env *appEnv, root string) lessons.DocOptions {
	ledger := sync.OnceValues(func() ([]lab.Claim, error) { return lab.Ledger(ctx, "") })
	return lessons.DocOptions{
		Root:    root,
		Run:     env.policyRunner(ctx, false, sandbox.Docs),
		Rules:   sandbox.Docs,
		Command: func(command string) error { return checkDocCommand(env, root, command) },
		Blocks: map[string]func() (string, error){
			"gauntlet-table": sync.OnceValues(func() (string, error) {
				var out, errs bytes.Buffer
				sub := &appEnv{Env: env.Child(ctx, &out, &errs, false, nil, nil), commands: env.commands}
				if code := runWith(sub, []string{"plylab", "gauntlet", "--stored", "--format", "markdown"}); code != 0 {
					return "", fmt.Errorf("plylab gauntlet --stored: %s", strings.TrimSpace(errs.String()))
				}
				return out.String(), nil
			}),
			"progress-table": sync.OnceValues(func() (string, error) {
				ms, err := match.StoredProgress()
				if err != nil {
					return "", err
				}
				return match.ProgressMarkdown(ms), nil
			}),
			"elo-table": sync.OnceValues(func() (string, error) {
				rows, err := lab.TechniqueElos()
				if err != nil {
					return "", err
				}
				return lab.TechniqueElosMarkdown(rows), nil
			}),
		},
		Quotes: func(file, text string) ([][2]int, []lessons.ProseIssue) {
			qs, err := lab.LedgerQuotes(text)
			if err != nil {
				return nil, []lessons.ProseIssue{{File: file, Kind: lessons.IssueRegion, Token: err.Error()}}
			}
			if len(qs) == 0 {
				return nil, nil
			}
			cs, err := ledger()
			if err != nil {
				return nil, []lessons.ProseIssue{{File: file, Kind: lessons.IssueRegion, Token: err.Error()}}
			}
			var spans [][2]int
			var issues []lessons.ProseIssue
			for _, q := range qs {
				if err := lab.CheckLedgerQuote(q, cs); err != nil {
					issues = append(issues, lessons.ProseIssue{File: file, Line: q.Line, Kind: lessons.IssueRegion, Token: err.Error()})
					continue
				}
				spans = append(spans, [2]int{q.Start, q.End})
			}
			return spans, issues
		},
	}
}

// checkDocCommand checks the command of a measured region: a plylab
// command with the flags it takes, or a go command on packages of the
// repository (with environment variables before it).
func checkDocCommand(env *appEnv, root, command string) error {
	words := strings.Fields(command)
	for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
		words = words[1:]
	}
	if len(words) == 0 {
		return fmt.Errorf("no command")
	}
	switch words[0] {
	case "plylab":
		return checkPlylabCommand(allCommands(env), words[1:])
	case "go":
		if len(words) < 2 || !map[string]bool{"test": true, "run": true, "build": true, "vet": true}[words[1]] {
			return fmt.Errorf("a go command measures with test, run, build or vet, got %q", command)
		}
		for _, w := range words[2:] {
			if !strings.HasPrefix(w, "./") {
				continue
			}
			dir := strings.TrimSuffix(strings.TrimSuffix(w, "..."), "/")
			if fi, err := os.Stat(filepath.Join(root, dir)); err != nil || !fi.IsDir() {
				return fmt.Errorf("no package %s in %s", w, root)
			}
		}
		return nil
	}
	return fmt.Errorf("a measurement's command is a plylab command or a go command, got %q", command)
}

// checkPlylabCommand checks that args name a command of cmds (with its
// subcommand) and give it only flags it has.
func checkPlylabCommand(cmds []*cli.Command, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("plylab without a command")
	}
	if len(args) == 1 && (args[0] == "--help" || args[0] == "--version") {
		return nil
	}
	var cmd *cli.Command
	for _, c := range cmds {
		if c.Name == args[0] {
			cmd = c
		}
	}
	if cmd == nil {
		return fmt.Errorf("unknown command %q", args[0])
	}
	rest := args[1:]
	if len(cmd.Subcommands) > 0 && len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		var sub *cli.Command
		for _, c := range cmd.Subcommands {
			if c.Name == rest[0] {
				sub = c
			}
		}
		if sub == nil {
			return fmt.Errorf("unknown command %q", args[0]+" "+rest[0])
		}
		cmd, rest = sub, rest[1:]
	}
	names := map[string]bool{"color": true, "columns": true, "help": true, "h": true}
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			names[n] = true
		}
	}
	for _, a := range rest {
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !names[name] {
			return fmt.Errorf("'plylab %s' has no flag %s", cmd.FullName(), a)
		}
	}
	return nil
}
