package notebook

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
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
	for _, l := range s.cfg.Lessons {
		out = append(out, LessonInfo{l.Number, l.Slug, l.Title, l.Summary, l.Minutes, len(l.Cells), lessonHref(l)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"lessons": out})
}

// NotebookCell is a cell of a notebook as the scratch page edits it: the
// Markdown prose before it and its commands, one a line ("# " comments
// allowed).
type NotebookCell struct {
	Prose  string `json:"prose"`
	Source string `json:"source"`
}

// Notebook is a lesson as a list of cells (GET /api/lessons/{slug},
// POST /api/notebook/parse and /api/notebook/export).
type Notebook struct {
	Title string         `json:"title"`
	Cells []NotebookCell `json:"cells"`
	// Prose after the last cell.
	Tail string `json:"tail,omitempty"`
}

// toNotebook turns a parsed lesson into notebook cells.
func toNotebook(l *lessons.Lesson) Notebook {
	nb := Notebook{Title: l.Title, Cells: []NotebookCell{}}
	var prose strings.Builder
	for _, b := range l.Blocks {
		switch b.Kind {
		case lessons.Prose:
			text := b.Text
			if l.TitleInBody {
				text = dropHeading(text, l.Title)
			}
			prose.WriteString(strings.Trim(text, "\n") + "\n\n")
		case lessons.Code:
			f := "```"
			for strings.Contains(b.Text, f) {
				f += "`"
			}
			fmt.Fprintf(&prose, "%s%s\n%s\n%s\n\n", f, b.Info, b.Text, f)
		case lessons.CellBlock:
			nb.Cells = append(nb.Cells, NotebookCell{Prose: strings.TrimSpace(prose.String()), Source: lessons.CellSource(b.Cell)})
			prose.Reset()
		}
	}
	nb.Tail = strings.TrimSpace(prose.String())
	return nb
}

func dropHeading(text, title string) string {
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		if strings.HasPrefix(ln, "# ") && strings.TrimSpace(ln[2:]) == title {
			return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
		}
	}
	return text
}

func (s *Server) handleLessonSource(w http.ResponseWriter, r *http.Request) {
	l, ambiguous := s.findLesson(r.PathValue("slug"))
	if l == nil {
		lessonNotFound(w, r.PathValue("slug"), ambiguous)
		return
	}
	writeJSON(w, http.StatusOK, toNotebook(l))
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
	name := req.Name
	if sandbox.CheckName(name) != nil {
		name = "notebook.md"
	}
	if e := shellInCells(name, req.Markdown); e != nil {
		writeAPIError(w, e)
		return
	}
	l, err := lessons.Parse(name, []byte(req.Markdown), s.cfg.Rules)
	if err != nil {
		e := &apiError{Code: "bad_lesson", Message: err.Error()}
		var le *lessons.Error
		if errors.As(err, &le) {
			e.Line = le.Line
		}
		writeAPIError(w, e)
		return
	}
	for _, c := range l.Cells {
		for _, cmd := range c.Commands {
			if _, e := s.prepare(cmd.Text); e != nil {
				writeAPIError(w, &apiError{Code: "bad_lesson", Line: cmd.Line, Message: fmt.Sprintf("%s:%d: %s", name, cmd.Line, e.Message)})
				return
			}
		}
	}
	writeJSON(w, http.StatusOK, toNotebook(l))
}

var blankLines = regexp.MustCompile(`\n{3,}`)

// Markdown writes a notebook as a lesson file: the title, then each
// cell's prose and a ```plylab block with its commands.
func (nb Notebook) Markdown() string {
	var b strings.Builder
	title := strings.TrimSpace(strings.ReplaceAll(nb.Title, "\n", " "))
	if title == "" {
		title = "My notebook"
	}
	fmt.Fprintf(&b, "# %s\n\n", title)
	for _, c := range nb.Cells {
		if p := strings.TrimSpace(c.Prose); p != "" {
			b.WriteString(p + "\n\n")
		}
		var lines []string
		for _, ln := range strings.Split(c.Source, "\n") {
			if t := strings.TrimSpace(ln); t != "" {
				lines = append(lines, t)
			}
		}
		if len(lines) == 0 {
			continue
		}
		b.WriteString("```plylab\n" + strings.Join(lines, "\n") + "\n```\n\n")
	}
	if t := strings.TrimSpace(nb.Tail); t != "" {
		b.WriteString(t + "\n")
	}
	return blankLines.ReplaceAllString(strings.TrimRight(b.String(), "\n")+"\n", "\n\n")
}

// handleExport turns a notebook into a lesson Markdown file, checked by
// parsing it back, so a download always loads again.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	var nb Notebook
	if e := decode(r, &nb); e != nil {
		writeAPIError(w, e)
		return
	}
	md := nb.Markdown()
	if _, err := lessons.Parse("notebook.md", []byte(md), s.cfg.Rules); err != nil {
		e := &apiError{Code: "bad_lesson", Message: "the notebook would not load again: " + err.Error()}
		var le *lessons.Error
		if errors.As(err, &le) {
			e.Line = le.Line
		}
		writeAPIError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"markdown": md, "filename": fileName(nb.Title)})
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func fileName(title string) string {
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(title), "-"), "-")
	if s == "" {
		s = "notebook"
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s + ".md"
}

// shellInCells finds a command line with shell characters in the plylab
// cells of a lesson file, before the parser would misread it.
func shellInCells(name, md string) *apiError {
	in := false
	for i, ln := range strings.Split(md, "\n") {
		t := strings.TrimSpace(ln)
		switch {
		case !in && strings.HasPrefix(t, "```plylab"):
			in = true
		case in && strings.HasPrefix(t, "```"):
			in = false
		case in && t != "" && !strings.HasPrefix(t, "#"):
			if strings.ContainsAny(strings.TrimRight(t, "\r"), shellChars) {
				return &apiError{Code: "bad_lesson", Line: i + 1, Message: fmt.Sprintf("%s:%d: cells run plylab commands, not a shell: no ; & | < > $ or backquotes", name, i+1)}
			}
		}
	}
	return nil
}
