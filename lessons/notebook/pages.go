package notebook

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

type lessonPage struct {
	once sync.Once
	html []byte
	err  error
}

// ---------------------------------------------------------------------------
// Pages

func (s *Server) head(extra string) template.HTML {
	return template.HTML(`<meta name="plylab-token" content="` + template.HTMLEscapeString(s.cfg.Token) + `" />
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
<link rel="stylesheet" href="/static/notebook.css" />
<link rel="stylesheet" href="/static/replay.css" />
<script src="/static/replay.js" defer></script>
<script src="/static/backends.js" defer></script>
<script src="/static/tree-viewer.js" defer></script>
<script src="/static/notebook.js" defer></script>` + extra)
}

func lessonHref(l *lessons.Lesson) string { return "/lesson/" + l.Slug }

func writeHTML(w http.ResponseWriter, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	page, err := lessons.RenderIndex(s.indexLessons(), lessons.PageOptions{
		Generator: s.cfg.Generator, Href: lessonHref, Notebook: true, Head: s.head(""), CSP: pageCSP,
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	// The index links "scratch" relative to itself.
	writeHTML(w, []byte(strings.Replace(string(page), `href="scratch"`, `href="/scratch"`, 1)))
}

// findLesson finds a lesson by its slug, name or number, or by the
// beginning of its name or slug when only one lesson has it (as `plylab
// lesson run` does); ambiguous lists the lessons a beginning matches.
func (s *Server) findLesson(slug string) (l *lessons.Lesson, ambiguous []string) {
	ls := s.indexLessons()
	for _, l := range ls {
		if l.Slug == slug || l.Name == slug || fmt.Sprint(l.Number) == slug {
			return l, nil
		}
	}
	if slug == "" {
		return nil, nil
	}
	var found []*lessons.Lesson
	for _, l := range ls {
		if strings.HasPrefix(l.Name, slug) || strings.HasPrefix(l.Slug, slug) {
			found = append(found, l)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	for _, l := range found {
		ambiguous = append(ambiguous, l.Slug)
	}
	return nil, ambiguous
}

// lessonNotFound answers a lesson name that names no lesson, or several.
func lessonNotFound(w http.ResponseWriter, slug string, ambiguous []string) {
	if len(ambiguous) > 0 {
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("%q begins the names of several lessons: %s; give more of the name", slug, strings.Join(ambiguous, ", ")))
		return
	}
	writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no lesson %q; the index lists them", slug))
}

// handleLesson draws a lesson as the export does, with the output of a
// run made once (the first time the page is asked for), every cell
// editable.
func (s *Server) handleLesson(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	l, ambiguous := s.findLesson(slug)
	if l == nil {
		lessonNotFound(w, slug, ambiguous)
		return
	}
	if slug != l.Slug {
		// One address per lesson: /lesson/alpha goes to /lesson/03-alphabeta.
		http.Redirect(w, r, lessonHref(l), http.StatusFound)
		return
	}
	sl, _ := s.served(l.Slug)
	key := l.Slug + "@" + sl.version
	s.mu.Lock()
	p := s.pages[key]
	if p == nil {
		for k := range s.pages { // an older version of the file's page
			if strings.HasPrefix(k, l.Slug+"@") {
				delete(s.pages, k)
			}
		}
		p = &lessonPage{}
		s.pages[key] = p
	}
	s.mu.Unlock()
	p.once.Do(func() {
		if sl.lesson == nil && sl.entry != nil {
			p.html, p.err = lessons.RenderBroken(sl.entry.path, sl.entry.err, s.pageOptions(l))
			return
		}
		p.html, p.err = s.renderLesson(l)
	})
	if p.err != nil {
		writeError(w, http.StatusInternalServerError, "internal", p.err.Error())
		return
	}
	writeHTML(w, p.html)
}

// pageOptions are the options of l's page: the server's head and policy,
// and links to its neighbours on the index.
func (s *Server) pageOptions(l *lessons.Lesson) lessons.PageOptions {
	opt := lessons.PageOptions{Generator: s.cfg.Generator, Index: "/", Notebook: true, Head: s.head(""), CSP: pageCSP}
	ls := s.indexLessons()
	for i, o := range ls {
		if o.Slug != l.Slug {
			continue
		}
		if i > 0 {
			opt.Prev = &lessons.PageLink{Href: lessonHref(ls[i-1]), Label: lessons.LessonLabel(ls[i-1])}
		}
		if i+1 < len(ls) {
			opt.Next = &lessons.PageLink{Href: lessonHref(ls[i+1]), Label: lessons.LessonLabel(ls[i+1])}
		}
	}
	return opt
}

// renderLesson runs l's cells once and draws its page; a lesson whose
// prose `lesson check` refuses is drawn with its problems instead of its
// cells (above them, marked as a draft, with Config.Draft).
func (s *Server) renderLesson(l *lessons.Lesson) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := lessons.NewSession(l, s.safeRunFunc(ctx), sandbox.NewMemory(sandbox.Quota{})).RunAll()
	if err != nil {
		s.logger.Printf("lesson %s did not run to the end: %v", l.Slug, err)
		if res == nil {
			res = &lessons.Result{Lesson: l}
		}
	}
	opt := s.pageOptions(l)
	var pe *lessons.ProseError
	if errors.As(lessons.Validate(l, res, err), &pe) {
		opt.Problems, opt.Draft = pe, s.cfg.Draft
	}
	return lessons.RenderPage(res, opt)
}

func (s *Server) handleScratch(w http.ResponseWriter, r *http.Request) {
	var buf strings.Builder
	err := scratchTemplate.Execute(&buf, scratchPage{CSP: pageCSP, Head: s.head(""), CSS: template.CSS(lessons.PageStyle()), Index: "/",
		Footer: "Served by " + s.cfg.Generator + ": every cell runs on this server, nothing is fetched from the network."})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	writeHTML(w, []byte(buf.String()))
}

// handleFavicon serves the notebook's icon for browsers that ask for
// /favicon.ico.
func (s *Server) handleFavicon(w http.ResponseWriter, r *http.Request) {
	data, _ := static.ReadFile("static/favicon.svg")
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write(data)
}

func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, err := staticFile(name)
	if err != nil || !fs.ValidPath(name) || strings.Contains(name, "/") {
		writeError(w, http.StatusNotFound, "not_found", "no such file")
		return
	}
	switch filepath.Ext(name) {
	case ".js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case ".css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	case ".svg":
		w.Header().Set("Content-Type", "image/svg+xml")
	}
	w.Write(data)
}

// scratchPage is what the scratch notebook's page shows around its cells.
type scratchPage struct {
	CSP    string // the page's Content-Security-Policy
	Head   template.HTML
	CSS    template.CSS
	Index  string // the lesson index's address
	Footer string
}

var scratchTemplate = template.Must(template.New("scratch").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Scratch notebook · plylab lessons</title>
<style>{{.CSS}}</style>{{.Head}}
</head>
<body class="scratch">
<nav class="top" aria-label="lessons"><a href="{{.Index}}">All lessons</a></nav>
<header>
<p class="kicker">scratch notebook</p>
<h1><input id="nb-title" class="title-edit" value="My notebook" aria-label="notebook title" /></h1>
<p class="summary">Write a note and a plylab command in each cell, run it, and download the notebook as a lesson file; load it again later.</p>
</header>
<div class="toolbar"><button type="button" id="nb-add">Add a cell</button> <button type="button" id="nb-new" hidden>New notebook</button> <button type="button" id="nb-download">Download .md</button> <label class="file-button">Load a lesson file… <input type="file" id="nb-load" accept=".md,text/markdown,text/plain" /></label> <span id="nb-message" class="status" aria-live="polite"></span></div>
<main id="nb-cells"></main>
<footer><p>{{.Footer}}</p></footer>
</body>
</html>
`))

// messageTemplate is a page that only says something: how to join the
// class without the token, or that an address has no page.
var messageTemplate = template.Must(template.New("message").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>{{.Title}} · plylab lessons</title>
<style>{{.CSS}}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Link}}<p><a href="{{.Link}}">{{.LinkText}}</a></p>{{end}}
</main>
</body>
</html>
`))

// messagePage is what a message page shows.
type messagePage struct {
	Title          string
	Paragraphs     []string
	Link, LinkText string
	CSS            template.CSS
	CSP            string
}

// writeMessage answers status with a page that says m.
func writeMessage(w http.ResponseWriter, status int, m messagePage) {
	m.CSS, m.CSP = template.CSS(lessons.PageStyle()), lessons.ExportCSP
	var buf strings.Builder
	if err := messageTemplate.Execute(&buf, m); err != nil {
		writeError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(buf.String()))
}

// wantsPage reports whether r is a browser asking for a page (not the
// API, a file or a script): it gets an HTML answer where the API gets
// JSON.
func wantsPage(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	p := r.URL.Path
	if strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/files/") || strings.HasPrefix(p, "/static/") {
		return false
	}
	return strings.Contains(r.Header.Get("Accept"), "text/html")
}

// handleNotFound answers an address the server has no page, file or API
// for: JSON for the API and the files (the method named when the path is
// right but the method is not), a page with a link to the index for a
// browser.
func (s *Server) handleNotFound(w http.ResponseWriter, r *http.Request) {
	if wantsPage(r) {
		writeMessage(w, http.StatusNotFound, messagePage{Title: "No such page",
			Paragraphs: []string{"This notebook server has no page at " + r.URL.Path + "."},
			Link:       "/", LinkText: "All lessons"})
		return
	}
	for _, p := range postPaths {
		if r.URL.Path == p {
			w.Header().Set("Allow", "POST")
			writeError(w, http.StatusMethodNotAllowed, "bad_method", fmt.Sprintf("%s takes POST with a JSON body, not %s (docs/notebook-api.md)", p, r.Method))
			return
		}
	}
	what := "no such address: " + r.URL.Path
	if strings.HasPrefix(r.URL.Path, "/files/") {
		what = "no such file: a file's address is /files/SESSION/NAME, as a run's result gives it"
	}
	writeError(w, http.StatusNotFound, "not_found", what+" (docs/notebook-api.md lists the API)")
}

// postPaths are the API's addresses that take POST.
var postPaths = []string{"/api/session", "/api/run", "/api/stream", "/api/stop", "/api/notebook/parse", "/api/notebook/export", "/api/notebook/load", "/api/lesson/plan"}
