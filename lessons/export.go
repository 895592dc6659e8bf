package lessons

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/notnil/chess"
	"github.com/notnil/chess/image"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// ExportOptions are the settings shared by the exports.
type ExportOptions struct {
	// Generator is named in each page's footer, e.g. "plylab 0.1.0".
	Generator string
}

// BoardSVG draws a position (a FEN) as an SVG board with notnil/chess.
func BoardSVG(fen string, flip bool) ([]byte, error) {
	opt, err := chess.FEN(fen)
	if err != nil {
		return nil, err
	}
	g := chess.NewGame(opt)
	var buf bytes.Buffer
	var opts []func(*image.Encoder)
	if flip {
		opts = append(opts, image.Perspective(chess.Black))
	}
	if err := image.SVG(&buf, g.Position().Board(), opts...); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// picture is a picture of a cell, ready for a page.
type picture struct {
	Name    string // file name ("tree.svg", "board.svg")
	Caption string
	Data    []byte
}

func (p picture) ext() string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(p.Name), "."))
}

// cellPictures lists a command's pictures: the files it drew and the board
// of `positions show`.
func cellPictures(cr *CommandResult) ([]picture, error) {
	var out []picture
	for _, f := range cr.Files {
		if f.IsPicture() {
			out = append(out, picture{Name: f.Name, Caption: f.Name, Data: f.Data})
		}
	}
	if cr.FEN != "" {
		data, err := BoardSVG(cr.FEN, cr.Flip)
		if err != nil {
			return nil, fmt.Errorf("drawing %s: %w", cr.FEN, err)
		}
		out = append(out, picture{Name: "board.svg", Caption: cr.FEN, Data: data})
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Markdown to HTML

var schemeRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// isExternal reports whether a link leaves the page's folder: it has a
// scheme (https:, mailto:) or is protocol-relative (//host).
func isExternal(dest string) bool {
	return schemeRE.MatchString(dest) || strings.HasPrefix(dest, "//")
}

var lessonLinkRE = regexp.MustCompile(`^(\d\d-[a-z0-9-]+)\.md(#.*)?$`)

// linkRenderer keeps exported pages offline: links to the web become
// citations (text and the address, no href), links to other lessons point
// to their pages, and images next to a lesson file are inlined.
type linkRenderer struct {
	ext      string // ".html"
	lessonAt string // the lesson file's folder, "" for built-in lessons
}

func (r *linkRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindLink, r.link)
	reg.Register(ast.KindAutoLink, r.autoLink)
	reg.Register(ast.KindImage, r.image)
}

func (r *linkRenderer) link(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	dest := string(n.Destination)
	if isExternal(dest) {
		if entering {
			w.WriteString(`<span class="cite">`)
		} else {
			w.WriteString(`</span> <span class="url">(`)
			w.Write(util.EscapeHTML([]byte(dest)))
			w.WriteString(`)</span>`)
		}
		return ast.WalkContinue, nil
	}
	if entering {
		if m := lessonLinkRE.FindStringSubmatch(dest); m != nil {
			dest = m[1] + r.ext + m[2]
		}
		w.WriteString(`<a href="`)
		w.Write(util.EscapeHTML(util.URLEscape([]byte(dest), true)))
		w.WriteString(`">`)
	} else {
		w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

func (r *linkRenderer) autoLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	w.WriteString(`<span class="url">`)
	w.Write(util.EscapeHTML(n.Label(source)))
	w.WriteString(`</span>`)
	return ast.WalkContinue, nil
}

func (r *linkRenderer) image(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := plainText(n, source)
	dest := string(n.Destination)
	if !isExternal(dest) && r.lessonAt != "" && !strings.Contains(dest, "..") {
		if data, err := os.ReadFile(filepath.Join(r.lessonAt, filepath.FromSlash(dest))); err == nil {
			switch strings.ToLower(filepath.Ext(dest)) {
			case ".svg":
				w.WriteString(`<span class="picture">` + inlineSVG(data, "img-"+sanitizeID(dest)) + `</span>`)
				return ast.WalkSkipChildren, nil
			case ".png", ".jpg", ".jpeg", ".gif":
				mime := "image/" + strings.TrimPrefix(strings.ToLower(filepath.Ext(dest)), ".")
				if mime == "image/jpg" {
					mime = "image/jpeg"
				}
				fmt.Fprintf(w, `<img src="data:%s;base64,%s" alt="%s" />`, mime, base64.StdEncoding.EncodeToString(data), template.HTMLEscapeString(alt))
				return ast.WalkSkipChildren, nil
			}
		}
	}
	w.WriteString(`<span class="cite">[picture: `)
	w.Write(util.EscapeHTML([]byte(alt)))
	w.WriteString(`]</span> <span class="url">(`)
	w.Write(util.EscapeHTML([]byte(dest)))
	w.WriteString(`)</span>`)
	return ast.WalkSkipChildren, nil
}

func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			if t, ok := c.(*ast.Text); ok {
				b.Write(t.Segment.Value(source))
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func newMarkdown(lr *linkRenderer) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Typographer),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(
			html.WithXHTML(),
			renderer.WithNodeRenderers(util.Prioritized(lr, 100)),
		),
	)
}

func markdownHTML(md goldmark.Markdown, text string) (template.HTML, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(text), &buf); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}

// inlineMarkdown renders a one-line Markdown text without the paragraph.
func inlineMarkdown(md goldmark.Markdown, text string) (template.HTML, error) {
	h, err := markdownHTML(md, text)
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(h))
	s = strings.TrimSuffix(strings.TrimPrefix(s, "<p>"), "</p>")
	return template.HTML(s), nil
}

// ---------------------------------------------------------------------------
// SVG

var (
	svgProlog    = regexp.MustCompile(`(?s)<\?xml.*?\?>`)
	svgDoctype   = regexp.MustCompile(`(?s)<!DOCTYPE[^\[>]*(\[.*?\])?\s*>`)
	svgComment   = regexp.MustCompile(`(?s)<!--.*?-->`)
	svgID        = regexp.MustCompile(`\bid="([^"]*)"`)
	svgURLRef    = regexp.MustCompile(`url\(#([^)]*)\)`)
	svgHrefRef   = regexp.MustCompile(`((?:xlink:)?href)="#([^"]*)"`)
	svgRoot      = regexp.MustCompile(`<svg\b[^>]*>`)
	svgAttr      = regexp.MustCompile(`\b(width|height|viewBox)="([^"]*)"`)
	svgNumber    = regexp.MustCompile(`^([0-9.]+)(px|pt)?$`)
	idUnsafeChar = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)
)

func sanitizeID(s string) string { return idUnsafeChar.ReplaceAllString(s, "-") }

// inlineSVG prepares an SVG document for inlining into a page: no XML
// prolog, doctype or comments; its ids prefixed (several pictures on one
// page must not share ids); a viewBox so that CSS can scale it.
func inlineSVG(data []byte, prefix string) string {
	s := string(data)
	s = svgProlog.ReplaceAllString(s, "")
	s = svgDoctype.ReplaceAllString(s, "")
	s = svgComment.ReplaceAllString(s, "")
	s = svgID.ReplaceAllString(s, `id="`+prefix+`-$1"`)
	s = svgURLRef.ReplaceAllString(s, `url(#`+prefix+`-$1)`)
	s = svgHrefRef.ReplaceAllString(s, `$1="#`+prefix+`-$2"`)
	if loc := svgRoot.FindStringIndex(s); loc != nil {
		root := s[loc[0]:loc[1]]
		attrs := map[string]string{}
		for _, m := range svgAttr.FindAllStringSubmatch(root, -1) {
			attrs[m[1]] = m[2]
		}
		if _, ok := attrs["viewBox"]; !ok {
			w, h := svgNumber.FindStringSubmatch(attrs["width"]), svgNumber.FindStringSubmatch(attrs["height"])
			if w != nil && h != nil {
				fixed := strings.Replace(root, "<svg", fmt.Sprintf(`<svg viewBox="0 0 %s %s"`, w[1], h[1]), 1)
				s = s[:loc[0]] + fixed + s[loc[1]:]
			}
		}
	}
	return strings.TrimSpace(s)
}

// ---------------------------------------------------------------------------
// HTML

type htmlPage struct {
	Title     string
	Kicker    string
	Summary   template.HTML
	Blocks    []template.HTML
	Prev      *navLink
	Next      *navLink
	Index     string
	Generator string
	CSS       template.CSS
	Head      template.HTML
	Notebook  bool
}

type navLink struct {
	Href, Label string
}

type htmlIndex struct {
	Lessons   []indexEntry
	Generator string
	CSS       template.CSS
	Head      template.HTML
	Notebook  bool
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
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>{{.Title}} · plylab lessons</title>
<style>{{.CSS}}</style>{{.Head}}
</head>
<body>
<nav class="top"><a href="{{.Index}}">All lessons</a>{{if .Prev}} · <a href="{{.Prev.Href}}">← {{.Prev.Label}}</a>{{end}}{{if .Next}} · <a href="{{.Next.Href}}">{{.Next.Label}} →</a>{{end}}</nav>
<header>
<p class="kicker">{{.Kicker}}</p>
<h1>{{.Title}}</h1>
<p class="summary">{{.Summary}}</p>
</header>
<main>
{{range .Blocks}}{{.}}
{{end}}</main>
<footer>
<nav>{{if .Prev}}<a href="{{.Prev.Href}}">← {{.Prev.Label}}</a> · {{end}}<a href="{{.Index}}">All lessons</a>{{if .Next}} · <a href="{{.Next.Href}}">{{.Next.Label}} →</a>{{end}}</nav>
{{if .Notebook}}<p>Every number on this page was printed by the command above it, run by {{.Generator}} on this server. Edit a cell and press Run: the new numbers are computed on the spot.</p>{{else}}<p>Every number on this page was printed by the command above it, run when the page was made ({{.Generator}}). Run it yourself: the node counts, moves and scores will be the same; the times are your machine's.</p>{{end}}
</footer>
</body>
</html>
`))

var indexTemplate = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
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
<footer><p>{{if .Notebook}}Served by {{.Generator}}: every cell runs on this server, nothing is fetched from the network.{{else}}Generated by {{.Generator}}. These pages need no network connection.{{end}}</p></footer>
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
		Index: opt.Index, Head: opt.Head, Notebook: opt.Notebook}
	if opt.Prev != nil {
		page.Prev = &navLink{opt.Prev.Href, opt.Prev.Label}
	}
	if opt.Next != nil {
		page.Next = &navLink{opt.Next.Href, opt.Next.Label}
	}
	var err error
	if page.Summary, err = inlineMarkdown(md, l.Summary); err != nil {
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
	index := htmlIndex{Generator: opt.Generator, CSS: template.CSS(pageCSS), Head: opt.Head, Notebook: opt.Notebook}
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

// ExportHTML writes a self-contained page per lesson run (inline CSS and
// pictures, no scripts, fonts or links to the network) and index.html to
// dir, and returns the files written.
func ExportHTML(dir string, results []*Result, opt ExportOptions) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	var ls []*Lesson
	for i, r := range results {
		l := r.Lesson
		ls = append(ls, l)
		po := PageOptions{Generator: opt.Generator}
		if i > 0 {
			po.Prev = &PageLink{HTMLName(results[i-1].Lesson), lessonLabel(results[i-1].Lesson)}
		}
		if i+1 < len(results) {
			po.Next = &PageLink{HTMLName(results[i+1].Lesson), lessonLabel(results[i+1].Lesson)}
		}
		page, err := RenderPage(r, po)
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

func htmlBlock(md goldmark.Markdown, r *Result, b *Block, notebook bool) (template.HTML, error) {
	switch b.Kind {
	case Prose:
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

func htmlCell(md goldmark.Markdown, r *Result, c *Cell, notebook bool) (template.HTML, error) {
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
			if out := StripANSI(cr.Output()); strings.TrimSpace(out) != "" {
				b.WriteString(`<pre class="out">` + esc(strings.TrimRight(out, "\n")) + "</pre>")
			}
			pics, err := cellPictures(cr)
			if err != nil {
				return "", err
			}
			for k, p := range pics {
				b.WriteString(`<figure>`)
				switch p.ext() {
				case "svg":
					b.WriteString(inlineSVG(p.Data, fmt.Sprintf("c%d-%d-%d", c.N, cr.Command.Line, k)))
				case "png":
					fmt.Fprintf(&b, `<img src="data:image/png;base64,%s" alt="%s" />`, base64.StdEncoding.EncodeToString(p.Data), esc(p.Name))
				}
				fmt.Fprintf(&b, `<figcaption>%s</figcaption></figure>`, esc(p.Caption))
			}
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
// when it printed none.
func BoardPicture(cr *CommandResult) ([]byte, error) {
	if cr.FEN == "" {
		return nil, nil
	}
	return BoardSVG(cr.FEN, cr.Flip)
}

// ---------------------------------------------------------------------------
// Markdown

// MarkdownName is the page of a lesson in a Markdown export.
func MarkdownName(l *Lesson) string { return l.Slug + ".md" }

// ExportMarkdown writes a Markdown notebook per lesson run, with its
// pictures as files in a folder named after the lesson, and index.md, to
// dir. It returns the files written.
func ExportMarkdown(dir string, results []*Result, opt ExportOptions) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if opt.Generator == "" {
		opt.Generator = "plylab"
	}
	var written []string
	var index strings.Builder
	index.WriteString("# plylab lessons\n\nNotebooks to read, run and trust: prose, then a plylab command, then its real output, then prose that reads the numbers.\n\n")
	for _, r := range results {
		l := r.Lesson
		var b strings.Builder
		if !l.TitleInBody {
			fmt.Fprintf(&b, "# %s\n\n", l.Title)
		}
		fmt.Fprintf(&b, "*%s*\n\n%s\n", l.Summary, kicker(l))
		used := map[string]bool{}
		for _, blk := range l.Blocks {
			b.WriteString("\n")
			switch blk.Kind {
			case Prose:
				text, ok := r.Prose[blk]
				if !ok {
					text = blk.Text
				}
				b.WriteString(strings.Trim(text, "\n") + "\n")
			case Code:
				f := fenceFor(blk.Text)
				fmt.Fprintf(&b, "%s%s\n%s\n%s\n", f, blk.Info, blk.Text, f)
			case CellBlock:
				files, err := markdownCell(&b, dir, r, blk.Cell, used)
				written = append(written, files...)
				if err != nil {
					return written, err
				}
			}
		}
		fmt.Fprintf(&b, "\n---\n\n*Every number above was printed by the command before it, run when this page was made (%s).*\n", opt.Generator)
		name := filepath.Join(dir, MarkdownName(l))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			return written, err
		}
		written = append(written, name)
		num := ""
		if l.Number > 0 {
			num = fmt.Sprintf("%d. ", l.Number)
		}
		fmt.Fprintf(&index, "- %s[%s](%s) — %s (about %d minutes)\n", num, l.Title, MarkdownName(l), l.Summary, l.Minutes)
	}
	fmt.Fprintf(&index, "\nGenerated by %s.\n", opt.Generator)
	name := filepath.Join(dir, "index.md")
	if err := os.WriteFile(name, []byte(index.String()), 0o644); err != nil {
		return written, err
	}
	return append(written, name), nil
}

func fenceFor(text string) string {
	f := "```"
	for strings.Contains(text, f) {
		f += "`"
	}
	return f
}

func markdownCell(b *strings.Builder, dir string, r *Result, c *Cell, used map[string]bool) ([]string, error) {
	var written []string
	if c.Quiz != nil {
		fmt.Fprintf(b, "> **Predict:** %s\n\n", c.Quiz.Question)
	}
	var res *CellResult
	if c.N <= len(r.Cells) {
		res = r.Cells[c.N-1]
	}
	var text strings.Builder
	for i, cmd := range c.Commands {
		if cmd.Comment != "" {
			for _, ln := range strings.Split(cmd.Comment, "\n") {
				text.WriteString("# " + ln + "\n")
			}
		}
		text.WriteString("$ plylab " + cmd.Text + "\n")
		if res != nil && i < len(res.Commands) {
			out := StripANSI(res.Commands[i].Output())
			text.WriteString(out)
			if out != "" && !strings.HasSuffix(out, "\n") {
				text.WriteString("\n")
			}
		}
	}
	f := fenceFor(text.String())
	fmt.Fprintf(b, "%sconsole\n%s%s\n", f, text.String(), f)
	if res == nil {
		return nil, nil
	}
	assets := filepath.Join(dir, r.Lesson.Slug)
	for _, cr := range res.Commands {
		pics, err := cellPictures(cr)
		if err != nil {
			return written, err
		}
		for _, p := range pics {
			name := p.Name
			if p.Caption != p.Name || used[name] { // boards and repeated names get the cell's number
				name = fmt.Sprintf("cell%d-%s", c.N, p.Name)
			}
			for k := 2; used[name]; k++ {
				name = fmt.Sprintf("cell%d-%d-%s", c.N, k, p.Name)
			}
			used[name] = true
			if err := os.MkdirAll(assets, 0o755); err != nil {
				return written, err
			}
			path := filepath.Join(assets, name)
			if err := os.WriteFile(path, p.Data, 0o644); err != nil {
				return written, err
			}
			written = append(written, path)
			fmt.Fprintf(b, "\n![%s](%s/%s)\n", p.Caption, r.Lesson.Slug, name)
		}
	}
	if c.Quiz != nil {
		fmt.Fprintf(b, "\n**Answer:** %s\n", res.Answer)
	}
	return written, nil
}
