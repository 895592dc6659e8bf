package notebook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/engine"
	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
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
	// Bind ties the run to a cell of a lesson under values of its
	// parameters: the result then carries the values of the prose that
	// reads the cell (live.Bind).
	Bind *live.Binding `json:"bind,omitempty"`
}

// RunResult is what running a command produced (live.Result).
type RunResult = live.Result

// Picture is an SVG a command drew (live.Picture).
type Picture = live.Picture

// FileRef is a file a command wrote (live.FileRef).
type FileRef = live.FileRef

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// Limit and stop causes.
var (
	errStopped    = errors.New("stopped")
	errTimeLimit  = errors.New("time limit")
	errClientTime = errors.New("the client's share of time")
)

// prepare checks and parses a command line into a one-command cell.
func (s *Server) prepare(line string) (*lessons.Cell, *apiError) {
	return live.Prepare(line, s.cfg.Rules)
}

// safeRunFunc is the injected runner with a panic turned into an error
// message and exit status 70.
func (s *Server) safeRunFunc(ctx context.Context) lessons.RunFunc {
	return live.SafeRun(s.cfg.Runner(ctx), func(inv lessons.Invocation, v any) {
		s.logger.Printf("panic running %q: %v\n%s", strings.Join(inv.Args, " "), v, debug.Stack())
	})
}

// event is one line of the NDJSON stream.
type event = live.Event

// execute runs one command in a session within the limits. emit, when not
// nil, receives output as it is written. It returns an error object only
// when the command could not start.
func (s *Server) execute(ctx context.Context, client string, req RunRequest, emit func(event)) (*RunResult, *apiError) {
	cell, e := s.prepare(req.Command)
	if e != nil {
		return nil, e
	}
	if req.ID != "" && !idPattern.MatchString(req.ID) {
		return nil, &apiError{Code: "bad_request", Message: "id must be 8-64 letters, digits, '-' or '_'"}
	}
	se, e := s.session(req.Session, client)
	if e != nil {
		return nil, e
	}
	defer s.done(se)
	if e := s.startRun(ctx, client); e != nil {
		return nil, e
	}
	defer s.endRun(client)
	share, e := s.timeShare(client)
	if e != nil {
		return nil, e
	}
	if e := s.acquire(ctx); e != nil {
		return nil, e
	}
	defer func() { <-s.slots }()
	began := time.Now()
	defer func() { s.spendTime(client, time.Since(began)) }()

	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	limit, cause := s.cfg.TimeLimit, errTimeLimit
	if share < limit {
		limit, cause = share, errClientTime
	}
	ctx, cancelT := context.WithTimeoutCause(ctx, limit, cause)
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

	if emit != nil {
		emit(event{Type: "started", ID: req.ID, Session: se.id})
	}
	res, cr := live.Execute(req.Command, cell, live.Options{
		Run:       s.safeRunFunc(ctx),
		Files:     se.files,
		MaxOutput: s.cfg.MaxOutput,
		CutNote:   fmt.Sprintf("\n[output cut at %d bytes: the limit of one cell's output; the teacher can raise it with plylab lesson serve --max-output]\n", s.cfg.MaxOutput),
		Emit:      emit,
		FileURL:   func(name string) string { return "/files/" + se.id + "/" + url.PathEscape(name) },
		IDPrefix:  "r" + randomID()[:8],
	})
	res.Session = se.id
	if req.Bind != nil && ctx.Err() == nil {
		if l := s.lessonFor(se.id, req.Bind.Lesson); l != nil {
			res.Refs, res.Answer, _ = live.Bind(l, *req.Bind, req.Command, cr)
		}
	}
	res.Error = s.why(ctx, res)
	return res, nil
}

// why explains how a run ended, nil for a normal end; each stop says how
// long the command really ran (res.ElapsedMS).
func (s *Server) why(ctx context.Context, res *RunResult) *apiError {
	cause := context.Cause(ctx)
	ran := live.RanFor(res.ElapsedMS)
	switch {
	case errors.Is(cause, errStopped):
		return live.Stopped(" (or the server is shutting down)", res.ElapsedMS)
	case errors.Is(cause, errClientTime):
		return &apiError{Code: "time_limit", Message: fmt.Sprintf("stopped at your computer's share of the server's time (%s of cells in %s, so that one student cannot hold the server for the class), %s; it comes back as you wait, or the teacher can raise --time-per-client", s.cfg.ClientTime, roundUp(s.cfg.ClientWindow), ran)}
	case errors.Is(cause, errTimeLimit):
		return &apiError{Code: "time_limit", Message: fmt.Sprintf("stopped at the time limit of %s per cell, %s; use a smaller --depth, or the teacher can raise it with plylab lesson serve --time-limit", s.cfg.TimeLimit, ran)}
	case errors.Is(cause, engine.ErrNodeBudget):
		return &apiError{Code: "node_budget", Message: fmt.Sprintf("stopped at the node budget of %d nodes per cell, %s; use a smaller --depth, or the teacher can raise it with plylab lesson serve --node-budget", s.cfg.NodeBudget, ran)}
	case cause != nil:
		return &apiError{Code: "stopped", Message: fmt.Sprintf("stopped %s: the request was cancelled (the page closed or the connection dropped)", ran)}
	}
	return live.ExitError(res)
}

// clientRuns is one client address's share of the slots: a place in
// slots per run it has running or waiting, at most
// MaxConcurrentPerClient.
type clientRuns struct {
	slots chan struct{}
	users int // runs holding or waiting for a place
}

// startRun waits, at most QueueWait, until client runs fewer than
// MaxConcurrentPerClient cells, then counts its run; else "busy": no one
// client takes every slot of the server from the class. endRun counts
// the run done.
func (s *Server) startRun(ctx context.Context, client string) *apiError {
	s.mu.Lock()
	cr := s.running[client]
	if cr == nil {
		cr = &clientRuns{slots: make(chan struct{}, s.cfg.MaxConcurrentPerClient)}
		s.running[client] = cr
	}
	cr.users++
	s.mu.Unlock()
	t := time.NewTimer(s.cfg.QueueWait)
	defer t.Stop()
	select {
	case cr.slots <- struct{}{}:
		return nil
	case <-t.C:
	case <-ctx.Done():
	}
	s.leave(client, cr)
	return &apiError{Code: "busy", RetryAfter: 1, Message: fmt.Sprintf("your computer already runs %d cells on this server, the limit for one address; wait for them to finish or press Stop (the teacher can raise --max-concurrent-per-client when the class shares one address)", s.cfg.MaxConcurrentPerClient)}
}

func (s *Server) endRun(client string) {
	s.mu.Lock()
	cr := s.running[client]
	s.mu.Unlock()
	<-cr.slots
	s.leave(client, cr)
}

// leave counts one user of cr gone, forgetting the client with none.
func (s *Server) leave(client string, cr *clientRuns) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cr.users--; cr.users == 0 {
		delete(s.running, client)
	}
	if len(s.running) == 0 {
		s.idleSince = time.Now()
	}
}

// timeShare is the time client may still run cells for: its share of the
// server's time, ClientTime in every ClientWindow (a bucket that refills
// evenly), so that no client holds the slots for the class with one long
// cell after another. A client with less than a second of it left is
// refused: "busy", with when a second will be back.
func (s *Server) timeShare(client string) (time.Duration, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.clientTime.get(client)
	if b.tokens < 1 {
		wait := s.clientTime.wait(b)
		return 0, &apiError{Code: "busy", RetryAfter: seconds(wait), Message: fmt.Sprintf("your computer has run cells for %s in the last %s, its share of the server's time while the class shares it; try again in %s (the teacher can raise --time-per-client)", s.cfg.ClientTime, roundUp(s.cfg.ClientWindow), roundUp(wait))}
	}
	return time.Duration(b.tokens * float64(time.Second)), nil
}

// spendTime takes the time a run of client took from its share.
func (s *Server) spendTime(client string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientTime.get(client).tokens -= d.Seconds()
}

// acquire waits for a free slot, at most QueueWait; then "busy".
func (s *Server) acquire(ctx context.Context) *apiError {
	select {
	case s.slots <- struct{}{}:
		return nil
	default:
	}
	busy := &apiError{Code: "busy", RetryAfter: 2, Message: fmt.Sprintf("the server is busy: %d cells are running (the limit); try again in a moment, or the teacher can raise --max-concurrent", s.cfg.MaxConcurrent)}
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
	res, e := s.execute(r.Context(), clientOf(r.RemoteAddr), req, nil)
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
	res, e := s.execute(r.Context(), clientOf(r.RemoteAddr), req, emit)
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
