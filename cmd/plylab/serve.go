package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/notebook"
	"github.com/urfave/cli/v2"
)

// serveOptions are the flags of `plylab lesson serve`.
type serveOptions struct {
	addr          string
	open          bool
	timeLimit     time.Duration
	nodeBudget    uint64
	maxConcurrent int
	maxBody       int64
	maxOutput     int
}

func lessonServeCommand(env *appEnv) *cli.Command {
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
				return usagef("'lesson serve' takes no arguments; every lesson is on the index page")
			}
			o := serveOptions{
				addr: c.String("addr"), open: c.Bool("open"), timeLimit: c.Duration("time-limit"),
				nodeBudget: c.Uint64("node-budget"), maxConcurrent: c.Int("max-concurrent"),
				maxBody: c.Int64("max-body"), maxOutput: c.Int("max-output"),
			}
			switch {
			case o.timeLimit <= 0:
				return usagef("--time-limit must be positive, e.g. 30s")
			case o.nodeBudget == 0:
				return usagef("--node-budget must be at least 1, e.g. 50000000")
			case o.maxConcurrent < 1:
				return usagef("--max-concurrent must be at least 1")
			case o.maxBody < 1024:
				return usagef("--max-body must be at least 1024 bytes")
			case o.maxOutput < 1024:
				return usagef("--max-output must be at least 1024 bytes")
			}
			return env.serveLessons(c.Context, o)
		},
	}
}

// notebookConfig is the notebook server's configuration: the lessons,
// the commands cells may run, and lessonRunner to run them in-process.
func (env *appEnv) notebookConfig(o serveOptions) (notebook.Config, error) {
	ls, err := env.loadLessons(nil, true)
	if err != nil {
		return notebook.Config{}, err
	}
	token, err := notebook.NewToken()
	if err != nil {
		return notebook.Config{}, err
	}
	return notebook.Config{
		Lessons:       ls,
		Commands:      env.lessonCommands(),
		Runner:        func(ctx context.Context) lessons.RunFunc { return env.lessonRunner(ctx, false) },
		Token:         token,
		Generator:     "plylab " + version,
		TimeLimit:     o.timeLimit,
		NodeBudget:    o.nodeBudget,
		MaxConcurrent: o.maxConcurrent,
		MaxBody:       o.maxBody,
		MaxOutput:     o.maxOutput,
		Log:           env.Stderr,
	}, nil
}

// serveLessons runs the notebook server until ctx ends (Ctrl-C).
// SIGTERM (a service manager's stop) ends it as cleanly as Ctrl-C.
func (env *appEnv) serveLessons(ctx context.Context, o serveOptions) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	cfg, err := env.notebookConfig(o)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return usagef("cannot listen on %s: %v; pick another --addr HOST:PORT (port 0 picks a free one)", o.addr, err)
	}
	srv, err := notebook.New(cfg)
	if err != nil {
		ln.Close()
		return err
	}
	defer srv.Close()
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1" // listening everywhere: this computer's own address works
	}
	url := fmt.Sprintf("http://%s/?token=%s", net.JoinHostPort(host, port), cfg.Token)
	fmt.Fprintln(env.Stdout, url)
	fmt.Fprintf(env.Stdout, "serving %d lessons as live notebooks; press Ctrl-C to stop\n", len(cfg.Lessons))
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if o.open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(env.Stderr, "plylab: cannot open a browser (%v); open %s yourself\n", err, url)
		}
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	srv.Close() // stops the running cells
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	fmt.Fprintln(env.Stdout, "stopped the notebook server")
	return nil
}

// openBrowser opens url with the system's opener (xdg-open, open or
// rundll32).
func openBrowser(url string) error {
	var name string
	var args []string
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	default:
		name = "xdg-open"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return fmt.Errorf("%s not found", name)
	}
	cmd := exec.Command(path, append(args, url)...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
