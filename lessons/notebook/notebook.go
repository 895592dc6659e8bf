// Package notebook serves the lessons as live notebooks in a browser: the
// lesson pages as the HTML export draws them, but with every cell editable
// and runnable, a scratch notebook that downloads and loads lesson files,
// and the JSON API the pages use (documented in docs/notebook-api.md).
//
// Cells run in-process through a lessons.RunFunc that the caller
// (cmd/plylab) injects, so they go through the same command parser as the
// CLI: only plylab subcommands, never a shell. Every request needs the
// server's token; limits (time, nodes, cells at once, request and output
// sizes) keep a classroom's server responsive. Files a cell writes go to
// its session's scratch folder, and only files from there are served.
package notebook

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
	"github.com/plylab/plylab/trace"
)

//go:embed static
var static embed.FS

// replayFiles are the static files the pages share with the page of
// `plylab tree --format html`: the replay of a traced search, which
// package trace keeps.
var replayFiles = map[string]func() []byte{"replay.js": trace.ReplayScript, "replay.css": trace.ReplayStyle}

// staticFiles are the names of the pages' static files.
var staticFiles = []string{"notebook.js", "backends.js", "tree-viewer.js", "notebook.css", "favicon.svg", "plylab-worker.js", "replay.js", "replay.css"}

// staticFile returns the static file name: the notebook's own or the
// replay's.
func staticFile(name string) ([]byte, error) {
	if f, ok := replayFiles[name]; ok {
		return f(), nil
	}
	return static.ReadFile("static/" + name)
}

// Config is what a Server needs. Lessons, Commands and Runner are
// required; zero limits take the defaults below.
type Config struct {
	// Lessons are the built-in lessons the index lists.
	Lessons []*lessons.Lesson
	// Files are a teacher's lesson files and folders of them (each folder's
	// *.md files), listed on the index before Lessons (a file named as a
	// built-in lesson takes its place) and read again whenever they
	// change on disk (library.go).
	Files []string
	// Draft serves a lesson whose prose `lesson check` refuses as a
	// draft, marked as not checked; without it, its page lists the
	// problems instead of the lesson.
	Draft bool
	// Rules decide what a cell may run (see lessons.Parse); nil is
	// sandbox.Cells, plylab's allow-list.
	Rules lessons.Rules
	// Runner returns a RunFunc that runs one plylab command in-process
	// under ctx (cancelled by Stop and by the limits).
	Runner func(ctx context.Context) lessons.RunFunc
	// Token is the secret every request must carry; NewToken makes one.
	Token string
	// TempDir is where the server makes its scratch folder ("" for the
	// system's temporary folder). Close removes the scratch folder.
	TempDir string
	// Generator names the program in page footers ("plylab 0.1.0").
	Generator string

	// TimeLimit bounds one command's run time.
	TimeLimit time.Duration
	// ClientTime is the cell time one client address may use in every
	// ClientWindow (zero: DefaultClientTime in DefaultClientWindow): a
	// share that refills as it waits, so that no client holds the slots
	// with one long cell after another.
	ClientTime, ClientWindow time.Duration
	// NodeBudget bounds the search nodes one command may visit.
	NodeBudget uint64
	// MaxConcurrent bounds the commands running at once; more wait up to
	// QueueWait, then get 429. MaxConcurrentPerClient bounds those of one
	// client address (zero: half of MaxConcurrent, at least one), so one
	// client cannot hold every slot.
	MaxConcurrent, MaxConcurrentPerClient int
	QueueWait                             time.Duration
	// MaxBody bounds a request body in bytes.
	MaxBody int64
	// MaxOutput bounds the output kept of one command, in bytes.
	MaxOutput int
	// MaxSessions bounds the sessions (scratch folders) kept at once. A
	// full server refuses new sessions (429, with when to retry) rather
	// than close one in use: only a session unused for SessionIdle makes
	// room for a new one.
	MaxSessions int
	// SessionIdle is how long a session must go unused before a new one
	// may take its place on a full server.
	SessionIdle time.Duration
	// SessionsPerClient bounds the sessions one client address may make
	// in SessionWindow (a bucket that refills evenly over the window), so
	// no client can fill the server with sessions.
	SessionsPerClient int
	SessionWindow     time.Duration
	// BodyTimeout bounds the time a request's body may take to arrive.
	BodyTimeout time.Duration
	// MaxConns and MaxConnsPerClient bound the connections open at once,
	// in all and from one client address (Serve's listener).
	MaxConns, MaxConnsPerClient int
	// Quota bounds the files of one session's folder (zero:
	// sandbox.DefaultQuota).
	Quota sandbox.Quota
	// MaxDisk bounds the bytes of every session's files together (zero:
	// DefaultMaxDisk), so a class cannot fill the server's disk by
	// opening many sessions.
	MaxDisk int64
	// Hosts are host names, besides IP addresses and localhost, that
	// requests may name in their Host header (see hostOK); "*" allows
	// any.
	Hosts []string
	// Log receives one line per internal error or recovered panic (nil:
	// discard).
	Log io.Writer
}

// Defaults for the limits.
const (
	DefaultTimeLimit  = 30 * time.Second
	DefaultNodeBudget = 50_000_000
	DefaultQueueWait  = 5 * time.Second
	DefaultMaxBody    = 64 << 10
	DefaultMaxOutput  = 1 << 20
	DefaultMaxSession = 256
	DefaultMaxDisk    = 1 << 30
	// A session unused for this long may make room for a new one.
	DefaultSessionIdle = 30 * time.Minute
	// One client address may make this many sessions in SessionWindow:
	// a class's pupil opens a handful of tabs an hour.
	DefaultSessionsPerClient = 30
	DefaultSessionWindow     = 10 * time.Minute
	DefaultBodyTimeout       = 10 * time.Second
	// One client address may run cells for 90 s in every five minutes: a
	// student working through a lesson uses a fraction of it (all 91
	// cells of the ten lessons take about a minute), one long cell after
	// another uses it up.
	DefaultClientTime   = 90 * time.Second
	DefaultClientWindow = 5 * time.Minute
)

// Server is a notebook server: an http.Handler.
type Server struct {
	cfg     Config
	root    string // scratch root: one folder per session
	mux     *http.ServeMux
	slots   chan struct{}
	waiting chan struct{}
	logger  *log.Logger
	pool    *sandbox.Pool // the bytes of every session's files
	lib     *library      // the teacher's lesson files

	mu         sync.Mutex
	sessions   map[string]*session
	closedIDs  map[string]string      // recently closed sessions, with why
	running    map[string]*clientRuns // the runs of each client address
	clientTime *allowances            // each client's share of the time
	idleSince  time.Time              // when the last run ended (tidy)
	tidied     time.Time              // when tidy last gave memory back
	stopTidy   chan struct{}          // closed by Close
	makers     *allowances            // each client's new sessions
	runs       map[string]context.CancelCauseFunc
	pages      map[string]*lessonPage
	closed     bool
}

// NewToken returns a random 128-bit token in hex, from crypto/rand.
func NewToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// New makes a server and its scratch folder. Close it to remove the folder.
func New(cfg Config) (*Server, error) {
	if cfg.Runner == nil {
		return nil, errors.New("notebook: Config.Runner is required")
	}
	if len(cfg.Token) < 16 {
		return nil, errors.New("notebook: Config.Token must be at least 16 characters (use NewToken)")
	}
	if cfg.TimeLimit <= 0 {
		cfg.TimeLimit = DefaultTimeLimit
	}
	if cfg.NodeBudget == 0 {
		cfg.NodeBudget = DefaultNodeBudget
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = runtime.NumCPU()
	}
	if cfg.MaxConcurrentPerClient <= 0 {
		cfg.MaxConcurrentPerClient = max(1, cfg.MaxConcurrent/2)
	}
	if cfg.QueueWait <= 0 {
		cfg.QueueWait = DefaultQueueWait
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = DefaultMaxOutput
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSession
	}
	if cfg.Generator == "" {
		cfg.Generator = "plylab"
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Rules == nil {
		cfg.Rules = sandbox.Cells
	}
	if cfg.MaxDisk <= 0 {
		cfg.MaxDisk = DefaultMaxDisk
	}
	if cfg.SessionIdle <= 0 {
		cfg.SessionIdle = DefaultSessionIdle
	}
	if cfg.SessionsPerClient <= 0 {
		cfg.SessionsPerClient = DefaultSessionsPerClient
	}
	if cfg.SessionWindow <= 0 {
		cfg.SessionWindow = DefaultSessionWindow
	}
	if cfg.ClientTime <= 0 {
		cfg.ClientTime = DefaultClientTime
	}
	if cfg.ClientWindow <= 0 {
		cfg.ClientWindow = DefaultClientWindow
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = DefaultBodyTimeout
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = DefaultMaxConns
	}
	if cfg.MaxConnsPerClient <= 0 {
		cfg.MaxConnsPerClient = DefaultMaxConnsPerClient
	}
	root, err := os.MkdirTemp(cfg.TempDir, "plylab-notebook-")
	if err != nil {
		return nil, fmt.Errorf("notebook: cannot make the scratch folder: %w", err)
	}
	// Resolve symlinks in the root itself (macOS /tmp), so confinement
	// checks compare real paths.
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	s := &Server{
		cfg:       cfg,
		root:      root,
		slots:     make(chan struct{}, cfg.MaxConcurrent),
		waiting:   make(chan struct{}, 4*cfg.MaxConcurrent+64),
		logger:    log.New(cfg.Log, "plylab notebook: ", log.LstdFlags),
		pool:      sandbox.NewPool(cfg.MaxDisk),
		lib:       &library{paths: cfg.Files, rules: cfg.Rules},
		sessions:  map[string]*session{},
		closedIDs: map[string]string{},
		running:   map[string]*clientRuns{},
		stopTidy:  make(chan struct{}),
		runs:      map[string]context.CancelCauseFunc{},
		pages:     map[string]*lessonPage{},
	}
	s.makers = newAllowances(float64(cfg.SessionsPerClient), cfg.SessionWindow)
	s.clientTime = newAllowances(cfg.ClientTime.Seconds(), cfg.ClientWindow)
	s.routes()
	go s.tidy()
	return s, nil
}

// tidyAfter is how long the server waits, once no cell runs, before it
// gives the memory of the last runs back to the system.
const tidyAfter = 2 * time.Second

// tidy gives the memory of finished runs back to the system once no cell
// has run for tidyAfter: a search's table and a tree are large and short-
// lived, and Go's runtime alone returns freed memory over minutes, so an
// idle server would keep the peak of its busiest moment.
func (s *Server) tidy() {
	t := time.NewTicker(tidyAfter / 2)
	defer t.Stop()
	for {
		select {
		case <-s.stopTidy:
			return
		case <-t.C:
		}
		s.mu.Lock()
		due := len(s.running) == 0 && s.idleSince.After(s.tidied) && time.Since(s.idleSince) >= tidyAfter
		if due {
			s.tidied = time.Now()
		}
		s.mu.Unlock()
		if due {
			debug.FreeOSMemory()
		}
	}
}

// Root is the server's scratch folder.
func (s *Server) Root() string { return s.root }

// Close stops the running cells and removes the scratch folder.
func (s *Server) Close() error {
	s.mu.Lock()
	if !s.closed {
		close(s.stopTidy)
	}
	s.closed = true
	for _, cancel := range s.runs {
		cancel(errStopped)
	}
	for _, se := range s.sessions {
		se.files.Close()
	}
	s.mu.Unlock()
	return os.RemoveAll(s.root)
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.handleIndex)
	m.HandleFunc("GET /lesson/{slug}", s.handleLesson)
	m.HandleFunc("GET /scratch", s.handleScratch)
	m.HandleFunc("GET /static/{name}", s.handleStatic)
	m.HandleFunc("GET /favicon.ico", s.handleFavicon)
	m.HandleFunc("GET /files/{session}/{name}", s.handleFile)
	m.HandleFunc("GET /api/lessons", s.handleLessons)
	m.HandleFunc("GET /api/lessons/{slug}", s.handleLessonSource)
	m.HandleFunc("POST /api/session", s.handleSession)
	m.HandleFunc("POST /api/run", s.handleRun)
	m.HandleFunc("POST /api/stream", s.handleStream)
	m.HandleFunc("POST /api/stop", s.handleStop)
	m.HandleFunc("POST /api/notebook/parse", s.handleParse)
	m.HandleFunc("POST /api/notebook/export", s.handleExport)
	m.HandleFunc("POST /api/notebook/load", s.handleLoad)
	m.HandleFunc("POST /api/lesson/plan", s.handlePlan)
	m.HandleFunc("/", s.handleNotFound)
	s.mux = m
}

// ServeHTTP checks the Host (hostOK), the token and the origin of POSTs
// before it reads a byte of a request's body, then reads the body whole
// within its size and time bounds (readBody); it sets the security
// headers and a deadline for writing the answer, recovers from panics,
// and routes the request. The page's own scripts, style and icon need no
// token.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", pageCSP)
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logger.Printf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			writeError(w, http.StatusInternalServerError, "internal", "the server hit an internal error and recovered; try again")
		}
	}()
	if !s.hostOK(r.Host) {
		s.refuse(w, r, http.StatusForbidden, "bad_host", fmt.Sprintf("requests for host %q are refused: the notebook answers only at its own address (an IP address or localhost), so that no other web page can reach it under a borrowed name (DNS rebinding); open the address 'plylab lesson serve' printed, or let the teacher allow the name with --allow-host %s", r.Host, hostName(r.Host)))
		return
	}
	if public(r) {
		s.mux.ServeHTTP(w, r)
		return
	}
	if !s.tokenOK(r) {
		if wantsPage(r) {
			dropBody(w)
			writeMessage(w, http.StatusForbidden, messagePage{Title: "Join the class",
				Paragraphs: []string{
					"This is a plylab class notebook. To join, open the whole address your teacher gives you: it ends with ?token= and a code, the class's key.",
					"If you typed the address, check the code after token=; if you followed an old link, the teacher may have restarted the server with a new code. Ask your teacher for the address.",
				}})
			return
		}
		s.refuse(w, r, http.StatusForbidden, "forbidden", "missing or wrong token: open the address 'plylab lesson serve' printed, with its ?token=...")
		return
	}
	rc := http.NewResponseController(w)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !sameOrigin(r) {
			s.refuse(w, r, http.StatusForbidden, "cross_origin", "requests that change anything must come from the notebook's own pages (same origin)")
			return
		}
		if e := s.readBody(r, rc); e != nil {
			dropBody(w)
			writeAPIError(w, e)
			return
		}
	}
	// A client that does not read its answer holds a connection at most
	// this long: a run's longest wait and run, and then some.
	rc.SetWriteDeadline(time.Now().Add(s.cfg.QueueWait + s.cfg.TimeLimit + time.Minute))
	if q := r.URL.Query().Get("token"); q != "" && r.Method == http.MethodGet {
		http.SetCookie(w, &http.Cookie{Name: cookieName, Value: s.cfg.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	s.mux.ServeHTTP(w, r)
}
