package trace

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"html"
	"io"
	"strings"
)

// FormatHTML is a self-contained web page: the SVG drawing with a replay
// of the search (web/replay.js) and a viewer to zoom and move it, its
// script and styles inline and allowed by a Content-Security-Policy of
// hashes, nothing fetched: a page to open from the disk, hand out or put
// on a projector.
const FormatHTML = "html"

//go:embed web/replay.js
var replayJS []byte

//go:embed web/replay.css
var replayCSS []byte

//go:embed web/page.css
var pageCSS []byte

// ReplayScript is the replay's script, which the notebook's pages serve
// as static/replay.js: it reads the record a drawing's nodes carry and
// replays the search step by step (window.plylabReplay).
func ReplayScript() []byte { return bytes.Clone(replayJS) }

// ReplayStyle is the replay's style sheet (static/replay.css in the
// notebook's pages).
func ReplayStyle() []byte { return bytes.Clone(replayCSS) }

// CSPHash is the Content-Security-Policy source that allows an inline
// script or style whose text is exactly data: 'sha256-…'.
func CSPHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// htmlPage is the page: the drawing, inline, between a heading and a
// footer, the replay's script last.
func htmlPage(opts DrawOptions, trees ...*Tree) []byte {
	svg := drawingSVG(opts, trees...)
	if i := bytes.Index(svg, []byte("<svg")); i > 0 {
		svg = svg[i:] // the XML prolog has no place in HTML
	}
	style := string(pageCSS) + string(replayCSS)
	script := string(replayJS)
	csp := "default-src 'none'; script-src " + CSPHash([]byte(script)) + "; style-src " + CSPHash([]byte(style)) +
		"; img-src data:; base-uri 'none'; form-action 'none'"
	var headings, summaries []string
	for _, t := range trees {
		headings = append(headings, t.Heading())
		summaries = append(summaries, t.Summary())
	}
	title := strings.Join(headings, " | ")
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + esc(csp) + "\" />\n")
	b.WriteString("<meta name=\"plylab-replay\" content=\"auto\" />\n")
	b.WriteString("<title>" + esc(title) + " · plylab tree</title>\n")
	b.WriteString("<style>" + style + "</style>\n</head>\n<body>\n<header>\n")
	for i := range trees {
		b.WriteString("<h1>" + esc(headings[i]) + "</h1>\n<p>" + esc(summaries[i]) + "</p>\n")
	}
	b.WriteString("</header>\n<main>\n<figure>\n")
	b.Write(svg)
	caption := "Press ▶ play, or → to step: the search's own record of every node it entered and left, in its order."
	if len(trees) > 1 {
		caption = "Press ▶ play, or → to step: both searches advance by the same number of nodes, each in its own order."
	}
	b.WriteString("<figcaption>" + esc(caption) + " Keys: ← → step, space plays and pauses, Home and End jump.</figcaption>\n</figure>\n</main>\n")
	b.WriteString("<footer><p>Made by plylab tree. Everything is in this page: it fetches nothing and runs no search; the replay reads what the search recorded.</p></footer>\n")
	b.WriteString("<script>" + script + "</script>\n</body>\n</html>\n")
	return []byte(b.String())
}

// WriteHTML writes the trees as a self-contained page (FormatHTML).
func WriteHTML(w io.Writer, opts DrawOptions, trees ...*Tree) error {
	_, err := w.Write(htmlPage(opts, trees...))
	return err
}
