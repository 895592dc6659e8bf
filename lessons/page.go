package lessons

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
)

// The HTML pages of a lesson: the page of a run (or of a lesson not run
// yet, as the notebook server shows it) and the index.

type htmlPage struct {
	Title     string
	Kicker    string
	Summary   template.HTML
	Params    template.HTML
	Blocks    []template.HTML
	Prev      *navLink
	Next      *navLink
	Index     string
	Generator string
	CSS       template.CSS
	CSP       string
	Head      template.HTML
	Notebook  bool
	Footer    string
	// Problems, when set, lists what `lesson check` refuses in the
	// lesson; a page that is not a draft shows them instead of the
	// lesson's cells.
	Problems *problemBox
	// Lesson is the lesson's slug on a notebook page, for the runs its
	// cells bind to it.
	Lesson string
	// Script and Style are inline code of the page (PageOptions).
	Script template.JS
	Style  template.CSS
}

// problemBox is the list of a lesson's problems on its page.
type problemBox struct {
	Note  string   // what the box says first
	Lines []string // "file:line: ..." each
	Hint  string   // what to do
	Draft bool     // the lesson is shown below the box
}

type navLink struct {
	Href, Label string
}

type htmlIndex struct {
	Lessons   []indexEntry
	Generator string
	CSS       template.CSS
	CSP       string
	Head      template.HTML
	Notebook  bool
	Footer    string
}

type indexEntry struct {
	Number  int
	Href    string
	Title   string
	Summary template.HTML
	Minutes int
	Cells   int
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>{{.Title}} · plylab lessons</title>
<style>{{.CSS}}</style>{{if .Style}}<style>{{.Style}}</style>{{end}}{{.Head}}
</head>
<body>
<nav class="top" aria-label="lessons"><a href="{{.Index}}">All lessons</a>{{if .Prev}} · <a href="{{.Prev.Href}}">← {{.Prev.Label}}</a>{{end}}{{if .Next}} · <a href="{{.Next.Href}}">{{.Next.Label}} →</a>{{end}}</nav>
<header>
<p class="kicker">{{.Kicker}}</p>
<h1>{{.Title}}</h1>
<p class="summary">{{.Summary}}</p>{{if not (and .Problems (not .Problems.Draft))}}{{.Params}}{{end}}
</header>
<main{{if .Lesson}} data-lesson="{{.Lesson}}"{{end}}>
{{with .Problems}}<section class="problems" role="alert" aria-labelledby="problems-title">
<h2 id="problems-title">{{.Note}}</h2>
<ul>{{range .Lines}}<li><code>{{.}}</code></li>{{end}}</ul>
<p>{{.Hint}}</p>
</section>
{{end}}{{if not (and .Problems (not .Problems.Draft))}}{{range .Blocks}}{{.}}
{{end}}{{end}}</main>
<footer>
<nav aria-label="previous and next lesson">{{if .Prev}}<a href="{{.Prev.Href}}">← {{.Prev.Label}}</a> · {{end}}<a href="{{.Index}}">All lessons</a>{{if .Next}} · <a href="{{.Next.Href}}">{{.Next.Label}} →</a>{{end}}</nav>
{{if .Footer}}<p>{{.Footer}}</p>{{else if .Notebook}}<p>Every number on this page was printed by the command above it, run by {{.Generator}} on this server. Edit a cell and press Run: the new numbers are computed on the spot.</p>{{else}}<p>Every number on this page was printed by the command above it, run when the page was made ({{.Generator}}). Run it yourself: the node counts, moves and scores will be the same; the times are your machine's.</p>{{end}}
</footer>
{{if .Script}}<script>{{.Script}}</script>
{{end}}</body>
</html>
`))

var indexTemplate = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>plylab lessons</title>
<style>{{.CSS}}</style>{{.Head}}
</head>
<body>
<header>
<p class="kicker">plylab</p>
<h1>Lessons in chess search</h1>
<p class="summary">Notebooks to read, run and trust: prose, then a plylab command, then its real output, then prose that reads the numbers.</p>
</header>
<main>
<ol class="lessons">
{{range .Lessons}}<li><a href="{{.Href}}"><span class="num">{{if .Number}}{{.Number}}{{end}}</span> <span class="title">{{.Title}}</span></a>
<p>{{.Summary}}</p>
<p class="meta">about {{.Minutes}} minutes · {{.Cells}} cells</p></li>
{{end}}</ol>
{{if .Notebook}}<h2>Your own notebook</h2>
<p><a href="scratch">Open a scratch notebook</a>: write cells of your own, run them, download the notebook as a lesson file and load it again later.</p>
{{else}}<h2>Running the lessons yourself</h2>
<p>Each page shows commands and what they printed. Run a lesson in a terminal with <code>plylab lesson run N</code>, or at classroom pace with <code>plylab lesson run N --step</code>, which pauses before each cell and asks for your predictions in the quizzes. <code>plylab lesson list</code> lists the lessons; <code>plylab lesson check</code> proves that every lesson still prints what these pages show.</p>
{{end}}</main>
<footer><p>{{if .Footer}}{{.Footer}}{{else if .Notebook}}Served by {{.Generator}}: every cell runs on this server, nothing is fetched from the network.{{else}}Generated by {{.Generator}}. These pages need no network connection.{{end}}</p></footer>
</body>
</html>
`))

// HTMLName is the page of a lesson in an HTML export.
func HTMLName(l *Lesson) string { return l.Slug + ".html" }

func lessonLabel(l *Lesson) string {
	if l.Number > 0 {
		return fmt.Sprintf("%d. %s", l.Number, l.Title)
	}
	return l.Title
}

func kicker(l *Lesson) string {
	k := fmt.Sprintf("about %d minutes · %d cells", l.Minutes, len(l.Cells))
	if l.Number > 0 {
		return fmt.Sprintf("Lesson %d · ", l.Number) + k
	}
	return k
}

// PageLink is a link in a page's navigation.
type PageLink struct {
	Href, Label string
}

// PageOptions say how RenderPage and RenderIndex draw a page. The export
// and the notebook server (package notebook) share these renderers, so a
// lesson looks the same in both.
type PageOptions struct {
	// Generator is named in the footer, e.g. "plylab 0.1.0".
	Generator string
	// Index is the address of the lesson index ("index.html").
	Index string
	// Prev and Next link the neighbouring lessons (nil for none).
	Prev, Next *PageLink
	// Href gives the address of a lesson's page (index and links between
	// lessons); nil means HTMLName.
	Href func(*Lesson) string
	// Notebook makes every cell editable, with Run, Stop and Reset buttons
	// that a script (Head) drives.
	Notebook bool
	// Head is extra markup for the page's <head>: the notebook's script
	// and stylesheet.
	Head template.HTML
	// CSP is the page's Content-Security-Policy, written in its <head>
	// before anything it governs ("": ExportCSP, a page with no script,
	// or with Script only).
	CSP string
	// Script and Style go inline at the end of the page's body and head,
	// allowed by the default policy by their hashes (ExportOptions).
	Script, Style string
	// Problems, when not nil, is what `lesson check` refuses in the
	// lesson (Validate). The page then lists the problems instead of the
	// lesson, or, with Draft, above it, marked as not checked.
	Problems *ProseError
	Draft    bool
	// Footer, when set, replaces the footer's sentence about where the
	// numbers come from (a static site says how its cells run).
	Footer string
}

// ExportCSP is the Content-Security-Policy of a page with no script (the
// HTML export): its inline styles and pictures (data: addresses), and
// nothing else, from anywhere. A picture a lesson brings is an <img>, in
// which an SVG's script never runs; this policy would stop it anyway.
const ExportCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

func (o PageOptions) csp() string {
	if o.CSP != "" {
		return o.CSP
	}
	if o.Script != "" {
		return strings.Replace(ExportCSP, "default-src 'none';", "default-src 'none'; script-src "+cspHash(o.Script)+";", 1)
	}
	return ExportCSP
}

// cspHash is the Content-Security-Policy source that allows an inline
// script whose text is exactly s: 'sha256-…'.
func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func (o PageOptions) href(l *Lesson) string {
	if o.Href != nil {
		return o.Href(l)
	}
	return HTMLName(l)
}

// LessonLabel is a lesson's name in navigation: "3. Alpha-beta".
func LessonLabel(l *Lesson) string { return lessonLabel(l) }

// RenderPage draws a lesson run (or a lesson not run yet: r.Cells empty)
// as a self-contained HTML page: inline CSS and pictures, nothing fetched.
func RenderPage(r *Result, opt PageOptions) ([]byte, error) {
	if opt.Generator == "" {
		opt.Generator = "plylab"
	}
	if opt.Index == "" {
		opt.Index = "index.html"
	}
	l := r.Lesson
	lr := &linkRenderer{ext: ".html"}
	if l.Path != "" {
		lr.lessonAt = filepath.Dir(l.Path)
	}
	md := newMarkdown(lr)
	page := htmlPage{Title: l.Title, Kicker: kicker(l), Generator: opt.Generator, CSS: template.CSS(pageCSS),
		Index: opt.Index, Head: opt.Head, CSP: opt.csp(), Notebook: opt.Notebook, Footer: opt.Footer,
		Script: template.JS(opt.Script), Style: template.CSS(opt.Style)}
	if opt.Notebook {
		page.Lesson = l.Slug
	}
	if opt.Prev != nil {
		page.Prev = &navLink{opt.Prev.Href, opt.Prev.Label}
	}
	if opt.Next != nil {
		page.Next = &navLink{opt.Next.Href, opt.Next.Label}
	}
	if e := opt.Problems; e != nil {
		page.Problems = &problemBox{Lines: e.Lines()[:len(e.Issues)], Draft: opt.Draft,
			Note: "plylab lesson check refuses this lesson: its prose states numbers or moves without a source",
			Hint: ProseHint + ". Fix the file, then reload this page."}
		if opt.Draft {
			page.Problems.Note = e.DraftNote()
			page.Problems.Hint = ProseHint + "."
		}
	}
	var err error
	if page.Summary, err = inlineMarkdown(md, l.Summary); err != nil {
		return nil, err
	}
	if page.Params, err = paramsHTML(md, l, opt.Notebook); err != nil {
		return nil, err
	}
	for _, b := range l.Blocks {
		h, err := htmlBlock(md, r, b, opt.Notebook)
		if err != nil {
			return nil, err
		}
		if h != "" {
			page.Blocks = append(page.Blocks, h)
		}
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, page); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// RenderIndex draws the index page of ls.
func RenderIndex(ls []*Lesson, opt PageOptions) ([]byte, error) {
	if opt.Generator == "" {
		opt.Generator = "plylab"
	}
	index := htmlIndex{Generator: opt.Generator, CSS: template.CSS(pageCSS), CSP: opt.csp(), Head: opt.Head, Notebook: opt.Notebook, Footer: opt.Footer}
	for _, l := range ls {
		md := newMarkdown(&linkRenderer{ext: ".html"})
		sum, _ := inlineMarkdown(md, l.Summary)
		index.Lessons = append(index.Lessons, indexEntry{Number: l.Number, Href: opt.href(l), Title: l.Title, Summary: sum, Minutes: l.Minutes, Cells: len(l.Cells)})
	}
	var buf bytes.Buffer
	if err := indexTemplate.Execute(&buf, index); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// replayMark is in a page that shows a traced drawing: the moments its
// nodes were entered, which the replay reads.
var replayMark = []byte(` data-enter="`)

// ExportHTML writes a self-contained page per lesson run (inline CSS,
// pictures and, with opt.Script, its script on a page with a traced
// drawing; nothing fetched from the
// network) and index.html to dir, and returns the files written.
func ExportHTML(dir string, results []*Result, opt ExportOptions) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	var ls []*Lesson
	for i, r := range results {
		l := r.Lesson
		ls = append(ls, l)
		po := PageOptions{Generator: opt.Generator, Problems: opt.Problems[l], Draft: opt.Draft}
		if i > 0 {
			po.Prev = &PageLink{HTMLName(results[i-1].Lesson), lessonLabel(results[i-1].Lesson)}
		}
		if i+1 < len(results) {
			po.Next = &PageLink{HTMLName(results[i+1].Lesson), lessonLabel(results[i+1].Lesson)}
		}
		page, err := RenderPage(r, po)
		if err == nil && opt.Script != "" && bytes.Contains(page, replayMark) {
			// Only a page with a traced drawing gets the replay's script:
			// a page with nothing to replay keeps the policy of a page
			// with no script at all.
			po.Script, po.Style, po.Head = opt.Script, opt.Style, opt.Head
			page, err = RenderPage(r, po)
		}
		if err != nil {
			return written, err
		}
		name := filepath.Join(dir, HTMLName(l))
		if err := os.WriteFile(name, page, 0o644); err != nil {
			return written, err
		}
		written = append(written, name)
	}
	index, err := RenderIndex(ls, PageOptions{Generator: opt.Generator})
	if err != nil {
		return written, err
	}
	name := filepath.Join(dir, "index.html")
	if err := os.WriteFile(name, index, 0o644); err != nil {
		return written, err
	}
	return append(written, name), nil
}

func htmlBlock(md markdown, r *Result, b *Block, notebook bool) (template.HTML, error) {
	switch b.Kind {
	case Prose:
		if notebook {
			if h, ok, err := liveProse(md, r, b); ok || err != nil {
				return h, err
			}
		}
		text, ok := r.Prose[b]
		if !ok {
			text = b.Text
		}
		if r.Lesson.TitleInBody {
			text = dropTitle(text, r.Lesson.Title)
		}
		return markdownHTML(md, text)
	case Code:
		class := ""
		if lang := strings.Fields(b.Info); len(lang) > 0 {
			class = ` class="language-` + template.HTMLEscapeString(lang[0]) + `"`
		}
		return template.HTML(`<pre class="code"><code` + class + `>` + template.HTMLEscapeString(b.Text) + "</code></pre>"), nil
	case CellBlock:
		return htmlCell(md, r, b.Cell, notebook)
	}
	return "", nil
}

// dropTitle removes the "# Title" line that the page shows as its header.
func dropTitle(text, title string) string {
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		if strings.TrimSpace(strings.TrimPrefix(ln, "# ")) == title && strings.HasPrefix(ln, "# ") {
			return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
		}
	}
	return text
}

func htmlCell(md markdown, r *Result, c *Cell, notebook bool) (template.HTML, error) {
	var b strings.Builder
	esc := template.HTMLEscapeString
	if notebook {
		fmt.Fprintf(&b, `<section class="cell" id="cell-%d" data-cell="%d">`, c.N, c.N)
	} else {
		fmt.Fprintf(&b, `<section class="cell" id="cell-%d">`, c.N)
	}
	label := fmt.Sprintf("cell %d", c.N)
	if c.Quiz != nil {
		label = fmt.Sprintf("quiz · cell %d", c.N)
	}
	fmt.Fprintf(&b, `<div class="cell-label">%s</div>`, label)
	if c.Quiz != nil {
		q, err := inlineMarkdown(md, c.Quiz.Question)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, `<p class="predict"><strong>Predict:</strong> %s</p>`, q)
	}
	if notebook {
		src := CellSource(c)
		fmt.Fprintf(&b, `<textarea class="cmd-edit" spellcheck="false" autocomplete="off" rows="%d" aria-label="cell %d commands">%s</textarea>`,
			max(1, strings.Count(src, "\n")), c.N, esc(src))
		b.WriteString(`<div class="cell-actions"><button type="button" class="run">Run</button> <button type="button" class="stop" disabled>Stop</button> <button type="button" class="reset">Reset</button> <span class="status" aria-live="polite"></span></div>`)
	} else {
		b.WriteString(`<pre class="cmd">`)
		for i, cmd := range c.Commands {
			if i > 0 {
				b.WriteString("\n")
			}
			if cmd.Comment != "" {
				for _, ln := range strings.Split(cmd.Comment, "\n") {
					b.WriteString(`<span class="comment"># ` + esc(ln) + "</span>\n")
				}
			}
			b.WriteString(`<span class="prompt">$ </span>plylab ` + esc(cmd.Text))
		}
		b.WriteString("</pre>")
	}
	var res *CellResult
	if c.N <= len(r.Cells) {
		res = r.Cells[c.N-1]
	}
	if c.Quiz != nil {
		b.WriteString(`<details class="reveal"><summary>Make your prediction, then show the output and the answer</summary>`)
	}
	if notebook {
		b.WriteString(`<div class="outputs">`)
	}
	if res != nil {
		for _, cr := range res.Commands {
			if len(res.Commands) > 1 {
				b.WriteString(`<div class="out-label">$ plylab ` + esc(cr.Command.Text) + `</div>`)
			}
			out, err := OutputHTML(cr, fmt.Sprintf("c%d-%d", c.N, cr.Command.Line))
			if err != nil {
				return "", err
			}
			b.WriteString(string(out))
		}
		if c.Quiz != nil {
			fmt.Fprintf(&b, `<p class="answer"><strong>Answer:</strong> %s</p>`, esc(res.Answer))
		}
	} else if notebook {
		b.WriteString(`<p class="missing">(not run yet: press Run)</p>`)
	} else {
		b.WriteString(`<p class="missing">(this cell did not run)</p>`)
	}
	if notebook {
		b.WriteString(`</div>`)
	}
	if c.Quiz != nil {
		b.WriteString(`</details>`)
	}
	b.WriteString(`</section>`)
	return template.HTML(b.String()), nil
}

// CellSource is a cell's commands as a student edits them in a notebook:
// its comment lines ("# ...") and one "plylab ..." line per command.
func CellSource(c *Cell) string {
	var b strings.Builder
	for i, cmd := range c.Commands {
		if i > 0 {
			b.WriteString("\n")
		}
		if cmd.Comment != "" {
			for _, ln := range strings.Split(cmd.Comment, "\n") {
				b.WriteString("# " + ln + "\n")
			}
		}
		b.WriteString("plylab " + cmd.Text)
	}
	return b.String()
}

// BoardPicture draws the board a `positions show` command printed, nil
// when it printed none; it draws a result's board once, and a copy of
// the result made after that shares the drawing.
func BoardPicture(cr *CommandResult) ([]byte, error) {
	if cr.FEN == "" {
		return nil, nil
	}
	if cr.board == nil {
		data, err := BoardSVG(cr.FEN, cr.Flip)
		if err != nil {
			return nil, err
		}
		cr.board = data
	}
	return cr.board, nil
}

// RenderBroken draws the page of a lesson file that does not parse (err,
// "file:line: ..."): its name and the error where the lesson would be.
func RenderBroken(file string, err error, opt PageOptions) ([]byte, error) {
	if opt.Generator == "" {
		opt.Generator = "plylab"
	}
	if opt.Index == "" {
		opt.Index = "index.html"
	}
	page := htmlPage{Title: filepath.Base(file), Kicker: "lesson file " + file, Generator: opt.Generator, CSS: template.CSS(pageCSS),
		Index: opt.Index, Head: opt.Head, CSP: opt.csp(), Notebook: opt.Notebook, Footer: opt.Footer,
		Problems: &problemBox{Note: "This lesson file does not parse", Lines: []string{err.Error()},
			Hint: "docs/lessons.md describes the format. Fix the file, then reload this page."}}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, page); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
