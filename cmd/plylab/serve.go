package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/plylab/plylab/cmd/internal/cliapp"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
	"github.com/urfave/cli/v2"
)

// ServeOptions are the parsed flags of `plylab lesson serve`.
type ServeOptions struct {
	Addr          string // listen here (port 0: a free one)
	Open          bool   // open the notebook in the default browser
	TimeLimit     time.Duration
	NodeBudget    uint64
	MaxConcurrent int
	MaxBody       int64
	MaxOutput     int
	// Notebook builds the server's configuration: the lessons, the
	// commands cells may run and the runner that runs them in-process.
	// The limits above are applied on top.
	Notebook func() (notebook.Config, error)
}

func lessonServeCommand(env *appEnv) *cli.Command {
	return newLessonServeCommand(env, streams(env, serveRun))
}

// newLessonServeCommand builds `plylab lesson serve`; its action parses
// the flags into ServeOptions and calls runF.
func newLessonServeCommand(env *appEnv, runF func(context.Context, *ServeOptions) error) *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the lessons as live notebooks in the browser: edit any cell and run it",
		Description: `Starts a web server and prints, as its first line, the address to open:
http://127.0.0.1:PORT/?token=TOKEN. Every lesson is there as the HTML export
draws it, but each cell can be edited and run (Run, Stop, Reset), and a
scratch notebook lets you write cells of your own, download them as a lesson
file and load them again. Cells run plylab commands in-process, never a
shell. Ctrl-C stops the server and removes its scratch files.

By default only this computer can connect (127.0.0.1, a free port). To serve
a classroom, listen on the network, e.g. --addr 0.0.0.0:8888, and share the
address with its token; the limits below keep the server responsive.
docs/notebook-api.md documents the HTTP API the pages use.

Examples:
   plylab lesson serve --open
   plylab lesson serve --addr 0.0.0.0:8888 --max-concurrent 2 --time-limit 10s`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:0", Usage: "listen on `HOST:PORT` (port 0: a free one)"},
			&cli.BoolFlag{Name: "open", Usage: "open the notebook in the default browser"},
			&cli.DurationFlag{Name: "time-limit", Value: notebook.DefaultTimeLimit, Usage: "stop a cell's command after `TIME`"},
			&cli.Uint64Flag{Name: "node-budget", Value: notebook.DefaultNodeBudget, Usage: "stop a cell's command after `N` search nodes"},
			&cli.IntFlag{Name: "max-concurrent", Value: runtime.NumCPU(), Usage: "run at most `N` cells at once; more wait a few seconds, then get 'busy' (429)"},
			&cli.Int64Flag{Name: "max-body", Value: notebook.DefaultMaxBody, Usage: "refuse request bodies over `BYTES`"},
			&cli.IntFlag{Name: "max-output", Value: notebook.DefaultMaxOutput, Usage: "keep at most `BYTES` of a cell's output"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return cliapp.Usagef("'lesson serve' takes no arguments, got %q; every lesson is on the index page", c.Args().First())
			}
			o := &ServeOptions{
				Addr: c.String("addr"), Open: c.Bool("open"), TimeLimit: c.Duration("time-limit"),
				NodeBudget: c.Uint64("node-budget"), MaxConcurrent: c.Int("max-concurrent"),
				MaxBody: c.Int64("max-body"), MaxOutput: c.Int("max-output"),
				Notebook: env.notebookConfig,
			}
			switch {
			case o.TimeLimit <= 0:
				return cliapp.Usagef("--time-limit must be positive, e.g. 30s")
			case o.NodeBudget == 0:
				return cliapp.Usagef("--node-budget must be at least 1, e.g. 50000000")
			case o.MaxConcurrent < 1:
				return cliapp.Usagef("--max-concurrent must be at least 1")
			case o.MaxBody < 1024:
				return cliapp.Usagef("--max-body must be at least 1024 bytes")
			case o.MaxOutput < 1024:
				return cliapp.Usagef("--max-output must be at least 1024 bytes")
			}
			return runF(c.Context, o)
		},
	}
}

// notebookConfig is the notebook server's configuration without its
// limits: the lessons, the commands cells may run, and lessonRunner to run
// them in-process.
func (env *appEnv) notebookConfig() (notebook.Config, error) {
	ls, err := env.loadLessons(nil, true)
	if err != nil {
		return notebook.Config{}, err
	}
	token, err := notebook.NewToken()
	if err != nil {
		return notebook.Config{}, err
	}
	return notebook.Config{
		Lessons:   ls,
		Commands:  env.lessonCommands(),
		Runner:    func(ctx context.Context) lessons.RunFunc { return env.lessonRunner(ctx, false) },
		Token:     token,
		Generator: "plylab " + version,
		Log:       env.Stderr,
	}, nil
}

// serveRun runs the notebook server until ctx ends (Ctrl-C). SIGTERM (a
// service manager's stop) ends it as cleanly as Ctrl-C. The address goes
// to stdout first; the server's log to stderr.
func serveRun(ctx context.Context, o *ServeOptions, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	cfg, err := o.Notebook()
	if err != nil {
		return err
	}
	cfg.TimeLimit, cfg.NodeBudget, cfg.MaxConcurrent = o.TimeLimit, o.NodeBudget, o.MaxConcurrent
	cfg.MaxBody, cfg.MaxOutput, cfg.Log = o.MaxBody, o.MaxOutput, stderr
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return cliapp.Usagef("cannot listen on %s: %v; pick another --addr HOST:PORT (port 0 picks a free one)", o.Addr, err)
	}
	srv, err := notebook.New(cfg)
	if err != nil {
		ln.Close()
		return err
	}
	defer srv.Close()
	url := notebook.URL(ln.Addr(), cfg.Token)
	fmt.Fprintln(stdout, url)
	fmt.Fprintf(stdout, "serving %d lessons as live notebooks; press Ctrl-C to stop\n", len(cfg.Lessons))
	err = notebook.Serve(ctx, ln, srv, func() {
		if o.Open {
			if err := notebook.OpenBrowser(url); err != nil {
				fmt.Fprintf(stderr, "plylab: cannot open a browser (%v); open %s yourself\n", err, url)
			}
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "stopped the notebook server")
	return nil
}
