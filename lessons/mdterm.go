//go:build !js

package lessons

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plylab/plylab/engine/kit/textfmt/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// A small Markdown renderer for the terminal, on goldmark (which the
// exporter uses already). It replaced glamour, whose syntax highlighter
// (chroma) registers hundreds of lexers and styles in its package init:
// about 25 ms at the start of every plylab command, lesson or not (see
// docs/performance.md). Lessons' prose needs little: headings,
// paragraphs, emphasis, inline code, links, lists, quotes, code blocks and
// rules, wrapped to a width.

// ANSI styles of the terminal rendering, close to glamour's dark style.
const (
	ansiH1     = "1;38;5;228;48;5;63" // bold yellow on blue, as glamour's dark style
	ansiH      = "1;38;5;39"          // bold blue
	ansiBold   = "1"
	ansiItalic = "3"
	ansiCode   = "38;5;203;48;5;236" // red on dark grey
	ansiLink   = "4;38;5;30"         // underlined teal
	ansiQuote  = "38;5;250"
	ansiRule   = "38;5;240"
)

// mdTerm renders one Markdown document.
type mdTerm struct {
	src   []byte
	width int
	color bool
	out   strings.Builder
}

// renderTerm renders Markdown as wrapped, optionally colored terminal text,
// blocks separated by blank lines.
func renderTerm(md string, width int, color bool) string {
	r := &mdTerm{src: []byte(md), width: width, color: color}
	doc := goldmark.New().Parser().Parse(text.NewReader(r.src))
	r.blocks(doc, "", "")
	return r.out.String()
}

func (r *mdTerm) paint(code, s string) string { return ansi.Paint(r.color, code, s) }

// blocks renders the block children of n; first prefixes the first line,
// rest every other line (list bullets, quote bars).
func (r *mdTerm) blocks(n ast.Node, first, rest string) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c != n.FirstChild() && !(isList(n) && tight(n)) {
			r.out.WriteString(strings.TrimRight(rest, " ") + "\n")
		}
		r.block(c, first, rest)
		first = rest
	}
}

func isList(n ast.Node) bool { _, ok := n.(*ast.List); return ok }

func tight(n ast.Node) bool {
	if l, ok := n.(*ast.List); ok {
		return l.IsTight
	}
	return false
}

func (r *mdTerm) block(n ast.Node, first, rest string) {
	switch b := n.(type) {
	case *ast.Heading:
		t := r.inlines(b, "")
		if b.Level == 1 {
			r.line(first + r.paint(ansiH1, " "+StripANSI(t)+" "))
		} else {
			r.line(first + r.paint(ansiH, strings.Repeat("#", b.Level)+" "+StripANSI(t)))
		}
	case *ast.Paragraph, *ast.TextBlock:
		r.wrap(r.inlines(b, ""), first, rest)
	case *ast.List:
		num := b.Start
		for it := b.FirstChild(); it != nil; it = it.NextSibling() {
			if it != b.FirstChild() && !b.IsTight {
				r.out.WriteString(strings.TrimRight(rest, " ") + "\n")
			}
			bullet := "• "
			if b.IsOrdered() {
				bullet = fmt.Sprintf("%d. ", num)
				num++
			}
			r.blocks(it, first+bullet, rest+strings.Repeat(" ", utf8.RuneCountInString(bullet)))
			first = rest
		}
	case *ast.Blockquote:
		bar := r.paint(ansiQuote, "│ ")
		r.blocks(b, first+bar, rest+bar)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			p := rest
			if i == 0 {
				p = first
			}
			r.line(p + "    " + r.paint(ansiCode, strings.TrimRight(string(seg.Value(r.src)), "\n")))
		}
	case *ast.ThematicBreak:
		r.line(first + r.paint(ansiRule, strings.Repeat("─", max(r.width-len(first), 3))))
	case *ast.HTMLBlock:
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			r.line(rest + strings.TrimRight(string(seg.Value(r.src)), "\n"))
		}
	default:
		r.blocks(n, first, rest)
	}
}

func (r *mdTerm) line(s string) { r.out.WriteString(strings.TrimRight(s, " ") + "\n") }

// inlines renders the inline children of n as one string; hard breaks
// become "\n".
func (r *mdTerm) inlines(n ast.Node, style string) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch x := c.(type) {
		case *ast.Text:
			b.WriteString(r.styled(style, string(x.Segment.Value(r.src))))
			switch {
			case x.HardLineBreak():
				b.WriteString("\n")
			case x.SoftLineBreak():
				b.WriteString(" ")
			}
		case *ast.String:
			b.WriteString(r.styled(style, string(x.Value)))
		case *ast.CodeSpan:
			var code strings.Builder
			for t := x.FirstChild(); t != nil; t = t.NextSibling() {
				if s, ok := t.(*ast.Text); ok {
					code.Write(s.Segment.Value(r.src))
				}
			}
			b.WriteString(r.paint(ansiCode, code.String()))
		case *ast.Emphasis:
			code := ansiItalic
			if x.Level >= 2 {
				code = ansiBold
			}
			b.WriteString(r.inlines(x, joinStyle(style, code)))
		case *ast.Link:
			label := r.inlines(x, joinStyle(style, ansiLink))
			b.WriteString(label)
			if dest := string(x.Destination); dest != "" && dest != StripANSI(label) {
				b.WriteString(" " + r.paint(ansiQuote, dest))
			}
		case *ast.AutoLink:
			b.WriteString(r.paint(ansiLink, string(x.URL(r.src))))
		case *ast.Image:
			b.WriteString(r.inlines(x, style))
		case *ast.RawHTML:
			// Inline HTML (a comment, a tag) has no terminal form.
		default:
			b.WriteString(r.inlines(c, style))
		}
	}
	return b.String()
}

func joinStyle(a, b string) string {
	if a == "" {
		return b
	}
	return a + ";" + b
}

func (r *mdTerm) styled(style, s string) string {
	if style == "" {
		return s
	}
	return r.paint(style, s)
}

// wrap writes s word-wrapped to the width, counting visible characters
// only (escapes take no room); breaks only at spaces and "\n".
func (r *mdTerm) wrap(s, first, rest string) {
	for i, para := range strings.Split(s, "\n") {
		prefix := first
		if i > 0 {
			prefix = rest
		}
		line, n := prefix, utf8.RuneCountInString(StripANSI(prefix))
		start := n
		for _, w := range strings.Fields(para) {
			wn := utf8.RuneCountInString(StripANSI(w))
			if n > start && n+1+wn > r.width {
				r.line(line)
				line, n = rest, utf8.RuneCountInString(StripANSI(rest))
				start = n
			}
			if n > start {
				line += " "
				n++
			}
			line += w
			n += wn
		}
		r.line(line)
	}
}
