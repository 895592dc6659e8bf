package live

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/plylab/plylab/lessons"
	"github.com/plylab/plylab/lessons/sandbox"
)

// NotebookCell is a cell of a notebook as the scratch page edits it: the
// Markdown prose before it and its commands, one a line ("# " comments
// allowed).
type NotebookCell struct {
	Prose  string `json:"prose"`
	Source string `json:"source"`
}

// Notebook is a lesson as a list of cells, as the scratch page loads,
// edits and downloads it.
type Notebook struct {
	Title string         `json:"title"`
	Cells []NotebookCell `json:"cells"`
	// Prose after the last cell.
	Tail string `json:"tail,omitempty"`
}

// FromLesson turns a parsed lesson into notebook cells.
func FromLesson(l *lessons.Lesson) Notebook {
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

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// FileName is the file a notebook titled title downloads as: its title
// in lower case, words joined by '-', ".md".
func FileName(title string) string {
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(title), "-"), "-")
	if s == "" {
		s = "notebook"
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s + ".md"
}

// ParseNotebook reads a lesson file a reader loads into the scratch page
// (name as uploaded, its Markdown) under rules: a Notebook, or an error
// with its line.
func ParseNotebook(name, md string, rules lessons.Rules) (*Notebook, *Error) {
	l, e := parseUpload(name, md, rules)
	if e != nil {
		return nil, e
	}
	nb := FromLesson(l)
	return &nb, nil
}

// parseUpload parses a lesson file a reader gives a page (name as
// uploaded, its Markdown) under rules, and checks each of its commands
// as a cell's (Prepare: one plylab command, never a shell); the error
// has the line. Quizzes, parameters and prose references are a lesson's
// like any other.
func parseUpload(name, md string, rules lessons.Rules) (*lessons.Lesson, *Error) {
	if sandbox.CheckName(name) != nil || !strings.HasSuffix(strings.ToLower(name), ".md") {
		name = "notebook.md"
	}
	l, err := lessons.Parse(name, []byte(md), rules)
	if err != nil {
		e := &Error{Code: "bad_lesson", Message: err.Error()}
		var le *lessons.Error
		if errors.As(err, &le) {
			e.Line = le.Line
		}
		return nil, e
	}
	for _, c := range l.Cells {
		for _, cmd := range c.Commands {
			if _, e := Prepare(cmd.Text, rules); e != nil {
				return nil, &Error{Code: "bad_lesson", Line: cmd.Line, Message: fmt.Sprintf("%s:%d: %s", name, cmd.Line, e.Message)}
			}
		}
	}
	return l, nil
}

// LoadedPage is a lesson file a reader loaded, drawn as its lesson page
// is before its cells run: every cell runnable, every value of the prose
// waiting for its cell, the problems `lesson check` would find before a
// run above it (a draft: it is not checked).
type LoadedPage struct {
	Lesson *lessons.Lesson `json:"-"`
	Slug   string          `json:"slug"`
	Title  string          `json:"title"`
	HTML   string          `json:"html"` // the whole page, as lessons.RenderPage draws it
}

// LoadPage parses a lesson file a reader loads (parseUpload) and draws its
// page for the scratch notebook; generator names the program in its
// footer.
func LoadPage(name, md string, rules lessons.Rules, generator string) (*LoadedPage, *Error) {
	l, e := parseUpload(name, md, rules)
	if e != nil {
		return nil, e
	}
	opt := lessons.PageOptions{Generator: generator, Notebook: true, Draft: true}
	var pe *lessons.ProseError
	if errors.As(lessons.ValidateBefore(l), &pe) {
		opt.Problems = pe
	}
	page, err := lessons.RenderPage(&lessons.Result{Lesson: l}, opt)
	if err != nil {
		return nil, &Error{Code: "internal", Message: err.Error()}
	}
	return &LoadedPage{Lesson: l, Slug: l.Slug, Title: l.Title, HTML: string(page)}, nil
}

// ExportNotebook turns a notebook into a lesson file and the name to
// download it as, checked by parsing it back under rules, so that a
// download always loads again.
func ExportNotebook(nb Notebook, rules lessons.Rules) (markdown, filename string, e *Error) {
	md := nb.Markdown()
	if _, err := lessons.Parse("notebook.md", []byte(md), rules); err != nil {
		e := &Error{Code: "bad_lesson", Message: "the notebook would not load again: " + err.Error()}
		var le *lessons.Error
		if errors.As(err, &le) {
			e.Line = le.Line
		}
		return "", "", e
	}
	return md, FileName(nb.Title), nil
}
