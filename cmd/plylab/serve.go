//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
	"github.com/urfave/cli/v2"
)

// ServeOptions are the parsed flags of `plylab lesson serve`.
type ServeOptions struct {
	// RunOptions are --addr, --open and the limits --time-limit,
	// --node-budget, --max-concurrent, --max-body and --max-output,
	// checked.
	notebook.RunOptions
	// Notebook builds the server's configuration: the lessons, the
	// commands cells may run and the runner that runs them in-process.
	// The limits above are applied on top.
	Notebook func() (notebook.Config, error)
	// Files are the lesson files and folders given as arguments; Only
	// serves them without the built-in lessons; Draft serves a lesson
	// whose prose lesson check refuses, marked as a draft.
	Files       []string
	Only, Draft bool
	// TokenFile, when set, keeps the class's token from one start to the
	// next (--token-file).
	TokenFile string
}

func lessonServeCommand(env *appEnv) *cli.Command {
	return newLessonServeCommand(env, cliapp.WithStreams(&env.Env, serveRun))
}

// newLessonServeCommand builds `plylab lesson serve`; its action parses
// the flags into ServeOptions and calls runF.
func newLessonServeCommand(env *appEnv, runF func(context.Context, *ServeOptions) error) *cli.Command {
	return &cli.Command{
		Name:        "serve",
		Usage:       "serve the lessons, and your own lesson files, as live notebooks in the browser: edit any cell and run it",
		ArgsUsage:   "[FILE|DIR ...]",
		Description: help("lesson-serve"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:0", Usage: "listen on `HOST:PORT` (port 0: a free one)"},
			&cli.BoolFlag{Name: "open", Usage: "open the notebook in the default browser"},
			&cli.DurationFlag{Name: "time-limit", Value: notebook.DefaultTimeLimit, Usage: "stop a cell's command after `TIME`"},
			&cli.Uint64Flag{Name: "node-budget", Value: notebook.DefaultNodeBudget, Usage: "stop a cell's command after `N` search nodes"},
			&cli.IntFlag{Name: "max-concurrent", Value: runtime.NumCPU(), Usage: "run at most `N` cells at once; more wait a few seconds, then get 'busy' (429)"},
			&cli.DurationFlag{Name: "time-per-client", Value: notebook.DefaultClientTime, Usage: "let one client address run cells for at most `TIME` in five minutes, a share that comes back as it waits (so that one student cannot hold the server with one long cell after another)"},
			&cli.IntFlag{Name: "max-concurrent-per-client", Usage: "let one client address run at most `N` cells at once (default: half of --max-concurrent, at least 1; raise it when the class shares one address)"},
			&cli.Int64Flag{Name: "max-body", Value: notebook.DefaultMaxBody, Usage: "refuse request bodies over `BYTES`"},
			&cli.IntFlag{Name: "max-output", Value: notebook.DefaultMaxOutput, Usage: "keep at most `BYTES` of a cell's output"},
			&cli.IntFlag{Name: "max-sessions", Value: notebook.DefaultMaxSession, Usage: "keep at most `N` sessions (a page's scratch folder); when all are in use, new ones are refused (429) until one has been unused for 30 minutes"},
			&cli.IntFlag{Name: "sessions-per-client", Value: notebook.DefaultSessionsPerClient, Usage: "let one client address open at most `N` sessions in ten minutes (raise it when the whole class reaches the server from one address, behind a proxy)"},
			&cli.IntFlag{Name: "max-conns", Value: notebook.DefaultMaxConns, Usage: "keep at most `N` connections open at once; more are answered 503 (try again)"},
			&cli.IntFlag{Name: "max-conns-per-client", Value: notebook.DefaultMaxConnsPerClient, Usage: "keep at most `N` connections open from one client address (raise it when the class shares one address)"},
			&cli.BoolFlag{Name: "only", Usage: "serve only the lesson files given, without the built-in lessons"},
			&cli.BoolFlag{Name: "draft", Usage: "serve a lesson whose prose 'plylab lesson check' refuses anyway, marked as a draft (without it, its page lists the problems)"},
			&cli.StringFlag{Name: "token-file", Usage: "keep the class's token in `FILE` (made with a new random token when missing), so a course keeps one address from one start to the next"},
			&cli.StringSliceFlag{Name: "allow-host", Usage: "also answer requests addressed to host `NAME` (repeat for several; IP addresses and localhost always work), e.g. a name students type such as class.local"},
		},
		Action: cliapp.Action(&env.Env, func(c *cli.Context) (*ServeOptions, error) { return parseServe(c, env.notebookConfig) }, runF),
	}
}

// parseServe reads and checks the address and the limits;
// notebookConfig builds the server's configuration when it runs.
func parseServe(c *cli.Context, notebookConfig func() (notebook.Config, error)) (*ServeOptions, error) {
	files := c.Args().Slice()
	for _, f := range files {
		fi, err := os.Stat(f)
		switch {
		case err != nil:
			return nil, cliapp.Usagef("no lesson file or folder %q; give the path of a lesson file (my-lesson.md) or of a folder of them", f)
		case fi.IsDir():
			if names, _ := filepath.Glob(filepath.Join(f, "*.md")); len(names) == 0 {
				return nil, cliapp.Usagef("folder %s has no lesson files (*.md)", f)
			}
		}
	}
	if err := notebook.CheckFiles(files); err != nil {
		return nil, cliapp.Usagef("%v", err)
	}
	if c.Bool("only") && len(files) == 0 {
		return nil, cliapp.Usagef("--only serves only the lesson files given; name them, e.g. plylab lesson serve --only my-lesson.md")
	}
	for _, h := range c.StringSlice("allow-host") {
		if h == "" || strings.ContainsAny(h, "/: ") {
			return nil, cliapp.Usagef("--allow-host %q: give a host name such as class.local, without a port or scheme", h)
		}
	}
	o := &ServeOptions{Notebook: notebookConfig, Files: files, Only: c.Bool("only"), Draft: c.Bool("draft"), TokenFile: c.String("token-file"), RunOptions: notebook.RunOptions{
		Addr: c.String("addr"), Open: c.Bool("open"), Hosts: c.StringSlice("allow-host"),
		Limits: notebook.Limits{TimeLimit: c.Duration("time-limit"), NodeBudget: c.Uint64("node-budget"),
			MaxConcurrent: c.Int("max-concurrent"), MaxConcurrentPerClient: c.Int("max-concurrent-per-client"), TimePerClient: c.Duration("time-per-client"), MaxBody: c.Int64("max-body"), MaxOutput: c.Int("max-output"),
			MaxSessions: c.Int("max-sessions"), SessionsPerClient: c.Int("sessions-per-client"),
			MaxConns: c.Int("max-conns"), MaxConnsPerClient: c.Int("max-conns-per-client")},
	}}
	if err := o.Limits.Check(); err != nil {
		return nil, cliapp.Usagef("--%v", err)
	}
	return o, nil
}

// notebookConfig is the notebook server's configuration without its
// limits, token and log (notebook.Run sets them): the lessons, the
// commands cells may run, and lessonRunner to run them in-process.
func (env *appEnv) notebookConfig() (notebook.Config, error) {
	ls, err := env.loadLessons(nil, true)
	if err != nil {
		return notebook.Config{}, err
	}
	return notebook.Config{
		Lessons:   ls,
		Rules:     env.lessonRules(),
		Runner:    env.newLessonRun,
		Generator: "plylab " + version,
	}, nil
}

// serveRun runs the notebook server until ctx ends (Ctrl-C). SIGTERM (a
// service manager's stop) ends it as cleanly as Ctrl-C. The address goes
// to stdout first; the server's log to stderr (see notebook.Run).
func serveRun(ctx context.Context, o *ServeOptions, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	cfg, err := o.Notebook()
	if err != nil {
		return err
	}
	cfg.Files, cfg.Draft = o.Files, o.Draft
	if o.Only {
		cfg.Lessons = nil
	}
	if o.TokenFile != "" {
		token, made, err := notebook.TokenFromFile(o.TokenFile)
		if err != nil {
			return cliapp.Usagef("--token-file %s: %v", o.TokenFile, err)
		}
		cfg.Token = token
		if made {
			fmt.Fprintf(stderr, "plylab: made a new token in %s; the class's address stays the same while the file does (delete it for a new one)\n", o.TokenFile)
		}
	}
	for _, f := range lessons.LessonFiles(o.Files) {
		if _, err := lessons.Load(f, cfg.Rules); err != nil {
			fmt.Fprintf(stderr, "plylab: %v (its page shows this until the file is fixed)\n", err)
		}
	}
	err = notebook.Run(ctx, cfg, o.RunOptions, stdout, stderr)
	var le *notebook.ListenError
	if errors.As(err, &le) {
		return cliapp.Usagef("%v; pick another --addr HOST:PORT (port 0 picks a free one)", err)
	}
	return err
}
