package lessons

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	svgProlog  = regexp.MustCompile(`(?s)<\?xml.*?\?>`)
	svgDoctype = regexp.MustCompile(`(?s)<!DOCTYPE[^\[>]*(\[.*?\])?\s*>`)
	svgComment = regexp.MustCompile(`(?s)<!--.*?-->`)
	svgRoot    = regexp.MustCompile(`<svg\b[^>]*>`)
	svgAttr    = regexp.MustCompile(`\b(width|height|viewBox)="([^"]*)"`)
	svgNumber  = regexp.MustCompile(`^([0-9.]+)(px|pt)?$`)
)

// insertAfter inserts ins after every marker in s that a closing byte
// follows later on, continuing after that byte: what
// regexp.ReplaceAllString does for a marker, a run of other bytes and the
// closing one, the marker and the run kept (TestInsertAfter checks it
// against the expressions for ids, url(#...) and href="#..."). With
// wordStart, a marker counts only where a word starts (\b before it).
func insertAfter(s, marker string, closing byte, wordStart bool, ins string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; ; {
		j := strings.Index(s[i:], marker)
		if j < 0 {
			break
		}
		j += i
		if wordStart && j > 0 && isIdentByte(s[j-1]) {
			i = j + 1
			continue
		}
		k := strings.IndexByte(s[j+len(marker):], closing)
		if k < 0 {
			break // no closing byte after this marker, nor after any later one
		}
		at := j + len(marker)
		b.WriteString(s[done:at])
		b.WriteString(ins)
		done = at
		i = at + k + 1
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// isIdentByte reports whether c is a word character of regexp's \b: a
// letter, a digit or '_'.
func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// inlineSVG prepares an SVG document for inlining into a page: no XML
// prolog, doctype or comments; its ids prefixed (several pictures on one
// page must not share ids); a viewBox so that CSS can scale it.
func inlineSVG(data []byte, prefix string) string {
	s := string(data)
	// The regular expressions run only where their text occurs, and the
	// references are rewritten by plain scanning (insertAfter): the same
	// result, and a picture a tenth of the time in WebAssembly, whose
	// regular expressions are slow.
	if strings.Contains(s, "<?xml") {
		s = svgProlog.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "<!DOCTYPE") {
		s = svgDoctype.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "<!--") {
		s = svgComment.ReplaceAllString(s, "")
	}
	s = insertAfter(s, `id="`, '"', true, prefix+"-")
	s = insertAfter(s, `url(#`, ')', false, prefix+"-")
	s = insertAfter(s, `href="#`, '"', false, prefix+"-")
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
