//go:build js

package lessons

import (
	"html/template"
	"strings"
)

// The WebAssembly build runs cells in a browser: it never draws a lesson
// page or a terminal, so it leaves out goldmark (a quarter of a megabyte
// of the download, compressed) and draws Markdown as escaped text.

// markdown stands in for goldmark in the WebAssembly build.
type markdown = *plainMarkdown

// plainMarkdown draws Markdown as its text.
type plainMarkdown struct{}

// linkRenderer holds what the native build's link rules need.
type linkRenderer struct {
	ext      string
	lessonAt string
}

func newMarkdown(*linkRenderer) markdown { return &plainMarkdown{} }

func markdownHTML(_ markdown, text string) (template.HTML, error) {
	return template.HTML("<p>" + template.HTMLEscapeString(strings.TrimSpace(text)) + "</p>"), nil
}

func inlineMarkdown(_ markdown, text string) (template.HTML, error) {
	return template.HTML(template.HTMLEscapeString(text)), nil
}

func renderTerm(md string, _ int, _ bool) string { return md }
