package notebook

import (
	"maps"
	"net/http"
	"slices"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/live"
)

// LessonInfo describes a lesson in GET /api/lessons.
type LessonInfo struct {
	Number  int    `json:"number"`
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Minutes int    `json:"minutes"`
	Cells   int    `json:"cells"`
	URL     string `json:"url"`
}

func (s *Server) handleLessons(w http.ResponseWriter, r *http.Request) {
	out := []LessonInfo{}
	for _, l := range s.currentLessons() {
		out = append(out, LessonInfo{l.Number, l.Slug, l.Title, l.Summary, l.Minutes, len(l.Cells), lessonHref(l)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"lessons": out})
}

// NotebookCell is a cell of a notebook as the scratch page edits it
// (live.NotebookCell).
type NotebookCell = live.NotebookCell

// Notebook is a lesson as a list of cells (GET /api/lessons/{slug},
// POST /api/notebook/parse and /api/notebook/export; live.Notebook).
type Notebook = live.Notebook

func (s *Server) handleLessonSource(w http.ResponseWriter, r *http.Request) {
	l, ambiguous := s.findLesson(r.PathValue("slug"))
	if l == nil {
		lessonNotFound(w, r.PathValue("slug"), ambiguous)
		return
	}
	writeJSON(w, http.StatusOK, live.FromLesson(l))
}

// handleParse parses an uploaded lesson file: {"name": "x.md", "markdown":
// "..."} → a Notebook, or an error with the line.
func (s *Server) handleParse(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name     string `json:"name"`
		Markdown string `json:"markdown"`
	}
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	nb, e := live.ParseNotebook(req.Name, req.Markdown, s.cfg.Rules)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, nb)
}

// handleExport turns a notebook into a lesson Markdown file, checked by
// parsing it back, so a download always loads again.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	var nb Notebook
	if e := decode(r, &nb); e != nil {
		writeAPIError(w, e)
		return
	}
	md, name, e := live.ExportNotebook(nb, s.cfg.Rules)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"markdown": md, "filename": name})
}

// handlePlan answers which cells of a lesson to run again after some of
// its parameters changed (live.MakePlan): {"lesson": "03-alphabeta",
// "params": {"position": "cpw3"}, "changed": ["position"]}.
func (s *Server) handlePlan(w http.ResponseWriter, r *http.Request) {
	var req struct {
		live.PlanRequest
		Session string `json:"session,omitempty"` // a session's loaded lessons come first
	}
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	l := s.lessonFor(req.Session, req.Lesson)
	if l == nil {
		var ambiguous []string
		if l, ambiguous = s.findLesson(req.Lesson); l == nil {
			lessonNotFound(w, req.Lesson, ambiguous)
			return
		}
	}
	plan, e := live.MakePlan(l, req.PlanRequest)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, plan)
}

// handleLoad draws a lesson file the scratch page loads as its lesson
// page (live.LoadPage): {"name": "x.md", "markdown": "...", "session":
// "..."} → {"slug", "title", "html", "session"}, or bad_lesson with the
// line. The session keeps the lesson, so that the runs and plans of its
// cells bind to it.
func (s *Server) handleLoad(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name     string `json:"name"`
		Markdown string `json:"markdown"`
		Session  string `json:"session"`
	}
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	page, e := live.LoadPage(req.Name, req.Markdown, s.cfg.Rules, s.cfg.Generator)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	se, e := s.session(req.Session, clientOf(r.RemoteAddr))
	if e != nil {
		writeAPIError(w, e)
		return
	}
	s.mu.Lock()
	if se.loaded == nil {
		se.loaded = map[string]*lessons.Lesson{}
	}
	if _, ok := se.loaded[page.Slug]; !ok && len(se.loaded) >= maxLoaded {
		clear(se.loaded) // a reader who loads many files keeps the last few
	}
	se.loaded[page.Slug] = page.Lesson
	s.mu.Unlock()
	s.done(se)
	writeJSON(w, http.StatusOK, map[string]string{"slug": page.Slug, "title": page.Title, "html": page.HTML, "session": se.id})
}

// lessonFor finds the lesson a run or plan of session id binds to: a
// lesson file the session loaded, else one the server serves.
func (s *Server) lessonFor(id, name string) *lessons.Lesson {
	s.mu.Lock()
	se := s.sessions[id]
	var l *lessons.Lesson
	if se != nil {
		l = live.FindLesson(slices.Collect(maps.Values(se.loaded)), name)
	}
	s.mu.Unlock()
	if l != nil {
		return l
	}
	return live.FindLesson(s.currentLessons(), name)
}
