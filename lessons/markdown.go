//go:build !js

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

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// markdown draws a lesson's Markdown as HTML: goldmark, with the link
// rules below. (The WebAssembly build, which never draws a page, carries
// no Markdown renderer: markdown_js.go.)
type markdown = goldmark.Markdown

// Markdown to HTML for the lesson pages: links that never leave the
// export, images as captions, and SVG pictures inlined with unique ids.

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
			case ".svg", ".png", ".jpg", ".jpeg", ".gif":
				// A picture the lesson brings is an <img>, never inlined
				// markup: an SVG's script cannot run in an <img>, and a
				// lesson file may come from anyone.
				mime := "image/" + strings.TrimPrefix(strings.ToLower(filepath.Ext(dest)), ".")
				switch mime {
				case "image/jpg":
					mime = "image/jpeg"
				case "image/svg":
					mime = "image/svg+xml"
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
