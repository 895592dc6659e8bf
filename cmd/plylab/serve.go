package main

import (
	"context"
	"errors"
	"fmt"
	"io"
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
				return usagef("'lesson serve' takes no arguments; every lesson is on the index page")
			}
			o := &ServeOptions{
				Addr: c.String("addr"), Open: c.Bool("open"), TimeLimit: c.Duration("time-limit"),
				NodeBudget: c.Uint64("node-budget"), MaxConcurrent: c.Int("max-concurrent"),
				MaxBody: c.Int64("max-body"), MaxOutput: c.Int("max-output"),
				Notebook: env.notebookConfig,
			}
			switch {
			case o.TimeLimit <= 0:
				return usagef("--time-limit must be positive, e.g. 30s")
			case o.NodeBudget == 0:
				return usagef("--node-budget must be at least 1, e.g. 50000000")
			case o.MaxConcurrent < 1:
				return usagef("--max-concurrent must be at least 1")
			case o.MaxBody < 1024:
				return usagef("--max-body must be at least 1024 bytes")
			case o.MaxOutput < 1024:
				return usagef("--max-output must be at least 1024 bytes")
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
		return usagef("cannot listen on %s: %v; pick another --addr HOST:PORT (port 0 picks a free one)", o.Addr, err)
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
	fmt.Fprintln(stdout, url)
	fmt.Fprintf(stdout, "serving %d lessons as live notebooks; press Ctrl-C to stop\n", len(cfg.Lessons))
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if o.Open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "plylab: cannot open a browser (%v); open %s yourself\n", err, url)
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
	fmt.Fprintln(stdout, "stopped the notebook server")
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
