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
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/lessons"
)

//go:embed static
var static embed.FS

// Config is what a Server needs. Lessons, Commands and Runner are
// required; zero limits take the defaults below.
type Config struct {
	// Lessons are the lessons the index lists.
	Lessons []*lessons.Lesson
	// Commands lists the commands a cell may run (see lessons.Parse).
	Commands lessons.Commands
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
	// NodeBudget bounds the search nodes one command may visit.
	NodeBudget uint64
	// MaxConcurrent bounds the commands running at once; more wait up to
	// QueueWait, then get 429.
	MaxConcurrent int
	QueueWait     time.Duration
	// MaxBody bounds a request body in bytes.
	MaxBody int64
	// MaxOutput bounds the output kept of one command, in bytes.
	MaxOutput int
	// MaxSessions bounds the sessions (scratch folders) kept at once.
	MaxSessions int
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
)

// Server is a notebook server: an http.Handler.
type Server struct {
	cfg     Config
	root    string // scratch root: one folder per session
	mux     *http.ServeMux
	slots   chan struct{}
	waiting chan struct{}
	logger  *log.Logger

	mu       sync.Mutex
	sessions map[string]*session
	runs     map[string]context.CancelCauseFunc
	pages    map[string]*lessonPage
	closed   bool
}

type session struct {
	id   string
	dir  string
	used time.Time
	busy int
}

type lessonPage struct {
	once sync.Once
	html []byte
	err  error
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
		cfg:      cfg,
		root:     root,
		slots:    make(chan struct{}, cfg.MaxConcurrent),
		waiting:  make(chan struct{}, 4*cfg.MaxConcurrent+64),
		logger:   log.New(cfg.Log, "plylab notebook: ", log.LstdFlags),
		sessions: map[string]*session{},
		runs:     map[string]context.CancelCauseFunc{},
		pages:    map[string]*lessonPage{},
	}
	s.routes()
	return s, nil
}

// Root is the server's scratch folder.
func (s *Server) Root() string { return s.root }

// Close stops the running cells and removes the scratch folder.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	for _, cancel := range s.runs {
		cancel(errStopped)
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
	m.HandleFunc("GET /files/{session}/{name}", s.handleFile)
	m.HandleFunc("GET /api/lessons", s.handleLessons)
	m.HandleFunc("GET /api/lessons/{slug}", s.handleLessonSource)
	m.HandleFunc("POST /api/session", s.handleSession)
	m.HandleFunc("POST /api/run", s.handleRun)
	m.HandleFunc("POST /api/stream", s.handleStream)
	m.HandleFunc("POST /api/stop", s.handleStop)
	m.HandleFunc("POST /api/notebook/parse", s.handleParse)
	m.HandleFunc("POST /api/notebook/export", s.handleExport)
	s.mux = m
}

// ServeHTTP checks the token, the origin of POSTs and the body size, sets
// the security headers, recovers from panics, and routes the request.
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
	if !s.tokenOK(r) {
		writeError(w, http.StatusForbidden, "forbidden", "missing or wrong token: open the address 'plylab lesson serve' printed, with its ?token=...")
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !sameOrigin(r) {
			writeError(w, http.StatusForbidden, "cross_origin", "requests that change anything must come from the notebook's own pages (same origin)")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	}
	if q := r.URL.Query().Get("token"); q != "" && r.Method == http.MethodGet {
		http.SetCookie(w, &http.Cookie{Name: cookieName, Value: s.cfg.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	s.mux.ServeHTTP(w, r)
}

const cookieName = "plylab_token"

// pageCSP allows the server's own scripts, styles (inline styles too: the
// pictures carry style attributes) and pictures, and nothing else; no page
// may frame it.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

func (s *Server) tokenOK(r *http.Request) bool {
	want := []byte(s.cfg.Token)
	try := func(got string) bool {
		return got != "" && subtle.ConstantTimeCompare([]byte(got), want) == 1
	}
	if try(r.URL.Query().Get("token")) || try(r.Header.Get("X-Plylab-Token")) {
		return true
	}
	if c, err := r.Cookie(cookieName); err == nil && try(c.Value) {
		return true
	}
	return false
}

// sameOrigin is the CSRF check for POSTs: a browser's Origin must be this
// host, and its Sec-Fetch-Site must not be cross-site. Clients that send
// neither (curl, scripts) carry the token explicitly.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	if o := r.Header.Get("Origin"); o != "" {
		return o == "http://"+r.Host || o == "https://"+r.Host
	}
	return true
}

// apiError is the error object of every failed API call.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Line is the line of a lesson file a parse error is at.
	Line int `json:"line,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]*apiError{"error": {Code: code, Message: msg}})
}

func writeAPIError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, statusOf(e.Code), map[string]*apiError{"error": e})
}

func statusOf(code string) int {
	switch code {
	case "busy":
		return http.StatusTooManyRequests
	case "too_large":
		return http.StatusRequestEntityTooLarge
	case "not_found", "no_session":
		return http.StatusNotFound
	case "internal":
		return http.StatusInternalServerError
	case "shutting_down":
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// decode reads a JSON body into v, with clear errors for a body that is
// too large or not JSON.
func decode(r *http.Request, v any) *apiError {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &apiError{Code: "too_large", Message: fmt.Sprintf("the request body is over the limit of %d bytes; the teacher can raise it with plylab lesson serve --max-body", mbe.Limit)}
		}
		return &apiError{Code: "bad_request", Message: "the request body must be a JSON object such as {\"command\": \"plylab compare --depth 3\"}: " + err.Error()}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Sessions

func randomID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b[:])
}

func validID(id string) bool {
	if len(id) != 24 {
		return false
	}
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// session returns the session id (creating one for ""), marked busy;
// release it with done.
func (s *Server) session(id string) (*session, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, &apiError{Code: "shutting_down", Message: "the server is shutting down"}
	}
	if id != "" {
		se := s.sessions[id]
		if se == nil {
			return nil, &apiError{Code: "no_session", Message: fmt.Sprintf("no session %q: it expired or the server restarted; reload the page (or POST /api/session) for a new one", id)}
		}
		se.used = time.Now()
		se.busy++
		return se, nil
	}
	if len(s.sessions) >= s.cfg.MaxSessions {
		var oldest *session
		for _, se := range s.sessions {
			if se.busy == 0 && (oldest == nil || se.used.Before(oldest.used)) {
				oldest = se
			}
		}
		if oldest == nil {
			return nil, &apiError{Code: "busy", Message: fmt.Sprintf("all %d sessions are busy; try again in a moment (the teacher can raise --max-sessions)", s.cfg.MaxSessions)}
		}
		delete(s.sessions, oldest.id)
		os.RemoveAll(oldest.dir)
	}
	se := &session{id: randomID(), used: time.Now(), busy: 1}
	se.dir = filepath.Join(s.root, se.id)
	if err := os.Mkdir(se.dir, 0o700); err != nil {
		return nil, &apiError{Code: "internal", Message: "cannot make the session's scratch folder: " + err.Error()}
	}
	s.sessions[se.id] = se
	return se, nil
}

func (s *Server) done(se *session) {
	s.mu.Lock()
	se.busy--
	se.used = time.Now()
	s.mu.Unlock()
}

func (s *Server) handleSession(w http.ResponseWriter, r *http.Request) {
	se, e := s.session("")
	if e != nil {
		writeAPIError(w, e)
		return
	}
	s.done(se)
	writeJSON(w, http.StatusOK, map[string]string{"session": se.id})
}

// ---------------------------------------------------------------------------
// Files

var contentTypes = map[string]string{
	".svg": "image/svg+xml", ".png": "image/png", ".txt": "text/plain; charset=utf-8",
	".dot": "text/plain; charset=utf-8", ".json": "application/json", ".csv": "text/csv; charset=utf-8",
	".md": "text/markdown; charset=utf-8", ".pgn": "text/plain; charset=utf-8",
}

// validName accepts a plain file name: letters, digits, '_', '-' and '.',
// not starting with a dot.
func validName(name string) bool {
	if name == "" || len(name) > 128 || name[0] == '.' {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return !strings.Contains(name, "..")
}

// openScratch opens a regular file of a session's folder, refusing names
// that are not plain, symlinks and anything that resolves outside it.
func (s *Server) openScratch(sessionID, name string) (*os.File, os.FileInfo, *apiError) {
	notFound := &apiError{Code: "not_found", Message: "no such file in this session's scratch folder"}
	if !validID(sessionID) || !validName(name) {
		return nil, nil, &apiError{Code: "bad_path", Message: "a file is named by its plain name, e.g. tree.svg: no folders, no '..', no absolute paths"}
	}
	s.mu.Lock()
	se := s.sessions[sessionID]
	s.mu.Unlock()
	if se == nil {
		return nil, nil, notFound
	}
	p := filepath.Join(se.dir, name)
	if filepath.Dir(p) != se.dir {
		return nil, nil, notFound
	}
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() { // symlinks, folders, devices: no
		return nil, nil, notFound
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, notFound
	}
	// The file opened must be the one checked (no swap for a link).
	if fi2, err := f.Stat(); err != nil || !os.SameFile(fi, fi2) {
		f.Close()
		return nil, nil, notFound
	}
	return f, fi, nil
}

func (s *Server) handleFile(w http.ResponseWriter, r *http.Request) {
	f, fi, e := s.openScratch(r.PathValue("session"), r.PathValue("name"))
	if e != nil {
		writeAPIError(w, e)
		return
	}
	defer f.Close()
	ext := strings.ToLower(filepath.Ext(fi.Name()))
	ct, ok := contentTypes[ext]
	if !ok {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	// A file is shown as a picture or downloaded, never run as a page.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
	if ext != ".svg" && ext != ".png" {
		h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", fi.Name()))
	}
	http.ServeContent(w, r, fi.Name(), fi.ModTime(), f)
}

// ---------------------------------------------------------------------------
// Pages

func (s *Server) head(extra string) template.HTML {
	return template.HTML(`<meta name="plylab-token" content="` + template.HTMLEscapeString(s.cfg.Token) + `" />
<link rel="stylesheet" href="/static/notebook.css" />
<script src="/static/notebook.js" defer></script>` + extra)
}

func lessonHref(l *lessons.Lesson) string { return "/lesson/" + l.Slug }

func writeHTML(w http.ResponseWriter, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	page, err := lessons.RenderIndex(s.cfg.Lessons, lessons.PageOptions{
		Generator: s.cfg.Generator, Href: lessonHref, Notebook: true, Head: s.head(""),
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	// The index links "scratch" relative to itself.
	writeHTML(w, []byte(strings.Replace(string(page), `href="scratch"`, `href="/scratch"`, 1)))
}

func (s *Server) findLesson(slug string) *lessons.Lesson {
	for _, l := range s.cfg.Lessons {
		if l.Slug == slug || l.Name == slug || fmt.Sprint(l.Number) == slug {
			return l
		}
	}
	return nil
}

// handleLesson draws a lesson as the export does, with the output of a
// run made once (the first time the page is asked for), every cell
// editable.
func (s *Server) handleLesson(w http.ResponseWriter, r *http.Request) {
	l := s.findLesson(r.PathValue("slug"))
	if l == nil {
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no lesson %q; the index lists them", r.PathValue("slug")))
		return
	}
	s.mu.Lock()
	p := s.pages[l.Slug]
	if p == nil {
		p = &lessonPage{}
		s.pages[l.Slug] = p
	}
	s.mu.Unlock()
	p.once.Do(func() { p.html, p.err = s.renderLesson(l) })
	if p.err != nil {
		writeError(w, http.StatusInternalServerError, "internal", p.err.Error())
		return
	}
	writeHTML(w, p.html)
}

func (s *Server) renderLesson(l *lessons.Lesson) ([]byte, error) {
	dir, err := os.MkdirTemp(s.root, "lesson-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := lessons.NewSession(l, s.safeRunFunc(ctx), dir).RunAll()
	if err != nil {
		s.logger.Printf("lesson %s did not run to the end: %v", l.Slug, err)
		if res == nil {
			res = &lessons.Result{Lesson: l}
		}
	}
	opt := lessons.PageOptions{Generator: s.cfg.Generator, Index: "/", Notebook: true, Head: s.head("")}
	for i, o := range s.cfg.Lessons {
		if o != l {
			continue
		}
		if i > 0 {
			opt.Prev = &lessons.PageLink{Href: lessonHref(s.cfg.Lessons[i-1]), Label: lessons.LessonLabel(s.cfg.Lessons[i-1])}
		}
		if i+1 < len(s.cfg.Lessons) {
			opt.Next = &lessons.PageLink{Href: lessonHref(s.cfg.Lessons[i+1]), Label: lessons.LessonLabel(s.cfg.Lessons[i+1])}
		}
	}
	return lessons.RenderPage(res, opt)
}

func (s *Server) handleScratch(w http.ResponseWriter, r *http.Request) {
	var buf strings.Builder
	err := scratchTemplate.Execute(&buf, map[string]any{"Head": s.head(""), "CSS": template.CSS(lessons.PageStyle()), "Generator": s.cfg.Generator})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	writeHTML(w, []byte(buf.String()))
}

func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, err := static.ReadFile("static/" + name)
	if err != nil || !validName(name) {
		writeError(w, http.StatusNotFound, "not_found", "no such file")
		return
	}
	switch filepath.Ext(name) {
	case ".js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case ".css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	}
	w.Write(data)
}

var scratchTemplate = template.Must(template.New("scratch").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Scratch notebook · plylab lessons</title>
<style>{{.CSS}}</style>{{.Head}}
</head>
<body class="scratch">
<nav class="top"><a href="/">All lessons</a></nav>
<header>
<p class="kicker">scratch notebook</p>
<h1><input id="nb-title" class="title-edit" value="My notebook" aria-label="notebook title" /></h1>
<p class="summary">Write a note and a plylab command in each cell, run it, and download the notebook as a lesson file; load it again later.</p>
</header>
<div class="toolbar"><button type="button" id="nb-add">Add a cell</button> <button type="button" id="nb-download">Download .md</button> <label class="file-button">Load a lesson file… <input type="file" id="nb-load" accept=".md,text/markdown,text/plain" /></label> <span id="nb-message" class="status" aria-live="polite"></span></div>
<main id="nb-cells"></main>
<footer><p>Served by {{.Generator}}: every cell runs on this server, nothing is fetched from the network.</p></footer>
</body>
</html>
`))
