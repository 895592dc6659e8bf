package notebook

import (
	"net/http"

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
	var req live.PlanRequest
	if e := decode(r, &req); e != nil {
		writeAPIError(w, e)
		return
	}
	l, ambiguous := s.findLesson(req.Lesson)
	if l == nil {
		lessonNotFound(w, req.Lesson, ambiguous)
		return
	}
	plan, e := live.MakePlan(l, req)
	if e != nil {
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, plan)
}
