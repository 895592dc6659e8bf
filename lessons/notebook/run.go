package notebook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// RunRequest is the body of POST /api/run and /api/stream.
type RunRequest struct {
	// Command is one plylab command line: "plylab compare --depth 3"
	// ("plylab" and a leading "$ " are optional).
	Command string `json:"command"`
	// Session names the scratch folder for the files it writes; empty
	// for a new session (its id comes back in the result).
	Session string `json:"session,omitempty"`
	// ID names the run for POST /api/stop (stream only; 8-64 letters,
	// digits, '-' or '_').
	ID string `json:"id,omitempty"`
}

// RunResult is what running a command produced.
type RunResult struct {
	Command  string `json:"command"`
	Session  string `json:"session"`
	Output   string `json:"output"` // stdout then stderr, ANSI-free
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exit_code"`
	// ElapsedMS is the run time in milliseconds.
	ElapsedMS float64   `json:"elapsed_ms"`
	Truncated bool      `json:"truncated,omitempty"`
	SVGs      []Picture `json:"svgs"`
	Files     []FileRef `json:"files"`
	// HTML is the output as the lesson pages draw it (lessons.OutputHTML):
	// tables as HTML tables, pictures inline.
	HTML string `json:"html"`
	// Error says why the command failed or stopped (a non-zero exit, a
	// limit, Stop); nil when it ran to the end.
	Error *apiError `json:"error,omitempty"`
}

// Picture is an SVG a command drew: a file it wrote (URL) or the board of
// `positions show` (SVG inline).
type Picture struct {
	Name    string `json:"name"`
	Caption string `json:"caption,omitempty"`
	URL     string `json:"url,omitempty"`
	SVG     string `json:"svg,omitempty"`
}

// FileRef is a file a command wrote, served from the session's folder.
type FileRef struct {
	Name  string `json:"name"`
	URL   string `json:"url"`
	Bytes int    `json:"bytes"`
}

// shellChars are characters a shell would give a meaning; no shell runs
// here, so a command with them is refused rather than misread.
const shellChars = ";&|<>`$\n\r"

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// Limit and stop causes.
var (
	errStopped   = errors.New("stopped")
	errTimeLimit = errors.New("time limit")
)

// prepare checks and parses a command line into a one-command cell.
func (s *Server) prepare(line string) (*lessons.Cell, *apiError) {
	line = strings.TrimSpace(line)
	line = strings.TrimSpace(strings.TrimPrefix(line, "$ "))
	if line == "" {
		return nil, &apiError{Code: "bad_command", Message: "empty command; write a plylab command such as: plylab compare --position paper-mate2 --depth 3"}
	}
	if len(line) > 4096 {
		return nil, &apiError{Code: "bad_command", Message: "the command is over 4096 characters"}
	}
	if i := strings.IndexAny(line, shellChars); i >= 0 {
		c := line[i : i+1]
		if c == "\n" || c == "\r" {
			c = "a line break"
		} else {
			c = "'" + c + "'"
		}
		return nil, &apiError{Code: "shell", Message: fmt.Sprintf("%s: cells run one plylab command, not a shell: %s has no meaning here (no pipes, redirections, variables or command lists); run one command per line", shorten(line), c)}
	}
	if strings.HasPrefix(line, "#") {
		return nil, &apiError{Code: "bad_command", Message: "the command is only a comment; write a plylab command such as: plylab positions list"}
	}
	words := strings.Fields(line)
	if words[0] != "plylab" && strings.Contains(words[0], "/") || words[0] == "sh" || words[0] == "bash" {
		return nil, &apiError{Code: "unknown_command", Message: fmt.Sprintf("%q is not a plylab command: cells run plylab commands only", words[0])}
	}
	src := "# cell\n\n```plylab\n" + line + "\n```\n"
	l, err := lessons.Parse("cell", []byte(src), s.cfg.Rules)
	if err != nil {
		msg := err.Error()
		var le *lessons.Error
		if errors.As(err, &le) {
			msg = le.Msg
		}
		code := "bad_command"
		var se *sandbox.Error
		if errors.As(err, &se) {
			code = "disallowed"
			if se.Unknown {
				code = "unknown_command"
			}
		}
		return nil, &apiError{Code: code, Message: msg}
	}
	if len(l.Cells) != 1 || len(l.Cells[0].Commands) != 1 {
		return nil, &apiError{Code: "bad_command", Message: "write exactly one plylab command"}
	}
	return l.Cells[0], nil
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// safeRunFunc is the injected runner with a panic turned into an error
// message and exit status 70.
func (s *Server) safeRunFunc(ctx context.Context) lessons.RunFunc {
	run := s.cfg.Runner(ctx)
	return func(inv lessons.Invocation) (out lessons.Outcome) {
		defer func() {
			if v := recover(); v != nil {
				s.logger.Printf("panic running %q: %v\n%s", strings.Join(inv.Args, " "), v, debug.Stack())
				fmt.Fprintf(inv.Stderr, "plylab: internal error: the command crashed (%v); the server lives on, please report this\n", v)
				out = lessons.Outcome{Code: 70}
			}
		}()
		return run(inv)
	}
}

// capWriter keeps at most max bytes, noting that it cut, and passes what
// it keeps on to tee.
type capWriter struct {
	mu        *sync.Mutex
	buf       []byte
	max       int
	truncated bool
	tee       func(p []byte)
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	if room := w.max - len(w.buf); room < len(p) {
		p = p[:max(room, 0)]
		w.truncated = true
	}
	w.buf = append(w.buf, p...)
	if w.tee != nil && len(p) > 0 {
		w.tee(p)
	}
	return n, nil
}

// event is one line of the NDJSON stream.
type event struct {
	Type      string     `json:"type"` // started, output, live, progress, result
	ID        string     `json:"id,omitempty"`
	Session   string     `json:"session,omitempty"`
	Stream    string     `json:"stream,omitempty"` // stdout or stderr
	Text      string     `json:"text,omitempty"`
	ElapsedMS float64    `json:"elapsed_ms,omitempty"`
	Result    *RunResult `json:"result,omitempty"`
}

// execute runs one command in a session within the limits. emit, when not
// nil, receives output as it is written. It returns an error object only
// when the command could not start.
func (s *Server) execute(ctx context.Context, req RunRequest, emit func(event)) (*RunResult, *apiError) {
	cell, e := s.prepare(req.Command)
	if e != nil {
		return nil, e
	}
	if req.ID != "" && !idPattern.MatchString(req.ID) {
		return nil, &apiError{Code: "bad_request", Message: "id must be 8-64 letters, digits, '-' or '_'"}
	}
	se, e := s.session(req.Session)
	if e != nil {
		return nil, e
	}
	defer s.done(se)
	if e := s.acquire(ctx); e != nil {
		return nil, e
	}
	defer func() { <-s.slots }()

	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	ctx, cancelT := context.WithTimeoutCause(ctx, s.cfg.TimeLimit, errTimeLimit)
	defer cancelT()
	ctx, cancelB := engine.WithNodeBudget(ctx, s.cfg.NodeBudget)
	defer cancelB()
	if req.ID != "" {
		s.mu.Lock()
		if _, dup := s.runs[req.ID]; dup {
			s.mu.Unlock()
			return nil, &apiError{Code: "bad_request", Message: fmt.Sprintf("a run with id %q is already running", req.ID)}
		}
		s.runs[req.ID] = stop
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			delete(s.runs, req.ID)
			s.mu.Unlock()
		}()
	}

	var mu sync.Mutex
	var out, errw *capWriter
	tee := func(stream string) func([]byte) {
		if emit == nil {
			return nil
		}
		return func(p []byte) { emit(event{Type: "output", Stream: stream, Text: lessons.StripANSI(string(p))}) }
	}
	out = &capWriter{mu: &mu, max: s.cfg.MaxOutput, tee: tee("stdout")}
	errw = &capWriter{mu: &mu, max: s.cfg.MaxOutput, tee: tee("stderr")}
	run := s.safeRunFunc(ctx)
	var lastLive time.Time
	capture := func(inv lessons.Invocation) lessons.Outcome {
		inv.Stdout, inv.Stderr = io.MultiWriter(inv.Stdout, out), io.MultiWriter(inv.Stderr, errw)
		if emit != nil {
			inv.Live = func(text string) {
				// At most five views a second: the page redraws each.
				if time.Since(lastLive) < 200*time.Millisecond || len(text) > s.cfg.MaxOutput {
					return
				}
				lastLive = time.Now()
				emit(event{Type: "live", Text: lessons.StripANSI(text)})
			}
		}
		return run(inv)
	}
	if emit != nil {
		emit(event{Type: "started", ID: req.ID, Session: se.id})
	}
	start := time.Now()
	sess := lessons.NewSession(&lessons.Lesson{File: "cell", Cells: []*lessons.Cell{cell}}, capture, se.files)
	cres, _ := sess.RunCell(cell)
	elapsed := time.Since(start)

	res := &RunResult{Command: req.Command, Session: se.id, ElapsedMS: float64(elapsed.Microseconds()) / 1000, SVGs: []Picture{}, Files: []FileRef{}}
	var cr *lessons.CommandResult
	if cres != nil && len(cres.Commands) > 0 {
		cr = cres.Commands[0]
	}
	if cr != nil {
		res.ExitCode = cr.Code
		res.Stdout = lessons.StripANSI(cr.Stdout)
		res.Stderr = lessons.StripANSI(cr.Stderr)
	}
	mu.Lock()
	res.Truncated = out.truncated || errw.truncated
	mu.Unlock()
	if res.Truncated {
		note := fmt.Sprintf("\n[output cut at %d bytes: the limit of one cell's output; the teacher can raise it with plylab lesson serve --max-output]\n", s.cfg.MaxOutput)
		if len(res.Stdout) > s.cfg.MaxOutput {
			res.Stdout = res.Stdout[:s.cfg.MaxOutput]
		}
		if len(res.Stderr) > s.cfg.MaxOutput {
			res.Stderr = res.Stderr[:s.cfg.MaxOutput]
		}
		res.Stderr += note
	}
	res.Output = joinOutput(res.Stdout, res.Stderr)
	// Files: every file the command reported writing into the session's
	// folder (the runner read each back from there).
	if cr != nil {
		for _, f := range cr.Files {
			name := f.Name
			u := "/files/" + se.id + "/" + url.PathEscape(name)
			res.Files = append(res.Files, FileRef{Name: name, URL: u, Bytes: len(f.Data)})
			if f.IsPicture() {
				res.SVGs = append(res.SVGs, Picture{Name: name, Caption: name, URL: u})
			}
		}
		if svg, err := lessons.BoardPicture(cr); err == nil && svg != nil {
			res.SVGs = append(res.SVGs, Picture{Name: "board.svg", Caption: cr.FEN, SVG: string(svg)})
		}
		if !res.Truncated {
			view := *cr
			view.Stdout, view.Stderr = res.Stdout, res.Stderr
			if html, err := lessons.OutputHTML(&view, "r"+randomID()[:8]); err == nil {
				res.HTML = string(html)
			}
		}
	}
	res.Error = s.why(ctx, res)
	return res, nil
}

func joinOutput(stdout, stderr string) string {
	if stderr == "" {
		return stdout
	}
	if stdout != "" && !strings.HasSuffix(stdout, "\n") {
		return stdout + "\n" + stderr
	}
	return stdout + stderr
}

// why explains how a run ended, nil for a normal end.
func (s *Server) why(ctx context.Context, res *RunResult) *apiError {
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, errStopped):
		return &apiError{Code: "stopped", Message: "stopped: you pressed Stop (or the server is shutting down); the output above is what the command printed until then"}
	case errors.Is(cause, errTimeLimit):
		return &apiError{Code: "time_limit", Message: fmt.Sprintf("stopped at the time limit of %s per cell; use a smaller --depth, or the teacher can raise it with plylab lesson serve --time-limit", s.cfg.TimeLimit)}
	case errors.Is(cause, engine.ErrNodeBudget):
		return &apiError{Code: "node_budget", Message: fmt.Sprintf("stopped at the node budget of %d nodes per cell; use a smaller --depth, or the teacher can raise it with plylab lesson serve --node-budget", s.cfg.NodeBudget)}
	case cause != nil:
		return &apiError{Code: "stopped", Message: "stopped: the request was cancelled (the page closed or the connection dropped)"}
	case res.ExitCode != 0:
		msg := strings.TrimSpace(res.Stderr)
		if msg == "" {
			msg = fmt.Sprintf("the command failed with exit status %d", res.ExitCode)
		}
		return &apiError{Code: "exit_status", Message: strings.Join(strings.Fields(msg), " ")}
	}
	return nil
}

// acquire waits for a free slot, at most QueueWait; then "busy".
func (s *Server) acquire(ctx context.Context) *apiError {
	select {
	case s.slots <- struct{}{}:
		return nil
	default:
	}
	busy := &apiError{Code: "busy", Message: fmt.Sprintf("the server is busy: %d cells are running (the limit); try again in a moment, or the teacher can raise --max-concurrent", s.cfg.MaxConcurrent)}
	select {
	case s.waiting <- struct{}{}:
		defer func() { <-s.waiting }()
	default:
		return busy
	}
	t := time.NewTimer(s.cfg.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return nil
	case <-t.C:
		return busy
	case <-ctx.Done():
		return &apiError{Code: "stopped", Message: "the request was cancelled while it waited for a free slot"}
	}
}

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	var req RunRequest
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	res, e := s.execute(r.Context(), req, nil)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// handleStream runs a command and answers NDJSON events: started, output
// chunks, progress every half second, and the result.
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) {
	var req RunRequest
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	if _, e := s.prepare(req.Command); e != nil {
		writeAPIError(w, e)
		return
	}
	flusher, _ := w.(http.Flusher)
	var wmu sync.Mutex
	started := false
	enc := json.NewEncoder(w)
	emit := func(ev event) {
		wmu.Lock()
		defer wmu.Unlock()
		if !started {
			w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
			w.Header().Set("X-Accel-Buffering", "no")
			w.WriteHeader(http.StatusOK)
			started = true
		}
		_ = enc.Encode(ev)
		if flusher != nil {
			flusher.Flush()
		}
	}
	begin := time.Now()
	tick := time.NewTicker(500 * time.Millisecond)
	finished := make(chan struct{})
	var progress sync.WaitGroup
	progress.Add(1)
	go func() {
		defer progress.Done()
		for {
			select {
			case <-finished:
				return
			case <-tick.C:
				wmu.Lock()
				on := started
				wmu.Unlock()
				if on {
					emit(event{Type: "progress", ElapsedMS: float64(time.Since(begin).Milliseconds())})
				}
			}
		}
	}()
	res, e := s.execute(r.Context(), req, emit)
	tick.Stop()
	close(finished)
	progress.Wait()
	if e != nil {
		wmu.Lock()
		was := started
		wmu.Unlock()
		if !was {
			writeAPIError(w, e)
			return
		}
		emit(event{Type: "result", Result: &RunResult{Command: req.Command, Error: e, SVGs: []Picture{}, Files: []FileRef{}}})
		return
	}
	emit(event{Type: "result", Result: res})
}

func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID string `json:"id"`
	}
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	s.mu.Lock()
	cancel, ok := s.runs[req.ID]
	s.mu.Unlock()
	if ok {
		cancel(errStopped)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"stopped": ok})
}
